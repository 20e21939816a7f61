import {
  decodeG1,
  decodeScalar,
  encodePoint,
  encodeScalar,
  randomScalar,
  PinProtocolError,
} from './codec.js';
import { identityPoint } from './identity.js';
import { pinScalar } from './pin.js';
import { Fr, G2 } from './suite.js';

/** The client secret s·A from the authorities' shares (assembled in the browser). */
export function combineClientSecretShares(shares: readonly string[]): string {
  if (shares.length === 0) throw new PinProtocolError('no client secret shares');
  return encodePoint(
    shares.map((s, i) => decodeG1(s, `client secret share ${i + 1}`)).reduce((a, b) => a.add(b)),
  );
}

/**
 * The user's own key pair for the key-escrow-less variant: w stays in the browser only long
 * enough to fold into the client secret; Pa = w·Q is registered with the verifier.
 */
export function createUserKey(): { secretKey: string; publicKey: string } {
  const w = randomScalar();
  return { secretKey: encodeScalar(w), publicKey: userPublicKey(w) };
}

export function userPublicKey(w: bigint): string {
  return encodePoint(G2.BASE.multiply(w));
}

/** w·s·A: the client secret no authority (nor both together) can compute. */
export function applyUserKey(clientSecret: string, secretKey: string): string {
  return encodePoint(decodeG1(clientSecret, 'client secret').multiply(decodeScalar(secretKey)));
}

/** The token kept in the browser: client secret − PIN·A. Useless without the PIN. */
export function extractPin(clientSecret: string, pin: string, mpinId: string): string {
  const A = identityPoint(mpinId);
  return encodePoint(decodeG1(clientSecret, 'client secret').subtract(A.multiply(pinScalar(pin))));
}

/** Pass 1: a fresh x and its commitment U = x·A. x never leaves the browser. */
export function pass1(mpinId: string): { x: string; U: string } {
  const x = randomScalar();
  return { x: encodeScalar(x), U: commit(mpinId, x) };
}

export function commit(mpinId: string, x: bigint): string {
  return encodePoint(identityPoint(mpinId).multiply(x));
}

/** Pass 2: V = −(x + y)·(token + PIN·A), the answer to the server's challenge y. */
export function pass2(input: {
  mpinId: string;
  token: string;
  pin: string;
  x: string;
  y: string;
}): string {
  return encodePoint(
    proofPoint(
      input.mpinId,
      input.token,
      input.pin,
      decodeScalar(input.x, 'x'),
      decodeScalar(input.y, 'y'),
    ),
  );
}

export function proofPoint(mpinId: string, token: string, pin: string, x: bigint, y: bigint) {
  const A = identityPoint(mpinId);
  const secret = decodeG1(token, 'token').add(A.multiply(pinScalar(pin)));
  const k = Fr.neg(Fr.add(x, y));
  if (k === 0n) throw new PinProtocolError('x + y = 0; start again');
  return secret.multiply(k);
}
