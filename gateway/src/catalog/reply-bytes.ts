import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Below this a compressed reply saves less than its headers and the CPU cost (issue 13). */
export const COMPRESS_MIN_BYTES = 1024;

type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];

/**
 * A reply serialized once, with a strong ETag over its bytes, compressed on first demand per
 * encoding and kept with it: a cached list page is then sent to every shopper without being
 * serialized or compressed again. Brotli at quality 5 compresses a card page to about the size
 * quality 11 reaches, at a small fraction of its CPU.
 */
export class ReplyBytes {
  readonly etag: string;
  private readonly encoded = new Map<Encoding, Buffer>();

  constructor(readonly body: Buffer) {
    this.etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  }

  encodedAs(encoding: Encoding): Buffer {
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes =
        encoding === 'br'
          ? brotliCompressSync(this.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
          : gzipSync(this.body, { level: 6 });
      this.encoded.set(encoding, bytes);
    }
    return bytes;
  }
}

/** Whether the client's If-None-Match names this ETag (a list, or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/**
 * Sends kept bytes as JSON: 304 with no body when the client holds them already, else the
 * smallest encoding the client accepts. The gateway's compression hook leaves a reply that
 * already has a Content-Encoding alone.
 */
export function sendReplyBytes(
  req: FastifyRequest,
  reply: FastifyReply,
  bytes: ReplyBytes,
  cacheControl: string,
): FastifyReply {
  void reply.header('etag', bytes.etag).header('cache-control', cacheControl).header('vary', 'accept-encoding');
  if (matches(req.headers['if-none-match'], bytes.etag)) return reply.code(304).send();
  void reply.type('application/json; charset=utf-8');
  const accepted = req.headers['accept-encoding'];
  const encoding = accepted && bytes.body.length >= COMPRESS_MIN_BYTES ? negotiate(accepted, ENCODINGS) : null;
  if (!encoding) return reply.send(bytes.body);
  return reply.header('content-encoding', encoding).send(bytes.encodedAs(encoding));
}
