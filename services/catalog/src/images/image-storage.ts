import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PRODUCT_IMAGE_FOLDER as FOLDER } from '@shop/proto';

/** Where product images live. The local directory is the default; a bucket would implement the same. */
export interface ImageStorage {
  /** Stores the bytes under a generated name and answers the public URL. */
  put(name: string, bytes: Buffer): Promise<string>;
  /** The stored name behind a public URL, or null when the URL is not one of ours. */
  nameOf(url: string): string | null;
  /** Removes a stored name; false when it was not there. */
  remove(name: string): Promise<boolean>;
}

export const IMAGE_STORAGE = Symbol('IMAGE_STORAGE');

/** Only names this service generated can be addressed, so a URL can never reach outside the folder. */
const STORED_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(-web)?\.(jpg|png|webp|gif|avif)$/;

export class LocalImageStorage implements ImageStorage {
  private readonly dir: string;

  constructor(
    root: string,
    private readonly publicUrl: string,
  ) {
    this.dir = join(root, FOLDER);
  }

  async put(name: string, bytes: Buffer): Promise<string> {
    if (!STORED_NAME.test(name)) throw new Error(`not a stored image name: ${name}`);
    await mkdir(this.dir, { recursive: true });
    await writeFile(join(this.dir, name), bytes, { flag: 'wx' });
    return `${this.publicUrl.replace(/\/$/, '')}/${FOLDER}/${name}`;
  }

  nameOf(url: string): string | null {
    const prefix = `${this.publicUrl.replace(/\/$/, '')}/${FOLDER}/`;
    let path = url;
    if (/^https?:\/\//i.test(url) && !/^https?:\/\//i.test(prefix)) {
      try {
        path = new URL(url).pathname;
      } catch {
        return null;
      }
    }
    if (!path.startsWith(prefix)) return null;
    const name = path.slice(prefix.length);
    return STORED_NAME.test(name) ? name : null;
  }

  async remove(name: string): Promise<boolean> {
    if (!STORED_NAME.test(name)) return false;
    try {
      await unlink(join(this.dir, name));
      return true;
    } catch (err) {
      if (err.code === 'ENOENT') return false;
      throw err;
    }
  }
}
