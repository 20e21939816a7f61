import type { Gpg45Scores } from './profiles.js';

/**
 * GOV.UK One Login's own assertions about GPG45 profiles and its confidence levels (Vots), as its
 * public tests make them: github.com/govuk-one-login/ipv-core-back, read at commit
 * 2c4c24e3ee5f85addcf67f23be2cfd6b571b6db5 (21 August 2026). Each row is one assertion, with the
 * scores and the outcome GOV.UK wrote (met or not met, the first profile matched, the Vot); none
 * was worked out from Verity's table. The evaluator and the levels must agree row by row.
 */
const repo = 'ipv-core-back/';
export const sources = {
  profile: `${repo}libs/common-services/src/main/java/uk/gov/di/ipv/core/library/gpg45/enums/Gpg45Profile.java`,
  profileTest: `${repo}libs/common-services/src/test/java/uk/gov/di/ipv/core/library/gpg45/enums/Gpg45ProfileTest.java`,
  evaluatorTest: `${repo}libs/gpg45-evaluator/src/test/java/uk/gov/di/ipv/core/library/gpg45/Gpg45ProfileEvaluatorTest.java`,
  votTest: `${repo}libs/common-services/src/test/java/uk/gov/di/ipv/core/library/enums/VotTest.java`,
  votMatcherTest: `${repo}libs/user-identity-service/src/test/java/uk/gov/di/ipv/core/library/useridentity/service/VotMatcherTest.java`,
} as const;

/** Pieces as strength and validity digits ('42', GOV.UK's EV_42), then activity, fraud, verification. */
export type FixtureScores = [
  pieces: string[],
  activity: number,
  fraud: number,
  verification: number,
];

/** Fixture scores in the evaluator's form. */
export function scoresOf([pieces, activity, fraud, verification]: FixtureScores): Gpg45Scores {
  return {
    pieces: pieces.map((piece) => ({ strength: Number(piece[0]), validity: Number(piece[1]) })),
    activity,
    fraud,
    verification,
  };
}

/**
 * GOV.UK's profile table as `Gpg45Profile.java` declares it, in its order, copied on its own so
 * that Verity's table (profiles.ts) is compared with it rather than with itself.
 */
export const govukProfiles: ReadonlyArray<readonly [name: string, scores: FixtureScores]> = [
  ['L1A', [['22'], 0, 1, 1]],
  ['L1B', [['32'], 0, 0, 1]],
  ['L1C', [['11'], 3, 2, 2]],
  ['L2A', [['11', '11'], 2, 1, 2]],
  ['L2B', [['11', '11'], 2, 2, 1]],
  ['L3A', [['11', '11', '11'], 2, 1, 1]],
  ['M1A', [['42'], 0, 1, 2]],
  ['M1B', [['32'], 1, 2, 2]],
  ['M1C', [['33'], 0, 0, 3]],
  ['M1D', [['22'], 2, 1, 3]],
  ['M2A', [['22', '22'], 3, 2, 2]],
  ['M2B', [['32', '22'], 1, 1, 2]],
  ['M2C', [['32', '22'], 0, 1, 3]],
  ['M3A', [['22', '22', '22'], 2, 2, 2]],
  ['H1A', [['43'], 0, 1, 3]],
  ['H1B', [['33'], 2, 1, 3]],
  ['H1C', [['43'], 0, 0, 4]],
  ['H2A', [['22', '22'], 3, 2, 3]],
  ['H2B', [['42', '32'], 0, 2, 3]],
  ['H2C', [['33', '22'], 1, 1, 3]],
  ['H2D', [['33', '22'], 0, 1, 3]],
  ['H2E', [['43', '33'], 0, 0, 3]],
  ['H3A', [['22', '22', '22'], 2, 2, 3]],
  ['V1A', [['43'], 0, 3, 3]],
  ['V1B', [['44'], 0, 1, 3]],
  ['V1C', [['43'], 1, 1, 4]],
  ['V1D', [['44'], 0, 0, 4]],
  ['V2A', [['33', '33'], 3, 2, 3]],
  ['V2B', [['43', '33'], 0, 2, 3]],
  ['V2C', [['43', '22'], 2, 2, 3]],
  ['V2D', [['44', '44'], 0, 0, 3]],
  ['V3A', [['33', '22', '22'], 3, 3, 3]],
];

