import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import { RpcError, toRpcErrorPayload } from '@shop/kit';
import type { ErrorBody, FieldError } from '@shop/proto';
import type { FastifyReply } from 'fastify';
import { ValidationFailedException } from './zod-body.pipe';

export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a moment and try again.';

/** Every failed `/api` call answers `{success:false, status, message, errors}`. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  catch(exception: unknown, host: ArgumentsHost) {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const body = this.toBody(exception);
    if (body.status >= 500) this.logger.error(exception instanceof Error ? exception : String(exception));
    void reply.status(body.status).send(body);
  }

  private toBody(exception: unknown): ErrorBody {
    if (exception instanceof ValidationFailedException) return validationBody(exception.errors);
    if (exception instanceof ThrottlerException) return plain(429, TOO_MANY_REQUESTS);
    if (exception instanceof RpcError) {
      const { status, message, details } = exception.payload;
      return details?.length ? { ...validationBody(details), status, message } : plain(status, message);
    }
    if (exception instanceof HttpException) {
      const response = exception.getResponse();
      const message = typeof response === 'string' ? response : (response as { message?: unknown }).message;
      return plain(exception.getStatus(), Array.isArray(message) ? String(message[0]) : String(message ?? exception.message));
    }
    const payload = toRpcErrorPayload(exception);
    return plain(payload.status, payload.message);
  }
}

function plain(status: number, message: string): ErrorBody {
  return { success: false, status, message, errors: [] };
}

/** Validation failures also carry `error` and `details` (the storefront lists `details`). */
function validationBody(errors: FieldError[]): ErrorBody {
  const message = errors[0]?.message ?? 'Validation failed';
  return { success: false, status: 400, message, errors, error: message, details: errors.map((e) => e.message) };
}
