import { PinProtocolError } from './codec.js';
import { DST, Fr, bls } from './suite.js';

export const MIN_PIN_LENGTH = 4;
export const MAX_PIN_LENGTH = 6;
export const DEFAULT_PIN_LENGTH = 4;

/** The configured PIN length: 4 to 6; anything else is 4 (the spec's default). */
export function pinLengthOf(configured: unknown): number {
  return Number.isInteger(configured) &&
    (configured as number) >= MIN_PIN_LENGTH &&
    (configured as number) <= MAX_PIN_LENGTH
    ? (configured as number)
    : DEFAULT_PIN_LENGTH;
}

export function isPin(pin: unknown): pin is string {
  return typeof pin === 'string' && /^[0-9]{4,6}$/.test(pin);
}

/**
 * The PIN as a scalar: the digit string hashed to Fr. Hashing the string (not its numeric
 * value) makes every digit count: '0123' and '123', '0000' and '00000' are different PINs.
 */
export function pinScalar(pin: string): bigint {
  if (!isPin(pin)) throw new PinProtocolError('a PIN is 4 to 6 digits');
  const scalar = bls.G1.hashToScalar(new TextEncoder().encode(pin), { DST: DST.pin });
  if (scalar === 0n) throw new PinProtocolError('PIN scalar is zero');
  return Fr.create(scalar);
}
