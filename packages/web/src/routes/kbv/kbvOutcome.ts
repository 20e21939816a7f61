import { errorCatalogue } from '@verity/contracts';
import { ApiError } from '../../api/client';
import { checkFailure, type CheckFailure } from '../../components/checks/checkFailure';
import { checksCopy } from '../../copy/checks';

export type KbvFailure =
  | CheckFailure
  /** The questions cannot verify this user: failure, then back to the client (/Cancel). */
  | { kind: 'end'; message: string }
  /** The questions on screen are out of date or gone: fetch the latest. */
  | { kind: 'refetch' };

/**
 * What a failed KBV call means (spec: kbvChallengeFailed, kbvInsufficientQuestions, ...).
 * kbvChallengeFailed shows the server's words as they come (it answers in the browser's
 * language: wrong answers, or a credit file of another person found before any question was
 * asked); the catalogue's English for wrong answers, which a server from before the Welsh
 * errors sends, is shown in the screen's language.
 */
export function kbvFailure(error: unknown): KbvFailure {
  if (error instanceof ApiError) {
    switch (error.code) {
      case 'kbvChallengeFailed':
        return {
          kind: 'end',
          message:
            error.message && error.message !== errorCatalogue.kbvChallengeFailed.message
              ? error.message
              : checksCopy.kbvFailed,
        };
      case 'kbvInsufficientQuestions':
        return { kind: 'end', message: checksCopy.kbvInsufficient };
      case 'kbvChallengeMismatch':
        return { kind: 'refetch' };
      case 'kbvNoExistingChallenge':
        // Only logged (spec); the latest questions are fetched so the user can go on.
        console.info('kbvNoExistingChallenge: the questions had expired');
        return { kind: 'refetch' };
    }
  }
  return checkFailure(error);
}
