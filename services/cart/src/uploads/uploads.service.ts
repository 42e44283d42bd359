import { Inject, Injectable, Logger } from '@nestjs/common';
import { RpcError, SERVICE_CONFIG } from '@shop/kit';
import {
  CART_MESSAGES as M,
  CartCustomization,
  CUSTOMIZATION_FILE_NAME,
  CUSTOMIZATION_UPLOAD_FOLDER,
  CUSTOMIZATION_UPLOAD_MAX_BYTES,
  CustomizationUploadInput,
  CustomizationResolveInput,
  CustomizationResolveReply,
  CustomizationUploadReply,
  ERROR_CODES,
  GuestFileInput,
  isFileValue,
  normalizeCustomization,
  UploadedFileView,
} from '@shop/proto';
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DataSource, EntityManager, In } from 'typeorm';
import type { CartConfig } from '../config/cart-config';
import { detectImageType } from './image-type';
import { CustomizationUploadEntity } from './customization-upload.entity';
import { guestKeyOf, UploadOwner } from './upload-owner';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** What a file a client described without a name is called. */
const UNNAMED_FILE = 'Uploaded file';
/** Abandoned guest files deleted per statement, so one sweep never holds a long lock. */
const SWEEP_BATCH = 500;

@Injectable()
export class UploadsService {
  private readonly logger = new Logger(UploadsService.name);

  constructor(
    private readonly dataSource: DataSource,
    @Inject(SERVICE_CONFIG) private readonly config: CartConfig,
  ) {}

  /**
   * Stores an image a shopper uploads for a customization, under a new name, and records it as
   * the owner's: a customer's, or a visitor's guest cart's. Both pass the same checks.
   */
  async create(owner: UploadOwner, input: CustomizationUploadInput): Promise<CustomizationUploadReply> {
    const bytes = Buffer.from(input.data, 'base64');
    if (bytes.length === 0) throw RpcError.badRequest(M.noFile);
    if (bytes.length > CUSTOMIZATION_UPLOAD_MAX_BYTES)
      throw new RpcError({ status: 413, code: ERROR_CODES.VALIDATION, message: M.fileTooLarge });
    const type = detectImageType(bytes);
    if (!type) throw RpcError.badRequest(M.notAnImage);

    const id = randomUUID();
    const path = `${CUSTOMIZATION_UPLOAD_FOLDER}/${id}.${type.ext}`;
    const file = join(this.config.UPLOADS_DIR, path);
    await mkdir(join(this.config.UPLOADS_DIR, CUSTOMIZATION_UPLOAD_FOLDER), { recursive: true });
    await writeFile(file, bytes, { flag: 'wx' });
    try {
      const row = await this.dataSource.getRepository(CustomizationUploadEntity).save({
        id,
        userId: owner.userId,
        guestKey: owner.guestKey,
        name: input.filename,
        size: bytes.length,
        type: type.mime,
        path,
        createdAt: new Date(),
      });
      return this.view(row);
    } catch (err) {
      await rm(file, { force: true });
      throw err;
    }
  }

  /**
   * Rewrites each attached file from the cart's own record of it, so a line can only carry the
   * caller's files, described truthfully, with the link the cart builds: a link a client sends is
   * never kept. That holds for the uploaded designs and for an image or file option's value alike.
   * A file without an id (a note of a file never uploaded) keeps only its name. An id that is
   * unknown or another shopper's is refused with 'Uploaded file not found', the answer a shopper
   * can act on; `others: 'nameOnly'` keeps such a file as a name instead, for the merge that must
   * not lose what a guest chose.
   */
  async resolveFiles<C extends CartCustomization>(
    m: EntityManager,
    userId: string,
    customizations: C[],
    { others = 'refuse' }: { others?: 'refuse' | 'nameOnly' } = {},
  ): Promise<C[]> {
    const ids = [
      ...new Set(
        customizations.flatMap((c) =>
          [...(c.uploadedFiles ?? []), ...Object.values(c.dynamicCustomizations ?? {}).filter(isFileValue)]
            .map((f) => f.fileId)
            .filter((id): id is string => typeof id === 'string' && UUID.test(id)),
        ),
      ),
    ];
    const rows = ids.length ? await m.findBy(CustomizationUploadEntity, { id: In(ids), userId }) : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    const vouched = (file: UploadedFileView): UploadedFileView => {
      const row = typeof file.fileId === 'string' ? byId.get(file.fileId) : undefined;
      if (row) return this.view(row);
      if (file.fileId && others === 'refuse') throw RpcError.badRequest(M.fileNotFound);
      return { name: typeof file.name === 'string' && file.name ? file.name : UNNAMED_FILE };
    };
    return customizations.map((c) => {
      const options = Object.entries(c.dynamicCustomizations ?? {});
      if (!c.uploadedFiles?.length && !options.some(([, v]) => isFileValue(v))) return c;
      const uploadedFiles = c.uploadedFiles?.map(vouched);
      const dynamicCustomizations = c.dynamicCustomizations
        ? Object.fromEntries(
            options.map(([optionId, value]) => {
              if (!isFileValue(value)) return [optionId, value];
              // An image option's `value` is what prices it and what staff read: the link, or the name.
              const file = vouched(value);
              return [optionId, { ...file, value: file.url ?? file.name }];
            }),
          )
        : undefined;
      return normalizeCustomization({ ...c, uploadedFiles, dynamicCustomizations });
    });
  }

