import {
  bytesToHex,
  bytesToNumberBE,
  concatBytes,
  hexToBytes,
  numberToBytesBE,
  randomBytes as platformRandomBytes,
} from '@noble/curves/utils.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { Fr, G1, G2, type G1Point, type G2Point } from './suite.js';

/** Refused input from the other side of the protocol (bad encoding, point or scalar). */
export class PinProtocolError extends Error {
  override readonly name = 'PinProtocolError';
}

const SCALAR_BYTES = 32;
const HEX = /^(?:[0-9a-f]{2})+$/;

function bytesOf(hex: string, what: string, length: number): Uint8Array {
  if (typeof hex !== 'string' || hex.length !== length * 2 || !HEX.test(hex)) {
    throw new PinProtocolError(`${what}: expected ${length} bytes of lower-case hex`);
  }
  return hexToBytes(hex);
}

/**
 * Decodes a compressed G1 point and refuses anything but a point of the prime-order subgroup
 * other than the identity: off-curve points, points of small order and the point at infinity
 * would each let a forged transcript cancel out of the pairing check.
 */
export function decodeG1(hex: string, what = 'G1 point'): G1Point {
  const bytes = bytesOf(hex, what, 48);
  let point: G1Point;
  try {
    point = G1.fromBytes(bytes);
    point.assertValidity();
  } catch {
    throw new PinProtocolError(`${what}: not a point of the G1 subgroup`);
  }
  if (point.is0()) throw new PinProtocolError(`${what}: the point at infinity`);
  return point;
}

export function decodeG2(hex: string, what = 'G2 point'): G2Point {
  const bytes = bytesOf(hex, what, 96);
  let point: G2Point;
  try {
    point = G2.fromBytes(bytes);
    point.assertValidity();
  } catch {
    throw new PinProtocolError(`${what}: not a point of the G2 subgroup`);
  }
  if (point.is0()) throw new PinProtocolError(`${what}: the point at infinity`);
  return point;
}

export function encodePoint(point: G1Point | G2Point): string {
  if (point.is0()) throw new PinProtocolError('the point at infinity has no encoding here');
  return bytesToHex(point.toBytes(true));
}

/** A scalar of Fr as 32 bytes big-endian; 0 and values ≥ r are refused (no silent reduction). */
export function decodeScalar(hex: string, what = 'scalar'): bigint {
  const value = bytesToNumberBE(bytesOf(hex, what, SCALAR_BYTES));
  if (value === 0n || value >= Fr.ORDER) throw new PinProtocolError(`${what}: out of range`);
  return value;
}

export function encodeScalar(value: bigint): string {
  if (value <= 0n || value >= Fr.ORDER) throw new PinProtocolError('scalar out of range');
  return bytesToHex(numberToBytesBE(value, SCALAR_BYTES));
}

let seed: Uint8Array | null = null;

/**
 * Mixes server entropy (the client settings' seedValue, 32 bytes of hex) into this instance's
 * random draws: every draw is then SHA-512(platform bytes ‖ seed), so it stays as good as the
 * platform's CSPRNG and is only better when that is weak. It never replaces the platform's
 * bytes, and the server, which knows the seed, learns nothing from it. Seeds accumulate.
 */
export function addSeed(seedHex: string): void {
  const bytes = bytesOf(seedHex, 'seedValue', 32);
  seed = sha512(seed ? concatBytes(seed, bytes) : bytes);
}

/** n ≤ 64 random bytes: the platform's CSPRNG, hashed with the seed once one was added. */
export function randomBytes(n = 32): Uint8Array {
  if (n > 64) throw new PinProtocolError('at most 64 random bytes per draw');
  const local = platformRandomBytes(n);
  return seed ? sha512(concatBytes(local, seed)).subarray(0, n) : local;
}

/** A uniformly random non-zero scalar from the platform's CSPRNG (48 bytes reduced mod r). */
export function randomScalar(): bigint {
  for (;;) {
    const value = Fr.create(bytesToNumberBE(randomBytes(48)));
    if (value !== 0n) return value;
  }
}

export { bytesToHex, hexToBytes };
