import { Controller, Get, Inject, NotFoundException, Param, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { RpcClient } from '@shop/kit';
import { CART_MESSAGES as M, CUSTOMIZATION_FILE_NAME, CUSTOMIZATION_UPLOAD_FOLDER, RPC } from '@shop/proto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config';
import { ArtworkLinks } from './artwork-links';
import { GuestCartCookie } from './guest-cart-cookie';

/** The image types the cart stores (it reads them from the bytes), by the extension it names them with. */
const IMAGE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  tiff: 'image/tiff',
  avif: 'image/avif',
  heic: 'image/heic',
  heif: 'image/heif',
};

/**
 * Customers' artwork, shown only to whom the cart or order it belongs to was shown: through a
 * signed link the gateway made when it relayed that cart or order (artwork-links.ts), or to the
 * visitor whose guest cart cookie holds the file (the cart service is asked). Anyone else, and an
 * expired or altered link, gets 404, whether the file exists or not. Product pictures stay public
 * under /uploads.
 */
@ApiExcludeController()
@Controller('api/cart/uploads')
export class ArtworkController {
  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly links: ArtworkLinks,
    private readonly guestCart: GuestCartCookie,
    private readonly rpc: RpcClient,
  ) {}

  @Get(':file')
  async show(
    @Param('file') file: string,
    @Query('expires') expires: unknown,
    @Query('signature') signature: unknown,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const name = CUSTOMIZATION_FILE_NAME.exec(file);
    const type = name && IMAGE_TYPES[name[2]];
    if (!type) throw new NotFoundException(M.fileNotFound);
    const secondsLeft = this.links.secondsLeft(file, expires, signature);
    // A link the browser may keep until it expires; the cookie's answer is asked again each time.
    const cacheControl =
      secondsLeft !== null ? `private, max-age=${secondsLeft}` : await this.guestCacheControl(req, file);
    const path = join(this.config.UPLOADS_DIR, CUSTOMIZATION_UPLOAD_FOLDER, file);
    const size = await stat(path).then(
      (s) => (s.isFile() ? s.size : null),
      () => null,
    );
    if (size === null) throw new NotFoundException(M.fileNotFound);
    return reply
      .header('content-type', type)
      .header('content-length', size)
      .header('cache-control', cacheControl)
      .header('x-content-type-options', 'nosniff')
      // The back office may be served from another origin than the API.
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(createReadStream(path));
  }

  /** The visitor's own upload, by the guest cart cookie; not found for anyone else. */
  private async guestCacheControl(req: FastifyRequest, file: string): Promise<string> {
    const guestCartId = this.guestCart.read(req);
    if (!guestCartId) throw new NotFoundException(M.fileNotFound);
    await this.rpc.call(RPC.cart.uploadGuestFile, { file, guestCartId }, { requestId: req.id, ip: req.ip });
    return 'private, no-cache';
  }
}
