import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { Writable } from 'node:stream';
import { registerTracer } from '../tracing/start-tracing';
import { SpanKind, traceContextOf, TracedSpan } from '../tracing/trace-context';
import { createLogger } from './logger';
import { requestContext } from './request-context';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';

function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { lines, logger: createLogger('order', 'info', destination) };
}

describe('log lines', () => {
  beforeAll(() => registerTracer('logger-spec', [new SimpleSpanProcessor(new InMemorySpanExporter())]));

  it('carry trace_id and span_id of the active span, beside the request id', () => {
    const { lines, logger } = capturedLogger();
    const span = new TracedSpan('order.create', {
      kind: SpanKind.SERVER,
      parent: traceContextOf({ traceparent: `00-${TRACE_ID}-00f067aa0ba902b7-01` }),
    });
    requestContext.run({ requestId: 'req-1' }, () => span.run(() => logger.info('order placed')));
    span.end();
    expect(lines[0]).toMatchObject({
      msg: 'order placed',
      requestId: 'req-1',
      trace_id: TRACE_ID,
      span_id: span.span.spanContext().spanId,
    });
  });

  it('carry no trace fields outside a span', () => {
    const { lines, logger } = capturedLogger();
    logger.info('started');
    expect(lines[0]).not.toHaveProperty('trace_id');
    expect(lines[0]).not.toHaveProperty('span_id');
  });
});
