import {
  browserEnvironment,
  createClientBridge,
  createRequestClient,
  serverEnvironment,
  type ClientBridge,
  type RequestEnvironment,
} from '@shop/web-kit/request';
import { createLogger } from '@shop/web-kit/logger';
import { API_BASE } from './catalogPaths';
import { gatewayUrl } from './gateway';

// Screens take the request helpers from their client, beside the calls that reject with them.
export {
  alreadyAnnounced,
  CLIENT_MESSAGES,
  connectionProblem,
  CUSTOMER_LOGIN_EXPIRED,
  failureMessage,
  isApiFailure,
  type ApiFailure,
} from '@shop/web-kit/request';

/** Browser storage keys (storefront spec, section 9), and the promo code the cart applied. */
export const STORAGE_KEYS = {
  token: 'token',
  adminToken: 'adminToken',
  user: 'user',
  cart: 'cart',
  promo: 'promo',
} as const;

/** The browser's idea of the connection; a server is always online (Node 20 has no navigator). */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine;
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
 * The 401s and 403s the storefront's screens explain themselves: a refused sign-in (wrong
 * credentials, a deactivated account), and a lapsed session on the cart or at sign-out.
 */
export function leavesToCaller(status: 401 | 403, url: string | undefined): boolean {
  return isSignInCall(url) || (status === 401 && (isCartCall(url) || isSignOutCall(url)));
}

/**
 * On the server, the headers of the page request a call is made for (X-Forwarded-For and its
 * kin, so the gateway's limits and logs see the shopper): plugged in by server/main.ts.
 */
export const serverBridge: { forwardedHeaders?: () => Record<string, string> | undefined } = {};

/** The router and the session plug their handlers in at start-up (components/Layout.tsx). */
export const clientBridge: ClientBridge = createClientBridge();

const logger = createLogger('api');

/**
 * The app's single client. On the server, where the route loaders make the calls the pages make in
 * the browser, it reaches the gateway (GATEWAY_URL) as a signed-out visitor, on behalf of the page
 * request being rendered.
 */
export const api = import.meta.env.SSR ? serverClient() : browserClient();

function browserClient() {
  return createStorefrontClient({ ...browserEnvironment(clientBridge), logger });
}

/** The page's client in a given browser: the page's own /api, with the guest cart's cookie. */
export function createStorefrontClient(
  browser: Omit<RequestEnvironment, 'baseURL' | 'withCredentials' | 'leavesToCaller'>,
) {
  return createRequestClient({ baseURL: API_BASE, withCredentials: true, ...browser, leavesToCaller });
}

function serverClient() {
  const client = createRequestClient({
    baseURL: `${gatewayUrl()}${API_BASE}`,
    ...serverEnvironment(logger),
    leavesToCaller,
  });
  client.interceptors.request.use(
    (config) => {
      for (const [name, value] of Object.entries(serverBridge.forwardedHeaders?.() ?? {}))
        config.headers.set(name, value);
      return config;
    },
    undefined,
    { synchronous: true },
  );
  return client;
}
