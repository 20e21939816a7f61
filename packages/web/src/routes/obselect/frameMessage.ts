export type FrameMessage =
  { kind: 'code'; code: string; state: string | null } | { kind: 'error'; error: string };

/**
 * A message from the embedded bank frame, trusted only from the bank link's own origin
 * (spec: type code leads to /ObCallback?code=...; error or credentials show an error).
 * Anything else, from anywhere else, is ignored (null).
 */
export function readFrameMessage(
  origin: string,
  data: unknown,
  trustedOrigin: string,
): FrameMessage | null {
  if (origin !== trustedOrigin || typeof data !== 'object' || data === null) return null;
  const message = data as Record<string, unknown>;
  const text = (value: unknown) =>
    typeof value === 'string' && value.length > 0 && value.length <= 2000 ? value : null;
  if (message.type === 'code') {
    const code = text(message.code);
    return code ? { kind: 'code', code, state: text(message.state) } : null;
  }
  if (message.type === 'error' || message.type === 'credentials')
    return { kind: 'error', error: text(message.error) ?? 'provider_error' };
  return null;
}

/** Where a code from the frame goes: /ObCallback with the code and the state. */
export function callbackAddress(message: { code: string; state: string | null }): string {
  const params = new URLSearchParams({ code: message.code });
  if (message.state) params.set('state', message.state);
  return `/ObCallback?${params.toString()}`;
}
