import type { Gpg45Scores } from './profiles.js';

/**
 * Evidence sets and the low and medium profiles they meet, taken from GOV.UK One Login's
 * published evaluator tests (ipv-core-back: Gpg45ProfileTest, Gpg45ProfileEvaluatorTest). Each
 * row names the GOV.UK case it comes from; the expected lists were worked out by hand from the
 * profile table, so the evaluator must agree with them row by row.
 */
export interface Gpg45Fixture {
  source: string;
  /** Pieces as strength and validity digits ('42'), then activity, fraud, verification. */
  scores: [pieces: string[], activity: number, fraud: number, verification: number];
  profiles: string[];
}

export const gpg45Fixtures: readonly Gpg45Fixture[] = [
  {
    source: 'Evaluator: M1A scores, first P2 profile met (passport, fraud check and KBV)',
    scores: [['42'], 0, 1, 2],
    profiles: ['L1A', 'L1B', 'M1A'],
  },
  {
    source: 'Evaluator: L1A scores, first P1 profile met',
    scores: [['22'], 0, 1, 1],
    profiles: ['L1A'],
  },
  {
    source: 'Evaluator: no verification score, no profile met',
    scores: [['42'], 0, 1, 0],
    profiles: [],
  },
  {
    source: 'Evaluator: high scores meet several profiles (M1B first of M1B, M1A, M1C)',
    scores: [['44'], 3, 2, 3],
    profiles: ['L1A', 'L1B', 'L1C', 'M1A', 'M1B', 'M1C', 'M1D'],
  },
  {
    source: 'Profile: two pieces, the stronger of weaker validity (H2C case)',
    scores: [['42', '33'], 1, 1, 3],
    profiles: ['L1A', 'L1B', 'M1A', 'M1C', 'M2B', 'M2C'],
  },
  {
    source: 'Profile: two pieces, the weaker of stronger validity (H2C case): 24 fills the 22 slot',
    scores: [['24', '33'], 1, 1, 3],
    profiles: ['L1A', 'L1B', 'M1C', 'M2B', 'M2C'],
  },
  {
    source: 'Profile: three pieces in any order (V3A case)',
    scores: [['22', '42', '33'], 3, 3, 3],
    profiles: [
      'L1A',
      'L1B',
      'L1C',
      'L2A',
      'L2B',
      'L3A',
      'M1A',
      'M1B',
      'M1C',
      'M1D',
      'M2A',
      'M2B',
      'M2C',
      'M3A',
    ],
  },
  {
    source: 'Profile: a piece missing (V2A not met by one 33)',
    scores: [['33'], 3, 2, 3],
    profiles: ['L1A', 'L1B', 'L1C', 'M1B', 'M1C', 'M1D'],
  },
  {
    source: 'Profile: extra evidence does not hurt (L1A)',
    scores: [['22', '11'], 0, 1, 1],
    profiles: ['L1A'],
  },
  {
    source: 'Missing evidence: M1A needs 42, not met by 22',
    scores: [['22'], 4, 4, 4],
    profiles: ['L1A', 'L1C', 'M1D'],
  },
  {
    source: "Missing evidence: M1B's 32 met by 33",
    scores: [['33'], 3, 3, 3],
    profiles: ['L1A', 'L1B', 'L1C', 'M1B', 'M1C', 'M1D'],
  },
  {
    source: "Missing evidence: M1B's 32 met by neither 11 nor 22",
    scores: [['11', '22'], 3, 3, 3],
    profiles: ['L1A', 'L1C', 'L2A', 'L2B', 'M1D'],
  },
  {
    source: "Missing evidence: M1B's 32 met by 32 beside 11",
    scores: [['11', '32'], 3, 3, 3],
    profiles: ['L1A', 'L1B', 'L1C', 'L2A', 'L2B', 'M1B', 'M1D'],
  },
  {
    source: 'Missing evidence: M1B short of activity, fraud and verification',
    scores: [['32'], 0, 0, 2],
    profiles: ['L1B'],
  },
  {
    source: 'Scores built: document app driving licence (32, activity 1, verification 3)',
    scores: [['32'], 1, 0, 3],
    profiles: ['L1B'],
  },
  {
    source: 'Scores built: face-to-face passport (42, verification 2)',
    scores: [['42'], 0, 0, 2],
    profiles: ['L1B'],
  },
];

/** A fixture's scores in the evaluator's form. */
export function fixtureScores({
  scores: [pieces, activity, fraud, verification],
}: Gpg45Fixture): Gpg45Scores {
  return {
    pieces: pieces.map((piece) => ({ strength: Number(piece[0]), validity: Number(piece[1]) })),
    activity,
    fraud,
    verification,
  };
}
