import { bytesToHex, bytesToNumberBE, hexToBytes, numberToBytesBE } from '@noble/curves/utils.js';
import { PinProtocolError, decodeG2 } from './codec.js';
import { identityPoint } from './identity.js';
import { G1, G2, bls, type G1Point, type G2Point } from './suite.js';

/**
 * What the verifier keeps for one identity, decoded once when the identity is activated:
 * K (its verification key, s·Pa) and A = H(mpin_id). A login then needs neither the G2
 * subgroup check of K nor the hash-to-curve of mpin_id.
 */
export interface VerifierKey {
  key: G2Point;
  identity: G1Point;
}

const VERSION = 'vk1';
const COORDINATE_BYTES = 48;
const { Fp, Fp2 } = bls.fields;
const B1 = G1.CURVE().b;
const B2 = G2.CURVE().b;

/**
 * The stored form of K and A for mpin_id: `vk1.<K>.<A>`, the affine coordinates as 48-byte
 * big-endian hex (K: x.c0, x.c1, y.c0, y.c1; A: x, y). K arrives as the compressed hex the
 * authorities' shares combine to and is fully checked here (a G2 subgroup check), once.
 */
export function createVerifierKey(serverKey: string, mpinId: string): string {
  const K = decodeG2(serverKey, 'server key').toAffine();
  const hex = [K.x.c0, K.x.c1, K.y.c0, K.y.c1]
    .map((v) => bytesToHex(numberToBytesBE(v, COORDINATE_BYTES)))
    .join('');
  return [VERSION, hex, encodeStoredG1(identityPoint(mpinId))].join('.');
}

/**
 * Reads a stored verifier key. Only for values the server stored itself under authenticated
 * encryption (the field encryption's AES-GCM, bound to the identity): it checks the format
 * and that both points are on their curves, not their subgroup membership, which
 * createVerifierKey checked before storing. Anything else is a PinProtocolError.
 */
export function readVerifierKey(stored: string): VerifierKey {
  const [version, key, identity, rest] = typeof stored === 'string' ? stored.split('.') : [];
  if (version !== VERSION || key === undefined || identity === undefined || rest !== undefined)
    throw new PinProtocolError('verifier key: not a stored verifier key');
  const [kx0, kx1, ky0, ky1] = coordinates(key, 4);
  const A = readStoredG1(identity);
  const x2 = Fp2.create({ c0: kx0!, c1: kx1! });
  const y2 = Fp2.create({ c0: ky0!, c1: ky1! });
  if (!Fp2.eql(Fp2.sqr(y2), Fp2.add(Fp2.mul(Fp2.sqr(x2), x2), B2)))
    throw new PinProtocolError('verifier key: K is not on the curve');
  return { key: G2.fromAffine({ x: x2, y: y2 }), identity: A };
}

/** A G1 point the server checked (decodeG1) and keeps for a moment: its affine x ‖ y in hex. */
export function encodeStoredG1(point: G1Point): string {
  const { x, y } = point.toAffine();
  return [x, y].map((v) => bytesToHex(numberToBytesBE(v, COORDINATE_BYTES))).join('');
}

/**
 * Reads what encodeStoredG1 wrote, under the same terms as readVerifierKey: only from the
 * server's own authenticated storage; on-curve checked, subgroup membership not re-checked.
 */
export function readStoredG1(stored: string): G1Point {
  const [x, y] = coordinates(stored, 2);
  if (!Fp.eql(Fp.sqr(y!), Fp.add(Fp.mul(Fp.sqr(x!), x!), B1)))
    throw new PinProtocolError('stored point: not on the curve');
  return G1.fromAffine({ x: x!, y: y! });
}

/** `count` canonical field elements (each < p) from 48-byte big-endian hex. */
function coordinates(hex: string, count: number): bigint[] {
  if (hex.length !== count * COORDINATE_BYTES * 2 || !/^[0-9a-f]+$/.test(hex))
    throw new PinProtocolError('verifier key: malformed coordinates');
  const bytes = hexToBytes(hex);
  return Array.from({ length: count }, (_, i) => {
    const value = bytesToNumberBE(bytes.subarray(i * COORDINATE_BYTES, (i + 1) * COORDINATE_BYTES));
    if (value >= Fp.ORDER) throw new PinProtocolError('verifier key: coordinate out of range');
    return value;
  });
}
