import {
  gpg45Profiles,
  type EvidencePiece,
  type Gpg45Profile,
  type Gpg45Scores,
} from './profiles.js';

const covers = (piece: EvidencePiece, required: EvidencePiece) =>
  piece.strength >= required.strength && piece.validity >= required.validity;

/**
 * Whether each required piece can be given its own piece of the evidence, in any order (GOV.UK
 * tries every permutation of the evidence; this searches the same assignments, stopping at the
 * first that works). A strong piece of weak validity may fill one slot and a weaker, better
 * validated piece another.
 */
function piecesCover(
  pieces: readonly EvidencePiece[],
  required: readonly EvidencePiece[],
): boolean {
  if (required.length === 0) return true;
  const [first, ...rest] = required;
  return pieces.some(
    (piece, index) =>
      covers(piece, first!) &&
      piecesCover(
        pieces.filter((_, other) => other !== index),
        rest,
      ),
  );
}

/** Whether the scores meet the profile: its pieces, and at least its other three scores. */
export function profileMet(profile: Gpg45Profile, scores: Gpg45Scores): boolean {
  return (
    scores.activity >= profile.activity &&
    scores.fraud >= profile.fraud &&
    scores.verification >= profile.verification &&
    piecesCover(scores.pieces, profile.pieces)
  );
}

/** The names of the profiles the scores meet, in the table's order. */
export function profilesMet(
  scores: Gpg45Scores,
  profiles: readonly Gpg45Profile[] = gpg45Profiles,
): string[] {
  return profiles.filter((profile) => profileMet(profile, scores)).map((profile) => profile.name);
}
