import { z } from 'zod';
import { PhotoPipelineUnavailable } from '../photoPipelineUnavailable.js';
import { vendorReportSchema, type VendorReport } from './vendorResults.js';

/** Where the vendor is and how Verity authenticates to it (PHOTO_VENDOR_*). */
export interface VendorSettings {
  /** The API's base address, e.g. https://api.eu.onfido.com (the version path is added). */
  url: string;
  apiToken: string;
  /** Each call's limit, in milliseconds. */
  timeoutMs: number;
}

/** The vendor refused a photo it was sent (422): the photo's fault, a retake. */
export class VendorRefusedPhoto extends Error {
  constructor(readonly image: 'document' | 'selfie') {
    super(`the vendor refused the ${image} photo`);
    this.name = 'VendorRefusedPhoto';
  }
}

const created = z.object({ id: z.string().min(1).max(128) }).loose();
export const vendorCheckSchema = z
  .object({
    id: z.string(),
    status: z.string(),
    result: z.string().nullish(),
    report_ids: z.array(z.string()).nullish(),
  })
  .loose();
export type VendorCheck = z.infer<typeof vendorCheckSchema>;
const reportList = z.object({ reports: z.array(vendorReportSchema) }).loose();

/** GETs are tried this many times in all (idempotent); a POST once (it would create twice). */
const getTries = 3;
const retryDelayMs = 200;

/**
 * The vendor's API (Onfido v3.6 shape): applicants, documents, live photos, checks, reports.
 * Every call has a timeout; only GETs are retried, on a network error, a timeout, 429 or 5xx.
 * Any failure but a photo refused (422 on an upload) is PhotoPipelineUnavailable('vendor'): the
 * routes answer 503 and give the counted try back. The token and the photos are never logged;
 * errors name the path and status only.
 */
export class VendorApi {
  private readonly base: string;

  constructor(
    private readonly settings: VendorSettings,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    this.base = `${settings.url.replace(/\/+$/, '')}/v3.6`;
  }

  /** A new applicant; no name or details are sent (the matching is Verity's, not the vendor's). */
  async createApplicant(): Promise<string> {
    return (await this.post('/applicants', JSON.stringify({}), created)).id;
  }

  async uploadDocument(
    applicantId: string,
    type: 'passport' | 'driving_licence' | 'unknown',
    jpeg: Buffer,
  ): Promise<string> {
    const form = new FormData();
    form.set('applicant_id', applicantId);
    form.set('type', type);
    form.set('side', 'front');
    form.set('issuing_country', 'GBR');
    form.set('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'document.jpg');
    return (await this.post('/documents', form, created, 'document')).id;
  }

  async uploadLivePhoto(applicantId: string, jpeg: Buffer): Promise<string> {
    const form = new FormData();
    form.set('applicant_id', applicantId);
    form.set('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'selfie.jpg');
    return (await this.post('/live_photos', form, created, 'selfie')).id;
  }

  /** Starts a check of these reports; answered later by the webhook (check.completed). */
  async createCheck(
    applicantId: string,
    reportNames: Array<'document' | 'facial_similarity_photo'>,
    documentIds: string[],
  ): Promise<string> {
    const body = JSON.stringify({
      applicant_id: applicantId,
      report_names: reportNames,
      document_ids: documentIds,
    });
    return (await this.post('/checks', body, created)).id;
  }

  async check(checkId: string): Promise<VendorCheck> {
    return this.get(`/checks/${encodeURIComponent(checkId)}`, vendorCheckSchema);
  }

  async reports(checkId: string): Promise<VendorReport[]> {
    const path = `/reports?check_id=${encodeURIComponent(checkId)}`;
    return (await this.get(path, reportList)).reports;
  }

  private headers(json: boolean): Record<string, string> {
    return {
      Authorization: `Token token=${this.settings.apiToken}`,
      Accept: 'application/json',
      ...(json ? { 'Content-Type': 'application/json' } : {}),
    };
  }

  private async post<T>(
    path: string,
    body: string | FormData,
    schema: z.ZodType<T>,
    photo?: 'document' | 'selfie',
  ): Promise<T> {
    const response = await this.call('POST', path, body);
    if (response.status === 422 && photo) {
      await response.body?.cancel();
      throw new VendorRefusedPhoto(photo);
    }
    return this.parse(path, response, schema);
  }

  private async get<T>(path: string, schema: z.ZodType<T>): Promise<T> {
    let last: unknown;
    for (let attempt = 1; attempt <= getTries; attempt++) {
      try {
        const response = await this.call('GET', path);
        if (response.status !== 429 && response.status < 500)
          return await this.parse(path, response, schema);
        await response.body?.cancel();
        last = new Error(`GET ${route(path)} answered ${response.status}`);
      } catch (error) {
        if (!(error instanceof PhotoPipelineUnavailable)) throw error;
        last = error.cause ?? error;
      }
      if (attempt < getTries) await sleep(retryDelayMs * attempt);
    }
    throw new PhotoPipelineUnavailable('vendor', { cause: last });
  }

  private async call(method: string, path: string, body?: string | FormData): Promise<Response> {
    try {
      return await this.fetchImpl(`${this.base}${path}`, {
        method,
        headers: this.headers(typeof body === 'string'),
        body,
        redirect: 'error',
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch (error) {
      const why = error instanceof Error ? error.name : 'error';
      throw new PhotoPipelineUnavailable('vendor', {
        cause: new Error(`${method} ${route(path)}: ${why}`),
      });
    }
  }

  private async parse<T>(path: string, response: Response, schema: z.ZodType<T>): Promise<T> {
    if (!response.ok) {
      await response.body?.cancel();
      throw new PhotoPipelineUnavailable('vendor', {
        cause: new Error(`${route(path)} answered ${response.status}`),
      });
    }
    try {
      return schema.parse(await response.json());
    } catch {
      throw new PhotoPipelineUnavailable('vendor', {
        cause: new Error(`${route(path)} answered an unexpected body`),
      });
    }
  }
}

/** The path without its query (no identifiers of a person, but none needed in a log either). */
const route = (path: string) => path.split('?')[0]!;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
