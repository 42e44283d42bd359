import { Inject, Injectable } from '@nestjs/common';
import { derivedKey } from '@shop/kit';
import {
  CartCustomization,
  CartView,
  CUSTOMIZATION_FILE_NAME,
  CUSTOMIZATION_UPLOAD_FOLDER,
  isFileValue,
  OrderView,
  UploadedFileView,
} from '@shop/proto';
import { createHmac, KeyObject, timingSafeEqual } from 'node:crypto';
import { GATEWAY_CONFIG, GatewayConfig } from '../config/gateway-config';

/** Where the cart says a customization file is stored: the link its records and orders keep. */
const STORED_PREFIX = `/uploads/${CUSTOMIZATION_UPLOAD_FOLDER}/`;
/** Where the gateway shows one: under the cart's routes, which the guest cart cookie also reaches. */
export const ARTWORK_ROUTE = '/api/cart/uploads';
/**
 * A link opens for the rest of the hour it was made in and the next one: one link per file and
 * hour, so a browser's cache serves the same picture again, and none lasts past two hours.
 */
const LINK_HOURS = 3600;

/**
 * Short-lived signed links to customers' artwork. The cart and order services answer a cart or an
 * order only to its owner or to staff, naming each file by its stored link; the gateway turns
 * those (only where the contract puts a file: a design or a file option, which the cart vouched
 * for, never free text) into links that open for an hour or two, and serves a file only through
 * such a link (artwork.controller.ts). The key is derived from JWT_SECRET for this use alone.
 */
@Injectable()
export class ArtworkLinks {
  private readonly key: KeyObject;

  constructor(@Inject(GATEWAY_CONFIG) config: Pick<GatewayConfig, 'JWT_SECRET'>) {
    this.key = derivedKey(config.JWT_SECRET, 'shop artwork links');
  }

  /** The signed link to a stored file's link; anything else (a name, another site's address) is left as it is. */
  sign(stored: string, now = Date.now()): string {
    const file = fileOf(stored);
    if (!file) return stored;
    const expires = (Math.floor(now / 1000 / LINK_HOURS) + 2) * LINK_HOURS;
    return `${ARTWORK_ROUTE}/${file}?expires=${expires}&signature=${this.signature(file, expires)}`;
  }

  /** Seconds the link still opens for, or null when it is not one this gateway signed or it has expired. */
  secondsLeft(file: string, expires: unknown, signature: unknown, now = Date.now()): number | null {
    if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires) || typeof signature !== 'string') return null;
    const left = Number(expires) - Math.floor(now / 1000);
    if (left <= 0 || !CUSTOMIZATION_FILE_NAME.test(file)) return null;
    const expected = Buffer.from(this.signature(file, Number(expires)));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? left : null;
  }

  customization(customization: CartCustomization): CartCustomization {
    const { uploadedFiles, dynamicCustomizations } = customization;
    if (!uploadedFiles?.length && !dynamicCustomizations) return customization;
    return {
      ...customization,
      ...(uploadedFiles && { uploadedFiles: uploadedFiles.map((f) => this.file(f)) }),
      ...(dynamicCustomizations && {
        dynamicCustomizations: Object.fromEntries(
          Object.entries(dynamicCustomizations).map(([option, value]) => {
            if (!isFileValue(value) || typeof value.url !== 'string') return [option, value];
            const signed = this.file(value);
            // An image option's value is its link, shown as such.
            return [option, value.value === value.url ? { ...signed, value: signed.url } : signed];
          }),
        ),
      }),
    };
  }

  cart<C extends CartView>(cart: C): C {
    return { ...cart, items: cart.items.map((item) => ({ ...item, customization: this.customization(item.customization) })) };
  }

  order<O extends Pick<OrderView, 'products'>>(order: O): O {
    return {
      ...order,
      products: order.products.map((line) => ({ ...line, customization: this.customization(line.customization) })),
    };
  }

  private file<F extends UploadedFileView>(file: F): F {
    return typeof file.url === 'string' ? { ...file, url: this.sign(file.url) } : file;
  }

  private signature(file: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${file}\n${expires}`).digest('base64url');
  }
}

/** The stored file (`<fileId>.<ext>`) a link names, or null when it names none. */
function fileOf(link: string): string | null {
  if (!link.startsWith(STORED_PREFIX)) return null;
  const file = link.slice(STORED_PREFIX.length);
  return CUSTOMIZATION_FILE_NAME.test(file) ? file : null;
}
