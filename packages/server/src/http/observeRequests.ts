import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  context,
  propagation,
  trace,
} from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Metrics } from '../metrics/metrics.js';
import { isOidcPath, oidcRoutes } from '../oidc/provider.js';
import { tracer, tracingActive } from '../tracing/tracing.js';

/** oidc-provider's endpoints, longest first, for naming the route of a call it answers. */
const oidcPaths = Object.values(oidcRoutes).sort((a, b) => b.length - a.length);

/**
 * The route pattern of a request, for metric labels and span names: Fastify's pattern
 * (`/requests/:id`), else oidc-provider's endpoint (what follows it, such as an interaction
 * id, is `*`), else `unmatched` (the SPA's pages, 404s). Never the raw URL: no ids in labels.
 */
export function routeOf(request: FastifyRequest): string {
  if (request.routeOptions.url) return request.routeOptions.url;
  const pathname = request.url.split('?')[0] ?? '/';
  if (!isOidcPath(pathname)) return 'unmatched';
  const endpoint = oidcPaths.find((path) => pathname === path || pathname.startsWith(`${path}/`));
  if (!endpoint) return pathname.startsWith('/.well-known/') ? pathname : '/oidc/*';
  return endpoint === pathname ? endpoint : `${endpoint}/*`;
}

/**
 * Counts and times every answer, oidc-provider's included (it writes to the raw response, so
 * the end is the raw response's close). With tracing on, each request is a server span, a
 * child of the caller's W3C `traceparent` when one comes, and the request's work (Fastify's
 * handler or oidc-provider, body parsing included) runs in its context. Registered first.
 */
export function observeRequests(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onRequest', (request, reply, done) => {
    const started = process.hrtime.bigint();
    const route = routeOf(request);
    const parent = tracingActive() ? propagation.extract(ROOT_CONTEXT, request.headers) : undefined;
    const span = parent
      ? tracer().startSpan(
          `${request.method} ${route}`,
          {
            kind: SpanKind.SERVER,
            attributes: {
              'http.request.method': request.method,
              'http.route': route,
              // The log lines' reqId: from a log line to its trace and back.
              'verity.request_id': request.id,
            },
          },
          parent,
        )
      : undefined;
    reply.raw.once('close', () => {
      const status = reply.raw.statusCode;
      metrics.answered(
        request.method,
        route,
        status,
        Number(process.hrtime.bigint() - started) / 1e9,
      );
      if (!span) return;
      span.setAttribute('http.response.status_code', status);
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      if (!reply.raw.writableFinished) span.setAttribute('http.request.aborted', true);
      span.end();
    });
    if (!span || !parent) return done();
    const active = trace.setSpan(parent, span);
    // The body arrives in the request stream's events, outside this call. They keep the context
    // on Node 20 (the tracing test sends a late body); bound as OpenTelemetry's HTTP
    // instrumentation does, so that stays true whatever emits them.
    context.bind(active, request.raw);
    context.with(active, done);
  });
}
