import type { ErrorBody, FieldError } from '../errors';

/** Set by a browser client when no server answer lies behind a failure. */
export type ClientFailureCode = 'NETWORK_ERROR' | 'REQUEST_ERROR' | 'CANCELLED';

/**
 * What every failed `/api` call rejects with in the web apps: the one error shape, read from the
 * server's body or made by the client itself (storefront and back-office specs, section 8).
 */
export interface ApiFailure extends ErrorBody {
  code?: ClientFailureCode;
}

/** Texts of the failures a client makes; both specs (section 8) fix `fallback` and `network`. */
export const FAILURE_MESSAGES = {
  fallback: 'An error occurred',
  network: 'Network error. Please check your connection.',
  cancelled: 'Request cancelled',
} as const;

export function isApiFailure(value: unknown): value is ApiFailure {
  return typeof value === 'object' && value !== null && (value as ApiFailure).success === false;
}

/**
 * Reads whatever body an error response carried into the one error shape: the message from
 * `message`, else `error`, else the fallback; registration's `error` and `details` pass on.
 */
export function failureFromResponse(status: number, data: unknown): ApiFailure {
  const body: Partial<Record<keyof ErrorBody, unknown>> =
    typeof data === 'object' && data !== null ? (data as Partial<Record<keyof ErrorBody, unknown>>) : {};
  const failure: ApiFailure = {
    success: false,
    status,
    message: text(body.message) ?? text(body.error) ?? FAILURE_MESSAGES.fallback,
    errors: Array.isArray(body.errors) ? (body.errors as FieldError[]) : [],
  };
  const error = text(body.error);
  if (error) failure.error = error;
  if (Array.isArray(body.details)) failure.details = body.details.map(String);
  return failure;
}

/** A blank string says nothing, so the next source of the message is used instead. */
function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value : undefined;
}

/** No answer came back: the connection was lost or the call timed out. */
export function networkFailure(): ApiFailure {
  return { success: false, status: 0, code: 'NETWORK_ERROR', message: FAILURE_MESSAGES.network, errors: [] };
}

/** The request could not be set up, so it never left; what went wrong is the message. */
export function requestFailure(cause: unknown): ApiFailure {
  const message = cause instanceof Error && cause.message ? cause.message : FAILURE_MESSAGES.fallback;
  return { success: false, status: 0, code: 'REQUEST_ERROR', message, errors: [] };
}

/** The caller withdrew the request (a newer search replaced it, the screen closed). */
export function cancelledFailure(): ApiFailure {
  return { success: false, status: 0, code: 'CANCELLED', message: FAILURE_MESSAGES.cancelled, errors: [] };
}

/**
 * The message a screen shows for a failure: the server's own text, else the screen's default
 * (e.g. 'Login failed'). A failure the client made itself shows the default too: its text is
 * about the connection, which the client has already alerted or logged.
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (!isApiFailure(error) || error.code) return fallback;
  return error.message && error.message !== FAILURE_MESSAGES.fallback ? error.message : fallback;
}
