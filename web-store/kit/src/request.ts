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
import type { Logger } from './logger';

/**
 * The request handling both apps share, in the browser and on the server: JSON under the gateway's
 * `/api`, the token for the call's scope, and one reaction per failure (sign-in again on a 401, /403,
 * an alert for 429, server errors and a lost connection), each rejecting with the gateway's
 * `{success:false, status, message, errors}`. Everything the browser provides (storage, alerts,
 * navigation, the connection) is handed in, so nothing here reads a browser global when it loads.
 */

export { isApiFailure, type ApiFailure } from '@shop/proto';

export const REQUEST_TIMEOUT_MS = 30_000;

export const CLIENT_MESSAGES = {
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  serverError: 'Server error. Please try again later.',
  unreachable: 'Unable to connect to server. Please check your internet connection and try again.',
  offline: 'You appear to be offline. Please check your internet connection.',
} as const;

export const CUSTOMER_LOGIN_EXPIRED = '/login?session=expired';
export const ADMIN_LOGIN_EXPIRED = '/admin2009/login?session=expired';
export const FORBIDDEN_PATH = '/403';

export type TokenScope = 'customer' | 'admin';

/** Where the browser keeps each scope's token (storefront and back-office specs, section 9). */
export const TOKEN_STORAGE_KEYS: Record<TokenScope, string> = { customer: 'token', admin: 'adminToken' };

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * Overrides the path rule for staff-only calls whose path lacks "admin" (the customization
     * library's writes, deleting a review): the gateway opens those only to the admin token.
     */
    tokenScope?: TokenScope;
    /**
     * The screen explains a 403 in its own words (an order of someone else's, storefront spec
     * section 8) instead of leaving for /403.
     */
    showsForbidden?: boolean;
  }
}

/** Where a client finds the token it sends: the browser's storage, or nothing on the server. */
export interface TokenSource {
  get(scope: TokenScope): string | null;
  /** Forgets a token the gateway refused. */
  clear(scope: TokenScope): void;
}

export interface RequestEnvironment {
  /** Where the gateway's API is: `/api` in the browser, the gateway's own address on the server. */
  baseURL: string;
  /** Sends cookies with each call (the storefront's guest cart). */
  withCredentials?: boolean;
  tokens: TokenSource;
  /** Moves the page to a path (the app wires this to its router). */
  navigate(path: string): void;
  alert(message: string): void;
  isOnline(): boolean;
  logger: Logger;
  /** Told after a 401 cleared a token, so the in-memory session follows. */
  onSessionExpired?(scope: TokenScope): void;
  /**
   * A 401 or 403 that the calling screen explains itself (a refused sign-in is wrong credentials,
   * not an expired session): the client only logs it, and leaves the session and the page alone.
   */
  leavesToCaller?(status: 401 | 403, url: string | undefined): boolean;
}

/** Requests whose path contains "admin" carry the admin token; all others the customer's. */
export function tokenScopeFor(url: string | undefined): TokenScope {
  return (url ?? '').includes('admin') ? 'admin' : 'customer';
}

function scopeOf(config: { url?: string; tokenScope?: TokenScope } | undefined): TokenScope {
  return config?.tokenScope ?? tokenScopeFor(config?.url);
}

/** The browser's word on the connection; a server, which has no `navigator.onLine`, is online. */
function browserSaysOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** What the connection is doing, for a failure that got no answer at all; null for any other. */
export function connectionProblem(error: unknown): string | null {
  if (!isApiFailure(error) || error.code !== 'NETWORK_ERROR') return null;
  return browserSaysOnline() ? CLIENT_MESSAGES.unreachable : CLIENT_MESSAGES.offline;
}

/**
 * The message a screen shows for a failure: the server's own text, else the screen's default. When
 * no answer came at all, the screen says what the connection is doing instead, so someone offline
 * reads that rather than a default that blames the shop.
 */
export function failureMessage(error: unknown, fallback: string): string {
  return connectionProblem(error) ?? serverOrDefaultMessage(error, fallback);
}

const ANNOUNCED_STATUSES = new Set([429, 500, 502, 503]);

