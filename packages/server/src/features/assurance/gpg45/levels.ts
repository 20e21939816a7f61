import { checkNames, checkRegistry, namesOfCheck, type CheckName } from '@verity/contracts';
import { gpg45ScoresOf, mostOf, type ScoredCheck } from './checkScores.js';
import { profileMet, profilesMet } from './evaluate.js';
import { gpg45Profiles, type ConfidenceLevel } from './profiles.js';

/**
 * The confidence a client may ask for (`--assurance-level`), named as GOV.UK names them: P2 is
 * any medium profile, P1 any low or medium one.
 */
export const assuranceLevels = ['P1', 'P2'] as const;
export type AssuranceLevel = (typeof assuranceLevels)[number];

const meets: Record<AssuranceLevel, readonly ConfidenceLevel[]> = {
  P1: ['low', 'medium'],
  P2: ['medium'],
};

const profilesOf = (level: AssuranceLevel) =>
  gpg45Profiles.filter((profile) => meets[level].includes(profile.level));

/** The profiles of the level that these passed checks meet (none: the level is not met). */
export function levelProfilesMet(level: AssuranceLevel, passes: readonly ScoredCheck[]): string[] {
  return profilesMet(gpg45ScoresOf(passes), profilesOf(level));
}

/**
 * Sets of up to four checks are tried: three pieces and one check for the other scores, the
 * most a low or medium profile asks (L3A, M3A) of checks that each give one piece.
 */
const MOST_CHECKS = 4;

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

const reachesLevel = (level: AssuranceLevel, results: readonly ScoredCheck[]) => {
  const scores = gpg45ScoresOf(results);
  return profilesOf(level).some((profile) => profileMet(profile, scores));
};

function ways(level: AssuranceLevel, passes: readonly ScoredCheck[]): CheckName[][] {
  if (reachesLevel(level, passes)) return [];
  const passed = new Set(passes.map((pass) => pass.check));
  const open = candidates.filter((check) => namesOfCheck(check).every((n) => !passed.has(n)));
  const reaches = (checks: readonly CheckName[]) =>
    reachesLevel(level, [...passes, ...checks.map(mostOf)]);
  const found: CheckName[][] = [];
  for (let size = 1; size <= MOST_CHECKS; size++) {
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
 * yet passed that, each scoring the most it can, would meet a profile of the level. A set is left
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
