import { createCipheriv, createDecipheriv, KeyObject, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Secrets kept encrypted at rest (the admins' authenticator secrets): AES-256-GCM under a key
 * derived from JWT_SECRET for this use alone, so a copy of the database or of a backup gives no
 * one the codes. Each is bound to its row (`boundTo`, the admin's id, as associated data): moved to
 * another row, it no longer opens. Rotating JWT_SECRET makes them unreadable: staff enrol again.
 */
export class SealedSecrets {
  constructor(private readonly key: KeyObject) {}

  seal(secret: string, boundTo: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(boundTo, 'utf8'));
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), sealed]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** The secret, or null when it was not sealed with this key for this row (or was altered). */
  open(stored: string, boundTo: string): string | null {
    const [version, iv, tag, sealed, ...rest] = stored.split('.');
    if (version !== VERSION || !iv || !tag || sealed === undefined || rest.length) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(boundTo, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      return null;
    }
  }
}
