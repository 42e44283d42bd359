import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Below this a compressed reply saves less than its headers and the CPU cost (issue 13). */
export const COMPRESS_MIN_BYTES = 1024;

export type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];

/**
 * One reply's bytes compressed in a single call. Brotli at quality 5 compresses a card page to
 * about the size quality 11 reaches, at a small fraction of its CPU; the size hint lets it size its
 * window to the reply instead of the 4 MB default.
 */
export function compressBytes(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipSync(body, { level: 6 });
}

/** The encoding to send `body` in: the client's preferred one of brotli and gzip, or none. */
export function replyEncoding(req: FastifyRequest, body: Buffer): Encoding | null {
  const accepted = req.headers['accept-encoding'];
  if (!accepted || body.length < COMPRESS_MIN_BYTES) return null;
  return (negotiate(accepted.toLowerCase(), ENCODINGS) as Encoding | undefined) ?? null;
}

/** Adds Accept-Encoding to the reply's Vary, keeping what is there. */
export function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (!vary) void reply.header('vary', 'accept-encoding');
  else if (!/accept-encoding/i.test(String(vary))) void reply.header('vary', `${String(vary)}, accept-encoding`);
}

/**
 * Compresses the API's JSON replies synchronously, in the onSend hook, before @fastify/compress
 * sees them: that plugin turns every reply into a zlib stream, and issue 13's checkout profile had
 * the gateway spend 10% of its CPU there (a stream per 2 KB order reply, some 250 µs each, against
 * 30 µs for one brotli call). @fastify/compress still handles streamed replies; one that already
 * has a Content-Encoding (this hook's, or a kept ReplyBytes) it leaves alone.
 */
export function compressJsonReplies(fastify: FastifyInstance): void {
  fastify.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding') || !String(reply.getHeader('content-type') ?? '').startsWith('application/json'))
      return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length < COMPRESS_MIN_BYTES) return payload;
    varyOnEncoding(reply);
    const encoding = replyEncoding(req, body);
    if (!encoding) return payload;
    void reply.header('content-encoding', encoding).removeHeader('content-length');
    return compressBytes(body, encoding);
  });
}
