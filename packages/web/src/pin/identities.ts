import type { KeyValueStorage } from '../state/storage';

/** The spec's PIN identity states, in the order registration moves through them. */
export const pinIdentityStates = [
  'INVALID',
  'STARTED',
  'ACTIVATED',
  'REGISTERED',
  'REVOKED',
] as const;
export type PinIdentityState = (typeof pinIdentityStates)[number];

/** A saved PIN identity (spec: stored PIN identity record), per user id and customer id. */
export interface PinIdentity {
  userId: string;
  customerId: string;
  state: PinIdentityState;
  /** Seconds since the epoch. */
  created: number;
  lastUsed: number;
  display: string;
  mpinId: string;
  dtas: string;
  curve: string;
  /** The token: client secret − PIN·A. Useless without the PIN. */
  token: string;
  /** Pa, the user's own public key (key-escrow-less identities). */
  publicKey?: string;
  pinLength: number;
}

/** Fields that exist only during a registration and are never saved. */
export interface RegistrationInFlight {
  csHex?: string;
  regOTT?: string;
}

export class PinIdentityError extends Error {
  override readonly name = 'PinIdentityError';
}

export const MFA_KEY = 'mfa';

type Saved = Record<string, Record<string, PinIdentity>>;

function read(storage: KeyValueStorage): Saved {
  try {
    const value = JSON.parse(storage.getItem(MFA_KEY) ?? '{}') as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Saved) : {};
  } catch {
    return {};
  }
}

function write(storage: KeyValueStorage, saved: Saved): void {
  storage.setItem(MFA_KEY, JSON.stringify(saved));
}

function requireOption(name: string, value: string | undefined): string {
  if (!value) throw new PinIdentityError(`Missing option: ${name}`);
  return value;
}

/** Every saved identity of this browser, of every customer, most recently used first. */
export function listAllIdentities(storage: KeyValueStorage): PinIdentity[] {
  return Object.values(read(storage))
    .flatMap((byUser) => Object.values(byUser ?? {}))
    .sort((a, b) => b.lastUsed - a.lastUsed);
}

/** The saved identities of this browser for one customer, most recently used first. */
export function listIdentities(storage: KeyValueStorage, customerId: string): PinIdentity[] {
  requireOption('customerId', customerId);
  return Object.values(read(storage)[customerId] ?? {}).sort((a, b) => b.lastUsed - a.lastUsed);
}

/** One saved identity; 'Missing user ID' without a user id, 'Missing identity' when none. */
export function getIdentity(
  storage: KeyValueStorage,
  customerId: string,
  userId: string,
): PinIdentity {
  requireOption('customerId', customerId);
  if (!userId) throw new PinIdentityError('Missing user ID');
  const identity = read(storage)[customerId]?.[userId];
  if (!identity) throw new PinIdentityError('Missing identity');
  return identity;
}

/** Saves an identity; the registration's csHex and regOTT are dropped, never stored. */
export function saveIdentity(
  storage: KeyValueStorage,
  identity: PinIdentity & RegistrationInFlight,
): PinIdentity {
  const { csHex: _csHex, regOTT: _regOTT, ...kept } = identity;
  requireOption('customerId', kept.customerId);
  if (!kept.userId) throw new PinIdentityError('Missing user ID');
  if (!pinIdentityStates.includes(kept.state)) throw new PinIdentityError('Invalid state');
  const saved = read(storage);
  saved[kept.customerId] = { ...saved[kept.customerId], [kept.userId]: kept };
  write(storage, saved);
  return kept;
}

export function updateIdentity(
  storage: KeyValueStorage,
  customerId: string,
  userId: string,
  change: Partial<Pick<PinIdentity, 'state' | 'lastUsed' | 'display'>>,
): PinIdentity {
  return saveIdentity(storage, { ...getIdentity(storage, customerId, userId), ...change });
}

export function deleteIdentity(storage: KeyValueStorage, customerId: string, userId: string): void {
  if (!userId) throw new PinIdentityError('Missing user ID');
  const saved = read(storage);
  if (!saved[customerId]?.[userId]) throw new PinIdentityError('Missing identity');
  delete saved[customerId][userId];
  write(storage, saved);
}
