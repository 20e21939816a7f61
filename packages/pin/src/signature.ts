import { sha256 } from '@noble/hashes/sha2.js';
import {
  bytesToHex,
  decodeG1,
  decodeG2,
  encodePoint,
  randomScalar,
  PinProtocolError,
} from './codec.js';
import { commit, proofPoint } from './client.js';
import { identityPoint } from './identity.js';
import { DST, bls } from './suite.js';
import { pairingCheck } from './verifier.js';

/** A message signed with token and PIN (the spec's signed message output). */
export interface PinSignature {
  /** SHA-256 of the message, hex. */
  hash: string;
  u: string;
  v: string;
  mpinId: string;
  /** The user's Pa for a key-escrow-less identity, else ''. */
  publicKey: string;
  dtas: string;
}

/**
 * The challenge of a signature: y = H(mpin_id, U, hash, Pa) in place of the server's random
 * y (Fiat-Shamir), so anyone holding the verification key can check it later. The message
 * should itself name its purpose and time: the signature does not expire.
 */
function challengeOf(mpinId: string, u: string, hash: string, publicKey: string): bigint {
  const bytes = new TextEncoder().encode(JSON.stringify([mpinId, u, hash, publicKey]));
  const y = bls.G1.hashToScalar(bytes, { DST: DST.signature });
  if (y === 0n) throw new PinProtocolError('zero challenge');
  return y;
}

export function hashMessage(message: string): string {
  return bytesToHex(sha256(new TextEncoder().encode(message)));
}

export function signMessage(input: {
  message: string;
  mpinId: string;
  token: string;
  pin: string;
  publicKey?: string;
  dtas: string;
}): PinSignature {
  return signWith(input, randomScalar());
}

export function signWith(input: Parameters<typeof signMessage>[0], x: bigint): PinSignature {
  const publicKey = input.publicKey ?? '';
  const hash = hashMessage(input.message);
  const u = commit(input.mpinId, x);
  const y = challengeOf(input.mpinId, u, hash, publicKey);
  const v = encodePoint(proofPoint(input.mpinId, input.token, input.pin, x, y));
  return { hash, u, v, mpinId: input.mpinId, publicKey, dtas: input.dtas };
}

/** True when `signature` signs `message` for the identity whose verification key is given. */
export function verifySignature(input: {
  message: string;
  signature: PinSignature;
  serverKey: string;
}): boolean {
  const { signature } = input;
  if (signature.hash !== hashMessage(input.message)) return false;
  const U = decodeG1(signature.u, 'u');
  const V = decodeG1(signature.v, 'v');
  const key = decodeG2(input.serverKey, 'server key');
  const y = challengeOf(signature.mpinId, signature.u, signature.hash, signature.publicKey);
  const A = identityPoint(signature.mpinId);
  return pairingCheck(V, U.add(A.multiply(y)), key);
}
