/**
 * A reply already serialized as JSON. A handler that returns one (`JsonReply.of(value)`) has its
 * value written into the reply as it is; a caller that only forwards the reply
 * (`RpcClient.callJson`) gets those bytes without parsing them, while `RpcClient.call`, and any
 * plain Nest client, reads an ordinary reply.
 *
 * Issue 13's profiles: the gateway parsed every catalog list page and serialized it again to send
 * it on, and the catalog serialized a kept answer again on every hit. `of` serializes an object
 * once for as long as it lives, so an answer the catalog keeps in its read cache is serialized once.
 */
export class JsonReply {
  private static readonly serialized = new WeakMap<object, JsonReply>();

  private constructor(readonly bytes: Buffer) {}

  static of(value: unknown): JsonReply {
    if (typeof value !== 'object' || value === null) return new JsonReply(Buffer.from(JSON.stringify(value)));
    let reply = JsonReply.serialized.get(value);
    if (!reply) {
      reply = new JsonReply(Buffer.from(JSON.stringify(value)));
      JsonReply.serialized.set(value, reply);
    }
    return reply;
  }

  static fromBytes(bytes: Buffer): JsonReply {
    return new JsonReply(bytes);
  }

  /** The value, for a caller that reads it. */
  parse<T>(): T {
    return JSON.parse(this.bytes.toString()) as T;
  }
}

/**
 * The reply message's layout when the response is a JsonReply: the packet's other fields, with
 * the response's length first, then the response itself, last and untouched. It is still one JSON
 * document, so a client that knows nothing of this reads it as usual.
 */
const LENGTH_KEY = '{"responseBytes":';
const RESPONSE_KEY = Buffer.from(',"response":');
const CLOSE = Buffer.from('}');

/** The content of a reply message (a Nest packet: `id`, `err`, `response`, `isDisposed`). */
export function replyContent(packet: { response?: unknown }): Buffer {
  const { response, ...rest } = packet;
  if (!(response instanceof JsonReply)) return Buffer.from(JSON.stringify(packet));
  const head = JSON.stringify({ responseBytes: response.bytes.length, ...rest });
  return Buffer.concat([Buffer.from(head.slice(0, -1)), RESPONSE_KEY, response.bytes, CLOSE]);
}

/** A reply message written by replyContent with a JsonReply, as its packet; undefined for any other. */
export function readReplyContent(content: Buffer): { response: JsonReply } | undefined {
  if (content.length <= LENGTH_KEY.length || content.toString('latin1', 0, LENGTH_KEY.length) !== LENGTH_KEY)
    return undefined;
  const length = parseInt(content.toString('latin1', LENGTH_KEY.length, LENGTH_KEY.length + 16), 10);
  const start = content.length - CLOSE.length - length;
  const headEnd = start - RESPONSE_KEY.length;
  if (
    !(length >= 0) ||
    headEnd <= LENGTH_KEY.length ||
    !content.subarray(headEnd, start).equals(RESPONSE_KEY)
  )
    return undefined;
  const head = JSON.parse(`${content.toString('utf8', 0, headEnd)}}`) as Record<string, unknown>;
  delete head.responseBytes;
  return { ...head, response: JsonReply.fromBytes(Buffer.from(content.subarray(start, start + length))) };
}
