import { describe, expect, it } from 'vitest';
import {
  applyUserKey,
  clientSecretShare,
  combineClientSecretShares,
  combineServerSecretShares,
  createMasterShare,
  createMpinId,
  createUserKey,
  extractPin,
  signMessage,
  userKeyShare,
  verifySignature,
} from './index.js';

const shares = [createMasterShare(), createMasterShare()];
const mpinId = createMpinId({ userID: 'signer', mobile: 0 });
const user = createUserKey();
const clientSecret = applyUserKey(
  combineClientSecretShares(shares.map((s) => clientSecretShare(s, mpinId))),
  user.secretKey,
);
const token = extractPin(clientSecret, '9876', mpinId);
const serverKey = combineServerSecretShares(shares.map((s) => userKeyShare(s, user.publicKey)));
const message = 'I allow Demo Shop to see my e-mail address and date of birth. 2026-11-23T01:00Z';

function sign(pin: string) {
  return signMessage({ message, mpinId, token, pin, publicKey: user.publicKey, dtas: 'a,b' });
}

describe('signing a message with token and PIN', () => {
  it('carries hash, u, v, mpinId, publicKey, dtas and verifies', () => {
    const signature = sign('9876');
    expect(Object.keys(signature).sort()).toEqual(
      ['dtas', 'hash', 'mpinId', 'publicKey', 'u', 'v'].sort(),
    );
    expect(signature.publicKey).toBe(user.publicKey);
    expect(verifySignature({ message, signature, serverKey })).toBe(true);
  });

  it('a wrong PIN gives a signature that does not verify', () => {
    expect(verifySignature({ message, signature: sign('9877'), serverKey })).toBe(false);
  });

  it('another message, or a changed u, v or mpinId, does not verify', () => {
    const signature = sign('9876');
    const other = sign('9876');
    expect(verifySignature({ message: message + '.', signature, serverKey })).toBe(false);
    expect(verifySignature({ message, signature: { ...signature, u: other.u }, serverKey })).toBe(
      false,
    );
    expect(verifySignature({ message, signature: { ...signature, v: other.v }, serverKey })).toBe(
      false,
    );
    const stranger = createMpinId({ userID: 'someone-else', mobile: 0 });
    expect(
      verifySignature({ message, signature: { ...signature, mpinId: stranger }, serverKey }),
    ).toBe(false);
  });

  it('the key of another user does not verify it', () => {
    const otherKey = combineServerSecretShares(
      shares.map((s) => userKeyShare(s, createUserKey().publicKey)),
    );
    expect(verifySignature({ message, signature: sign('9876'), serverKey: otherKey })).toBe(false);
  });
});
