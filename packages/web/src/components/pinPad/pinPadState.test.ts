import { describe, expect, it } from 'vitest';
import {
  initialPinPad,
  pinLength,
  pinPadPrompt,
  pinPadStep,
  type PinPadAction,
  type PinPadState,
} from './pinPadState';

function run(state: PinPadState, actions: PinPadAction[], length = 4) {
  let submit;
  for (const action of actions) {
    const step = pinPadStep(state, action, length);
    state = step.state;
    submit = step.submit ?? submit;
  }
  return { state, submit };
}

const type = (pin: string): PinPadAction[] => [...pin].map((digit) => ({ type: 'digit', digit }));

describe('pinLength: 4 to 6, anything else 4', () => {
  it.each([
    [4, 4],
    [6, 6],
    [5, 5],
    [3, 4],
    [7, 4],
    [undefined, 4],
    ['5', 4],
    [4.5, 4],
  ])('%j → %i', (configured, expected) => expect(pinLength(configured)).toBe(expected));
});

describe('the PIN pad', () => {
  it('login: submits at the configured length, then clears', () => {
    const { state, submit } = run(initialPinPad('login'), type('0420'));
    expect(submit).toEqual({ kind: 'login', pin: '0420' });
    expect(state.digits).toBe('');
    expect(run(initialPinPad('login'), type('04201'), 6).submit).toBeUndefined();
    expect(run(initialPinPad('login'), type('042013'), 6).submit).toEqual({
      kind: 'login',
      pin: '042013',
    });
  });

  it('backspace removes the last digit', () => {
    const { state, submit } = run(initialPinPad('login'), [
      ...type('123'),
      { type: 'backspace' },
      ...type('45'),
    ]);
    expect(submit).toEqual({ kind: 'login', pin: '1245' });
    expect(state.digits).toBe('');
  });

  it('ignores what is not a digit, and digits in modes without a pad', () => {
    expect(run(initialPinPad('login'), [{ type: 'digit', digit: 'a' }]).state.digits).toBe('');
    expect(run(initialPinPad('select'), type('1')).state.digits).toBe('');
    expect(run(initialPinPad('revoked'), type('1234')).submit).toBeUndefined();
  });

  it('setup then confirm: the same PIN is submitted once', () => {
    const chosen = run(initialPinPad('setup'), type('0007'));
    expect(chosen.submit).toBeUndefined();
    expect(chosen.state.mode).toBe('confirm');
    expect(chosen.state.digits).toBe('');
    expect(run(chosen.state, type('0007')).submit).toEqual({ kind: 'setup', pin: '0007' });
  });

  it("confirm with another PIN: 'PINs don't match' and setup starts again", () => {
    const { state, submit } = run(initialPinPad('setup'), [...type('0007'), ...type('0070')]);
    expect(submit).toBeUndefined();
    expect(state).toMatchObject({ mode: 'setup', digits: '', chosen: null });
    expect(pinPadPrompt(state, 'Verity')).toBe("PINs don't match");
  });

  it('a change of mode clears the PIN; an error replaces the prompt until the next digit', () => {
    const typed = run(initialPinPad('login'), type('12')).state;
    expect(pinPadStep(typed, { type: 'mode', mode: 'select' }, 4).state.digits).toBe('');
    const failed = pinPadStep(typed, { type: 'error', error: 'Wrong PIN' }, 4).state;
    expect(pinPadPrompt(failed, 'Verity')).toBe('Wrong PIN');
    expect(pinPadPrompt(run(failed, type('1')).state, 'Verity')).toBe('Enter Your Verity M-Pin');
  });

  it.each([
    ['login', 'Enter Your Verity M-Pin'],
    ['setup', 'Choose Your Verity M-Pin'],
    ['confirm', 'Re-Enter Your Pin'],
    ['select', null],
  ] as const)('prompt of %s', (mode, prompt) => {
    expect(pinPadPrompt(initialPinPad(mode), 'Verity')).toBe(prompt);
  });
});
