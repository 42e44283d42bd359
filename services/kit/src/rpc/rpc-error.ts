import { HttpException } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { ERROR_CODES, FieldError, isRpcErrorPayload, RpcErrorPayload } from '@shop/proto';

/** The one way a service reports a failure to its caller: status, code, message, details. */
export class RpcError extends RpcException {
  constructor(readonly payload: RpcErrorPayload) {
    super(payload);
  }

  static badRequest(message: string, details?: FieldError[]) {
    return new RpcError({ status: 400, code: ERROR_CODES.VALIDATION, message, details });
  }
  static unauthorized(message = 'Authentication required') {
    return new RpcError({ status: 401, code: ERROR_CODES.UNAUTHORIZED, message });
  }
  static forbidden(message = 'You do not have permission to do this') {
    return new RpcError({ status: 403, code: ERROR_CODES.FORBIDDEN, message });
  }
  static notFound(message: string) {
    return new RpcError({ status: 404, code: ERROR_CODES.NOT_FOUND, message });
  }
  static conflict(message: string, details?: FieldError[]) {
    return new RpcError({ status: 409, code: ERROR_CODES.CONFLICT, message, details });
  }
  static tooMany(message: string) {
    return new RpcError({ status: 429, code: ERROR_CODES.TOO_MANY, message });
  }
  static unavailable(message: string) {
    return new RpcError({ status: 503, code: ERROR_CODES.UNAVAILABLE, message });
  }
}

/** Turns anything thrown into the wire shape; unknown errors become a 500 without internals. */
export function toRpcErrorPayload(error: unknown): RpcErrorPayload {
  if (error instanceof RpcError) return error.payload;
  if (error instanceof HttpException) {
    const response = error.getResponse();
    const message = typeof response === 'string' ? response : ((response as { message?: string }).message ?? error.message);
    return { status: error.getStatus(), code: ERROR_CODES.INTERNAL, message: String(message) };
  }
  if (isRpcErrorPayload(error)) return error;
  return { status: 500, code: ERROR_CODES.INTERNAL, message: 'Internal server error' };
}

/** Whether an error is the service's fault (5xx) rather than an answer to a bad call (4xx). */
export function isServerFault(error: unknown): boolean {
  return toRpcErrorPayload(error).status >= 500;
}
