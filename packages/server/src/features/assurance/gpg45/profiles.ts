/**
 * GPG45 identity profiles ('How to prove and verify someone's identity'), as GOV.UK One Login
 * evaluates them (ipv-core-back, Gpg45Profile): each asks for pieces of evidence of at least a
 * strength and a validity, and at least an activity, a fraud and a verification score.
 */

/** One piece of evidence: how strong it is, and how well it was shown to be genuine. */
export interface EvidencePiece {
  strength: number;
  validity: number;
}

/** What a set of evidence scores altogether (GOV.UK's Gpg45Scores). */
export interface Gpg45Scores {
  pieces: EvidencePiece[];
  activity: number;
  fraud: number;
  verification: number;
}

export type ConfidenceLevel = 'low' | 'medium' | 'high' | 'veryHigh';

export interface Gpg45Profile extends Gpg45Scores {
  name: string;
  level: ConfidenceLevel;
}

/** '42' is a piece of strength 4 and validity 2, as GPG45 and GOV.UK write them (EV_42). */
function profile(
  name: string,
  level: ConfidenceLevel,
  pieces: string[],
  activity: number,
  fraud: number,
  verification: number,
): Gpg45Profile {
  return {
    name,
    level,
    pieces: pieces.map((piece) => ({ strength: Number(piece[0]), validity: Number(piece[1]) })),
    activity,
    fraud,
    verification,
  };
}

/**
 * Every profile GOV.UK defines, in its order: evidence, activity, fraud, verification. The high
 * and very high ones are data only: no level a client may name accepts them, and each asks for
 * more than any check here scores (a validity 3, which needs a chip read, or fraud 2).
 */
export const gpg45Profiles: readonly Gpg45Profile[] = [
  profile('L1A', 'low', ['22'], 0, 1, 1),
  profile('L1B', 'low', ['32'], 0, 0, 1),
  profile('L1C', 'low', ['11'], 3, 2, 2),
  profile('L2A', 'low', ['11', '11'], 2, 1, 2),
  profile('L2B', 'low', ['11', '11'], 2, 2, 1),
  profile('L3A', 'low', ['11', '11', '11'], 2, 1, 1),
  profile('M1A', 'medium', ['42'], 0, 1, 2),
  profile('M1B', 'medium', ['32'], 1, 2, 2),
  profile('M1C', 'medium', ['33'], 0, 0, 3),
  profile('M1D', 'medium', ['22'], 2, 1, 3),
  profile('M2A', 'medium', ['22', '22'], 3, 2, 2),
  profile('M2B', 'medium', ['32', '22'], 1, 1, 2),
  profile('M2C', 'medium', ['32', '22'], 0, 1, 3),
  profile('M3A', 'medium', ['22', '22', '22'], 2, 2, 2),
  profile('H1A', 'high', ['43'], 0, 1, 3),
  profile('H1B', 'high', ['33'], 2, 1, 3),
  profile('H1C', 'high', ['43'], 0, 0, 4),
  profile('H2A', 'high', ['22', '22'], 3, 2, 3),
  profile('H2B', 'high', ['42', '32'], 0, 2, 3),
  profile('H2C', 'high', ['33', '22'], 1, 1, 3),
  profile('H2D', 'high', ['33', '22'], 0, 1, 3),
  profile('H2E', 'high', ['43', '33'], 0, 0, 3),
  profile('H3A', 'high', ['22', '22', '22'], 2, 2, 3),
  profile('V1A', 'veryHigh', ['43'], 0, 3, 3),
  profile('V1B', 'veryHigh', ['44'], 0, 1, 3),
  profile('V1C', 'veryHigh', ['43'], 1, 1, 4),
  profile('V1D', 'veryHigh', ['44'], 0, 0, 4),
  profile('V2A', 'veryHigh', ['33', '33'], 3, 2, 3),
  profile('V2B', 'veryHigh', ['43', '33'], 0, 2, 3),
  profile('V2C', 'veryHigh', ['43', '22'], 2, 2, 3),
  profile('V2D', 'veryHigh', ['44', '44'], 0, 0, 3),
  profile('V3A', 'veryHigh', ['33', '22', '22'], 3, 3, 3),
];

/** The profile of this name. */
export function gpg45Profile(name: string): Gpg45Profile {
  const found = gpg45Profiles.find((profile) => profile.name === name);
  if (!found) throw new Error(`No GPG45 profile ${name}`);
  return found;
}