/**
 * True when the client has already told the person about this failure (its own alert for a lost
 * connection, 429 or a server error), so a screen need not alert a second time.
 */
export function alreadyAnnounced(error: unknown): boolean {
  if (!isApiFailure(error)) return false;
  return error.code === 'NETWORK_ERROR' || error.code === 'CANCELLED' || ANNOUNCED_STATUSES.has(error.status);
}

export function createRequestClient(env: RequestEnvironment): AxiosInstance {
  const client = axios.create({
    baseURL: env.baseURL,
    timeout: REQUEST_TIMEOUT_MS,
    withCredentials: env.withCredentials ?? false,
    headers: { 'Content-Type': 'application/json' },
  });

  // Synchronous, so a request leaves when it is made: asynchronous interceptors put it behind the
  // first render, which held the storefront's first catalog request back ~250 ms (bench/web-store).
  client.interceptors.request.use(
    (config: InternalAxiosRequestConfig) => {
      const token = env.tokens.get(scopeOf(config));
      if (token) config.headers.set('Authorization', `Bearer ${token}`);
      return config;
    },
    undefined,
    { synchronous: true },
  );

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
      env.logger.warn(
        `No response for ${config?.method?.toUpperCase() ?? 'GET'} ${config?.url ?? ''}`,
        axiosError.code,
      );
      env.alert(env.isOnline() ? CLIENT_MESSAGES.unreachable : CLIENT_MESSAGES.offline);
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
    const leftToCaller = () => env.logger.warn(`Request ${url ?? ''} failed with ${status}`, failure.message);
    switch (status) {
      case 401: {
        if (env.leavesToCaller?.(401, url)) return leftToCaller();
        const scope = scopeOf(config);
        env.tokens.clear(scope);
        // Navigate before the session state changes: a signed-in page reacting to the lost session
        // would otherwise redirect to a plain login page and the expiry message would never show.
        env.navigate(scope === 'admin' ? ADMIN_LOGIN_EXPIRED : CUSTOMER_LOGIN_EXPIRED);
        env.onSessionExpired?.(scope);
        return;
      }
      case 403:
        if (config?.showsForbidden || env.leavesToCaller?.(403, url)) return leftToCaller();
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
        leftToCaller();
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

/** FileReader where there is one (jsdom, where the component tests run, lacks Blob.text()). */
function readBlobText(blob: Blob): Promise<string> {
  if (typeof FileReader === 'undefined') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The response could not be read'));
    reader.readAsText(blob);
  });
}

/** The side of the client the router and the session fill in once the app has started. */
export interface ClientBridge {
  navigate(path: string): void;
  onSessionExpired?(scope: TokenScope): void;
}

/** Until the router takes over, navigation is a full page load. */
export function createClientBridge(): ClientBridge {
  return { navigate: (path) => window.location.assign(path) };
}

/**
 * A browser page's environment: the tokens in localStorage, window.alert, navigator.onLine and the
 * bridge's navigation. Each reads the browser only when a request needs it.
 */
export function browserEnvironment(bridge: ClientBridge): Omit<RequestEnvironment, 'baseURL' | 'logger'> {
  return {
    tokens: {
      get: (scope) => localStorage.getItem(TOKEN_STORAGE_KEYS[scope]),
      clear: (scope) => localStorage.removeItem(TOKEN_STORAGE_KEYS[scope]),
    },
    navigate: (path) => bridge.navigate(path),
    onSessionExpired: (scope) => bridge.onSessionExpired?.(scope),
    alert: (message) => window.alert(message),
    isOnline: () => navigator.onLine,
  };
}

/**
 * The server's environment: it renders every page signed out, so it sends no token, and it has no
 * page to move or alert. A failure only rejects, for the loader to answer with the right status.
 */
export function serverEnvironment(logger: Logger): Omit<RequestEnvironment, 'baseURL'> {
  return {
    tokens: { get: () => null, clear: () => undefined },
    navigate: (path) => logger.warn(`A server-side request asked to go to ${path}`),
    alert: (message) => logger.warn(message),
    isOnline: () => true,
    logger,
  };
}
