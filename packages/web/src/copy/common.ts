import { errorCatalogue, copy as spaCopy } from '@verity/contracts';
import { localized } from './language';

/** The spec's shared screen texts (contracts' copy), in the language of the screens. */
export const copy = localized('copy', spaCopy);

/**
 * The messages of the errors the SPA makes itself (no usable answer, a photo check given up,
 * a PIN revoked on this device), as the server says them; the server's own answers come in
 * the browser's language already.
 */
export const localErrorCopy = localized('localErrorCopy', {
  internal_error: errorCatalogue.internal_error.message,
  service_unavailable: errorCatalogue.service_unavailable.message,
  pin_revoked: errorCatalogue.pin_revoked.message,
});
