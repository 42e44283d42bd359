/** How an error travels over RPC: the gateway turns it into an HTTP response. */
export interface RpcErrorPayload {
  status: number;
  code: string;
  message: string;
  details?: FieldError[];
}

export interface FieldError {
  field: string;
  message: string;
}

/** The body every failed `/api` call answers with (the frontends rethrow exactly this). */
export interface ErrorBody {
  success: false;
  status: number;
  message: string;
  errors: FieldError[];
  /** Registration failures also carry `error` and `details` (storefront spec, section 5). */
  error?: string;
  details?: string[];
}

export const ERROR_CODES = {
  VALIDATION: 'VALIDATION_FAILED',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  TOO_MANY: 'TOO_MANY_REQUESTS',
  UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  TIMEOUT: 'TIMEOUT',
  INTERNAL: 'INTERNAL',
} as const;

export function isRpcErrorPayload(value: unknown): value is RpcErrorPayload {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as RpcErrorPayload).status === 'number' &&
    typeof (value as RpcErrorPayload).message === 'string'
  );
}
