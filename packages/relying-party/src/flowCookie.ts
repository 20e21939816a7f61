/** The short-lived state of one sign-in attempt, carried from /login to /callback in a cookie. */
export interface FlowState {
  codeVerifier: string;
  state: string;
  nonce: string;
}

export function encodeFlowState(flow: FlowState): string {
  return Buffer.from(JSON.stringify(flow)).toString('base64url');
}

/** Returns the flow state, or undefined if the value is not one this app wrote. */
export function decodeFlowState(value: string): FlowState | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { codeVerifier, state, nonce } = parsed as Record<string, unknown>;
    if (
      typeof codeVerifier !== 'string' ||
      typeof state !== 'string' ||
      typeof nonce !== 'string'
    ) {
      return undefined;
    }
    return { codeVerifier, state, nonce };
  } catch {
    return undefined;
  }
}
