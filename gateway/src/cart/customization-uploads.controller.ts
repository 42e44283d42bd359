import { BadRequestException, Controller, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import { RpcCallOptions, RpcClient } from '@shop/kit';
import {
  CART_MESSAGES as M,
  CUSTOMIZATION_UPLOAD_FIELD,
  CUSTOMIZATION_UPLOAD_MAX_BYTES,
  CustomizationUploadInput,
  CustomizationUploadReply,
  RPC,
} from '@shop/proto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OptionalCustomerGuard } from '../auth/auth.guards';
import { Caller } from '../common/caller.decorator';
import { cleanFileName, multipartError, readWholeFile } from '../common/multipart';
import { ArtworkLinks } from './artwork-links';
import { GuestCartCookie } from './guest-cart-cookie';

/**
 * A file a shopper attaches to a customization. The gateway reads at most 2 MB and carries the
 * bytes; the cart service decides from them whether the file is an image, and stores it. A
 * customer's file is theirs; a visitor's is held by the guest cart its cookie names until sign-in.
 */
@ApiTags('cart')
@ApiBearerAuth()
@UseGuards(OptionalCustomerGuard)
@Controller('api/cart/uploads')
export class CustomizationUploadsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly guestCart: GuestCartCookie,
    private readonly artwork: ArtworkLinks,
  ) {}

  @Post()
  @ApiConsumes('multipart/form-data')
  async upload(
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Caller() caller: RpcCallOptions,
  ): Promise<CustomizationUploadReply & { success: true }> {
    const file = await this.readFile(req);
    const input: CustomizationUploadInput = { filename: file.filename, data: file.bytes.toString('base64') };
    if (!caller.actor) input.guestCartId = this.guestCart.issue(req, reply);
    const stored = await this.rpc.call<CustomizationUploadReply>(RPC.cart.uploadCreate, input, caller);
    return { success: true, ...stored, url: this.artwork.sign(stored.url) };
  }

  private async readFile(req: FastifyRequest): Promise<{ filename: string; bytes: Buffer }> {
    if (!req.isMultipart()) throw new BadRequestException(M.noFile);
    try {
      const file = await req.file({ limits: { fileSize: CUSTOMIZATION_UPLOAD_MAX_BYTES, files: 1 } });
      if (!file || file.fieldname !== CUSTOMIZATION_UPLOAD_FIELD) throw new BadRequestException(M.noFile);
      return { filename: cleanFileName(file.filename), bytes: await readWholeFile(file) };
    } catch (err) {
      throw multipartError(err, { fileTooLarge: M.fileTooLarge });
    }
  }
}
