import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

export type PasswordScore = 0 | 1 | 2 | 3 | 4;

export interface PasswordStrength {
  score: PasswordScore;
  /** Valid means a score above 2 (spec, sign-up password). */
  valid: boolean;
  warning: string | null;
  suggestions: string[];
}

let factory: ZxcvbnFactory | undefined;

function zxcvbn(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  });
  return factory;
}

/**
 * The spec's strength rule, the same in the browser and on the server: zxcvbn's score 0 to 4,
 * where a zero score for a non-empty password counts as 1; valid above 2. `userInputs` (the
 * e-mail, the product name) count as guessable words.
 */
export function passwordStrength(password: string, userInputs: string[] = []): PasswordStrength {
  if (password === '') return { score: 0, valid: false, warning: null, suggestions: [] };
  const result = zxcvbn().check(password.slice(0, 256), userInputs);
  const score = Math.max(1, result.score) as PasswordScore;
  return {
    score,
    valid: score > 2,
    warning: result.feedback.warning || null,
    suggestions: result.feedback.suggestions,
  };
}

/** The meter's Bootstrap colour: danger for 0 and 1, warning for 2, primary for 3 and above. */
export function strengthVariant(score: PasswordScore): 'danger' | 'warning' | 'primary' {
  if (score <= 1) return 'danger';
  return score === 2 ? 'warning' : 'primary';
}
