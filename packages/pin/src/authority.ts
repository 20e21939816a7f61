import {
  decodeG1,
  decodeG2,
  decodeScalar,
  encodePoint,
  encodeScalar,
  randomScalar,
} from './codec.js';
import { identityPoint } from './identity.js';
import { Fp12, G2, bls } from './suite.js';

/**
 * One secret-share authority (a "distributed trusted authority", dta). Its master share s_i
 * never leaves it; the master secret s = s_1 + s_2 exists nowhere.
 */
export function createMasterShare(): string {
  return encodeScalar(randomScalar());
}

/** s_i·A: this authority's share of the client secret of identity mpin_id. */
export function clientSecretShare(masterShare: string, mpinId: string): string {
  return encodePoint(identityPoint(mpinId).multiply(decodeScalar(masterShare, 'master share')));
}

/** s_i·Q: this authority's share of the server secret (Q the generator of G2). */
export function serverSecretShare(masterShare: string): string {
  return encodePoint(G2.BASE.multiply(decodeScalar(masterShare, 'master share')));
}

/**
 * s_i·Pa: this authority's share of one identity's verification key in the key-escrow-less
 * variant, Pa = w·Q being the user's own public key.
 */
export function userKeyShare(masterShare: string, publicKey: string): string {
  return encodePoint(
    decodeG2(publicKey, 'publicKey').multiply(decodeScalar(masterShare, 'master share')),
  );
}

/**
 * Whether an authority's two answers come from one and the same share s_i:
 * e(s_i·A, Pa) = e(A, s_i·Pa), checked as e(clientShare, Pa)·e(−A, keyShare) = 1 (one batched
 * pairing). Whoever receives both (the verifier) can so refuse shares that would make an
 * identity unable to log in. Malformed points throw PinProtocolError.
 */
export function sharesAgree(input: {
  mpinId: string;
  publicKey: string;
  clientShare: string;
  keyShare: string;
}): boolean {
  const product = bls.pairingBatch([
    { g1: decodeG1(input.clientShare, 'clientShare'), g2: decodeG2(input.publicKey, 'publicKey') },
    { g1: identityPoint(input.mpinId).negate(), g2: decodeG2(input.keyShare, 'keyShare') },
  ]);
  return Fp12.eql(product, Fp12.ONE);
}
