import { describe, expect, it } from 'vitest';
import {
  applyUserKey,
  clientSecretShare,
  combineClientSecretShares,
  combineServerSecretShares,
  createChallenge,
  createMasterShare,
  createMpinId,
  createUserKey,
  extractPin,
  pass1,
  pass2,
  serverSecretShare,
  userKeyShare,
  verifyPass2,
} from './index.js';
import { decodeG1, decodeScalar, encodePoint } from './codec.js';
import { Fr } from './suite.js';

/** Two authorities, one registered identity (standard or key-escrow-less), its PIN. */
function register(pin: string, options: { escrowless: boolean }) {
  const shares = [createMasterShare(), createMasterShare()];
  const mpinId = createMpinId({ userID: 'user-1', mobile: 0 });
  let clientSecret = combineClientSecretShares(shares.map((s) => clientSecretShare(s, mpinId)));
  let serverKey = combineServerSecretShares(shares.map((s) => serverSecretShare(s)));
  let publicKey: string | undefined;
  if (options.escrowless) {
    const user = createUserKey();
    publicKey = user.publicKey;
    clientSecret = applyUserKey(clientSecret, user.secretKey);
    serverKey = combineServerSecretShares(shares.map((s) => userKeyShare(s, user.publicKey)));
  }
  const token = extractPin(clientSecret, pin, mpinId);
  return { shares, mpinId, clientSecret, serverKey, publicKey, token };
}

/** One login: pass 1, the server's challenge, pass 2, the server's check. */
function login(
  identity: { mpinId: string; token: string; serverKey: string },
  pin: string,
): { ok: boolean; transcript: { U: string; y: string; V: string } } {
  const { x, U } = pass1(identity.mpinId);
  const y = createChallenge();
  const V = pass2({ mpinId: identity.mpinId, token: identity.token, pin, x, y });
  const ok = verifyPass2({ mpinId: identity.mpinId, U, y, V, serverKey: identity.serverKey });
  return { ok, transcript: { U, y, V } };
}

function randomPin(): string {
  const length = 4 + Math.floor(Math.random() * 3);
  return Array.from({ length }, () => Math.floor(Math.random() * 10)).join('');
}

describe.each([
  { variant: 'standard', escrowless: false },
  { variant: 'key-escrow-less', escrowless: true },
])('M-Pin over BLS12-381 ($variant)', ({ escrowless }) => {
  it('the right PIN passes, for random PINs of every length', () => {
    for (let i = 0; i < 4; i++) {
      const pin = randomPin();
      expect(login(register(pin, { escrowless }), pin).ok).toBe(true);
    }
  });

  it('wrong PINs fail: random samples', () => {
    const identity = register('4096', { escrowless });
    let tried = 0;
    while (tried < 6) {
      const guess = randomPin();
      if (guess === '4096') continue;
      expect(login(identity, guess).ok).toBe(false);
      tried++;
    }
  });

  it.each([
    ['4095', 'one less'],
    ['4097', 'one more'],
    ['5096', 'first digit off by one'],
    ['04096', 'a leading zero added'],
    ['096', 'too short to be a PIN at all'],
  ])('wrong PIN %s (%s) fails', (guess, _why) => {
    const identity = register('4096', { escrowless });
    if (guess.length < 4) {
      expect(() => login(identity, guess)).toThrow(/4 to 6 digits/);
      return;
    }
    expect(login(identity, guess).ok).toBe(false);
  });

  it.each([
    ['0123', '123'],
    ['0123', '00123'],
    ['0000', '00000'],
    ['000000', '0000'],
    ['0042', '4200'],
  ])('leading zeros count: registered %s, %s fails', (pin, guess) => {
    const identity = register(pin, { escrowless });
    expect(login(identity, pin).ok).toBe(true);
    if (guess.length < 4) expect(() => login(identity, guess)).toThrow();
    else expect(login(identity, guess).ok).toBe(false);
  });

  it('a replayed transcript fails against a fresh challenge', () => {
    const identity = register('2580', { escrowless });
    const { ok, transcript } = login(identity, '2580');
    expect(ok).toBe(true);
    const replay = { ...transcript, y: createChallenge(), mpinId: identity.mpinId };
    expect(verifyPass2({ ...replay, serverKey: identity.serverKey })).toBe(false);
  });

  it('a transcript for one identity fails for another identity', () => {
    const alice = register('1111', { escrowless });
    const { transcript } = login(alice, '1111');
    const other = createMpinId({ userID: 'user-2', mobile: 0 });
    expect(verifyPass2({ ...transcript, mpinId: other, serverKey: alice.serverKey })).toBe(false);
  });

  it('a token without its PIN is useless: the token itself as the client secret fails', () => {
    const identity = register('7391', { escrowless });
    const { x, U } = pass1(identity.mpinId);
    const y = createChallenge();
    const k = Fr.neg(Fr.add(decodeScalar(x), decodeScalar(y)));
    const V = encodePoint(decodeG1(identity.token).multiply(k));
    expect(verifyPass2({ mpinId: identity.mpinId, U, y, V, serverKey: identity.serverKey })).toBe(
      false,
    );
  });

  it('one authority alone cannot make a client secret that logs in', () => {
    const identity = register('1234', { escrowless });
    const [first] = identity.shares;
    const half = clientSecretShare(first!, identity.mpinId);
    const forged = { ...identity, token: extractPin(half, '1234', identity.mpinId) };
    expect(login(forged, '1234').ok).toBe(false);
  });

  it('the server secret is the sum of the shares: s·Q = s₁·Q + s₂·Q', () => {
    const identity = register('1234', { escrowless: false });
    const [s1, s2] = identity.shares as [string, string];
    const sum = combineServerSecretShares([serverSecretShare(s1), serverSecretShare(s2)]);
    expect(sum).toBe(identity.serverKey);
    expect(sum).not.toBe(serverSecretShare(s1));
  });
});

describe('key-escrow-less variant', () => {
  it('both authorities together cannot impersonate the user (they lack w)', () => {
    const identity = register('1234', { escrowless: true });
    // Together the authorities can compute s·A and pick any PIN for it.
    const sA = combineClientSecretShares(
      identity.shares.map((s) => clientSecretShare(s, identity.mpinId)),
    );
    const impostor = { ...identity, token: extractPin(sA, '0000', identity.mpinId) };
    expect(login(impostor, '0000').ok).toBe(false);
    expect(login(identity, '1234').ok).toBe(true);
  });

  it('in the standard variant they could (which is why Verity uses the key-escrow-less one)', () => {
    const identity = register('1234', { escrowless: false });
    const sA = combineClientSecretShares(
      identity.shares.map((s) => clientSecretShare(s, identity.mpinId)),
    );
    expect(login({ ...identity, token: extractPin(sA, '0000', identity.mpinId) }, '0000').ok).toBe(
      true,
    );
  });

  it('a token registered under one user key fails under another public key', () => {
    const identity = register('1234', { escrowless: true });
    const other = createUserKey();
    const otherKey = combineServerSecretShares(
      identity.shares.map((s) => userKeyShare(s, other.publicKey)),
    );
    expect(login({ ...identity, serverKey: otherKey }, '1234').ok).toBe(false);
  });
});
