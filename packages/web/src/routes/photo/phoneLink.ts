import type { HandoffKeys } from '../../api/photoHandoff';

/** The phone's hold on the link, kept for this tab only (a reload must not lose it). */
const keys = { token: 'verity.photoHandoff.token', device: 'verity.photoHandoff.device' };
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The link's token, taken from the address's fragment (/photo#<token>) and cleared from the
 * address bar at once, so it is neither in the history nor shown; after a reload, the one
 * kept for this tab, with this phone's secret once the link is open.
 */
export function takePhoneLink(): HandoffKeys | null {
  const store = storage();
  const fragment = window.location.hash.slice(1);
  if (fragment !== '')
    window.history.replaceState(window.history.state, '', window.location.pathname);
  if (tokenShape.test(fragment) && store?.getItem(keys.token) !== fragment) {
    // A new link: the secret of an earlier one is of no use to it.
    store?.setItem(keys.token, fragment);
    store?.removeItem(keys.device);
  }
  const token = store?.getItem(keys.token) ?? (tokenShape.test(fragment) ? fragment : null);
  return token ? { token, device: store?.getItem(keys.device) ?? null } : null;
}

/** Keeps this phone's secret for the link (after opening it). */
export function keepPhoneDevice(device: string): void {
  storage()?.setItem(keys.device, device);
}

/** Forgets the link: done with, or refused. */
export function forgetPhoneLink(): void {
  storage()?.removeItem(keys.token);
  storage()?.removeItem(keys.device);
}
