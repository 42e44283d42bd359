import {
  context,
  propagation,
  ROOT_CONTEXT,
  Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import type { IncomingMessage, RequestListener } from 'node:http';
import { tracingActive } from './start-tracing';
import { traceHeaders, tracer } from './trace-context';

/** Probes and scrapes would bury the requests worth seeing. */
const UNTRACED = /^\/(health|metrics)(\/|\?|$)/;

const serverSpans = new WeakMap<IncomingMessage, Span>();

/**
 * Wraps an HTTP server's request listener so that each request runs in a server span: a child of
 * the caller's W3C `traceparent` when it sent one, else the root of a new trace. The response
 * carries the span's own `traceparent`, for the caller to find the trace. Everything the request
 * does (RPCs, log lines) runs in the span's context. A pass-through when tracing is off.
 */
export function traceHttpRequests(listener: RequestListener): RequestListener {
  if (!tracingActive()) return listener;
  return (req, res) => {
    if (UNTRACED.test(req.url ?? '/')) return listener(req, res);
    const parent = propagation.extract(ROOT_CONTEXT, req.headers);
    const span = tracer().startSpan(
      req.method ?? 'HTTP',
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method ?? '_OTHER' } },
      parent,
    );
    serverSpans.set(req, span);
    const ctx = trace.setSpan(parent, span);
    for (const [name, value] of Object.entries(traceHeaders(ctx))) res.setHeader(name, value);
    res.once('close', () => {
      span.setAttribute('http.response.status_code', res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    context.with(ctx, () => listener(req, res));
  };
}

/**
 * Names a request's server span by method and route template (`POST /api/orders/:id/cancel`),
 * once the router knows the route; never by the raw path, whose ids would make every name unique.
 */
export function nameHttpServerSpan(req: IncomingMessage, route: string | undefined): void {
  const span = serverSpans.get(req);
  if (!span || !route) return;
  span.updateName(`${req.method} ${route}`);
  span.setAttribute('http.route', route);
}
