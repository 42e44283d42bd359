import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import {
  defaultResource,
  detectResources,
  envDetector,
  resourceFromAttributes,
} from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider, SpanProcessor } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

type Env = Record<string, string | undefined>;

/**
 * Tracing is on when an OTLP endpoint is configured, the standard way (`OTEL_EXPORTER_OTLP_ENDPOINT`
 * or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`), unless `OTEL_SDK_DISABLED=true` or
 * `OTEL_TRACES_EXPORTER=none` says otherwise.
 */
export function tracingConfigured(env: Env = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  if (env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() === 'none') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim());
}

let provider: NodeTracerProvider | undefined;

/** Whether this process records spans (startTracing or registerTracer ran). */
export const tracingActive = (): boolean => provider !== undefined;

/**
 * Registers a tracer provider for `service` with the W3C trace-context propagator and an
 * AsyncLocalStorage context manager. `OTEL_SERVICE_NAME` and `OTEL_RESOURCE_ATTRIBUTES` override
 * the resource; `OTEL_TRACES_SAMPLER` chooses the sampler (parent-based, always on by default).
 */
export function registerTracer(service: string, spanProcessors: SpanProcessor[]): NodeTracerProvider {
  const resource = defaultResource()
    .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: service }))
    .merge(detectResources({ detectors: [envDetector] }));
  provider = new NodeTracerProvider({ resource, spanProcessors });
  provider.register({ propagator: new W3CTraceContextPropagator() });
  return provider;
}

/**
 * Starts tracing for a process, first thing in its `main.ts`: the pg instrumentation hooks `pg`
 * only if it is loaded after this. Off (nothing registered, the API stays a no-op) unless
 * `tracingConfigured`. Spans go in batches to the OTLP/HTTP endpoint of the `OTEL_EXPORTER_OTLP_*`
 * variables (`OTEL_BSP_*` tune the batches).
 */
export function startTracing(service: string, env: Env = process.env): boolean {
  if (provider || !tracingConfigured(env)) return false;
  registerTracer(service, [new BatchSpanProcessor(new OTLPTraceExporter())]);
  // Queries outside any traced work (the outbox relay's polling) would each make a trace of their
  // own; taking a pooled connection is not worth a span of its own.
  registerInstrumentations({
    instrumentations: [new PgInstrumentation({ requireParentSpan: true, ignoreConnectSpans: true })],
  });
  return true;
}

/** How long the spans still batched may take to leave at shutdown, within the close budget. */
const FLUSH_BUDGET_MS = 2_000;

/** Sends the spans still batched, at shutdown, after the last work was drained; bounded, never throws. */
export async function flushTracing(): Promise<void> {
  if (!provider) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    provider.forceFlush().catch(() => undefined),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, FLUSH_BUDGET_MS))),
  ]);
  clearTimeout(timer);
}
