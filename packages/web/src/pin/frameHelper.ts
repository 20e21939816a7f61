import type { PinIdentity } from './identities';

/** What the parent learns of a saved identity: never the token, mpin_id or keys. */
export interface SharedIdentity {
  customerId: string;
  userId: string;
  display: string;
  state: PinIdentity['state'];
  lastUsed: number;
}

export type FrameMessage =
  { type: 'identities'; href: string; identities: SharedIdentity[] } | 'close';

export interface FrameInput {
  /** PIN_FRAME_PARENT_ORIGIN from the page's meta tag; nothing is posted without it. */
  parentOrigin: string | null;
  /** Whether the page is inside a frame (window.parent !== window). */
  framed: boolean;
  href: string;
  identities: readonly PinIdentity[];
}

/**
 * The embedded-frame helper of the loading screen at / (spec): the page address and the
 * saved identities go to the parent window, then 'close'. Only when framed (an unframed page
 * is its own parent, and COOP severs any opener) and only to the configured origin: a message
 * posted with '*' would tell any page that framed Verity who uses this browser.
 */
export function frameMessages(input: FrameInput): FrameMessage[] {
  if (!input.parentOrigin || !input.framed) return [];
  const identities = input.identities.map(({ customerId, userId, display, state, lastUsed }) => ({
    customerId,
    userId,
    display,
    state,
    lastUsed,
  }));
  return [{ type: 'identities', href: input.href, identities }, 'close'];
}

/** The configured parent origin, from the page's meta tag (the server's setting). */
export function configuredFrameParent(): string | null {
  if (typeof document === 'undefined') return null;
  const value = document.querySelector('meta[name="verity:frame-parent"]')?.getAttribute('content');
  return value?.trim() ? value : null;
}

/**
 * Posts the helper's messages to the parent window, to the configured origin only. `href` is
 * the address the page was opened at (a redirect may already have replaced the current one).
 */
export function postToParent(identities: readonly PinIdentity[], href: string): void {
  const parentOrigin = configuredFrameParent();
  const messages = frameMessages({
    parentOrigin,
    framed: window.parent !== window,
    href,
    identities,
  });
  for (const message of messages) window.parent.postMessage(message, parentOrigin!);
}
