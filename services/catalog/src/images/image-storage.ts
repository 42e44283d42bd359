import { randomUUID } from 'node:crypto';
import { access, link, mkdir, readdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PRODUCT_IMAGE_FOLDER as FOLDER } from '@shop/proto';

/** Where product images live. The local directory is the default; a bucket would implement the same. */
export interface ImageStorage {
  /**
   * Stores the bytes under a generated name and answers the public URL. A name made from a
   * picture's key stands for the same bytes whoever writes it, so finding it stored is success.
   */
  put(name: string, bytes: Buffer): Promise<string>;
  /** The bytes stored under a name, or null when there are none. */
  read(name: string): Promise<Buffer | null>;
  has(name: string): Promise<boolean>;
  /** The stored name behind a public URL, or null when the URL is not one of ours. */
  nameOf(url: string): string | null;
  /** Removes a stored name; false when it was not there. */
  remove(name: string): Promise<boolean>;
  /** Removes every name of a picture's key (its widths and its original); answers how many. */
  removeKey(key: string): Promise<number>;
}

export const IMAGE_STORAGE = Symbol('IMAGE_STORAGE');

const EXTENSION = '(jpg|png|webp|gif|avif)';
/** Names before issue 24: a random id, for the original and for its one web rendition. */
const UPLOAD_NAME = new RegExp(
  `^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(-web)?\\.${EXTENSION}$`,
);
/** A picture's widths (`<key>-<side>.webp` or `.avif`) and its original (`<key>.<ext>`), named by its content. */
const KEYED_NAME = new RegExp(`^[0-9a-f]{16}(-[1-9][0-9]{0,3}\\.(webp|avif)|\\.${EXTENSION})$`);

/** Only names this service generated can be addressed, so a URL can never reach outside the folder. */
const isStoredName = (name: string) => UPLOAD_NAME.test(name) || KEYED_NAME.test(name);

export class LocalImageStorage implements ImageStorage {
  private readonly dir: string;

  constructor(
    root: string,
    private readonly publicUrl: string,
  ) {
    this.dir = join(root, FOLDER);
  }

  /**
   * Written aside and linked into place, so a name is never seen half written, even after a crash:
   * a keyed name found stored is taken as done.
   */
  async put(name: string, bytes: Buffer): Promise<string> {
    if (!isStoredName(name)) throw new Error(`not a stored image name: ${name}`);
    await mkdir(this.dir, { recursive: true });
    const aside = join(this.dir, `.${randomUUID()}.part`);
    await writeFile(aside, bytes, { flag: 'wx' });
    try {
      await link(aside, join(this.dir, name));
    } catch (err) {
      if (err.code !== 'EEXIST' || !KEYED_NAME.test(name)) throw err;
    } finally {
      await unlink(aside);
    }
    return `${this.publicUrl.replace(/\/$/, '')}/${FOLDER}/${name}`;
  }

  async read(name: string): Promise<Buffer | null> {
    if (!isStoredName(name)) return null;
    try {
      return await readFile(join(this.dir, name));
    } catch (err) {
      if (err.code === 'ENOENT') return null;
      throw err;
    }
  }

  async has(name: string): Promise<boolean> {
    if (!isStoredName(name)) return false;
    try {
      await access(join(this.dir, name));
      return true;
    } catch {
      return false;
    }
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
    return isStoredName(name) ? name : null;
  }

  async remove(name: string): Promise<boolean> {
    if (!isStoredName(name)) return false;
    try {
      await unlink(join(this.dir, name));
      return true;
    } catch (err) {
      if (err.code === 'ENOENT') return false;
      throw err;
    }
  }

  async removeKey(key: string): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (err) {
      if (err.code === 'ENOENT') return 0;
      throw err;
    }
    const ofKey = names.filter(
      (n) => KEYED_NAME.test(n) && (n.startsWith(`${key}-`) || n.startsWith(`${key}.`)),
    );
    const removed = await Promise.all(ofKey.map((n) => this.remove(n)));
    return removed.filter(Boolean).length;
  }
}
