import { bls12_381 } from '@noble/curves/bls12-381.js';
import { describe, expect, it } from 'vitest';
import {
  PinProtocolError,
  decodeG1,
  decodeG2,
  decodeScalar,
  encodePoint,
  encodeScalar,
} from './codec.js';
import { Fr, G1, G2 } from './suite.js';
import {
  clientSecretShare,
  combineServerSecretShares,
  createChallenge,
  createMasterShare,
  createMpinId,
  extractPin,
  pass1,
  pass2,
  serverSecretShare,
  identityPoint,
  verifyPass2,
} from './index.js';

const { Fp } = bls12_381.fields;

/**
 * A compressed point on y² = x³ + 4 that is not in the prime-order subgroup (its cofactor not
 * cleared). Encoded by hand: the library refuses to encode it.
 */
function g1OutsideSubgroup(): string {
  for (let x = 1n; x < 100n; x++) {
    let y: bigint;
    try {
      y = Fp.sqrt(Fp.add(Fp.mul(Fp.sqr(x), x), 4n));
    } catch {
      continue; // x³ + 4 is not a square
    }
    if (G1.fromAffine({ x, y }).isTorsionFree()) continue;
    const bytes = Fp.toBytes(x);
    bytes[0]! |= 0x80 | (y > (Fp.ORDER - 1n) / 2n ? 0x20 : 0);
    return bytesHex(bytes);
  }
  throw new Error('no such point found');
}

/** A compressed encoding whose x has no point on the curve. */
function g1OffCurve(): string {
  for (let x = 1n; x < 100n; x++) {
    const rhs = Fp.add(Fp.mul(Fp.sqr(x), x), 4n);
    let square = true;
    try {
      Fp.sqrt(rhs);
    } catch {
      square = false;
    }
    if (!square) {
      const bytes = Fp.toBytes(x);
      bytes[0]! |= 0x80; // the compression flag
      return bytesHex(bytes);
    }
  }
  throw new Error('no such x found');
}

function bytesHex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}

const INFINITY_G1 = 'c0' + '00'.repeat(47);
const INFINITY_G2 = 'c0' + '00'.repeat(95);
const GOOD_G1 = encodePoint(G1.BASE.multiply(7n));

describe('points from the other side are refused unless in the subgroup and not the identity', () => {
  it.each([
    ['off the curve', g1OffCurve(), /subgroup/],
    ['outside the prime-order subgroup', g1OutsideSubgroup(), /subgroup/],
    ['the point at infinity', INFINITY_G1, /infinity/],
    ['uncompressed (96 bytes)', bytesHex(G1.BASE.toBytes(false)), /48 bytes/],
    ['upper-case hex', GOOD_G1.toUpperCase(), /hex/],
    ['truncated', GOOD_G1.slice(0, 94), /48 bytes/],
    ['empty', '', /48 bytes/],
  ])('G1: %s', (_what, hex, message) => {
    expect(() => decodeG1(hex)).toThrow(PinProtocolError);
    expect(() => decodeG1(hex)).toThrow(message);
  });

  it('G2: the point at infinity and garbage are refused; a real point is accepted', () => {
    expect(() => decodeG2(INFINITY_G2)).toThrow(/infinity/);
    expect(() => decodeG2('a0' + '11'.repeat(95))).toThrow(PinProtocolError);
    const good = encodePoint(G2.BASE.multiply(5n));
    expect(decodeG2(good).equals(G2.BASE.multiply(5n))).toBe(true);
  });

  it('a G1 point round-trips', () => {
    expect(decodeG1(GOOD_G1).equals(G1.BASE.multiply(7n))).toBe(true);
  });
});

describe('scalars', () => {
  it.each([
    ['zero', '00'.repeat(32)],
    ['the group order', Fr.ORDER.toString(16).padStart(64, '0')],
    ['above the group order', 'ff'.repeat(32)],
    ['short', '01'],
  ])('refuses %s', (_what, hex) => {
    expect(() => decodeScalar(hex)).toThrow(PinProtocolError);
  });

  it('round-trips r − 1', () => {
    expect(decodeScalar(encodeScalar(Fr.ORDER - 1n))).toBe(Fr.ORDER - 1n);
  });
});

describe('the server check refuses bad points in the transcript', () => {
  const share = createMasterShare();
  const mpinId = createMpinId({ userID: 'u', mobile: 0 });
  const serverKey = combineServerSecretShares([serverSecretShare(share)]);
  const token = extractPin(clientSecretShare(share, mpinId), '1234', mpinId);
  const { x, U } = pass1(mpinId);
  const y = createChallenge();
  const V = pass2({ mpinId, token, pin: '1234', x, y });

  it('the honest transcript passes', () => {
    expect(verifyPass2({ mpinId, U, y, V, serverKey })).toBe(true);
  });

  it.each([
    ['U', { U: g1OutsideSubgroup() }],
    ['V', { V: g1OutsideSubgroup() }],
    ['U', { U: g1OffCurve() }],
    ['V', { V: INFINITY_G1 }],
    ['U', { U: INFINITY_G1 }],
    ['y', { y: '00'.repeat(32) }],
    ['server key', { serverKey: INFINITY_G2 }],
  ])('%s bad: refused with PinProtocolError', (_what, change) => {
    expect(() => verifyPass2({ mpinId, U, y, V, serverKey, ...change })).toThrow(PinProtocolError);
  });

  it('U = −y·A (so that U + y·A vanishes) fails', () => {
    const minusYA = encodePoint(identityPoint(mpinId).multiply(decodeScalar(y)).negate());
    expect(verifyPass2({ mpinId, U: minusYA, y, V, serverKey })).toBe(false);
  });
});
