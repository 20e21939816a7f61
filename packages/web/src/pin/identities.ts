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
  /** Pa, the user's own public key (key-escrow-less identities; always kept for 'dvs'). */
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

/** Login identities ('mfa') and signing identities ('dvs'): the same record, two keys. */
export const MFA_KEY = 'mfa';
export const DVS_KEY = 'dvs';
export type IdentityKey = typeof MFA_KEY | typeof DVS_KEY;

type Saved = Record<string, Record<string, PinIdentity>>;

function read(storage: KeyValueStorage, key: IdentityKey = MFA_KEY): Saved {
  try {
    const value = JSON.parse(storage.getItem(key) ?? '{}') as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Saved) : {};
  } catch {
    return {};
  }
}

function write(storage: KeyValueStorage, saved: Saved, key: IdentityKey = MFA_KEY): void {
  storage.setItem(key, JSON.stringify(saved));
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
  key: IdentityKey = MFA_KEY,
): PinIdentity {
  requireOption('customerId', customerId);
  if (!userId) throw new PinIdentityError('Missing user ID');
  const identity = read(storage, key)[customerId]?.[userId];
  if (!identity) throw new PinIdentityError('Missing identity');
  return identity;
}

/** Saves an identity; the registration's csHex and regOTT are dropped, never stored. */
export function saveIdentity(
  storage: KeyValueStorage,
  identity: PinIdentity & RegistrationInFlight,
  key: IdentityKey = MFA_KEY,
): PinIdentity {
  const { csHex: _csHex, regOTT: _regOTT, ...kept } = identity;
  requireOption('customerId', kept.customerId);
  if (!kept.userId) throw new PinIdentityError('Missing user ID');
  if (!pinIdentityStates.includes(kept.state)) throw new PinIdentityError('Invalid state');
  const saved = read(storage, key);
  saved[kept.customerId] = { ...saved[kept.customerId], [kept.userId]: kept };
  write(storage, saved, key);
  return kept;
}

export function updateIdentity(
  storage: KeyValueStorage,
  customerId: string,
  userId: string,
  change: Partial<Pick<PinIdentity, 'state' | 'lastUsed' | 'display'>>,
  key: IdentityKey = MFA_KEY,
): PinIdentity {
  return saveIdentity(
    storage,
    { ...getIdentity(storage, customerId, userId, key), ...change },
    key,
  );
}

/** This browser's signing identity ('dvs') for a user of a customer, if it can sign. */
export function findSigningIdentity(
  storage: KeyValueStorage,
  customerId: string,
  userId: string,
): PinIdentity | null {
  const identity = read(storage, DVS_KEY)[customerId]?.[userId];
  return identity?.state === 'REGISTERED' && identity.publicKey ? identity : null;
}

export function deleteIdentity(storage: KeyValueStorage, customerId: string, userId: string): void {
  if (!userId) throw new PinIdentityError('Missing user ID');
  const saved = read(storage);
  if (!saved[customerId]?.[userId]) throw new PinIdentityError('Missing identity');
  delete saved[customerId][userId];
  write(storage, saved);
  // Its signing identity shares its PIN and goes with it.
  const signing = read(storage, DVS_KEY);
  if (signing[customerId]?.[userId]) {
    delete signing[customerId][userId];
    write(storage, signing, DVS_KEY);
  }
}
