/** Where the server reaches the gateway when GATEWAY_URL is not set: the gateway `npm start` runs. */
const DEFAULT_GATEWAY_URL = 'http://127.0.0.1:8080';

/**
 * Where the server reaches the gateway (GATEWAY_URL), without a trailing slash: the route loaders'
 * API calls, the sitemap's catalog reads and the readiness probe go there.
 */
export function gatewayUrl(): string {
  return (process.env.GATEWAY_URL?.trim() || DEFAULT_GATEWAY_URL).replace(/\/+$/, '');
}
