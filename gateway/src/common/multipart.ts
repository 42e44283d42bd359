import type { MultipartFile } from '@fastify/multipart';
import { BadRequestException, HttpException, PayloadTooLargeException } from '@nestjs/common';

/** What a shopper or admin sees when the form data itself is broken (no boundary, cut off, ...). */
export const UNREADABLE_UPLOAD = 'The upload could not be read. Please choose the file again.';

/**
 * Turns an error met while reading a multipart body into the client's 4xx: a broken body is the
 * sender's fault, never the gateway's. Size limits keep their own messages.
 */
export function multipartError(
  err: unknown,
  messages: { fileTooLarge: string; tooManyFiles?: string },
): HttpException {
  if (err instanceof HttpException) return err;
  const code = (err as { code?: unknown })?.code;
  if (code === FILE_TOO_LARGE) return new PayloadTooLargeException(messages.fileTooLarge);
  if (code === 'FST_FILES_LIMIT' && messages.tooManyFiles)
    return new PayloadTooLargeException(messages.tooManyFiles);
  return new BadRequestException(UNREADABLE_UPLOAD);
}

const FILE_TOO_LARGE = 'FST_REQ_FILE_TOO_LARGE';

/**
 * The whole of a sent file, or the size limit's error. @fastify/multipart's toBuffer() looks at the
 * limit only when a chunk arrives; when a chunk ends exactly at the limit, busboy marks the file
 * truncated and pushes nothing more, so toBuffer() returns the first bytes as if they were all.
 * The stream's own mark is what holds every time.
 */
export async function readWholeFile(part: MultipartFile): Promise<Buffer> {
  const bytes = await part.toBuffer();
  if (part.file.truncated) throw Object.assign(new Error('request file too large'), { code: FILE_TOO_LARGE });
  return bytes;
}

// C0 controls, DEL and C1 controls: a NUL cannot be stored by PostgreSQL, the others forge log lines and headers.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;

/** A sent file name as the services may store it: control characters removed, trimmed. */
export const cleanFileName = (name: string): string => name.replace(CONTROL_CHARACTERS, '').trim();
