export { CURVE, DST } from './suite.js';
export {
  PinProtocolError,
  addSeed,
  decodeG1,
  decodeG2,
  decodeScalar,
  randomScalar,
} from './codec.js';
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
export { combineServerSecretShares, createChallenge, verifyPass2 } from './verifier.js';
export { hashMessage, signMessage, verifySignature, type PinSignature } from './signature.js';
