import { checkNames, checkRegistry, namesOfCheck, type CheckName } from '@verity/contracts';
import { gpg45ScoresOf, mostOf, type ScoredCheck } from './checkScores.js';
import { profileMet } from './evaluate.js';
import { gpg45Profile, type Gpg45Profile, type Gpg45Scores } from './profiles.js';

/** The confidence a client may ask for (`--assurance-level`), named as GOV.UK names them. */
export const assuranceLevels = ['P1', 'P2'] as const;
export type AssuranceLevel = (typeof assuranceLevels)[number];

/**
 * The profiles each level accepts, in the order they are tried: GOV.UK One Login's Vot
 * (ipv-core-back, `Vot.java`), exactly. A profile not listed (L1B, M1D, M2C, ...) does not meet
 * the level, however close. M1C is listed but, as below, never accepted here.
 */
export const levelProfiles: Record<AssuranceLevel, readonly string[]> = {
  P1: ['L1A'],
  P2: ['M1A', 'M1B', 'M2B', 'M1C'],
};

/**
 * The profiles of the level that may be met (GOV.UK's `getSupportedGpg45Profiles`): when a fraud
 * score is required, those asking for none are dropped. GOV.UK drops it only when a fraud check
 * ran and could not reach its authoritative source (or found a death record with score 0); no
 * check here has that outcome, so Verity always requires it and M1C is never accepted.
 */
export function acceptedProfiles(level: AssuranceLevel, fraudScoreRequired = true): Gpg45Profile[] {
  return levelProfiles[level]
    .map(gpg45Profile)
    .filter((profile) => !fraudScoreRequired || profile.fraud > 0);
}

/** The first of the profiles the scores meet, in order (GOV.UK's `getFirstMatchingProfile`). */
export function firstProfileMet(
  scores: Gpg45Scores,
  profiles: readonly Gpg45Profile[],
): string | null {
  return profiles.find((profile) => profileMet(profile, scores))?.name ?? null;
}

/** The profile of the level that these passed checks meet first, or null: the level is not met. */
export function levelProfileMet(
  level: AssuranceLevel,
  passes: readonly ScoredCheck[],
): string | null {
  return firstProfileMet(gpg45ScoresOf(passes), acceptedProfiles(level));
}

/** Strongest first, as GOV.UK tries its Vots (`SUPPORTED_VOTS_BY_DESCENDING_STRENGTH`). */
const strongestFirst: readonly AssuranceLevel[] = ['P2', 'P1'];

/**
 * The profile by which these passed checks meet the strongest level they meet (GOV.UK's
 * strongest matched Vot, and the first of its profiles met), or null when they meet none: what
 * verified_claims reports as the GPG45 procedure.
 */
export function strongestProfileMet(passes: readonly ScoredCheck[]): Gpg45Profile | null {
  for (const level of strongestFirst) {
    const name = levelProfileMet(level, passes);
    if (name) return gpg45Profile(name);
  }
  return null;
}

/**
 * The largest set of checks tried for a level: one check per piece its profiles ask, and one
 * each for activity, fraud and verification (P2: five, for M2B; P1: four). A smallest set never
 * needs more: one check fills each piece, and activity, fraud and verification are each the
 * highest of one check, so any further check could be left out.
 */
const mostChecks = (level: AssuranceLevel) =>
  Math.max(...acceptedProfiles(level).map((profile) => profile.pieces.length)) + 3;

/** Every check once, under its first name (Bank, not its twin CurrentAccount). */
const candidates: readonly CheckName[] = checkNames.filter(
  (check) => namesOfCheck(check)[0] === check,
);

function subsets(of: readonly CheckName[], size: number): CheckName[][] {
  if (size === 0) return [[]];
  return of.flatMap((first, index) =>
    subsets(of.slice(index + 1), size - 1).map((rest) => [first, ...rest]),
  );
}

/** A result's five scores in a fixed order. */
const scoreList = ({ scores }: ScoredCheck) =>
  (['strength', 'validity', 'activity', 'fraud', 'verification'] as const).map((s) => scores[s]);

/**
 * For each check, the checks on the same screen that score no more and less somewhere: KBVL1
 * for KBVL2 (a set with KBVL2 is left out when KBVL1 would do).
 */
const lighterOnSameScreen = new Map(
  candidates.map((check) => {
    const mine = scoreList(mostOf(check));
    const lighter = candidates.filter((other) => {
      if (other === check || checkRegistry[other].screen !== checkRegistry[check].screen)
        return false;
      const theirs = scoreList(mostOf(other));
      return theirs.every((s, i) => s <= mine[i]!) && theirs.some((s, i) => s < mine[i]!);
    });
    return [check, lighter];
  }),
);

const reachesLevel = (level: AssuranceLevel, results: readonly ScoredCheck[]) =>
  levelProfileMet(level, results) !== null;

function ways(level: AssuranceLevel, passes: readonly ScoredCheck[]): CheckName[][] {
  if (reachesLevel(level, passes)) return [];
  const passed = new Set(passes.map((pass) => pass.check));
  const open = candidates.filter((check) => namesOfCheck(check).every((n) => !passed.has(n)));
  const reaches = (checks: readonly CheckName[]) =>
    reachesLevel(level, [...passes, ...checks.map(mostOf)]);
  const found: CheckName[][] = [];
  for (let size = 1; size <= mostChecks(level); size++) {
    for (const set of subsets(open, size)) {
      if (found.some((way) => way.every((check) => set.includes(check)))) continue;
      if (reaches(set)) found.push(set);
    }
  }
  return found.filter(
    (way) =>
      !way.some((check) =>
        lighterOnSameScreen
          .get(check)!
          .some(
            (lighter) =>
              !way.includes(lighter) && reaches(way.map((c) => (c === check ? lighter : c))),
          ),
      ),
  );
}

/** Ways depend only on the level and the passes' scores, which few users differ in: kept. */
const known = new Map<string, CheckName[][]>();
const KNOWN_MAX = 500;

/**
 * The ways to reach the level from what the user has passed, as alternatives of check names (so
 * that /Verify ranks and offers them like a client's own lists): the smallest sets of checks not
 * yet passed that, each scoring the most it can, would meet a profile the level accepts. A set is left
 * out when a lighter check on the same screen would do instead. None once the level is met.
 */
export function levelAlternatives(
  level: AssuranceLevel,
  passes: readonly ScoredCheck[],
): CheckName[][] {
  const key = JSON.stringify([
    level,
    passes.map((pass) => [pass.check, ...scoreList(pass)].join(' ')).sort(),
  ]);
  let found = known.get(key);
  if (!found) {
    found = ways(level, passes);
    if (known.size >= KNOWN_MAX) known.delete(known.keys().next().value!);
    known.set(key, found);
  }
  return found.map((way) => [...way]);
}
