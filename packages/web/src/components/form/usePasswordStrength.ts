import { useEffect, useMemo, useState } from 'react';
import type { PasswordStrength } from '@verity/contracts/password';

type PasswordModule = typeof import('@verity/contracts/password');

let loading: Promise<PasswordModule> | null = null;

/** Loads the strength rule and its dictionaries once, on the first screen that needs them. */
function loadPasswordModule(): Promise<PasswordModule> {
  loading ??= import('@verity/contracts/password').catch((error: unknown) => {
    loading = null; // a later screen tries again
    throw error;
  });
  return loading;
}

export interface StrengthReading extends PasswordStrength {
  variant: 'danger' | 'warning' | 'primary';
}

/** What the meter shows: still loading, the reading, or the rule could not be loaded. */
export type StrengthState =
  { status: 'loading' } | { status: 'ready'; reading: StrengthReading } | { status: 'failed' };

/**
 * The spec's strength of `password` (score 0 to 4, valid above 2), with the words the
 * user gave (their e-mail) counted as guessable.
 */
export function usePasswordStrength(password: string, userInputs: readonly string[]) {
  const [module, setModule] = useState<PasswordModule | 'failed' | null>(null);

  useEffect(() => {
    let live = true;
    loadPasswordModule().then(
      (loaded) => live && setModule(loaded),
      () => live && setModule('failed'),
    );
    return () => {
      live = false;
    };
  }, []);

  const inputsKey = userInputs.join('\n');
  return useMemo<StrengthState>(() => {
    if (module === null) return { status: 'loading' };
    if (module === 'failed') return { status: 'failed' };
    const strength = module.passwordStrength(password, inputsKey.split('\n').filter(Boolean));
    return {
      status: 'ready',
      reading: { ...strength, variant: module.strengthVariant(strength.score) },
    };
  }, [module, password, inputsKey]);
}

/** Whether a new password may be sent: the rule loaded and scored it above 2. */
export function isStrongEnough(strength: StrengthState): boolean {
  return strength.status === 'ready' && strength.reading.valid;
}
