import {
  Context,
  context,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  Span,
  SpanKind,
  SpanStatusCode,
  trace,
  Attributes,
} from '@opentelemetry/api';

/**
 * The shop's one tracer. Until startTracing has registered a provider it is the API's no-op one,
 * so every helper below costs next to nothing when tracing is off.
 */
export const tracer = () => trace.getTracer('shop');

/** A W3C trace context as it travels in message headers and in an outbox row. */
export type TraceCarrier = Record<string, string>;

/** The active trace context (`traceparent`, `tracestate`) for message headers; empty when nothing is traced. */
export function traceHeaders(ctx: Context = context.active()): TraceCarrier {
  const carrier: TraceCarrier = {};
  propagation.inject(ctx, carrier);
  return carrier;
}

/** The context a message's headers carry, for a span of its handling to continue. */
export function traceContextOf(headers: Record<string, unknown> | null | undefined): Context {
  const carrier: TraceCarrier = {};
  for (const [key, value] of Object.entries(headers ?? {})) {
    if (typeof value === 'string') carrier[key] = value;
    else if (Buffer.isBuffer(value)) carrier[key] = value.toString();
  }
  return propagation.extract(ROOT_CONTEXT, carrier);
}

/** `trace_id` and `span_id` of the active span, for a log line. */
export function traceLogFields(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return isSpanContextValid(span.spanContext()) ? { trace_id: traceId, span_id: spanId } : {};
}

/**
 * Ends a span with the outcome of the work it covered. An error the caller is answered with (a 4xx,
 * `failed` false) is the caller's mistake, not a failure of the traced work.
 */
export function endSpan(span: Span, error?: unknown, failed = true): void {
  if (error !== undefined && failed) {
    span.setStatus({
      code: SpanStatusCode.ERROR,
      message: error instanceof Error ? error.message : String(error),
    });
    if (error instanceof Error) span.recordException(error);
  }
  span.end();
}

export interface SpanOptions {
  kind: SpanKind;
  /** The context the span continues: the active one, or one carried in by a message. */
  parent?: Context;
  attributes?: Attributes;
  /** Whether an error thrown by the work is a failure of it; by default every error is. */
  isFailure?: (error: unknown) => boolean;
}

/** A started span with the context it makes: work run in it is traced as its child. */
export class TracedSpan {
  readonly span: Span;
  readonly context: Context;

  constructor(
    name: string,
    private readonly options: SpanOptions,
  ) {
    const parent = options.parent ?? context.active();
    this.span = tracer().startSpan(name, { kind: options.kind, attributes: options.attributes }, parent);
    this.context = trace.setSpan(parent, this.span);
  }

  /** The span's context as headers, to pass on to the next hop. */
  get headers(): TraceCarrier {
    return traceHeaders(this.context);
  }

  run<T>(fn: () => T): T {
    return context.with(this.context, fn);
  }

  end(error?: unknown): void {
    endSpan(this.span, error, error !== undefined && (this.options.isFailure?.(error) ?? true));
  }
}

/**
 * Runs `fn` in a new span and ends it when `fn` settles. `fn` receives the span's context as
 * headers, to pass on to the next hop.
 */
export async function inSpan<T>(
  name: string,
  options: SpanOptions,
  fn: (headers: TraceCarrier) => Promise<T>,
): Promise<T> {
  const traced = new TracedSpan(name, options);
  try {
    const result = await traced.run(() => fn(traced.headers));
    traced.end();
    return result;
  } catch (err) {
    traced.end(err);
    throw err;
  }
}

export { SpanKind };
