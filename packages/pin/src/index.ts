export { CURVE, DST } from './suite.js';
export {
  PinProtocolError,
  addSeed,
  decodeG1,
  decodeG2,
  decodeScalar,
  encodePoint,
  randomScalar,
} from './codec.js';
export type { G1Point, G2Point } from './suite.js';
export {
  DEFAULT_PIN_LENGTH,
  MAX_PIN_LENGTH,
  MIN_PIN_LENGTH,
  isPin,
  pinLengthOf,
  pinScalar,
} from './pin.js';
export { createMpinId, identityPoint, parseMpinId, type MpinIdFields } from './identity.js';
export {
  clientSecretShare,
  createMasterShare,
  serverSecretShare,
  sharesAgree,
  userKeyShare,
} from './authority.js';
export {
  applyUserKey,
  combineClientSecretShares,
  createUserKey,
  extractPin,
  pass1,
  pass2,
} from './client.js';
export {
  combineServerSecretShares,
  createChallenge,
  verifyPass2,
  verifyPass2With,
} from './verifier.js';
export {
  createVerifierKey,
  encodeStoredG1,
  readStoredG1,
  readVerifierKey,
  type VerifierKey,
} from './verifierKey.js';
export { hashMessage, signMessage, verifySignature, type PinSignature } from './signature.js';
