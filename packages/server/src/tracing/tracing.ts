import {
  DiagLogLevel,
  SpanKind,
  SpanStatusCode,
  context,
  diag,
  propagation,
  trace,
  type DiagLogger,
  type Attributes,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { logToStderr } from '../logging/jsonLine.js';

/** The service's name in every trace (OpenTelemetry's service.name). */
export const SERVICE_NAME = 'verity';

export interface Tracing {
  /** Exports what is still buffered and unregisters: tracing stops for the process. */
  shutdown(): Promise<void>;
}

// Whether this process exports traces; everything below is skipped (no spans made) otherwise.
let active = false;

export function tracingActive(): boolean {
  return active;
}

/** The tracer every span of Verity is made with (the API's no-op one while tracing is off). */
export const tracer = (): Tracer => trace.getTracer(SERVICE_NAME);

/** OpenTelemetry's own warnings (a collector that cannot be reached, say) as JSON log lines. */
const toLog = (level: 'warn' | 'error') => (message: string) =>
  logToStderr(level, 'opentelemetry', { source: 'opentelemetry', detail: message });
const quiet = () => undefined;
const jsonDiagLogger: DiagLogger = {
  error: toLog('error'),
  warn: toLog('warn'),
  info: quiet,
  debug: quiet,
  verbose: quiet,
};

/**
 * Starts exporting traces as OTLP over HTTP/JSON to the collector at `endpoint` (its base
 * address: spans go to `/v1/traces`, as OTEL_EXPORTER_OTLP_ENDPOINT means), with W3C trace
 * context propagation and an async-local context, so a database query knows its request.
 * OpenTelemetry's API is process-wide: one app context per process may trace.
 */
export function startTracing(endpoint: string): Tracing {
  if (active) throw new Error('Tracing is already started in this process.');
  const provider = new TracerProvider({
    resource: defaultResource().merge(resourceFromAttributes({ 'service.name': SERVICE_NAME })),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` }),
      }),
    ],
  });
  diag.setLogger(jsonDiagLogger, DiagLogLevel.WARN);
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  active = true;
  return {
    async shutdown() {
      try {
        await provider.shutdown();
      } finally {
        trace.disable();
        propagation.disable();
        context.disable();
        diag.disable();
        active = false;
      }
    },
  };
}

/** Marks a span failed, naming the error's type only (a message may carry request data). */
export function failSpan(span: Span, error: unknown): void {
  span.setStatus({
    code: SpanStatusCode.ERROR,
    message: error instanceof Error ? error.name : 'error',
  });
}

/** A provider call's span attributes: which provider, and its host (never the path or body). */
export function providerSpan(provider: string, url: string): Attributes {
  return { 'verity.provider': provider, 'server.address': new URL(url).host };
}

/**
 * Runs `work` in a client span (an outgoing call to a provider: SMS, e-mail, bank, address
 * lookup) that is a child of the current request's span; just runs it when tracing is off.
 * Attributes name the provider and operation, never what is sent.
 */
export async function inClientSpan<T>(
  name: string,
  attributes: Attributes,
  work: () => Promise<T>,
): Promise<T> {
  if (!active) return work();
  return tracer().startActiveSpan(name, { kind: SpanKind.CLIENT, attributes }, async (span) => {
    try {
      return await work();
    } catch (error) {
      failSpan(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}
