import { describe, expect, it } from 'vitest';
import { passwordStrength, strengthVariant } from './password.js';

describe('passwordStrength', () => {
  it.each([
    ['', 0, false],
    ['a', 1, false],
    ['password', 1, false],
    ['correct horse battery staple', 4, true],
    ['Tr0ub4dour&3-quartz-Velvet', 4, true],
  ])('%j scores %i (valid %s)', (password, score, valid) => {
    const result = passwordStrength(password);
    expect(result.score).toBe(score);
    expect(result.valid).toBe(valid);
  });

  it('counts user inputs as guessable', () => {
    const alone = passwordStrength('ann.lee.verity');
    const withInputs = passwordStrength('ann.lee.verity', ['ann.lee', 'verity']);
    expect(withInputs.score).toBeLessThanOrEqual(alone.score);
  });

  it('gives feedback for a weak password', () => {
    const result = passwordStrength('qwerty');
    expect(result.warning ?? result.suggestions[0]).toBeTruthy();
  });
});

describe('strengthVariant', () => {
  it.each([
    [0, 'danger'],
    [1, 'danger'],
    [2, 'warning'],
    [3, 'primary'],
    [4, 'primary'],
  ] as const)('%i → %s', (score, variant) => expect(strengthVariant(score)).toBe(variant));
});
