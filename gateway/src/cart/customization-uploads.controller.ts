import { BadRequestException, Controller, Post, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import { RpcCallOptions, RpcClient } from '@shop/kit';
import {
  CART_MESSAGES as M,
  CUSTOMIZATION_UPLOAD_FIELD,
  CUSTOMIZATION_UPLOAD_MAX_BYTES,
  CustomizationUploadReply,
  RPC,
} from '@shop/proto';
import type { FastifyRequest } from 'fastify';
import { CustomerGuard } from '../auth/auth.guards';
import { Caller } from '../common/caller.decorator';
import { cleanFileName, multipartError } from '../common/multipart';

/**
 * A file a shopper attaches to a customization. The gateway reads at most 2 MB and carries the
 * bytes; the cart service decides from them whether the file is an image, and stores it.
 */
@ApiTags('cart')
@ApiBearerAuth()
@UseGuards(CustomerGuard)
@Controller('api/cart/uploads')
export class CustomizationUploadsController {
  constructor(private readonly rpc: RpcClient) {}

  @Post()
  @ApiConsumes('multipart/form-data')
  async upload(
    @Req() req: FastifyRequest,
    @Caller() caller: RpcCallOptions,
  ): Promise<CustomizationUploadReply & { success: true }> {
    const file = await this.readFile(req);
    const stored = await this.rpc.call<CustomizationUploadReply>(
      RPC.cart.uploadCreate,
      { filename: file.filename, data: file.bytes.toString('base64') },
      caller,
    );
    return { success: true, ...stored };
  }

  private async readFile(req: FastifyRequest): Promise<{ filename: string; bytes: Buffer }> {
    if (!req.isMultipart()) throw new BadRequestException(M.noFile);
    try {
      const file = await req.file({ limits: { fileSize: CUSTOMIZATION_UPLOAD_MAX_BYTES, files: 1 } });
      if (!file || file.fieldname !== CUSTOMIZATION_UPLOAD_FIELD) throw new BadRequestException(M.noFile);
      return { filename: cleanFileName(file.filename), bytes: await file.toBuffer() };
    } catch (err) {
      throw multipartError(err, { fileTooLarge: M.fileTooLarge });
    }
  }
}
