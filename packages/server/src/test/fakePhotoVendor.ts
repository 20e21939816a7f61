import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signWebhook } from '../features/photoId/vendor/webhookSignature.js';

/** The person a fake document report reads (Onfido's properties). */
export interface FakeDocumentPerson {
  firstName: string;
  lastName: string;
  birthDate: string;
  expiryDate: string;
  issueDate?: string;
  number: string;
  issuingCountry?: string;
}

/** What the fake's next check answers. */
export interface FakeOutcome {
  /** The document report's sub_result. */
  document: 'clear' | 'caution' | 'suspected' | 'rejected';
  /** The facial similarity report: same face, another face, a spoof, no usable face. */
  selfie: 'clear' | 'otherFace' | 'spoof' | 'noFace';
  person: FakeDocumentPerson;
}

interface FakeCheck {
  id: string;
  applicantId: string;
  reportNames: string[];
  documentType: string;
  outcome: FakeOutcome;
  status: 'in_progress' | 'complete';
  completedAt: string | null;
}

/** One upload as the fake received it: its applicant, form fields and file bytes. */
export interface FakeUpload {
  path: string;
  fields: Record<string, string>;
  file: Buffer;
  fileType: string;
}

/**
 * A local stand-in for a photo-ID vendor (Onfido API v3.6 shape), across the network as the
 * real one is: applicants, documents and live photos (multipart), checks, reports, and its
 * check.completed webhook signed with X-SHA2-Signature. Tests set what the next check answers
 * (`next`), how it misbehaves (`failWith` a status, `delayMs` before answering), whether it
 * completes and delivers its webhook by itself (`autoDeliver`), and read what it received.
 */
export class FakePhotoVendor {
  readonly checks = new Map<string, FakeCheck>();
  readonly uploads: FakeUpload[] = [];
  /** Every call: method and path (no query). */
  readonly calls: string[] = [];
  next: FakeOutcome;
  /** Answer every call with this status (a vendor outage), or null. */
  failWith: number | null = null;
  /** Answer this many of the next calls with 503 (a passing hiccup). */
  failNext = 0;
  /** Wait this long before answering each call (a slow vendor). */
  delayMs = 0;
  /** Complete each check and deliver its webhook after this many ms; null: the test does. */
  autoDeliver: number | null = null;
  /** Where the webhook goes (Verity's /api/photoid/webhook). */
  webhookUrl = '';
  private server: Server | null = null;
  private readonly documents = new Map<string, string>();
  url = '';

