import { pinCopy } from '../../copy/pin';

/** The PIN pad's modes (second document, 'PIN pad modes'). */
export type PinPadMode = 'register' | 'login' | 'setup' | 'confirm' | 'select' | 'revoked';

export interface PinPadState {
  mode: PinPadMode;
  /** The digits typed so far in this mode. */
  digits: string;
  /** The PIN chosen in setup, waiting for its confirmation. */
  chosen: string | null;
  /** Shown in red in place of the prompt. */
  error: string | null;
}

export type PinPadAction =
  | { type: 'digit'; digit: string }
  | { type: 'backspace' }
  | { type: 'mode'; mode: PinPadMode }
  | { type: 'error'; error: string };

/** What the pad hands to its screen: a complete PIN to log in with, or a confirmed new PIN. */
export type PinPadSubmit = { kind: 'login'; pin: string } | { kind: 'setup'; pin: string };

/** 4 to 6 digits; anything else is 4 (the spec's default). */
export function pinLength(configured: unknown): number {
  return typeof configured === 'number' &&
    Number.isInteger(configured) &&
    configured >= 4 &&
    configured <= 6
    ? configured
    : 4;
}

export const initialPinPad = (mode: PinPadMode): PinPadState => ({
  mode,
  digits: '',
  chosen: null,
  error: null,
});

/**
 * One step of the pad. The PIN is cleared on every change of mode; a PIN is complete at its
 * length and submitted at once; in confirm mode a different PIN shows "PINs don't match" and
 * starts the setup again.
 */
export function pinPadStep(
  state: PinPadState,
  action: PinPadAction,
  length: number,
): { state: PinPadState; submit?: PinPadSubmit } {
  switch (action.type) {
    case 'mode':
      return { state: { ...initialPinPad(action.mode), chosen: state.chosen } };
    case 'error':
      return { state: { ...state, digits: '', error: action.error } };
    case 'backspace':
      return { state: { ...state, digits: state.digits.slice(0, -1) } };
    case 'digit': {
      if (!/^[0-9]$/.test(action.digit)) return { state };
      if (!['login', 'setup', 'confirm'].includes(state.mode)) return { state };
      const digits = (state.digits + action.digit).slice(0, length);
      if (digits.length < length) return { state: { ...state, digits, error: null } };
      if (state.mode === 'login')
        return {
          state: { ...state, digits: '', error: null },
          submit: { kind: 'login', pin: digits },
        };
      if (state.mode === 'setup') return { state: { ...initialPinPad('confirm'), chosen: digits } };
      if (digits !== state.chosen)
        return { state: { ...initialPinPad('setup'), error: pinCopy.mismatch } };
      return { state: { ...state, digits: '' }, submit: { kind: 'setup', pin: digits } };
    }
  }
}

/** The line above the digits: the error in red when there is one, else the mode's prompt. */
export function pinPadPrompt(state: PinPadState, product: string): string | null {
  if (state.error) return state.error;
  if (state.mode === 'login') return pinCopy.loginPrompt(product);
  if (state.mode === 'setup') return pinCopy.setupPrompt(product);
  if (state.mode === 'confirm') return pinCopy.confirmPrompt;
  return null;
}
