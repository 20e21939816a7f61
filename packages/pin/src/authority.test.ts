import { describe, expect, it } from 'vitest';
import {
  PinProtocolError,
  clientSecretShare,
  createMasterShare,
  createMpinId,
  createUserKey,
  sharesAgree,
  userKeyShare,
} from './index.js';

const share = createMasterShare();
const other = createMasterShare();
const mpinId = createMpinId({ userID: 'user-1', mobile: 0 });
const { publicKey } = createUserKey();
const answer = (clientFrom: string, keyFrom: string, id = mpinId, key = publicKey) => ({
  mpinId: id,
  publicKey: key,
  clientShare: clientSecretShare(clientFrom, id),
  keyShare: userKeyShare(keyFrom, key),
});

describe('sharesAgree: an authority answered both shares with one master share', () => {
  it.each([
    ['both from one share', answer(share, share), true],
    ['from two different shares', answer(share, other), false],
    [
      'the client share of another identity',
      { ...answer(share, share), mpinId: createMpinId({ userID: 'user-2', mobile: 0 }) },
      false,
    ],
    [
      'the key share of another public key',
      { ...answer(share, share), publicKey: createUserKey().publicKey },
      false,
    ],
  ])('%s', (_, input, agree) => {
    expect(sharesAgree(input)).toBe(agree);
  });

  it('throws PinProtocolError for a share that is not a point', () => {
    expect(() => sharesAgree({ ...answer(share, share), keyShare: '00'.repeat(96) })).toThrow(
      PinProtocolError,
    );
  });
});
