import {
  PinProtocolError,
  decodeG1,
  decodeG2,
  decodeScalar,
  encodePoint,
  encodeScalar,
  randomScalar,
} from './codec.js';
import { identityPoint } from './identity.js';
import { Fp12, G2, bls } from './suite.js';

/** s·Q from the authorities' shares s_i·Q (or s·Pa from the shares s_i·Pa). */
export function combineServerSecretShares(shares: readonly string[]): string {
  if (shares.length === 0) throw new PinProtocolError('no server secret shares');
  return encodePoint(
    shares.map((s, i) => decodeG2(s, `server secret share ${i + 1}`)).reduce((a, b) => a.add(b)),
  );
}

/** The server's challenge y for pass 2: fresh, random, used once. */
export function createChallenge(): string {
  return encodeScalar(randomScalar());
}

/**
 * The server's check e(V, Q)·e(U + y·A, K) = 1 as one batched pairing (two Miller loops, one
 * final exponentiation). K is s·Q, or s·Pa for a key-escrow-less identity. Malformed input
 * throws PinProtocolError; a well-formed wrong proof returns false.
 */
export function verifyPass2(input: {
  mpinId: string;
  U: string;
  y: string;
  V: string;
  serverKey: string;
}): boolean {
  const U = decodeG1(input.U, 'U');
  const V = decodeG1(input.V, 'V');
  const y = decodeScalar(input.y, 'y');
  const key = decodeG2(input.serverKey, 'server key');
  const A = identityPoint(input.mpinId);
  return pairingCheck(V, U.add(A.multiply(y)), key);
}

export function pairingCheck(
  V: ReturnType<typeof decodeG1>,
  UyA: ReturnType<typeof decodeG1>,
  key: ReturnType<typeof decodeG2>,
): boolean {
  if (UyA.is0()) return false;
  const product = bls.pairingBatch([
    { g1: V, g2: G2.BASE },
    { g1: UyA, g2: key },
  ]);
  return Fp12.eql(product, Fp12.ONE);
}
