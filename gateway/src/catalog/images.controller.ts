import {
  BadRequestException,
  Body,
  Controller,
  Delete,
  HttpCode,
  Post,
  Req,
  UseGuards,
} from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import { RpcCallOptions, RpcClient } from '@shop/kit';
import {
  CATALOG_MESSAGES as M,
  deleteImagesSchema,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_FILES,
  IMAGE_UPLOAD_FIELD,
  ImageUploadReply,
  RPC,
} from '@shop/proto';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AdminGuard } from '../auth/auth.guards';
import { Caller } from '../common/caller.decorator';
import { cleanFileName, multipartError, readWholeFile } from '../common/multipart';
import { ZodBody } from '../common/zod-body.pipe';

/**
 * Product images. The gateway only carries the bytes: the catalog decides from them whether a
 * file is an image, names it and stores it. Each file travels in its own RPC, so a message stays
 * within one file's size.
 */
@ApiTags('admin images')
@ApiBearerAuth()
@UseGuards(AdminGuard)
@Controller('api/admin')
export class ImagesController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('upload-images')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  async upload(@Req() req: FastifyRequest, @Caller() caller: RpcCallOptions) {
    const files = await this.readFiles(req);
    const urls: string[] = [];
    const created: string[] = [];
    try {
      for (const file of files) {
        const stored = await this.rpc.call<ImageUploadReply>(
          RPC.catalog.imageUpload,
          { filename: file.filename, data: file.bytes.toString('base64') },
          caller,
        );
        urls.push(stored.url);
        if (stored.created) created.push(stored.url);
      }
    } catch (err) {
      // All or nothing: images this request stored are removed again. A picture that was stored
      // before (the same bytes uploaded earlier) may be another form's, and stays.
      if (created.length)
        await this.rpc.call(RPC.catalog.imageDelete, { imageUrls: created }, caller).catch(() => undefined);
      throw err;
    }
    return { success: true, urls };
  }

  @Delete('delete-images')
  @HttpCode(200)
  remove(@Body(new ZodBody(deleteImagesSchema)) body: unknown, @Caller() caller: RpcCallOptions) {
    return this.rpc.call<{ success: true; deleted: number }>(RPC.catalog.imageDelete, body, caller);
  }

  private async readFiles(req: FastifyRequest): Promise<{ filename: string; bytes: Buffer }[]> {
    if (!req.isMultipart()) throw new BadRequestException(M.noImages);
    const files: { filename: string; bytes: Buffer }[] = [];
    try {
      const parts: AsyncIterable<MultipartFile> = req.files({
        limits: { fileSize: IMAGE_MAX_BYTES, files: IMAGE_MAX_FILES },
      });
      for await (const part of parts) {
        const bytes = await readWholeFile(part);
        if (part.fieldname === IMAGE_UPLOAD_FIELD)
          files.push({ filename: cleanFileName(part.filename), bytes });
      }
    } catch (err) {
      throw multipartError(err, { fileTooLarge: M.imageTooLarge, tooManyFiles: M.tooManyImages });
    }
    if (files.length === 0) throw new BadRequestException(M.noImages);
    return files;
  }
}
