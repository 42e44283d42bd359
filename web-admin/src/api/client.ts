import { createLogger } from '@shop/web-kit/logger';
import {
  browserEnvironment,
  createClientBridge,
  createRequestClient,
  type RequestEnvironment,
} from '@shop/web-kit/request';

// Screens take the failure helpers from their client, beside the calls that reject with them.
export { failureMessage, isApiFailure, TOKEN_STORAGE_KEYS, type ApiFailure } from '@shop/web-kit/request';

/** A refused sign-in is wrong credentials, not an expired session: the form shows the reason. */
function isSignInCall(url: string | undefined): boolean {
  return /^\/?admin2009\/login(?:[/?#]|$)/.test(url ?? '');
}

/**
 * A refused sign-out means the session had already ended (Sign out of all devices ends this one
 * too): there is nothing left to end, and the caller signs out locally.
 */
function isSignOutCall(url: string | undefined): boolean {
  return /^\/?admin2009\/logout(?:[?#]|$)/.test(url ?? '');
}

/** The back office's client: the gateway's API at /api, in whatever browser `env` stands for. */
export function createApiClient(env: Omit<RequestEnvironment, 'baseURL' | 'leavesToCaller'>) {
  return createRequestClient({
    ...env,
    baseURL: '/api',
    leavesToCaller: (status, url) => status === 401 && (isSignInCall(url) || isSignOutCall(url)),
  });
}

/**
 * The app's single client. The router and the session plug their handlers in at start-up
 * (see ApiBridge); until then navigation is a full page load.
 */
export const clientBridge = createClientBridge();

export const api = createApiClient({
  ...browserEnvironment(clientBridge),
  logger: createLogger('admin:api'),
});
