import { copy as spaCopy } from '@verity/contracts';
import { localized } from './language';

/** The spec's shared screen texts (contracts' copy), in the language of the screens. */
export const copy = localized('copy', spaCopy);
