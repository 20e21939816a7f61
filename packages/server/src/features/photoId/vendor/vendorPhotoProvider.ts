import sharp from 'sharp';
import { decoding } from '../decodeSlots.js';
import { prepareImage } from '../images.js';
import type { DocumentReading, PreparedImage } from '../photoId.js';
import type {
  DocumentPhoto,
  PhotoAnswer,
  PhotoIdProvider,
  PhotoReading,
  SelfieComparisonResult,
} from '../photoIdProvider.js';
import type { EvidenceScores } from '../../evidence/evidenceStore.js';
import { VendorApi, VendorRefusedPhoto, type VendorSettings } from './vendorApi.js';
import {
  mapDocumentReport,
  mapSelfieReport,
  vendorReportSchema,
  type VendorReport,
} from './vendorResults.js';
import { z } from 'zod';

/** A vendor's check as stored when its webhook came: the reports fetched from the vendor. */
const storedResultSchema = z.object({ checkId: z.string(), reports: z.array(vendorReportSchema) });
export type StoredVendorResult = z.infer<typeof storedResultSchema>;

/** A document the vendor found not genuine: a failed check, with these scores. */
export interface NotGenuine {
  notGenuine: true;
  scores: EvidenceScores;
  transactionId: string;
}

/** The vendor's settings and its webhook's key (PHOTO_VENDOR_*, docs/configuration.md). */
export interface VendorProviderSettings extends VendorSettings {
  webhookToken: string;
  /** Named in evidence (check_details.organization). */
  name: string;
}

/**
 * The photo checks by a vendor's API (Onfido v3.6 shape, docs/flows/identity-checks.md
 * 'Document photos by a vendor'): each photo is made upright and stripped of metadata here
 * (images.ts), sent as JPEG to a new applicant (no name or details: the matching with the
 * claimed identity stays Verity's), and a check started; the answer is pending. The vendor's
 * webhook (webhookRoute.ts) says the check completed; its result is then fetched from the
 * vendor (result) and settled by the browser's next status poll (pendingPhotoSettle.ts), with
 * the same outcome code as the local pipeline's.
 */
export class VendorPhotoProvider implements PhotoIdProvider {
  readonly name: string;
  readonly webhookToken: string;
  private readonly api: VendorApi;

  constructor(settings: VendorProviderSettings, fetchImpl: typeof fetch = fetch) {
    this.name = settings.name;
    this.webhookToken = settings.webhookToken;
    this.api = new VendorApi(settings, fetchImpl);
  }

  async readDocument(
    kind: DocumentReading['kind'],
    bytes: Buffer,
  ): Promise<PhotoAnswer<DocumentPhoto>> {
    const prepared = await decoding(() => prepareImage(bytes));
    if (!prepared.ok) return { ok: false, problem: prepared.problem, image: 'document' };
    const image = prepared.value;
    try {
      const applicant = await this.api.createApplicant();
      const type = kind === 'passport' ? 'passport' : 'driving_licence';
      const documentId = await this.api.uploadDocument(applicant, type, await jpeg(image));
      const checkId = await this.api.createCheck(applicant, ['document'], [documentId]);
      return { pending: checkId, image };
    } catch (error) {
      if (error instanceof VendorRefusedPhoto)
        return { ok: false, problem: 'no_document', image: 'document' };
      throw error;
    }
  }

  /**
   * The selfie against the document's photo held for it: both sent to a new applicant and a
   * facial similarity check started (the vendor compares the live photo with the document's).
   */
  async compareSelfie(
    document: PreparedImage,
    selfie: Buffer,
  ): Promise<PhotoAnswer<SelfieComparisonResult>> {
    const prepared = await decoding(() => prepareImage(selfie, { purpose: 'selfie' }));
    if (!prepared.ok) return { ok: false, problem: prepared.problem, image: 'selfie' };
    const applicant = await this.api.createApplicant();
    let documentId: string;
    try {
      // The held photo's kind is the document check's; the vendor needs only its face here.
      documentId = await this.api.uploadDocument(applicant, 'unknown', await jpeg(document));
    } catch (error) {
      if (error instanceof VendorRefusedPhoto)
        return { ok: false, problem: 'no_face', image: 'document' };
      throw error;
    }
    try {
      await this.api.uploadLivePhoto(applicant, await jpeg(prepared.value));
    } catch (error) {
      if (error instanceof VendorRefusedPhoto)
        return { ok: false, problem: 'no_face', image: 'selfie' };
      throw error;
    }
    const checkId = await this.api.createCheck(
      applicant,
      ['facial_similarity_photo'],
      [documentId],
    );
    return { pending: checkId, image: prepared.value };
  }

  /**
   * The result of a check the webhook says completed, fetched from the vendor (GETs, retried):
   * null while the vendor says it is not complete (the webhook's word is not taken).
   */
  async result(checkId: string): Promise<StoredVendorResult | null> {
    const check = await this.api.check(checkId);
    if (check.id !== checkId || check.status !== 'complete') return null;
    return { checkId, reports: await this.api.reports(checkId) };
  }

  /** A stored result's document report, in the pipeline's terms. */
  documentResult(
    kind: DocumentReading['kind'],
    stored: unknown,
    image: PreparedImage,
  ): PhotoReading<DocumentPhoto> | NotGenuine {
    const { checkId, reports } = storedResultSchema.parse(stored);
    const mapped = mapDocumentReport(reportNamed(reports, 'document'), kind);
    if (mapped.kind === 'problem') return { ok: false, problem: mapped.problem, image: 'document' };
    if (mapped.kind === 'notGenuine')
      return { notGenuine: true, scores: mapped.scores, transactionId: checkId };
    const { reading, scores } = mapped;
    return { ok: true, value: { image, reading, scores, transactionId: checkId } };
  }

  /** A stored result's facial similarity report, in the pipeline's terms. */
  selfieResult(stored: unknown, image: PreparedImage): PhotoReading<SelfieComparisonResult> {
    const { checkId, reports } = storedResultSchema.parse(stored);
    const mapped = mapSelfieReport(reportNamed(reports, 'facial_similarity_photo'));
    if (mapped.kind === 'problem') return { ok: false, problem: mapped.problem, image: 'selfie' };
    const { comparison, liveness, passed, scores } = mapped;
    return {
      ok: true,
      value: { image, comparison, liveness, passed, scores, transactionId: checkId },
    };
  }

  async close(): Promise<void> {}
}

/** The report of this name, or an incomplete stand-in (mapped to a retake). */
function reportNamed(reports: VendorReport[], name: string): VendorReport {
  return reports.find((report) => report.name === name) ?? { id: '', name, status: 'missing' };
}

const jpeg = (image: PreparedImage) => sharp(image.png).jpeg({ quality: 90 }).toBuffer();

/** Whether the configured provider is a vendor's (answers pending, has a webhook). */
export const isVendor = (provider: PhotoIdProvider | null): provider is VendorPhotoProvider =>
  provider instanceof VendorPhotoProvider;