/** One `isSatisfiedBy` assertion: the profile is met by the scores, or not. */
export interface ProfileFixture {
  source: string;
  scores: FixtureScores;
  profile: string;
  met: boolean;
}

const met = (source: string, profile: string, scores: FixtureScores): ProfileFixture => ({
  source,
  scores,
  profile,
  met: true,
});
const notMet = (source: string, profile: string, scores: FixtureScores): ProfileFixture => ({
  source,
  scores,
  profile,
  met: false,
});

const profileTest = (name: string) => `${sources.profileTest} ${name}`;
const evaluatorTest = (name: string) => `${sources.evaluatorTest} ${name}`;
const missing = evaluatorTest(
  'calculateEvidencesRequiredToMeetAProfileShouldReturnCorrectEvidences',
);

export const profileFixtures: readonly ProfileFixture[] = [
  // shouldMatchExact: every profile is met by its own scores.
  ...govukProfiles.map(([name, scores]) => met(profileTest('shouldMatchExact'), name, scores)),
  // ShouldMatchDoubleEvidenceScoresTestCases: H2C (33, 22) with activity 1, fraud 1, verification 3.
  ...[
    ['33', '22'], // exact
    ['22', '33'], // exact, reversed
    ['42', '33'], // the stronger piece of weaker validity
    ['24', '33'], // the weaker piece of stronger validity
    ['44', '44'], // higher strength and validity
  ].map((pieces) => met(profileTest('shouldMatchDoubleEvidenceScores'), 'H2C', [pieces, 1, 1, 3])),
  // ShouldMatchTripleEvidenceScoresTestCases: V3A (33, 22, 22) with 3, 3, 3.
  ...[
    ['33', '22', '22'],
    ['22', '22', '33'],
    ['42', '33', '22'],
    ['24', '33', '22'],
    ['44', '44', '44'],
  ].map((pieces) => met(profileTest('shouldMatchTripleEvidenceScores'), 'V3A', [pieces, 3, 3, 3])),
  // L1C asks for a piece of 11: any stronger or better validated one will do.
  ...['21', '31', '41', '12', '13', '14', '22', '33', '44'].map((piece) =>
    met(profileTest('shouldMatchHigherSingleEvidenceScore'), 'L1C', [[piece], 3, 2, 2]),
  ),
  ...[1, 2, 3, 4].map((activity) =>
    met(profileTest('shouldMatchHigherActivityScore'), 'L1A', [['22'], activity, 1, 1]),
  ),
  ...[2, 3, 4].map((fraud) =>
    met(profileTest('shouldMatchHigherFraudScore'), 'L1A', [['22'], 0, fraud, 1]),
  ),
  ...[2, 3, 4].map((verification) =>
    met(profileTest('shouldMatchHigherVerificationScore'), 'L1A', [['22'], 0, 1, verification]),
  ),
  met(profileTest('shouldMatchExtraEvidence'), 'L1A', [['22', '11'], 0, 1, 1]),
  ...(
    [
      [['43'], 1, 1, 3],
      [['43'], 1, 0, 4],
      [['43'], 0, 1, 4],
      [['42'], 1, 1, 4],
      [['33'], 1, 1, 4],
      [['32'], 0, 0, 3],
    ] as FixtureScores[]
  ).map((scores) => notMet(profileTest('shouldNotMatchLower'), 'V1C', scores)),
  notMet(profileTest('shouldNotMatchMissingEvidence'), 'V2A', [['33'], 3, 2, 3]),
  // evidenceParams: a profile is met exactly when GOV.UK finds nothing missing for it (no
  // evidence, and 0, 0, 0); its message is quoted.
  notMet(missing + ": M1A's EV_42 not satisfied by EV_22", 'M1A', [['22'], 4, 4, 4]),
  met(missing + ": M1B's EV_32 satisfied by EV_33", 'M1B', [['33'], 3, 3, 3]),
  notMet(missing + ": M1B's EV_32 satisfied by neither EV_11 nor EV_22", 'M1B', [
    ['11', '22'],
    3,
    3,
    3,
  ]),
  met(missing + ": M1B's EV_32 satisfied by EV_11 and EV_32", 'M1B', [['11', '32'], 3, 3, 3]),
  notMet(missing + ": neither satisfies H1B's EV_33", 'H1B', [['11', '32'], 3, 3, 3]),
  notMet(missing + ": EV_33 satisfies one of M2B's requirements only", 'M2B', [['33'], 3, 3, 3]),
  notMet(missing + ": EV_22 satisfies one of M2B's requirements only", 'M2B', [['22'], 3, 3, 3]),
  notMet(missing + ": EV_32 satisfies one of H2C's requirements only", 'H2C', [
    ['32', '42'],
    3,
    3,
    3,
  ]),
  notMet(missing + ': the highest of M2B’s requirements satisfied by EV_32, not both', 'M2B', [
    ['11', '32'],
    3,
    3,
    3,
  ]),
  notMet(missing + ': the lowest of H2B’s requirements satisfied by EV_32, not both', 'H2B', [
    ['11', '32'],
    3,
    3,
    3,
  ]),
  notMet(missing + ': unsuccessful activity, fraud and verification', 'M1B', [['32'], 0, 0, 2]),
];

