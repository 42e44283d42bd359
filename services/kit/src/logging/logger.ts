import { LoggerService } from '@nestjs/common';
import pino, { Logger } from 'pino';
import { traceLogFields } from '../tracing/trace-context';
import { currentRequestId } from './request-context';

/** A service's JSON logger, to stdout unless given another `destination`. */
export function createLogger(
  service: string,
  level = process.env.LOG_LEVEL ?? 'info',
  destination?: pino.DestinationStream,
): Logger {
  return pino(
    {
      name: service,
      level,
      base: { service },
      timestamp: pino.stdTimeFunctions.isoTime,
      // The request id, and the trace and span ids when a span is active, join a log line to its trace.
      mixin: () => {
        const requestId = currentRequestId();
        return requestId ? { requestId, ...traceLogFields() } : traceLogFields();
      },
    },
    destination,
  );
}

/** Nest's logger interface over pino, so framework messages are structured too. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly pino: Logger) {}

  log(message: unknown, context?: string) {
    this.pino.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    if (message instanceof Error) this.pino.error({ context, err: message }, message.message);
    else this.pino.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.pino.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.pino.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.pino.trace({ context }, String(message));
  }
}
