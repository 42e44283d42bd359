import { Inject, Injectable } from '@nestjs/common';
import { RpcError, SERVICE_CONFIG } from '@shop/kit';
import {
  CART_MESSAGES as M,
  CartCustomization,
  CUSTOMIZATION_UPLOAD_FOLDER,
  CUSTOMIZATION_UPLOAD_MAX_BYTES,
  CustomizationUploadInput,
  CustomizationUploadReply,
  ERROR_CODES,
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

@Injectable()
export class UploadsService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(SERVICE_CONFIG) private readonly config: CartConfig,
  ) {}

  /** Stores an image a customer uploads for a customization, under a new name, and records it as theirs. */
  async create(userId: string, input: CustomizationUploadInput): Promise<CustomizationUploadReply> {
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
        userId,
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
   * Replaces each attached file that names an upload with what the cart recorded of it, so a line
   * can only carry the caller's own files, described truthfully. A file without an id (a guest
   * cart's description of a file it never uploaded) is kept as it came.
   */
  async resolveFiles<C extends CartCustomization>(
    m: EntityManager,
    userId: string,
    customizations: C[],
  ): Promise<C[]> {
    const ids = [
      ...new Set(
        customizations.flatMap((c) =>
          (c.uploadedFiles ?? []).map((f) => f.fileId).filter((id): id is string => !!id),
        ),
      ),
    ];
    if (ids.length === 0) return customizations;
    const rows = await m.findBy(CustomizationUploadEntity, { id: In(ids), userId });
    const byId = new Map(rows.map((r) => [r.id, r]));
    return customizations.map((c) => {
      if (!c.uploadedFiles?.length) return c;
      const uploadedFiles = c.uploadedFiles.map((file): UploadedFileView => {
        if (!file.fileId) return file;
        const row = byId.get(file.fileId);
        if (!row) throw RpcError.badRequest(M.fileNotFound);
        return this.view(row);
      });
      return normalizeCustomization({ ...c, uploadedFiles });
    });
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
