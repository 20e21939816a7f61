import type { CheckName } from '@verity/contracts';
import { checkInfo, type EvidenceKind } from '../../checks/checkRegistry.js';
import type { EvidenceScores } from '../../evidence/evidenceStore.js';
import type { EvidencePiece, Gpg45Scores } from './profiles.js';

/** A check's result as a provider scored it (an evidence record, or a check not yet done). */
export interface ScoredCheck {
  check: CheckName;
  scores: EvidenceScores;
}

const better = (a: EvidencePiece, b: EvidencePiece) =>
  a.strength !== b.strength ? a.strength > b.strength : a.validity > b.validity;

/**
 * What passed checks score together (GOV.UK's buildScore): each result capped at what its check
 * can score (the registry), one piece of evidence per kind (the best of, say, a passport's
 * data check and its photo), and the highest activity, fraud and verification of any check.
 */
export function gpg45ScoresOf(results: readonly ScoredCheck[]): Gpg45Scores {
  const pieces = new Map<EvidenceKind, EvidencePiece>();
  const total: Gpg45Scores = { pieces: [], activity: 0, fraud: 0, verification: 0 };
  for (const { check, scores } of results) {
    const most = checkInfo(check).scores;
    if (most.piece) {
      const piece = {
        strength: Math.min(scores.strength, most.piece.strength),
        validity: Math.min(scores.validity, most.piece.validity),
      };
      const kept = pieces.get(most.piece.kind);
      if (piece.strength > 0 && (!kept || better(piece, kept))) pieces.set(most.piece.kind, piece);
    }
    for (const score of ['activity', 'fraud', 'verification'] as const)
      total[score] = Math.max(total[score], Math.min(scores[score], most[score]));
  }
  return { ...total, pieces: [...pieces.values()] };
}

/** The most a check can score, as a result (for checks still to do). */
export function mostOf(check: CheckName): ScoredCheck {
  const { piece, activity, fraud, verification } = checkInfo(check).scores;
  return {
    check,
    scores: {
      strength: piece?.strength ?? 0,
      validity: piece?.validity ?? 0,
      activity,
      fraud,
      verification,
    },
  };
}
