import proxyAddr from '@fastify/proxy-addr';
import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Which proxies in front of the gateway may tell it the client's address (X-Forwarded-For), in the
 * forms Fastify's `trustProxy` takes: `false` trusts none, a number trusts that many hops counted
 * from the gateway, a list trusts those addresses and networks.
 */
export type TrustedProxies = false | number | string[];

/** proxy-addr's names for the private ranges a container network or cluster uses. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrNetwork(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * `TRUSTED_PROXIES`: unset or empty trusts no proxy (the socket's address is the client), a hop
 * count such as `1` takes the address that many entries from the right of X-Forwarded-For, and a
 * comma-separated list of IPs or CIDRs trusts exactly those proxies.
 */
export const trustedProxiesSchema = z
  .string()
  .default('')
  .transform((value, ctx): TrustedProxies => {
    const text = value.trim();
    if (!text) return false;
    if (/^\d+$/.test(text)) {
      const hops = Number(text);
      if (hops > 10)
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'must be a hop count of at most 10' });
      return hops === 0 ? false : hops;
    }
    const entries = text.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => !isAddressOrNetwork(e));
    if (bad.length)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: `must be a hop count or a comma-separated list of IPs or CIDRs; not understood: ${bad.map((e) => JSON.stringify(e)).join(', ')}`,
      });
    return entries;
  });

/** Whether the peer at `hop` (0: the one connected to the gateway) is a trusted proxy. */
export type TrustProxy = (address: string, hop: number) => boolean;

/**
 * TRUSTED_PROXIES as one function, the way Fastify reads it for the client's address, so the
 * address and the request id (request-context.ts) trust the same peers.
 */
export function trustProxy(trusted: TrustedProxies): TrustProxy {
  if (trusted === false) return () => false;
  if (typeof trusted === 'number') return (_address, hop) => hop < trusted;
  return proxyAddr.compile(trusted);
}
