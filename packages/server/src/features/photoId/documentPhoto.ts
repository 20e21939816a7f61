import { monthsBefore, passportExpiryGraceMonths } from '@verity/contracts';
import type { CheckFinding } from '../checks/checkOutcome.js';
import type { EvidenceScores, VerifiedDocument } from '../evidence/evidenceStore.js';
import type { ProfileValues } from '../profile/profileStore.js';
import type { DocumentReading } from './photoId.js';

/** The issuers named in evidence; the local pipeline reads UK documents only. */
const issuers: Record<DocumentReading['kind'], VerifiedDocument['issuer']> = {
  passport: { name: 'HM Passport Office', country: 'GB' },
  drivingLicence: { name: 'Driver and Vehicle Licensing Agency', country: 'GB' },
};

/**
 * Why a document read from its photo cannot be used, if it cannot: not a UK document, its
 * details disagreeing with one another (a misread: take the photo again), or expired (a
 * passport up to 6 months after its expiry date, the spec's grace, as /Passport's form; a
 * licence up to its expiry date). Table-tested in documentPhoto.test.ts.
 */
export function documentRefusal(
  reading: DocumentReading,
  today: string,
): 'photo_document_not_accepted' | 'photo_details_inconsistent' | 'photo_document_expired' | null {
  if (reading.issuingCountry !== 'GBR') return 'photo_document_not_accepted';
  if (!reading.consistent) return 'photo_details_inconsistent';
  const lastAccepted =
    reading.kind === 'passport' ? monthsBefore(today, passportExpiryGraceMonths) : today;
  return reading.expiryDate >= lastAccepted ? null : 'photo_document_expired';
}

/** The evidence's document type of a kind of document read. */
export function documentType(kind: DocumentReading['kind']): VerifiedDocument['type'] {
  return kind === 'passport' ? 'passport' : 'driving_permit';
}

/**
 * A document read from its photo, in the terms every check shares (checkOutcome.ts): the
 * holder it names, matched with the claimed identity by settleCheck, and what it verified.
 */
export function documentPhotoFinding(
  reading: DocumentReading,
  scores: EvidenceScores,
  transactionId: string,
): CheckFinding {
  const document: VerifiedDocument = {
    type: documentType(reading.kind),
    number: reading.number,
    dateOfExpiry: reading.expiryDate,
    ...(reading.issueDate ? { dateOfIssuance: reading.issueDate } : {}),
    issuer: issuers[reading.kind],
  };
  const { givenNames, surname, birthDate } = reading;
  return {
    found: true,
    person: { kind: 'document', name: { givenNames, familyName: surname }, birthDate },
    transactionId,
    scores,
    attributes: { given_name: givenNames, family_name: surname, birthdate: birthDate, document },
  };
}

/**
 * What a document photo captures into the profile (assuranceProfileCapturePossible): a profile
 * with neither name takes the document's names, one without a birth date its birth date, as
 * printed; fields already given stay, and the document is then matched with them. Built in
 * memory: the route matches the profile with it and saves it only when the check passes, so
 * another person's details are never saved. (A profile with one name only is refused before
 * the read: checkAllowed's identity_details_required.)
 */
export function profileCapture(profile: ProfileValues, reading: DocumentReading): ProfileValues {
  const given = typeof profile.given_name === 'string' ? profile.given_name.trim() : '';
  const family = typeof profile.family_name === 'string' ? profile.family_name.trim() : '';
  const birth = typeof profile.birthdate === 'string' ? profile.birthdate.trim() : '';
  return {
    ...(!given && !family ? { given_name: reading.givenNames, family_name: reading.surname } : {}),
    ...(!birth ? { birthdate: reading.birthDate } : {}),
  };
}
