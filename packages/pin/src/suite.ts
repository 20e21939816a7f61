import { bls12_381 } from '@noble/curves/bls12-381.js';

/**
 * The cipher suite: BLS12-381 with RFC 9380 hash-to-curve (SHA-256, simplified SWU, random
 * oracle) under Verity's own domain separation tags, so no hash output of this protocol can
 * be replayed as a hash of another protocol (BLS signatures, other M-Pin deployments).
 */
export const CURVE = 'BLS12381';

export const DST = {
  /** A = H(mpin_id), the identity's point in G1. */
  identity: 'VERITY-MPIN-V1-BLS12381G1_XMD:SHA-256_SSWU_RO_ID_',
  /** The PIN as a scalar. */
  pin: 'VERITY-MPIN-V1-BLS12381G1_XMD:SHA-256_SSWU_RO_PIN_',
  /** The challenge of a signature (Fiat-Shamir in place of the server's random y). */
  signature: 'VERITY-MPIN-V1-BLS12381G1_XMD:SHA-256_SSWU_RO_SIG_',
} as const;

export const bls = bls12_381;
export const G1 = bls12_381.G1.Point;
export const G2 = bls12_381.G2.Point;
export const Fr = bls12_381.fields.Fr;
export const Fp12 = bls12_381.fields.Fp12;

export type G1Point = InstanceType<typeof G1>;
export type G2Point = InstanceType<typeof G2>;
