import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { compressBytes, Encoding, replyEncoding, varyOnEncoding } from './json-compression';

/**
 * A reply serialized once, with a strong ETag over its bytes, compressed on first demand per
 * encoding and kept with it: a cached list page (JSON) or storefront page (HTML) is then sent to
 * every shopper without being serialized, rendered or compressed again.
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
      bytes = compressBytes(this.body, encoding);
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
 * Sends kept bytes (JSON unless `type` says otherwise): 304 with no body when the client holds
 * them already, else the smallest encoding the client accepts. The gateway's compression hook
 * leaves a reply that already has a Content-Encoding alone.
 */
export function sendReplyBytes(
  req: FastifyRequest,
  reply: FastifyReply,
  bytes: ReplyBytes,
  cacheControl: string,
  type = 'application/json; charset=utf-8',
): FastifyReply {
  void reply.header('etag', bytes.etag).header('cache-control', cacheControl);
  varyOnEncoding(reply);
  if (matches(req.headers['if-none-match'], bytes.etag)) return reply.code(304).send();
  void reply.type(type);
  const encoding = replyEncoding(req, bytes.body);
  if (!encoding) return reply.send(bytes.body);
  return reply.header('content-encoding', encoding).send(bytes.encodedAs(encoding));
}
