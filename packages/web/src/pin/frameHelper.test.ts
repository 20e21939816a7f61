import { describe, expect, it } from 'vitest';
import { frameMessages, type FrameInput } from './frameHelper';
import type { PinIdentity } from './identities';

const identity: PinIdentity = {
  userId: 'u1',
  customerId: 'c1',
  state: 'REGISTERED',
  created: 1,
  lastUsed: 2,
  display: 'ada@example.com',
  mpinId: 'ab',
  dtas: 'd',
  curve: 'BLS12381',
  token: 'secret-token',
  publicKey: 'pk',
  pinLength: 4,
};
const shared = {
  customerId: 'c1',
  userId: 'u1',
  display: 'ada@example.com',
  state: 'REGISTERED',
  lastUsed: 2,
};
const base: FrameInput = {
  parentOrigin: 'https://shop.example',
  framed: true,
  href: 'https://verity.example/',
  identities: [identity],
};

describe('frameMessages', () => {
  it.each<[string, Partial<FrameInput>, unknown[]]>([
    [
      'framed: the address and identities, then close',
      {},
      [{ type: 'identities', href: base.href, identities: [shared] }, 'close'],
    ],
    ['not framed', { framed: false }, []],
    ['no configured origin', { parentOrigin: null }, []],
    [
      'no saved identity',
      { identities: [] },
      [{ type: 'identities', href: base.href, identities: [] }, 'close'],
    ],
  ])('%s', (_name, input, expected) => {
    expect(frameMessages({ ...base, ...input })).toEqual(expected);
  });

  it('never shares the token, mpin_id or keys', () => {
    const text = JSON.stringify(frameMessages(base));
    for (const secret of ['secret-token', '"ab"', 'pk', 'mpinId', 'publicKey'])
      expect(text).not.toContain(secret);
  });
});
