export type CallbackParams =
  | { kind: 'error'; error: string }
  | { kind: 'code'; code: string; state: string; id_token?: string }
  | { kind: 'missing' };

/** error, code, id_token and state from the address's hash, or else its query (spec /ObCallback). */
export function readCallbackParams(hash: string, search: string): CallbackParams {
  const fromHash = hash.replace(/^#/, '');
  const params = new URLSearchParams(fromHash !== '' ? fromHash : search.replace(/^\?/, ''));
  const error = params.get('error');
  if (error) return { kind: 'error', error };
  const code = params.get('code');
  const state = params.get('state');
  if (!code || !state) return { kind: 'missing' };
  const idToken = params.get('id_token');
  return { kind: 'code', code, state, ...(idToken ? { id_token: idToken } : {}) };
}
