import multipart from '@fastify/multipart';
import { PayloadTooLargeException } from '@nestjs/common';
import Fastify from 'fastify';
import { Readable } from 'node:stream';
import { multipartError, readWholeFile } from './multipart';

const LIMIT = 64 * 1024;
const BOUNDARY = 'shop-test-boundary';

/** A form with one file, sent in two chunks: the first ends exactly where the size limit does. */
function formSplitAtTheLimit(fileBytes: Buffer): Readable {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\n` +
      'Content-Type: image/png\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return Readable.from([
    Buffer.concat([head, fileBytes.subarray(0, LIMIT)]),
    Buffer.concat([fileBytes.subarray(LIMIT), tail]),
  ]);
}

describe('reading an uploaded file whole', () => {
  const app = Fastify();

  beforeAll(async () => {
    await app.register(multipart, { limits: { fileSize: LIMIT } });
    app.post('/upload', async (req, reply) => {
      try {
        const bytes = await readWholeFile((await req.file())!);
        return { size: bytes.length };
      } catch (err) {
        const refused = multipartError(err, { fileTooLarge: 'File size must be less than 2MB' });
        return reply.code(refused.getStatus()).send({ message: refused.message });
      }
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const send = (payload: Readable | Buffer) =>
    app.inject({
      method: 'POST',
      url: '/upload',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload,
    });

  it('refuses a file over the limit even when a chunk ends exactly at the limit', async () => {
    const fileBytes = Buffer.alloc(LIMIT + 1000, 'a');
    const reply = await send(formSplitAtTheLimit(fileBytes));
    expect(reply.statusCode).toBe(413);
    expect(reply.json()).toEqual({ message: 'File size must be less than 2MB' });
  });

  it('returns every byte of a file within the limit', async () => {
    const fileBytes = Buffer.alloc(LIMIT, 'b');
    const form = formSplitAtTheLimit(fileBytes);
    const reply = await send(form);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ size: LIMIT });
  });

  it('turns the limit into the spec message as a 413', () => {
    const err = multipartError({ code: 'FST_REQ_FILE_TOO_LARGE' }, { fileTooLarge: 'too big' });
    expect(err).toBeInstanceOf(PayloadTooLargeException);
    expect(err.message).toBe('too big');
  });
});
