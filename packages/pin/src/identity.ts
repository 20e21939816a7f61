import { PinProtocolError, bytesToHex, hexToBytes, randomBytes } from './codec.js';
import { DST, type G1Point, bls } from './suite.js';

export interface MpinIdFields {
  /** The user's id at this customer (never the e-mail address: mpin_id is not secret). */
  userID: string;
  /** 1 when registered from a mobile device. */
  mobile: 0 | 1;
  /** ISO 8601 time of issue. */
  issued: string;
  /** 16 random bytes (hex), so each registration has its own point A. */
  salt: string;
}

const MAX_MPIN_ID_BYTES = 1024;

/** mpin_id: the hex of the identity's JSON, as the M-Pin scheme carries it on the wire. */
export function createMpinId(
  fields: Omit<MpinIdFields, 'salt' | 'issued'> & Partial<MpinIdFields>,
): string {
  const complete: MpinIdFields = {
    userID: fields.userID,
    mobile: fields.mobile,
    issued: fields.issued ?? new Date().toISOString(),
    salt: fields.salt ?? bytesToHex(randomBytes(16)),
  };
  return bytesToHex(new TextEncoder().encode(JSON.stringify(complete)));
}

export function parseMpinId(mpinId: string): MpinIdFields {
  const bytes = mpinIdBytes(mpinId);
  try {
    const value = JSON.parse(
      new TextDecoder('utf-8', { fatal: true }).decode(bytes),
    ) as MpinIdFields;
    if (typeof value.userID !== 'string' || typeof value.salt !== 'string') throw new Error();
    return value;
  } catch {
    throw new PinProtocolError('mpin_id: not an identity');
  }
}

function mpinIdBytes(mpinId: string): Uint8Array {
  if (
    typeof mpinId !== 'string' ||
    mpinId.length === 0 ||
    mpinId.length > MAX_MPIN_ID_BYTES * 2 ||
    !/^(?:[0-9a-f]{2})+$/.test(mpinId)
  ) {
    throw new PinProtocolError('mpin_id: expected lower-case hex');
  }
  return hexToBytes(mpinId);
}

/** A = hash-to-curve(mpin_id) in G1 (RFC 9380, our own DST). */
export function identityPoint(mpinId: string): G1Point {
  return bls.G1.hashToCurve(mpinIdBytes(mpinId), { DST: DST.identity }) as G1Point;
}
