import { context, ROOT_CONTEXT, SpanStatusCode, trace } from '@opentelemetry/api';
import { BatchSpanProcessor, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { isServerFault, RpcError } from '../rpc/rpc-error';
import { flushTracing, registerTracer, tracingConfigured } from './start-tracing';
import { inSpan, SpanKind, traceContextOf, TracedSpan, traceHeaders, traceLogFields } from './trace-context';

const exporter = new InMemorySpanExporter();
/** Behind a batch that only a flush sends, as the OTLP exporter is. */
const batched = new InMemorySpanExporter();
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';
const CALLER = { traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-01` };

describe('trace context across messages', () => {
  beforeAll(() =>
    registerTracer('kit-spec', [
      new SimpleSpanProcessor(exporter),
      new BatchSpanProcessor(batched, { scheduledDelayMillis: 3_600_000 }),
    ]),
  );
  afterEach(() => exporter.reset());

  it('reads the caller trace from AMQP headers, as strings or as the Buffers amqplib may hand over', () => {
    for (const headers of [CALLER, { traceparent: Buffer.from(CALLER.traceparent), 'x-deadline': 5 }]) {
      expect(trace.getSpanContext(traceContextOf(headers))).toMatchObject({
        traceId: TRACE_ID,
        spanId: CALLER_SPAN,
      });
    }
  });

  it('finds no trace in headers without one', () => {
    expect(trace.getSpanContext(traceContextOf(undefined))).toBeUndefined();
    expect(trace.getSpanContext(traceContextOf({ traceparent: 'not-a-traceparent' }))).toBeUndefined();
  });

  it('writes nothing into headers outside any span', () => {
    expect(traceHeaders(ROOT_CONTEXT)).toEqual({});
  });

  it('runs work in a child span of the caller and hands the next hop that span as traceparent', async () => {
    let passedOn: Record<string, string> = {};
    const result = await inSpan(
      'order.create',
      { kind: SpanKind.SERVER, parent: traceContextOf(CALLER) },
      async (headers) => {
        passedOn = headers;
        expect(traceHeaders()).toEqual(headers);
        return 'done';
      },
    );
    expect(result).toBe('done');
    const [span] = exporter.getFinishedSpans();
    expect(span).toMatchObject({
      name: 'order.create',
      kind: SpanKind.SERVER,
      parentSpanContext: { spanId: CALLER_SPAN },
    });
    expect(span.spanContext().traceId).toBe(TRACE_ID);
    expect(passedOn).toEqual({ traceparent: `00-${TRACE_ID}-${span.spanContext().spanId}-01` });
  });

  it('marks a span failed for a server fault, not for an answer to a bad call', async () => {
    const options = { kind: SpanKind.CLIENT, parent: traceContextOf(CALLER), isFailure: isServerFault };
    await expect(
      inSpan('a', options, () => Promise.reject(RpcError.notFound('No such order'))),
    ).rejects.toThrow();
    await expect(inSpan('b', options, () => Promise.reject(RpcError.unavailable('down')))).rejects.toThrow();
    const [notFound, unavailable] = exporter.getFinishedSpans();
    expect(notFound.status.code).toBe(SpanStatusCode.UNSET);
    expect(unavailable.status.code).toBe(SpanStatusCode.ERROR);
  });

  it('names the active span in log fields, and nothing outside a span', () => {
    const span = new TracedSpan('event process', { kind: SpanKind.CONSUMER, parent: traceContextOf(CALLER) });
    expect(span.run(traceLogFields)).toEqual({ trace_id: TRACE_ID, span_id: span.span.spanContext().spanId });
    span.end();
    expect(context.with(ROOT_CONTEXT, traceLogFields)).toEqual({});
  });

  it('sends the spans still batched when the process shuts down', async () => {
    const span = new TracedSpan('last work', { kind: SpanKind.INTERNAL });
    span.end();
    expect(batched.getFinishedSpans().map((s) => s.name)).not.toContain('last work');
    await flushTracing();
    expect(batched.getFinishedSpans().map((s) => s.name)).toContain('last work');
  });
});

describe('tracingConfigured', () => {
  it('is off unless an OTLP endpoint is set, and when the SDK or the traces exporter is disabled', () => {
    expect(tracingConfigured({})).toBe(false);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(
      true,
    );
    expect(
      tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }),
    ).toBe(false);
    expect(
      tracingConfigured({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_TRACES_EXPORTER: 'none',
      }),
    ).toBe(false);
  });
});