  /**
   * Moves what a visitor uploaded to the customer who just signed in, inside the merge's
   * transaction so the merged lines resolve the files as the customer's. Moving twice moves
   * nothing the second time.
   */
  async adoptGuestFiles(m: EntityManager, guestCartId: string, userId: string): Promise<number> {
    const moved = await m
      .createQueryBuilder()
      .update(CustomizationUploadEntity)
      .set({ userId, guestKey: null })
      .where('guest_key = :key', { key: guestKeyOf(guestCartId) })
      .execute();
    return moved.affected ?? 0;
  }

  /**
   * Deletes guest files older than `maxAgeSeconds` that no sign-in claimed: their rows, then their
   * bytes. Rows a merge is moving right now are skipped (SKIP LOCKED), so every replica may sweep.
   */
  async sweepAbandonedGuestFiles(maxAgeSeconds: number): Promise<number> {
    let swept = 0;
    for (;;) {
      // A SELECT around the DELETE: TypeORM answers a bare DELETE with [rows, count], not the rows.
      const rows: { path: string }[] = await this.dataSource.query(
        `WITH swept AS (
           DELETE FROM customization_uploads
            WHERE id IN (SELECT id FROM customization_uploads
                          WHERE guest_key IS NOT NULL AND created_at < now() - make_interval(secs => $1)
                          ORDER BY created_at
                          LIMIT ${SWEEP_BATCH}
                          FOR UPDATE SKIP LOCKED)
            RETURNING path)
         SELECT path FROM swept`,
        [maxAgeSeconds],
      );
      await Promise.all(rows.map((row) => this.removeStored(row.path)));
      swept += rows.length;
      if (rows.length < SWEEP_BATCH) return swept;
    }
  }

  /**
   * `cart.upload.guestFile`: the stored file (`<fileId>.<ext>`) when the visitor's guest cart holds
   * it, for the gateway to show a visitor their own upload; anyone else's is not found.
   */
  async guestFile(input: GuestFileInput): Promise<{ path: string; type: string }> {
    const [, id] = CUSTOMIZATION_FILE_NAME.exec(input.file)!;
    const row = await this.dataSource
      .getRepository(CustomizationUploadEntity)
      .findOneBy({ id, guestKey: guestKeyOf(input.guestCartId) });
    if (!row || row.path !== `${CUSTOMIZATION_UPLOAD_FOLDER}/${input.file}`) throw RpcError.notFound(M.fileNotFound);
    return { path: row.path, type: row.type };
  }

  /** `cart.upload.resolve`: what the order service may store of a customer's files. */
  async resolve(userId: string, input: CustomizationResolveInput): Promise<CustomizationResolveReply> {
    return {
      customizations: await this.resolveFiles(this.dataSource.manager, userId, input.customizations),
    };
  }

  private async removeStored(path: string): Promise<void> {
    try {
      await rm(join(this.config.UPLOADS_DIR, path), { force: true });
    } catch (err) {
      this.logger.warn(`could not delete the abandoned guest file ${path}: ${(err as Error).message}`);
    }
  }

  private view(row: CustomizationUploadEntity): CustomizationUploadReply {
    return {
      name: row.name,
      size: row.size,
      type: row.type,
      url: `${this.config.UPLOADS_PUBLIC_URL.replace(/\/$/, '')}/${row.path}`,
      fileId: row.id,
    };
  }
}
