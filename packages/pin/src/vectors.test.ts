import { bls12_381 } from '@noble/curves/bls12-381.js';
import { describe, expect, it } from 'vitest';
import { commit, userPublicKey } from './client.js';
import { decodeScalar, encodePoint } from './codec.js';
import * as pin from './index.js';
import { signWith } from './signature.js';
import { VECTOR_INPUTS as I } from './vectorInputs.js';
import vectors from './vectors.json' with { type: 'json' };

describe('RFC 9380 hash-to-curve under our own DST', () => {
  // RFC 9380 appendix J.9.1 (BLS12381G1_XMD:SHA-256_SSWU_RO_), msg = "": anchors the hash
  // we use for A = H(mpin_id) to the standard before we change only the tag.
  it('reproduces the RFC test vector with the RFC tag', () => {
    const P = bls12_381.G1.hashToCurve(new Uint8Array(), {
      DST: 'QUUX-V01-CS02-with-BLS12381G1_XMD:SHA-256_SSWU_RO_',
    }).toAffine();
    expect(P.x.toString(16).padStart(96, '0')).toBe(
      '052926add2207b76ca4fa57a8734416c8dc95e24501772c814278700eed6d1e4e8cf62d9c09db0fac349612b759e79a1',
    );
    expect(P.y.toString(16).padStart(96, '0')).toBe(
      '08ba738453bfed09cb546dbb0783dbb3a5f1f566ed67bb6be0e8c67e2e81a4cc68ee29813bb7994998f3eae0c9c6a265',
    );
  });

  it('our tag gives a different point for the same input', () => {
    const ours = pin.identityPoint(vectors.mpinId);
    const theirs = bls12_381.G1.hashToCurve(Buffer.from(vectors.mpinId, 'hex'), {
      DST: 'QUUX-V01-CS02-with-BLS12381G1_XMD:SHA-256_SSWU_RO_',
    });
    expect(ours.equals(theirs)).toBe(false);
  });
});

describe('Verity M-Pin v1 test vectors', () => {
  const mpinId = pin.createMpinId({ ...I.mpinId });
  const Pa = userPublicKey(decodeScalar(I.userSecretKey));
  const token = vectors.token;

  it('mpin_id, A = H(mpin_id) and the PIN scalar', () => {
    expect(mpinId).toBe(vectors.mpinId);
    expect(pin.parseMpinId(mpinId)).toEqual(I.mpinId);
    expect(encodePoint(pin.identityPoint(mpinId))).toBe(vectors.A);
    expect(pin.pinScalar(I.pin).toString(16)).toBe(vectors.pinScalar);
  });

  it('the authorities: client secret shares, server secret shares, user key shares', () => {
    expect(I.masterShares.map((s) => pin.clientSecretShare(s, mpinId))).toEqual(
      vectors.clientSecretShares,
    );
    expect(I.masterShares.map((s) => pin.serverSecretShare(s))).toEqual(vectors.serverSecretShares);
    expect(I.masterShares.map((s) => pin.userKeyShare(s, Pa))).toEqual(vectors.userKeyShares);
    expect(pin.combineServerSecretShares(vectors.serverSecretShares)).toBe(vectors.serverSecret);
    expect(pin.combineServerSecretShares(vectors.userKeyShares)).toBe(vectors.userServerKey);
  });

  it('the client: secret, user key, token', () => {
    expect(pin.combineClientSecretShares(vectors.clientSecretShares)).toBe(vectors.clientSecret);
    expect(Pa).toBe(vectors.publicKey);
    expect(pin.applyUserKey(vectors.clientSecret, I.userSecretKey)).toBe(
      vectors.clientSecretWithUserKey,
    );
    expect(pin.extractPin(vectors.clientSecretWithUserKey, I.pin, mpinId)).toBe(token);
  });

  it('pass 1, pass 2 and the server check', () => {
    expect(commit(mpinId, decodeScalar(I.x))).toBe(vectors.U);
    expect(pin.pass2({ mpinId, token, pin: I.pin, x: I.x, y: I.y })).toBe(vectors.V);
    const transcript = { mpinId, U: vectors.U, y: I.y, V: vectors.V };
    expect(pin.verifyPass2({ ...transcript, serverKey: vectors.userServerKey })).toBe(true);
    expect(pin.verifyPass2({ ...transcript, serverKey: vectors.serverSecret })).toBe(false);
  });

  it('a signature', () => {
    const signature = signWith(
      { message: I.message, mpinId, token, pin: I.pin, publicKey: Pa, dtas: I.dtas },
      decodeScalar(I.x),
    );
    expect(signature).toEqual(vectors.signature);
    expect(
      pin.verifySignature({ message: I.message, signature, serverKey: vectors.userServerKey }),
    ).toBe(true);
  });
});
