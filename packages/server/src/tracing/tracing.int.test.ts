/**
 * Traces as a collector receives them: a real server with OTEL_EXPORTER_OTLP_ENDPOINT pointing
 * at an OTLP/HTTP collector in this test, which decodes the JSON it is sent. A request that
 * carries a W3C traceparent becomes a server span in the caller's trace, with its database
 * statements and its outgoing provider calls (a fake OpenID Connect provider's discovery) as
 * child spans (kind, database or provider only); closing the server flushes the spans.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../test/databases.js';
import {
  socialEnv,
  startFakeOpenIdProvider,
  type FakeSocialProvider,
} from '../test/fakeSocialProviders.js';
import { startTestServer } from '../test/testServer.js';

interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: number | string; boolValue?: boolean };
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: OtlpAttribute[];
}
interface OtlpExport {
  resourceSpans: Array<{
    resource: { attributes: OtlpAttribute[] };
    scopeSpans: Array<{ spans: OtlpSpan[] }>;
  }>;
}

const SERVER = 2;
const CLIENT = 3;

const attributesOf = (attributes: OtlpAttribute[]) =>
  Object.fromEntries(
    attributes.map(({ key, value }) => [
      key,
      value.stringValue ?? value.boolValue ?? Number(value.intValue),
    ]),
  );

/** An OTLP/HTTP collector that keeps what it is sent (JSON only, as Verity exports). */
function startCollector() {
  const received: Array<{ path: string; contentType: string; body: OtlpExport }> = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const body = req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
      received.push({
        path: req.url ?? '',
        contentType: req.headers['content-type'] ?? '',
        body: JSON.parse(body.toString('utf8')) as OtlpExport,
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise<{ url: string; received: typeof received; close: () => Promise<void> }>(
    (resolve) =>
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        const port = typeof address === 'object' && address ? address.port : 0;
        resolve({
          url: `http://127.0.0.1:${port}`,
          received,
          close: () => new Promise((done) => server.close(() => done())),
        });
      }),
  );
}

/**
 * A POST whose body arrives well after its headers: the handler then runs from the request
 * stream's events, which must still be in the request's trace.
 */
function postWithLateBody(url: string, headers: Record<string, string>, body: string) {
  return new Promise<{ status: number; requestId: string | undefined }>((resolve, reject) => {
    const call = request(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            requestId: response.headers['x-request-id'] as string | undefined,
          }),
        );
      },
    );
    call.on('error', reject);
    call.flushHeaders();
    setTimeout(() => call.end(body), 200);
  });
}

describe.each(databaseTargets())('traces (%s)', (target) => {
  let collector: Awaited<ReturnType<typeof startCollector>>;
  const traceId = randomBytes(16).toString('hex');
  const callerSpanId = randomBytes(8).toString('hex');
  const socialTraceId = randomBytes(16).toString('hex');
  const email = `${randomUUID()}@example.com`;
  let answer: { status: number; requestId: string | undefined };
  let untraced: Response;
  let google: FakeSocialProvider;
  let socialStart: Response;

  beforeAll(async () => {
    collector = await startCollector();
    google = await startFakeOpenIdProvider();
    const server = await startTestServer(target, {
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      ...socialEnv({ google }),
    });
    try {
      answer = await postWithLateBody(
        `${server.url}/api/login/email`,
        {
          'content-type': 'application/json',
          traceparent: `00-${traceId}-${callerSpanId}-01`,
          'x-request-id': 'lb-request-7',
        },
        JSON.stringify({ Email: email, Password: 'a password' }),
      );
      untraced = await fetch(`${server.url}/readyz`);
      // Starting a Google login discovers the provider: an outgoing call.
      socialStart = await fetch(`${server.url}/api/login/google/start`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          traceparent: `00-${socialTraceId}-${randomBytes(8).toString('hex')}-01`,
        },
        body: JSON.stringify({ Purpose: 'login' }),
      });
    } finally {
      // Closing flushes the spans still buffered.
      await server.close();
    }
  });
  afterAll(async () => {
    await collector?.close();
    await google?.close();
  });

  const spans = () =>
    collector.received.flatMap(({ body }) =>
      body.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans)),
    );

  it('exports OTLP over HTTP/JSON as the service verity', () => {
    expect(collector.received.length).toBeGreaterThan(0);
    for (const { path, contentType, body } of collector.received) {
      expect(path).toBe('/v1/traces');
      expect(contentType).toMatch(/^application\/json/);
      for (const resource of body.resourceSpans)
        expect(attributesOf(resource.resource.attributes)['service.name']).toBe('verity');
    }
  });

  it("makes the request a server span in the caller's trace, with its statements as children", async () => {
    expect(answer.status).toBe(200);
    const request = spans().filter((span) => span.traceId === traceId && span.kind === SERVER);
    expect(request).toHaveLength(1);
    const [server] = request;
    expect(server).toMatchObject({ name: 'POST /api/login/email', parentSpanId: callerSpanId });
    expect(attributesOf(server!.attributes)).toEqual({
      'http.request.method': 'POST',
      'http.route': '/api/login/email',
      'http.response.status_code': 200,
      'verity.request_id': 'lb-request-7',
    });
    expect(answer.requestId).toBe('lb-request-7');

    const statements = spans().filter(
      (span) => span.traceId === traceId && span.parentSpanId === server!.spanId,
    );
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      expect(statement.kind).toBe(CLIENT);
      const attributes = attributesOf(statement.attributes);
      // The kind of statement and the database only: no SQL text, no parameters.
      expect(Object.keys(attributes).sort()).toEqual(['db.operation.name', 'db.system.name']);
      expect(attributes['db.system.name']).toBe(target === 'postgres' ? 'postgresql' : 'sqlite');
      expect(statement.name).toBe(attributes['db.operation.name']);
    }
    expect(statements.map((statement) => statement.name)).toContain('SELECT');
  });

  it('starts a trace of its own for a request without traceparent', () => {
    expect(untraced.status).toBe(200);
    const ready = spans().filter((span) => span.name === 'GET /readyz');
    expect(ready).toHaveLength(1);
    expect(ready[0]!.traceId).not.toBe(traceId);
    expect(ready[0]!.parentSpanId ?? '').toBe('');
    expect(spans().some((span) => span.parentSpanId === ready[0]!.spanId)).toBe(true);
  });

  it('makes an outgoing provider call a client span of its request, naming the provider only', async () => {
    expect(socialStart.status).toBe(200);
    await socialStart.body?.cancel();
    const [request, ...more] = spans().filter(
      (span) => span.traceId === socialTraceId && span.kind === SERVER,
    );
    expect(more).toEqual([]);
    expect(attributesOf(request!.attributes)['http.route']).toBe('/api/login/:provider/start');
    const calls = spans().filter(
      (span) =>
        span.parentSpanId === request!.spanId &&
        span.kind === CLIENT &&
        !/^[A-Z]+$/.test(span.name),
    );
    expect(calls.map((span) => span.name)).toEqual(['social discovery']);
    // Which provider and its host: not the path, the client's id or secret, nor who signs in.
    expect(attributesOf(calls[0]!.attributes)).toEqual({
      'verity.provider': 'google',
      'server.address': new URL(google.url).host,
    });
    const exported = JSON.stringify(collector.received);
    for (const secret of [email, 'a password', google.clientId, google.clientSecret])
      expect(exported).not.toContain(secret);
  });
});
