import { z } from 'zod';
import type { EvidenceScores } from '../../evidence/evidenceStore.js';
import type { DocumentReading, FaceComparison, ImageProblem } from '../photoId.js';

/**
 * The vendor's reports (Onfido API v3.6 shape: GET /reports?check_id=), as fetched from the
 * vendor after its webhook, never as the webhook said. Only what the mapping reads is typed;
 * the rest passes (`loose`).
 */
const breakdownItem: z.ZodType<BreakdownItem> = z.lazy(() =>
  z
    .object({
      result: z.string().nullish(),
      breakdown: z.record(z.string(), breakdownItem).nullish(),
      properties: z.record(z.string(), z.unknown()).nullish(),
    })
    .loose(),
);
export interface BreakdownItem {
  result?: string | null;
  breakdown?: Record<string, BreakdownItem> | null;
  properties?: Record<string, unknown> | null;
}

export const vendorReportSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    status: z.string(),
    result: z.string().nullish(),
    sub_result: z.string().nullish(),
    breakdown: z.record(z.string(), breakdownItem).nullish(),
    properties: z.record(z.string(), z.unknown()).nullish(),
  })
  .loose();
export type VendorReport = z.infer<typeof vendorReportSchema>;

/** A breakdown's result along a path ('visual_authenticity', 'spoofing_detection'); null: not reported. */
export function resultAt(report: VendorReport, ...path: string[]): string | null {
  let items = report.breakdown ?? undefined;
  let item: BreakdownItem | undefined;
  for (const name of path) {
    item = items?.[name];
    items = item?.breakdown ?? undefined;
  }
  return item?.result ?? null;
}

/** What a document report says, in the pipeline's terms. */
export type VendorDocumentResult =
  | { kind: 'read'; reading: DocumentReading; scores: EvidenceScores }
  /** The vendor could not process the photo (sub_result rejected): a retake. */
  | { kind: 'problem'; problem: ImageProblem }
  /** The vendor found the document not genuine (sub_result suspected): a failed check. */
  | { kind: 'notGenuine'; scores: EvidenceScores };

const documentTypes: Record<DocumentReading['kind'], string> = {
  passport: 'passport',
  drivingLicence: 'driving_licence',
};

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const text = (value: unknown) => (typeof value === 'string' ? value.trim().toUpperCase() : '');
const date = (value: unknown) => (typeof value === 'string' && isoDate.test(value) ? value : null);

/**
 * GPG45 scores of a vendor's document report (docs/flows/identity-checks.md): its visual
 * authenticity checks (fonts, security features visible in a photo, template) and data
 * validation (check digits) make the document's validity 2; no chip is read, so not 3, and
 * the registry allows no more. A licence's issue date gives activity 1. No fraud score: the
 * report does not search GPG45's fraud sources.
 */
export function vendorDocumentScores(reading: DocumentReading): EvidenceScores {
  const strength = reading.kind === 'passport' ? 4 : 3;
  const activity = reading.kind === 'drivingLicence' && reading.issueDate ? 1 : 0;
  return { strength, validity: 2, activity, fraud: 0, verification: 0 };
}

/**
 * A document report mapped (table-tested in vendorResults.test.ts):
 * - sub_result rejected (image quality, unsupported document): a retake, as an unreadable photo;
 * - suspected (visual authenticity, data validation or a compromised document failed): a
 *   failed check, validity 0;
 * - clear or caution: the document's data, read from the report's properties; caution (a data
 *   comparison or expiry the vendor flags) is left to the checks every photo goes through
 *   (documentRefusal: UK, consistent, expiry; matchIdentity with the claimed identity).
 * Data missing, or another kind of document than asked: a retake (no_document).
 */
