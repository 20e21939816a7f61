import { errorCatalogue } from '@verity/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { checksCopy } from '../../copy/checks';
import { showLanguage } from '../../copy/language';
import { kbvFailure } from './kbvOutcome';

describe('kbvFailure', () => {
  it.each<[string, ApiError | Error, ReturnType<typeof kbvFailure>]>([
    [
      'failed answers end the check',
      new ApiError('kbvChallengeFailed', 403),
      { kind: 'end', message: checksCopy.kbvFailed },
    ],
    [
      "another person's credit file ends the check in the server's words",
      new ApiError(
        'kbvChallengeFailed',
        403,
        'Sorry we have been unable to verify your details match your credit file. Unfortunately we are unable to verify your identity at this time.',
      ),
      {
        kind: 'end',
        message:
          'Sorry we have been unable to verify your details match your credit file. Unfortunately we are unable to verify your identity at this time.',
      },
    ],
    [
      'too little to ask ends the check',
      new ApiError('kbvInsufficientQuestions', 422),
      { kind: 'end', message: checksCopy.kbvInsufficient },
    ],
    [
      'out-of-date questions are fetched again',
      new ApiError('kbvChallengeMismatch', 409),
      { kind: 'refetch' },
    ],
    [
      'expired questions are fetched again',
      new ApiError('kbvNoExistingChallenge', 404),
      { kind: 'refetch' },
    ],
    ['signed out', new ApiError('not_signed_in', 401), { kind: 'login' }],
    [
      'any other status of 400 or more',
      new ApiError('internal_error', 500),
      { kind: 'failed', message: checksCopy.checkError },
    ],
  ])('%s', (_name, error, expected) => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    expect(kbvFailure(error)).toEqual(expected);
    info.mockRestore();
  });
});

describe('kbvFailure in Welsh', () => {
  afterEach(async () => showLanguage('en'));

  it("shows wrong answers in Welsh, not the error catalogue's English the server sends", async () => {
    await showLanguage('cy');
    const wrongAnswers = new ApiError(
      'kbvChallengeFailed',
      403,
      errorCatalogue.kbvChallengeFailed.message,
    );
    expect(kbvFailure(wrongAnswers)).toEqual({
      kind: 'end',
      message: "Mae'n ddrwg gennym, nid ydym wedi gallu gwirio pwy ydych chi o'ch atebion.",
    });
  });
});
