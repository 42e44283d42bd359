import proxyAddr from '@fastify/proxy-addr';
import { trustedProxiesSchema, trustProxy } from '../../../gateway/src/config/trusted-proxies';

/**
 * The client address the gateway reads (Fastify's `request.ip`, with the gateway's own trust
 * function) for a request from the peer `socket` carrying `forwardedFor`, under the TRUSTED_PROXIES
 * a deployment gives it.
 */
export function gatewayClientAddress(trustedProxies: string, socket: string, forwardedFor?: string): string {
  const request = {
    socket: { remoteAddress: socket },
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  };
  return proxyAddr(request as never, trustProxy(trustedProxiesSchema.parse(trustedProxies)));
}

/**
 * The ways a request reaches the gateway in a deployment: from the edge proxy (the Compose proxy,
 * the ingress controller) directly, or through the storefront server rendering a page, which adds
 * its peer, the edge proxy, to X-Forwarded-For. Each names the shopper, who also tried to pass
 * an address of their choosing.
 */
export function waysIn(addresses: { edge: string; storefront: string; loadBalancer: string }) {
  const shopper = '203.0.113.7';
  const forged = '198.51.100.99';
  return {
    shopper,
    ways: {
      'from the edge proxy': [addresses.edge, shopper],
      'from the storefront server': [addresses.storefront, `${shopper}, ${addresses.edge}`],
      'with a forged header, from the edge proxy': [addresses.edge, `${forged}, ${shopper}`],
      'with a forged header, from the storefront server': [
        addresses.storefront,
        `${forged}, ${shopper}, ${addresses.edge}`,
      ],
      'behind a load balancer, from the storefront server': [
        addresses.storefront,
        `${shopper}, ${addresses.loadBalancer}, ${addresses.edge}`,
      ],
    } as Record<string, [string, string]>,
  };
}