export function mapDocumentReport(
  report: VendorReport,
  kind: DocumentReading['kind'],
): VendorDocumentResult {
  if (report.name !== 'document' || report.status !== 'complete')
    return { kind: 'problem', problem: 'no_document' };
  const sub = report.sub_result ?? (report.result === 'clear' ? 'clear' : null);
  if (sub === 'rejected' || sub === null) return { kind: 'problem', problem: 'no_document' };
  const strength = kind === 'passport' ? 4 : 3;
  if (sub === 'suspected')
    return {
      kind: 'notGenuine',
      scores: { strength, validity: 0, activity: 0, fraud: 0, verification: 0 },
    };
  const p = report.properties ?? {};
  if (p.document_type !== documentTypes[kind]) return { kind: 'problem', problem: 'no_document' };
  const numbers = Array.isArray(p.document_numbers) ? (p.document_numbers as unknown[]) : [];
  const number = numbers
    .map((entry) => entry as { type?: unknown; value?: unknown })
    .find((entry) => entry.type === 'document_number')?.value;
  const surname = text(p.last_name);
  const givenNames = [text(p.first_name), text(p.middle_name)].filter(Boolean).join(' ');
  const birthDate = date(p.date_of_birth);
  const expiryDate = date(p.date_of_expiry);
  if (typeof number !== 'string' || !surname || !givenNames || !birthDate || !expiryDate)
    return { kind: 'problem', problem: 'no_document' };
  const reading: DocumentReading = {
    kind,
    number: number.trim().toUpperCase(),
    surname,
    givenNames,
    birthDate,
    expiryDate,
    issueDate: date(p.date_of_issue),
    issuingCountry: text(p.issuing_country),
    // The vendor's data validation covers the check digits (MRZ) and the number's format.
    consistent: resultAt(report, 'data_validation') !== 'consider',
  };
  return { kind: 'read', reading, scores: vendorDocumentScores(reading) };
}

/** What a facial similarity report says, in the pipeline's terms. */
export type VendorSelfieResult =
  | {
      kind: 'compared';
      comparison: FaceComparison;
      liveness: { real: number; live: number };
      passed: boolean;
      scores: EvidenceScores;
    }
  | { kind: 'problem'; problem: ImageProblem };

const score = (value: unknown) =>
  typeof value === 'number' && value >= 0 && value <= 1 ? value : null;

/**
 * A facial_similarity_photo report mapped (table-tested): image integrity failed (no face,
 * poor quality) is a retake of the selfie; face comparison clear is the same person; visual
 * authenticity (the vendor's presentation-attack detection, spoofing_detection) clear is a
 * real, live face. Passed: both. Verification 3 (GPG45 biometric verification with
 * presentation-attack detection, the registry's most) when the vendor reported its spoofing
 * detection clear; 2 when it reported none; 0 when it failed.
 */
export function mapSelfieReport(report: VendorReport): VendorSelfieResult {
  if (report.name !== 'facial_similarity_photo' || report.status !== 'complete')
    return { kind: 'problem', problem: 'no_face' };
  if (resultAt(report, 'image_integrity') === 'consider')
    return { kind: 'problem', problem: 'no_face' };
  const compared = resultAt(report, 'face_comparison');
  if (compared !== 'clear' && compared !== 'consider')
    return { kind: 'problem', problem: 'no_face' };
  const match = compared === 'clear';
  const faceMatch = report.breakdown?.face_comparison?.breakdown?.face_match?.properties?.score;
  const similarity = score(faceMatch) ?? (match ? 1 : 0);
  const authenticity = resultAt(report, 'visual_authenticity');
  const spoofing = resultAt(report, 'visual_authenticity', 'spoofing_detection');
  const real = authenticity === 'consider' || spoofing === 'consider' ? 0 : 1;
  const passed = match && real === 1 && report.result === 'clear';
  const verification = !passed ? 0 : spoofing === 'clear' ? 3 : 2;
  return {
    kind: 'compared',
    comparison: { similarity, match },
    liveness: { real, live: real },
    passed,
    scores: { strength: 0, validity: 0, activity: 0, fraud: 0, verification },
  };
}
