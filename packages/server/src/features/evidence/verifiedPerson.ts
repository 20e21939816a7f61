import type { KbvPerson } from '../../providers/kbv/creditReference.js';
import { currentPasses, type Evidence } from './evidenceStore.js';

/** The person a passed document check verified (while it still counts), or null. */
export function verifiedPerson(evidence: readonly Evidence[]): KbvPerson | null {
  const verified = currentPasses(evidence).find(
    (e) => e.attributes?.family_name && e.attributes.birthdate,
  )?.attributes;
  if (verified?.family_name && verified.given_name && verified.birthdate)
    return { given: verified.given_name, surname: verified.family_name, dob: verified.birthdate };
  return null;
}