  constructor(
    readonly apiToken: string,
    readonly webhookToken: string,
    person: FakeDocumentPerson,
  ) {
    this.next = { document: 'clear', selfie: 'clear', person };
  }

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      void this.handle(request, response).catch(() => {
        response.statusCode = 500;
        response.end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /** The check's event body, as the vendor sends it. */
  event(checkId: string, action = 'check.completed'): Buffer {
    const check = this.checks.get(checkId);
    return Buffer.from(
      JSON.stringify({
        payload: {
          resource_type: 'check',
          action,
          object: {
            id: checkId,
            status: check?.status ?? 'complete',
            completed_at_iso8601: check?.completedAt ?? new Date().toISOString(),
            href: `${this.url}/v3.6/checks/${checkId}`,
          },
        },
      }),
    );
  }

  /** Completes a check (its reports are ready). */
  complete(checkId: string): void {
    const check = this.checks.get(checkId);
    if (!check) throw new Error(`no check ${checkId}`);
    check.status = 'complete';
    check.completedAt = new Date().toISOString();
  }

  /**
   * Sends the webhook for a check (completing it first): signed with the webhook token
   * unless `signature` says otherwise. Verity's answer.
   */
  async deliver(
    checkId: string,
    options: { body?: Buffer; signature?: string | null } = {},
  ): Promise<{ status: number; body: unknown }> {
    if (this.checks.has(checkId)) this.complete(checkId);
    const body = options.body ?? this.event(checkId);
    const signature =
      options.signature === undefined ? signWebhook(body, this.webhookToken) : options.signature;
    const response = await fetch(this.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(signature === null ? {} : { 'x-sha2-signature': signature }),
      },
      body: new Uint8Array(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  }

  /** As the vendor does: the webhook sent again, with back-off, until answered 2xx (5 tries). */
  private async deliverUntilTaken(checkId: string): Promise<void> {
    for (let attempt = 1; attempt <= 5; attempt++) {
      const answer = await this.deliver(checkId).catch(() => ({ status: 0 }));
      if (answer.status >= 200 && answer.status < 300) return;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }

  /** The latest check started. */
  lastCheck(): FakeCheck {
    const all = [...this.checks.values()];
    if (all.length === 0) throw new Error('no check started');
    return all[all.length - 1]!;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.url);
    this.calls.push(`${request.method} ${url.pathname}`);
    const body = await read(request);
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const send = (status: number, value?: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(value === undefined ? undefined : JSON.stringify(value));
    };
    if (this.failWith !== null) return send(this.failWith, { error: { type: 'outage' } });
    if (this.failNext > 0) {
      this.failNext--;
      return send(503, { error: { type: 'outage' } });
    }
    if (request.headers.authorization !== `Token token=${this.apiToken}`)
      return send(401, { error: { type: 'authorization_error' } });
    const path = url.pathname;
    if (request.method === 'POST' && path === '/v3.6/applicants')
      return send(201, { id: randomUUID(), created_at: new Date().toISOString() });
    if (request.method === 'POST' && (path === '/v3.6/documents' || path === '/v3.6/live_photos')) {
      const form = await new Response(new Uint8Array(body), {
        headers: { 'content-type': request.headers['content-type'] ?? '' },
      }).formData();
      const fields: Record<string, string> = {};
      for (const name of ['applicant_id', 'type', 'side', 'issuing_country']) {
        const value = form.get(name);
        if (typeof value === 'string') fields[name] = value;
      }
      const sent = form.get('file');
      const file = sent instanceof Blob ? Buffer.from(await sent.arrayBuffer()) : Buffer.alloc(0);
      const fileType = sent instanceof Blob ? sent.type : '';
      if (!fields.applicant_id || file.length === 0)
        return send(422, { error: { type: 'validation_error' } });
      this.uploads.push({ path, fields, file, fileType });
      const id = randomUUID();
      if (path === '/v3.6/documents') this.documents.set(id, fields.type ?? 'unknown');
      return send(201, { id });
    }
    if (request.method === 'POST' && path === '/v3.6/checks') {
      const input = JSON.parse(body.toString('utf8')) as {
        applicant_id: string;
        report_names: string[];
        document_ids: string[];
      };
      const check: FakeCheck = {
        id: randomUUID(),
        applicantId: input.applicant_id,
        reportNames: input.report_names,
        documentType: this.documents.get(input.document_ids[0] ?? '') ?? 'unknown',
        outcome: structuredClone(this.next),
        status: 'in_progress',
        completedAt: null,
      };
      this.checks.set(check.id, check);
      if (this.autoDeliver !== null)
        setTimeout(() => void this.deliverUntilTaken(check.id), this.autoDeliver);
      return send(201, { id: check.id, status: 'in_progress', result: null, report_ids: [] });
    }
    const checkPath = /^\/v3\.6\/checks\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && checkPath) {
      const check = this.checks.get(decodeURIComponent(checkPath[1]!));
      if (!check) return send(404, { error: { type: 'resource_not_found' } });
      return send(200, {
        id: check.id,
        status: check.status,
        result: check.status === 'complete' ? overall(reportsOf(check)) : null,
        report_ids: reportsOf(check).map((report) => report.id),
      });
    }
    if (request.method === 'GET' && path === '/v3.6/reports') {
      const check = this.checks.get(url.searchParams.get('check_id') ?? '');
      if (!check) return send(404, { error: { type: 'resource_not_found' } });
      return send(200, { reports: check.status === 'complete' ? reportsOf(check) : [] });
    }
    return send(404, { error: { type: 'resource_not_found' } });
  }
}

async function read(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A report: what the mapping reads, and the rest of its fields. */
type Report = { id: string; name: string; result: string } & Record<string, unknown>;

const overall = (reports: Report[]) =>
  reports.every((report) => report.result === 'clear') ? 'clear' : 'consider';

const clear = { result: 'clear' };
const consider = { result: 'consider' };

/** The check's reports, as Onfido's document and facial_similarity_photo reports look. */
function reportsOf(check: FakeCheck): Report[] {
  return check.reportNames.map((name) =>
    name === 'document' ? documentReport(check) : selfieReport(check),
  );
}

function documentReport(check: FakeCheck): Report {
  const { document, person } = check.outcome;
  const suspected = document === 'suspected';
  const rejected = document === 'rejected';
  return {
    id: randomUUID(),
    name: 'document',
    status: 'complete',
    result: document === 'clear' ? 'clear' : 'consider',
    sub_result: document,
    breakdown: {
      image_integrity: rejected ? consider : clear,
      visual_authenticity: suspected ? consider : clear,
      data_validation: clear,
      data_consistency: clear,
      data_comparison: document === 'caution' ? consider : clear,
      compromised_document: clear,
    },
    properties: rejected
      ? {}
      : {
          document_type: check.documentType,
          issuing_country: person.issuingCountry ?? 'GBR',
          first_name: person.firstName,
          last_name: person.lastName,
          date_of_birth: person.birthDate,
          date_of_expiry: person.expiryDate,
          ...(person.issueDate ? { date_of_issue: person.issueDate } : {}),
          document_numbers: [{ type: 'document_number', value: person.number }],
        },
  };
}

function selfieReport(check: FakeCheck): Report {
  const { selfie } = check.outcome;
  const same = selfie === 'clear' || selfie === 'spoof';
  return {
    id: randomUUID(),
    name: 'facial_similarity_photo',
    status: 'complete',
    result: selfie === 'clear' ? 'clear' : 'consider',
    breakdown: {
      face_comparison: {
        result: selfie === 'noFace' ? null : same ? 'clear' : 'consider',
        breakdown: {
          face_match: {
            result: same ? 'clear' : 'consider',
            properties: { score: same ? 0.93 : 0.12 },
          },
        },
      },
      image_integrity: selfie === 'noFace' ? consider : clear,
      visual_authenticity: {
        result: selfie === 'spoof' ? 'consider' : 'clear',
        breakdown: {
          spoofing_detection: {
            result: selfie === 'spoof' ? 'consider' : 'clear',
            properties: { score: selfie === 'spoof' ? 0.1 : 0.96 },
          },
        },
      },
    },
  };
}
