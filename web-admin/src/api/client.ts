import axios, { AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import {
  cancelledFailure,
  failureFromResponse,
  failureMessage as serverOrDefaultMessage,
  isApiFailure,
  networkFailure,
  requestFailure,
  type ApiFailure,
} from '@shop/proto';
import { createLogger, type Logger } from '../lib/logger';

// Screens take the failure helpers from their client, beside the calls that reject with them.
export { isApiFailure, type ApiFailure } from '@shop/proto';

/** Browser storage keys (back-office spec, section 9; the customer's from the storefront spec). */
export const STORAGE_KEYS = { token: 'token', adminToken: 'adminToken' } as const;

export const REQUEST_TIMEOUT_MS = 30_000;

export const CLIENT_MESSAGES = {
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  serverError: 'Server error. Please try again later.',
  unreachable: 'Unable to connect to server. Please check your internet connection and try again.',
  offline: 'You appear to be offline. Please check your internet connection.',
} as const;

/**
 * The message a screen shows for a failure: the server's own text, else the screen's default. When
 * no answer came at all, the screen says what the connection is doing instead.
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (isApiFailure(error) && error.code === 'NETWORK_ERROR')
    return navigator.onLine ? CLIENT_MESSAGES.unreachable : CLIENT_MESSAGES.offline;
  return serverOrDefaultMessage(error, fallback);
}

export const ADMIN_LOGIN_EXPIRED = '/admin2009/login?session=expired';
export const CUSTOMER_LOGIN_EXPIRED = '/login?session=expired';
export const FORBIDDEN_PATH = '/403';

export type TokenScope = 'customer' | 'admin';

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * Overrides the path rule for staff-only calls whose path lacks "admin" (the customization
     * library's writes, deleting a review): the gateway opens those only to the admin token.
     */
    tokenScope?: TokenScope;
  }
}

export interface ClientEnvironment {
  /** Moves the browser to a path (the app wires this to the router). */
  navigate(path: string): void;
  alert(message: string): void;
  isOnline(): boolean;
  storage: Pick<Storage, 'getItem' | 'removeItem'>;
  logger: Logger;
  /** Told after a 401 cleared a token, so the in-memory session follows storage. */
  onSessionExpired?(scope: TokenScope): void;
}

/** Requests whose path contains "admin" carry the admin token; all others the customer's. */
export function tokenScopeFor(url: string | undefined): TokenScope {
  return (url ?? '').includes('admin') ? 'admin' : 'customer';
}

function scopeOf(config: { url?: string; tokenScope?: TokenScope } | undefined): TokenScope {
  return config?.tokenScope ?? tokenScopeFor(config?.url);
}

function tokenKey(scope: TokenScope) {
  return scope === 'admin' ? STORAGE_KEYS.adminToken : STORAGE_KEYS.token;
}

/** A refused sign-in is wrong credentials, not an expired session: the form shows the reason. */
export function isSignInCall(url: string | undefined): boolean {
  return /^\/?admin2009\/login(?:[/?#]|$)/.test(url ?? '');
}

/**
 * A refused sign-out means the session had already ended (Sign out of all devices ends this one
 * too): there is nothing left to end, and the caller signs out locally.
 */
export function isSignOutCall(url: string | undefined): boolean {
  return /^\/?admin2009\/logout(?:[?#]|$)/.test(url ?? '');
}

export function createApiClient(env: ClientEnvironment): AxiosInstance {
  const client = axios.create({
    baseURL: '/api',
    timeout: REQUEST_TIMEOUT_MS,
    headers: { 'Content-Type': 'application/json' },
  });

  client.interceptors.request.use((config: InternalAxiosRequestConfig) => {
    const token = env.storage.getItem(tokenKey(scopeOf(config)));
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });

  client.interceptors.response.use(undefined, async (error: unknown) => {
    throw handleFailure(await withReadableBody(error));
  });

  function handleFailure(error: unknown): ApiFailure {
    if (axios.isCancel(error)) return cancelledFailure();
    const axiosError = error instanceof AxiosError ? error : undefined;
    const config = axiosError?.config;
    if (axiosError?.response) {
      const { status, data } = axiosError.response;
      const failure = failureFromResponse(status, data);
      reactToStatus(status, config, failure);
      return failure;
    }
    if (axiosError?.request) {
      const offline = !env.isOnline();
      env.logger.warn(
        `No response for ${config?.method?.toUpperCase() ?? 'GET'} ${config?.url ?? ''}`,
        axiosError.code,
      );
      env.alert(offline ? CLIENT_MESSAGES.offline : CLIENT_MESSAGES.unreachable);
      return networkFailure();
    }
    env.logger.error('Could not send the request', error);
    return requestFailure(error);
  }

  function reactToStatus(
    status: number,
    config: InternalAxiosRequestConfig | undefined,
    failure: ApiFailure,
  ) {
    const url = config?.url;
    switch (status) {
      case 401: {
        if (isSignInCall(url)) {
          env.logger.warn(`Sign-in refused with 401`, failure.message);
          return;
        }
        if (isSignOutCall(url)) return;
        const scope = scopeOf(config);
        env.storage.removeItem(tokenKey(scope));
        // Navigate before the session state changes: the layout reacting to the lost admin would
        // otherwise redirect to a plain login page and the expiry message would never show.
        env.navigate(scope === 'admin' ? ADMIN_LOGIN_EXPIRED : CUSTOMER_LOGIN_EXPIRED);
        env.onSessionExpired?.(scope);
        return;
      }
      case 403:
        env.navigate(FORBIDDEN_PATH);
        return;
      case 429:
        env.alert(CLIENT_MESSAGES.tooManyRequests);
        return;
      case 500:
      case 502:
      case 503:
        env.alert(CLIENT_MESSAGES.serverError);
        return;
      default:
        env.logger.warn(`Request ${url ?? ''} failed with ${status}`, failure.message);
    }
  }

  return client;
}

/**
 * A file download (`responseType: 'blob'`) that fails still answers the usual JSON error, but as a
 * Blob: it is read back into JSON so the failure carries the server's message ('Document not found').
 */
async function withReadableBody(error: unknown): Promise<unknown> {
  const response = error instanceof AxiosError ? error.response : undefined;
  if (!response || !(response.data instanceof Blob)) return error;
  try {
    response.data = JSON.parse(await readBlobText(response.data)) as unknown;
  } catch {
    response.data = {};
  }
  return error;
}

/** FileReader, which every browser has; jsdom, where the component tests run, lacks Blob.text(). */
function readBlobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The response could not be read'));
    reader.readAsText(blob);
  });
}

/**
 * The app's single client. The router and the session plug their handlers in at start-up
 * (see ApiBridge); until then navigation is a full page load.
 */
export const clientBridge: Pick<ClientEnvironment, 'navigate' | 'onSessionExpired'> = {
  navigate: (path) => window.location.assign(path),
};

export const api = createApiClient({
  navigate: (path) => clientBridge.navigate(path),
  onSessionExpired: (scope) => clientBridge.onSessionExpired?.(scope),
  alert: (message) => window.alert(message),
  isOnline: () => navigator.onLine,
  storage: window.localStorage,
  logger: createLogger('api'),
});
