import { matchIdentity, type CoreIdentity, type RecordPerson } from '@verity/contracts';
import type { VerifiedAttributes } from '../evidence/evidenceStore.js';

/**
 * The person a piece of evidence is about, as its check's record named them: a document's or
 * credit file's fielded name and birth date, a card's or bank account's holder name, or the
 * name and birth date a mobile operator confirmed. Null for evidence that names nobody (a
 * failed or declined check, or evidence recorded before checks were bound to the claimed
 * identity): such evidence binds to no one. Binding is not verifying: which claims evidence
 * verifies is evidence/verifiedValues.ts's answer.
 */
export function evidencePerson(attributes: VerifiedAttributes | null): RecordPerson | null {
  if (!attributes) return null;
  if (attributes.holder_name) return { kind: 'holder', holderName: attributes.holder_name };
  if (attributes.confirmed) {
    const { given_name, family_name, birthdate } = attributes.confirmed;
    return {
      kind: 'document',
      name: { givenNames: given_name, familyName: family_name },
      birthDate: birthdate,
    };
  }
  if (attributes.given_name && attributes.family_name)
    return {
      kind: 'document',
      name: { givenNames: attributes.given_name, familyName: attributes.family_name },
      birthDate: attributes.birthdate ?? null,
    };
  return null;
}

/**
 * Whether evidence is about the claimed identity as the profile holds it now: evidence counts
 * (claims, assurance, acr, consent) only while this holds, so editing a verified name or birth
 * date sets aside the evidence that verified the old value until a check matches the new one.
 */
export function evidenceBound(core: CoreIdentity, attributes: VerifiedAttributes | null): boolean {
  const person = evidencePerson(attributes);
  return person !== null && matchIdentity(core, person).matches;
}