/**
 * One `getFirstMatchingProfile` assertion: the first of the listed profiles the scores meet
 * (null: none). A list is profile names, or a Vot's supported profiles with or without the
 * fraud score required.
 */
export interface FirstMatchFixture {
  source: string;
  scores: FixtureScores;
  profiles: string[] | { level: 'P1' | 'P2'; fraudScoreRequired: boolean };
  first: string | null;
}

export const firstMatchFixtures: readonly FirstMatchFixture[] = [
  {
    source: evaluatorTest('getFirstMatchingProfileShouldReturnSatisfiedProfile'),
    scores: [['42'], 0, 1, 2],
    profiles: { level: 'P2', fraudScoreRequired: false },
    first: 'M1A',
  },
  {
    source: evaluatorTest('getFirstMatchingProfileShouldReturnSatisfiedLowConfidenceProfile'),
    scores: [['22'], 0, 1, 1],
    profiles: { level: 'P1', fraudScoreRequired: false },
    first: 'L1A',
  },
  {
    source: evaluatorTest('getFirstMatchingProfileShouldReturnEmptyOptionalIfNoProfilesMatched'),
    scores: [['42'], 0, 1, 0],
    profiles: ['M1B', 'M1A', 'V1D'],
    first: null,
  },
  {
    source: evaluatorTest('getFirstMatchingProfileShouldReturnFirstMatchingProfileIfMultipleMatch'),
    scores: [['44'], 3, 2, 3],
    profiles: ['M1B', 'M1A', 'M1C'],
    first: 'M1B',
  },
];

/** `Vot.fromGpg45Profile`: the one Vot that lists the profile (null: none does). */
export const votOfProfileFixtures: ReadonlyArray<
  readonly [source: string, profile: string, vot: 'P1' | 'P2' | null]
> = [
  [`${sources.votTest} shouldGetCorrectStrengthVotWithProfile`, 'L1A', 'P1'],
  [`${sources.votTest} shouldGetCorrectStrengthVotWithProfile`, 'M1A', 'P2'],
  [`${sources.votTest} shouldGetCorrectStrengthVotWithProfile`, 'M1B', 'P2'],
  [`${sources.votTest} shouldGetCorrectStrengthVotWithProfile`, 'M2B', 'P2'],
  [`${sources.votTest} shouldThrowForInvalidProfile`, 'V3A', null],
];

/** The profiles P2 offers the evaluator, in order, with and without a fraud score required. */
export const p2SupportedFixtures: ReadonlyArray<
  readonly [source: string, fraudScoreRequired: boolean, profiles: string[]]
> = [
  [`${sources.votMatcherTest} shouldNotMatchM1cIfFraudCheckAvailable`, true, ['M1A', 'M1B', 'M2B']],
  [
    `${sources.votMatcherTest} shouldMatchM1cIfFraudCheckUnavailable`,
    false,
    ['M1A', 'M1B', 'M2B', 'M1C'],
  ],
];
