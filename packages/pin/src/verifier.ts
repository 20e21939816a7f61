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
import { Fp12, G2, bls, type G1Point } from './suite.js';
import type { VerifierKey } from './verifierKey.js';

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
  return pairingCheck(V, U.add(A.multiplyUnsafe(y)), key);
}

/**
 * verifyPass2 with what the server kept: U as decoded at pass 1, V as decoded on arrival
 * (both with decodeG1), and the identity's K and A read from its stored verifier key
 * (verifierKey.ts). y is public (the server sent it), so y·A may take the variable-time
 * multiplication.
 */
export function verifyPass2With(input: {
  U: G1Point;
  y: string;
  V: G1Point;
  verifier: VerifierKey;
}): boolean {
  const y = decodeScalar(input.y, 'y');
  const { key, identity } = input.verifier;
  return pairingCheck(input.V, input.U.add(identity.multiplyUnsafe(y)), key);
}

/** The Miller-loop lines of Q, the fixed generator of G2: computed once per process. */
let generatorLines: ReturnType<typeof bls.utils.calcPairingPrecomputes> | undefined;

/**
 * e(V, Q)·e(U + y·A, K) = 1 as one batched pairing: two Miller loops sharing their squarings,
 * Q's lines precomputed, one final exponentiation. The points must be subgroup points already
 * (decoded with decodeG1/decodeG2, hashed to the curve, or sums of such): unlike
 * bls.pairingBatch, this does not check them again.
 */
export function pairingCheck(V: G1Point, UyA: G1Point, key: ReturnType<typeof decodeG2>): boolean {
  if (UyA.is0() || V.is0() || key.is0()) return false;
  generatorLines ??= bls.utils.calcPairingPrecomputes(G2.BASE);
  const v = V.toAffine();
  const uya = UyA.toAffine();
  const product = bls.millerLoopBatch([
    [generatorLines, v.x, v.y],
    [bls.utils.calcPairingPrecomputes(key), uya.x, uya.y],
  ]);
  return Fp12.eql(Fp12.finalExponentiate(product), Fp12.ONE);
}
