import { describe, expect, it } from 'vitest';
import { PinProtocolError, decodeG1, decodeScalar } from './codec.js';
import {
  clientSecretShare,
  combineServerSecretShares,
  createChallenge,
  createMasterShare,
  createMpinId,
  extractPin,
  identityPoint,
  pass1,
  pass2,
  serverSecretShare,
  verifyPass2,
} from './index.js';
import { G1, G2 } from './suite.js';
import { verifyPass2With } from './verifier.js';
import { createVerifierKey, encodeStoredG1, readStoredG1, readVerifierKey } from './verifierKey.js';

const share = createMasterShare();
const mpinId = createMpinId({ userID: 'u', mobile: 0 });
const serverKey = combineServerSecretShares([serverSecretShare(share)]);
const stored = createVerifierKey(serverKey, mpinId);
const [version, keyHex, identityHex] = stored.split('.') as [string, string, string];

/** The stored key with one hex digit of part `at` (0 the version, 1 K, 2 A) changed. */
function flipped(at: 1 | 2, index: number): string {
  const parts = [version, keyHex, identityHex];
  const part = parts[at]!;
  const digit = part[index] === '0' ? '1' : '0';
  parts[at] = part.slice(0, index) + digit + part.slice(index + 1);
  return parts.join('.');
}

describe('the stored verifier key (K and A, decoded once)', () => {
  it('round-trips K and A = H(mpin_id)', () => {
    const read = readVerifierKey(stored);
    expect(read.key.equals(G2.fromHex(serverKey))).toBe(true);
    expect(read.identity.equals(identityPoint(mpinId))).toBe(true);
  });

  it('is K: 4 and A: 2 coordinates of 48 bytes, in lower-case hex', () => {
    expect(version).toBe('vk1');
    expect(keyHex).toMatch(/^[0-9a-f]{384}$/);
    expect(identityHex).toMatch(/^[0-9a-f]{192}$/);
  });

  it('is made only from a valid K (the one full check)', () => {
    expect(() => createVerifierKey('c0' + '00'.repeat(95), mpinId)).toThrow(PinProtocolError);
  });

  it.each([
    ['another version', stored.replace(/^vk1/, 'vk2')],
    ['the old form (compressed K only)', serverKey],
    ['a part missing', `${version}.${keyHex}`],
    ['a part too many', `${stored}.00`],
    ['K truncated', `${version}.${keyHex.slice(2)}.${identityHex}`],
    ['A truncated', `${version}.${keyHex}.${identityHex.slice(2)}`],
    ['upper-case hex', `${version}.${keyHex.toUpperCase()}.${identityHex}`],
    ['K changed in x', flipped(1, 95)],
    ['K changed in y', flipped(1, 300)],
    ['A changed in x', flipped(2, 95)],
    ['A changed in y', flipped(2, 191)],
    ['a coordinate ≥ p', `${version}.${'ff'.repeat(192)}.${identityHex}`],
    ['the point at infinity as (0, 0)', `${version}.${keyHex}.${'00'.repeat(96)}`],
  ])('refuses %s', (_what, value) => {
    expect(() => readVerifierKey(value)).toThrow(PinProtocolError);
  });
});

describe('a stored G1 point (U between pass 1 and pass 2)', () => {
  const U = G1.BASE.multiply(12345n);

  it('round-trips', () => {
    expect(readStoredG1(encodeStoredG1(U)).equals(U)).toBe(true);
  });

  it.each([
    ['changed', encodeStoredG1(U).replace(/^./, (c) => (c === '0' ? '1' : '0'))],
    ['truncated', encodeStoredG1(U).slice(2)],
    ['empty', ''],
  ])('refuses it %s', (_what, value) => {
    expect(() => readStoredG1(value)).toThrow(PinProtocolError);
  });
});

describe('pass 2 with the stored key agrees with the full check', () => {
  const token = extractPin(clientSecretShare(share, mpinId), '1234', mpinId);
  const verifier = readVerifierKey(stored);

  it.each([
    ['the right PIN', '1234', true],
    ['a wrong PIN', '1235', false],
  ])('%s', (_what, pin, expected) => {
    const { x, U } = pass1(mpinId);
    const y = createChallenge();
    const V = pass2({ mpinId, token, pin, x, y });
    expect(verifyPass2({ mpinId, U, y, V, serverKey })).toBe(expected);
    expect(verifyPass2With({ U: decodeG1(U), y, V: decodeG1(V), verifier })).toBe(expected);
  });

  it('another identity’s stored key refuses the proof', () => {
    const other = readVerifierKey(
      createVerifierKey(serverKey, createMpinId({ userID: 'v', mobile: 0 })),
    );
    const { x, U } = pass1(mpinId);
    const y = createChallenge();
    const V = pass2({ mpinId, token, pin: '1234', x, y });
    expect(verifyPass2With({ U: decodeG1(U), y, V: decodeG1(V), verifier: other })).toBe(false);
  });

  it('U = −y·A (so that U + y·A vanishes) fails', () => {
    const y = createChallenge();
    const minusYA = identityPoint(mpinId).multiply(decodeScalar(y)).negate();
    const V = G1.BASE.multiply(3n);
    expect(verifyPass2With({ U: minusYA, y, V, verifier })).toBe(false);
  });
});
