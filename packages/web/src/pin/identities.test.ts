import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../state/memoryStorage';
import {
  MFA_KEY,
  deleteIdentity,
  getIdentity,
  listIdentities,
  saveIdentity,
  updateIdentity,
  type PinIdentity,
} from './identities';

const identity = (userId: string, lastUsed: number, customerId = 'shop'): PinIdentity => ({
  userId,
  customerId,
  state: 'REGISTERED',
  created: 1_700_000_000,
  lastUsed,
  display: `${userId}@example.com`,
  mpinId: 'aa',
  dtas: 'verity-dta-1,verity-dta-2',
  curve: 'BLS12381',
  token: 'bb',
  publicKey: 'cc',
  pinLength: 4,
});

describe("saved PIN identities (localStorage 'mfa')", () => {
  it('lists one customer’s identities, most recently used first', () => {
    const storage = memoryStorage();
    saveIdentity(storage, identity('ada', 10));
    saveIdentity(storage, identity('bob', 30));
    saveIdentity(storage, identity('cy', 20));
    saveIdentity(storage, identity('dan', 99, 'other-shop'));
    expect(listIdentities(storage, 'shop').map((i) => i.userId)).toEqual(['bob', 'cy', 'ada']);
    expect(listIdentities(storage, 'other-shop').map((i) => i.userId)).toEqual(['dan']);
    expect(listIdentities(storage, 'nobody')).toEqual([]);
  });

  it('never saves csHex or regOTT', () => {
    const storage = memoryStorage();
    saveIdentity(storage, { ...identity('ada', 1), csHex: 'secret', regOTT: 'once' });
    const raw = storage.getItem(MFA_KEY)!;
    expect(raw).not.toContain('csHex');
    expect(raw).not.toContain('regOTT');
    expect(getIdentity(storage, 'shop', 'ada')).toEqual(identity('ada', 1));
  });

  it.each([
    ['no user id', () => getIdentity(memoryStorage(), 'shop', ''), 'Missing user ID'],
    ['no identity', () => getIdentity(memoryStorage(), 'shop', 'ada'), 'Missing identity'],
    ['no customer id', () => listIdentities(memoryStorage(), ''), 'Missing option: customerId'],
    [
      'delete of a missing identity',
      () => deleteIdentity(memoryStorage(), 'shop', 'ada'),
      'Missing identity',
    ],
    [
      'save without a user id',
      () => saveIdentity(memoryStorage(), identity('', 1)),
      'Missing user ID',
    ],
  ])('%s: %s', (_what, act, message) => {
    expect(act).toThrow(message);
  });

  it('updates state and last use, and deletes', () => {
    const storage = memoryStorage();
    saveIdentity(storage, identity('ada', 1));
    expect(updateIdentity(storage, 'shop', 'ada', { state: 'REVOKED' }).state).toBe('REVOKED');
    deleteIdentity(storage, 'shop', 'ada');
    expect(listIdentities(storage, 'shop')).toEqual([]);
  });

  it('reads unreadable storage as empty', () => {
    expect(listIdentities(memoryStorage({ [MFA_KEY]: '{not json' }), 'shop')).toEqual([]);
    expect(listIdentities(memoryStorage({ [MFA_KEY]: '[1,2]' }), 'shop')).toEqual([]);
  });
});
