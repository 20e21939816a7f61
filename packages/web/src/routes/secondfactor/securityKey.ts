import type { Requirement } from '@verity/contracts';
import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import {
  completeWebauthnLogin,
  completeWebauthnSetup,
  startWebauthnLogin,
  startWebauthnSetup,
} from '../../api/secondFactor';
import { secondFactorCopy } from '../../copy/secondFactor';
import { callFailure } from './secondFactorMode';

/** The browser's own refusals (cancelled, timed out, not allowed) all mean 'not used'. */
function keyFailure(error: unknown): string {
  if (error instanceof Error && /NotAllowed|Abort|Timeout|InvalidState/.test(error.name))
    return secondFactorCopy.keyNotUsed;
  const failure = callFailure(error);
  return failure.kind === 'message' ? failure.message : secondFactorCopy.failed;
}

export type KeyOutcome =
  | {
      kind: 'done';
      userRequirements: Requirement[] | null;
      recoveryCodes: string[] | null;
    }
  | { kind: 'failed'; message: string }
  | { kind: 'login' };

function failed(error: unknown): KeyOutcome {
  if (callFailure(error).kind === 'login') return { kind: 'login' };
  return { kind: 'failed', message: keyFailure(error) };
}

/** Start, create a credential in the browser, complete (spec: security key setup). */
export async function registerKey(name: string): Promise<KeyOutcome> {
  if (!browserSupportsWebAuthn())
    return { kind: 'failed', message: secondFactorCopy.keyUnsupported };
  try {
    const { options } = await startWebauthnSetup();
    const credential = await startRegistration({
      optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
    });
    const answer = await completeWebauthnSetup(credential, name);
    return {
      kind: 'done',
      userRequirements: answer.userRequirements ?? null,
      recoveryCodes: answer.recoveryCodes ?? null,
    };
  } catch (error) {
    return failed(error);
  }
}

/** Start, sign the challenge with a registered key, complete. */
export async function loginWithKey(): Promise<KeyOutcome> {
  if (!browserSupportsWebAuthn())
    return { kind: 'failed', message: secondFactorCopy.keyUnsupported };
  try {
    const { options } = await startWebauthnLogin();
    const credential = await startAuthentication({
      optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
    });
    const answer = await completeWebauthnLogin(credential);
    return { kind: 'done', userRequirements: answer.userRequirements ?? null, recoveryCodes: null };
  } catch (error) {
    return failed(error);
  }
}
