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
import { API_BASE } from './catalogPaths';
import { gatewayUrl } from './gateway';

// Screens take the failure helpers from their client, beside the calls that reject with them.
export { isApiFailure, type ApiFailure } from '@shop/proto';

/** Browser storage keys (storefront spec, section 9), and the promo code the cart applied. */
export const STORAGE_KEYS = {
  token: 'token',
  adminToken: 'adminToken',
  user: 'user',
  cart: 'cart',
  promo: 'promo',
} as const;

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

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * The screen explains a 403 in its own words (an order of someone else's, spec section 8)
     * instead of leaving for /403.
     */
    showsForbidden?: boolean;
  }
}

/**
 * The message a screen shows for a failure: the server's own text, else the screen's default
 * (e.g. 'Failed to load products. Please try again later.'). When no answer came at all, the
 * screen says what the connection is doing, so a shopper who is offline reads that rather than a
 * default that blames the shop.
 */
export function failureMessage(error: unknown, fallback: string): string {
  return connectionProblem(error) ?? serverOrDefaultMessage(error, fallback);
}

/** What the connection is doing, for a failure that got no answer at all; null for any other. */
export function connectionProblem(error: unknown): string | null {
  if (!isApiFailure(error) || error.code !== 'NETWORK_ERROR') return null;
  return isOnline() ? CLIENT_MESSAGES.unreachable : CLIENT_MESSAGES.offline;
}

/** The browser's idea of the connection; a server is always online (Node 20 has no navigator). */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine;
}

/**
 * True when the client has already told the shopper about this failure (its own alert for a lost
 * connection, 429 or a server error), so a screen need not alert a second time.
 */
export function alreadyAnnounced(error: unknown): boolean {
  if (!isApiFailure(error)) return false;
  return error.code === 'NETWORK_ERROR' || error.code === 'CANCELLED' || ANNOUNCED_STATUSES.has(error.status);
}

const ANNOUNCED_STATUSES = new Set([429, 500, 502, 503]);

export interface ClientEnvironment {
  /** Moves the browser to a path (the app wires this to the router). */
  navigate(path: string): void;
  alert(message: string): void;
  isOnline(): boolean;
  storage: Pick<Storage, 'getItem' | 'removeItem'>;
  logger: Logger;
  /** Told after a 401 cleared a token, so in-memory session state follows storage. */
  onSessionExpired?(scope: TokenScope): void;
}

export type TokenScope = 'customer' | 'admin';

/** Requests whose path contains "admin" carry the admin token; all others the customer's. */
export function tokenScopeFor(url: string | undefined): TokenScope {
  return (url ?? '').includes('admin') ? 'admin' : 'customer';
}

function tokenKey(scope: TokenScope) {
  return scope === 'admin' ? STORAGE_KEYS.adminToken : STORAGE_KEYS.token;
}

/** Cart calls never log the shopper out: a guest cart keeps working when a session lapses. */
export function isCartCall(url: string | undefined): boolean {
  return /^\/?cart(?:[/?#]|$)/.test(url ?? '');
}

/** A refused sign-in is wrong credentials, not an expired session: the form shows the reason. */
export function isSignInCall(url: string | undefined): boolean {
  return /^\/?(?:auth\/login|auth\/register|admin2009\/login)(?:[/?#]|$)/.test(url ?? '');
}

/** A refused sign-out means the session had already ended: there is nothing left to end. */
export function isSignOutCall(url: string | undefined): boolean {
  return /^\/?auth\/logout(?:[/?#]|$)/.test(url ?? '');
}

/**
 * The API's address: the page's own `/api` in the browser, the gateway's on the server, where the
 * route loaders make the same calls the pages make in the browser.
 */
export function apiBaseUrl(): string {
  return import.meta.env.SSR ? `${gatewayUrl()}${API_BASE}` : API_BASE;
}

/**
 * On the server, the headers of the page request a call is made for (X-Forwarded-For and its
 * kin, so the gateway's limits and logs see the shopper): plugged in by server/main.ts.
 */
export const serverBridge: { forwardedHeaders?: () => Record<string, string> | undefined } = {};

export function createApiClient(env: ClientEnvironment): AxiosInstance {
  const client = axios.create({
    baseURL: apiBaseUrl(),
    timeout: REQUEST_TIMEOUT_MS,
    withCredentials: true,
    headers: { 'Content-Type': 'application/json' },
  });

  // Synchronous, so a request leaves when it is made: asynchronous interceptors put it behind the
  // first render, which held the boot preload's catalog request back ~250 ms (bench/web-store).
  client.interceptors.request.use(
    (config: InternalAxiosRequestConfig) => {
      const token = env.storage.getItem(tokenKey(tokenScopeFor(config.url)));
      if (token) config.headers.set('Authorization', `Bearer ${token}`);
      if (import.meta.env.SSR)
        for (const [name, value] of Object.entries(serverBridge.forwardedHeaders?.() ?? {}))
          config.headers.set(name, value);
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
    const url = axiosError?.config?.url;
    if (axiosError?.response) {
      const { status, data } = axiosError.response;
      const failure = failureFromResponse(status, data);
      reactToStatus(status, url, failure, axiosError.config?.showsForbidden === true);
      return failure;
    }
    if (axiosError?.request) {
      const offline = !env.isOnline();
      env.logger.warn(
        `No response for ${axiosError.config?.method?.toUpperCase() ?? 'GET'} ${url ?? ''}`,
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
    url: string | undefined,
    failure: ApiFailure,
    showsForbidden: boolean,
  ) {
    switch (status) {
      case 401: {
        if (isCartCall(url) || isSignInCall(url) || isSignOutCall(url)) {
          env.logger.warn(`Request ${url ?? ''} failed with 401`, failure.message);
          return;
        }
        const scope = tokenScopeFor(url);
        env.storage.removeItem(tokenKey(scope));
        // Navigate before the session state changes: a signed-in page reacting to the lost user
        // would otherwise redirect to a plain /login and the expiry message would never show.
        env.navigate(scope === 'admin' ? ADMIN_LOGIN_EXPIRED : CUSTOMER_LOGIN_EXPIRED);
        env.onSessionExpired?.(scope);
        return;
      }
      case 403:
        // A refused sign-in (a deactivated account) is explained by the form, not the /403 page.
        if (showsForbidden || isSignInCall(url))
          env.logger.warn(`Request ${url ?? ''} failed with 403`, failure.message);
        else env.navigate(FORBIDDEN_PATH);
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
 * (see ApiBridge); until then navigation falls back to a full page load.
 */
export const clientBridge: Pick<ClientEnvironment, 'navigate' | 'onSessionExpired'> = {
  navigate: (path) => window.location.assign(path),
};

const logger = createLogger('api');

/** The server holds no session: its calls are a visitor's, and it has no one to alert. */
const noStorage: ClientEnvironment['storage'] = { getItem: () => null, removeItem: () => undefined };

export const api = createApiClient({
  navigate: (path) => clientBridge.navigate(path),
  onSessionExpired: (scope) => clientBridge.onSessionExpired?.(scope),
  alert: (message) => (typeof window === 'undefined' ? logger.warn(message) : window.alert(message)),
  isOnline,
  // Read when a call is made, not when this module loads: the server has no localStorage.
  storage: {
    getItem: (key) => (typeof localStorage === 'undefined' ? noStorage : localStorage).getItem(key),
    removeItem: (key) => (typeof localStorage === 'undefined' ? noStorage : localStorage).removeItem(key),
  },
  logger,
});
