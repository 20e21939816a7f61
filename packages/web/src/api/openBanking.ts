import {
  checkResultSchema,
  type CheckResult,
  obCallbackResponseSchema,
  obLoginResponseSchema,
  obProvidersResponseSchema,
} from '@verity/contracts';
import { getJson, postJson, type CallOptions } from './client';

/** Bank-link calls give up after 30 seconds (spec, second document, section 7). */
export const BANK_LINK_TIMEOUT_MS = 30_000;

/** The bank-link call took longer than BANK_LINK_TIMEOUT_MS. */
export class RequestTimedOut extends Error {
  constructor() {
    super('Request timed out');
    this.name = 'RequestTimedOut';
  }
}

async function withTimeout<T>(call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, BANK_LINK_TIMEOUT_MS);
  try {
    return await call(controller.signal);
  } catch (error) {
    if (timedOut) throw new RequestTimedOut();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** GET /api/ob/providers */
export function fetchBankProviders(options?: CallOptions) {
  return getJson('/api/ob/providers', obProvidersResponseSchema, options);
}

/** POST /api/login/ob: where the bank's login is, and whether to show it in a frame. */
export function startBankLogin(displayName: string, requestId: string | null) {
  return withTimeout((signal) =>
    postJson(
      '/api/login/ob',
      { display_name: displayName, ...(requestId ? { RequestId: requestId } : {}) },
      obLoginResponseSchema,
      { signal },
    ),
  );
}

export interface BankCallback {
  code: string;
  state: string;
  id_token?: string;
}

/** POST /api/login/obcallback */
export function sendBankCallback(callback: BankCallback, requestId: string | null) {
  return withTimeout((signal) =>
    postJson(
      '/api/login/obcallback',
      { ...callback, ...(requestId ? { RequestId: requestId } : {}) },
      obCallbackResponseSchema,
      { signal },
    ),
  );
}

/** POST /api/verifybankaccount (spec: no payload), for the request on screen. */
/** The Bank check: of the known account (no payload, spec), or of one the user typed. */
export function verifyBankAccount(
  requestId: string | null,
  typed?: { sort_code: string; account_number: string },
): Promise<CheckResult> {
  const path = requestId
    ? `/api/verifybankaccount?requestId=${encodeURIComponent(requestId)}`
    : '/api/verifybankaccount';
  return postJson(path, typed, checkResultSchema);
}
