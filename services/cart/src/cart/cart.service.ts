import { Injectable } from '@nestjs/common';
import { EventPublisher, RpcCallOptions, RpcClient, RpcError } from '@shop/kit';
import {
  CART_MAX_LINES,
  CART_MAX_QUANTITY,
  CART_MESSAGES as M,
  CartAddInput,
  CartClearedEvent,
  CartCustomization,
  CartMergeRpcInput,
  CartMergeReply,
  CartMergeSkipped,
  CartPromoInput,
  CartPromoReply,
  CartView,
  CATALOG_MESSAGES,
  customizationKey,
  EVENTS,
  outOfStockMessage,
  productUnavailableMessage,
  PromoCheckReply,
  PromoCheckRequest,
  RPC,
  toRupees,
} from '@shop/proto';
import { createHash } from 'node:crypto';
import { DataSource, EntityManager, In } from 'typeorm';
import { CartProductEntity } from '../products/cart-product.entity';
import { ShippingSettingsService } from '../settings/shipping-settings.service';
import { UploadsService } from '../uploads/uploads.service';
import { CartLineEntity } from './cart-line.entity';
import { LineWithProduct, priceCart, PricedCart } from './cart-view';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The stored identity of a customization: a fixed-width digest of its canonical form. */
const keyOf = (customization: CartCustomization) =>
  createHash('sha256').update(customizationKey(customization)).digest('hex');

interface LineRow {
  id: string;
  product_id: string;
  quantity: number;
  added_at: Date;
  customization: CartCustomization;
  name: string;
  brand: LineWithProduct['product']['brand'];
  price_paise: number;
  image: string | null;
  stock: number;
  allows_image_upload: boolean;
  available_sizes: string[];
  options: LineWithProduct['product']['options'];
  deleted: boolean;
}

@Injectable()
export class CartService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventPublisher,
    private readonly shipping: ShippingSettingsService,
    private readonly uploads: UploadsService,
    private readonly rpc: RpcClient,
  ) {}

  async get(userId: string): Promise<CartView> {
    return (await this.priced(this.dataSource.manager, userId)).view;
  }

  /** Adds units to the line of this product and customization, or starts one; never beyond the stock. */
  async add(userId: string, input: CartAddInput): Promise<CartView> {
    return this.dataSource.transaction(async (m) => {
      const product = await m.findOneBy(CartProductEntity, { id: input.productId });
      if (!product || product.deleted)
        throw RpcError.notFound(
          product ? productUnavailableMessage(product.name) : CATALOG_MESSAGES.productNotFound,
        );
      const [customization] = await this.uploads.resolveFiles(m, userId, [input.customization]);
      const line = await this.upsertLine(m, userId, product.id, customization, input.quantity);
      if (line.quantity > product.stock)
        throw RpcError.badRequest(outOfStockMessage(product.name, product.stock));
      if (line.quantity > CART_MAX_QUANTITY) throw RpcError.badRequest(M.quantityTooLarge);
      if (line.inserted) await this.checkLineCount(m, userId);
      return (await this.priced(m, userId)).view;
    });
  }

  /** Sets a line's quantity; zero or below removes it (storefront spec, section 4). */
  async setQuantity(userId: string, itemId: string, quantity: number): Promise<CartView> {
    return this.dataSource.transaction(async (m) => {
      const line = await this.ownLine(m, userId, itemId);
      if (quantity <= 0) {
        await m.delete(CartLineEntity, { id: line.id });
      } else {
        const product = await m.findOneByOrFail(CartProductEntity, { id: line.productId });
        if (product.deleted) throw RpcError.notFound(productUnavailableMessage(product.name));
        if (quantity > product.stock)
          throw RpcError.badRequest(outOfStockMessage(product.name, product.stock));
        await m.update(CartLineEntity, { id: line.id }, { quantity, updatedAt: new Date() });
      }
      return (await this.priced(m, userId)).view;
    });
  }

  async remove(userId: string, itemId: string): Promise<CartView> {
    return this.dataSource.transaction(async (m) => {
      const line = await this.ownLine(m, userId, itemId);
      await m.delete(CartLineEntity, { id: line.id });
      return (await this.priced(m, userId)).view;
    });
  }

  async clear(userId: string): Promise<CartView> {
    return this.dataSource.transaction(async (m) => {
      await this.clearIn(m, userId, 'customer', null);
      return (await this.priced(m, userId)).view;
    });
  }

  /** Empties a cart inside the caller's transaction and tells the shop so. */
  async clearIn(
    m: EntityManager,
    userId: string,
    reason: CartClearedEvent['reason'],
    orderId: string | null,
  ): Promise<void> {
    const deleted = await m.delete(CartLineEntity, { userId });
    await this.events.publish<CartClearedEvent>(m, EVENTS.cartCleared, {
      userId,
      reason,
      orderId,
      lineCount: deleted.affected ?? 0,
      clearedAt: new Date().toISOString(),
    });
  }

  /**
   * Merges a guest cart in one transaction: identical lines add their quantities, and nothing the
   * guest chose is lost. A line over the stock, or of a product deleted since, is kept and says so;
   * only a product the shop never had is skipped, and reported. The files the visitor uploaded
   * become the customer's first, so the merged lines keep their artwork.
   */
  async merge(userId: string, input: CartMergeRpcInput): Promise<Omit<CartMergeReply, 'success'>> {
    return this.dataSource.transaction(async (m) => {
      if (input.guestCartId) await this.uploads.adoptGuestFiles(m, input.guestCartId, userId);
      const ids = [...new Set(input.items.map((i) => i.productId))];
      const known = new Set(
        (await m.find(CartProductEntity, { select: { id: true }, where: { id: In(ids) } })).map((p) => p.id),
      );
      const customizations = await this.uploads.resolveFiles(
        m,
        userId,
        input.items.map((i) => i.customization),
        { others: 'nameOnly' },
      );
      const skipped: CartMergeSkipped[] = [];
      let inserted = false;
      for (const [index, item] of input.items.entries()) {
        if (!known.has(item.productId)) {
          skipped.push({ productId: item.productId, reason: CATALOG_MESSAGES.productNotFound });
          continue;
        }
        inserted =
          (
            await this.upsertLine(m, userId, item.productId, customizations[index], item.quantity, {
              capped: true,
            })
          ).inserted || inserted;
      }
      if (inserted) await this.checkLineCount(m, userId);
      return { cart: (await this.priced(m, userId)).view, skipped };
    });
  }

  /**
   * What a promo code takes off a cart now: the customer's, or (for a visitor, `userId` null) the
   * guest cart sent along, priced the same way. The order service owns coupons and decides.
   */
  async promo(
    userId: string | null,
    { code, items = [] }: CartPromoInput,
    caller: RpcCallOptions,
  ): Promise<Omit<CartPromoReply, 'success'>> {
    const m = this.dataSource.manager;
    const { subtotalPaise, shippingPaise } = userId
      ? await this.priced(m, userId)
      : await this.pricedGuest(m, items);
    const coupon = await this.rpc.call<PromoCheckReply>(
      RPC.order.couponValidate,
      { code, subtotalPaise, context: 'cart' } satisfies PromoCheckRequest,
      caller,
    );
    const discountPaise = Math.min(coupon.discountPaise, subtotalPaise);
    return {
      code: coupon.code,
      percent: coupon.percent,
      discount: toRupees(discountPaise),
      subtotal: toRupees(subtotalPaise),
      shipping: toRupees(shippingPaise),
      total: toRupees(subtotalPaise - discountPaise + shippingPaise),
    };
  }

  private async upsertLine(
    m: EntityManager,
    userId: string,
    productId: string,
    customization: CartCustomization,
    quantity: number,
    { capped = false } = {},
  ): Promise<{ quantity: number; inserted: boolean }> {
    const sum = capped
      ? `LEAST(cart_lines.quantity + EXCLUDED.quantity, ${CART_MAX_QUANTITY})`
      : 'cart_lines.quantity + EXCLUDED.quantity';
    const rows: { quantity: number; inserted: boolean }[] = await m.query(
      `INSERT INTO cart_lines (user_id, product_id, customization, customization_key, quantity, added_at)
       VALUES ($1, $2, $3, $4, $5, clock_timestamp())
       ON CONFLICT (user_id, product_id, customization_key)
       DO UPDATE SET quantity = ${sum}, updated_at = now()
       RETURNING quantity, (xmax = 0) AS inserted`,
      [userId, productId, JSON.stringify(customization), keyOf(customization), quantity],
    );
    return rows[0];
  }

  private async checkLineCount(m: EntityManager, userId: string): Promise<void> {
    if ((await m.countBy(CartLineEntity, { userId })) > CART_MAX_LINES)
      throw RpcError.badRequest(M.tooManyLines);
  }

  private async ownLine(m: EntityManager, userId: string, itemId: string): Promise<CartLineEntity> {
    const line = UUID.test(itemId)
      ? await m.findOne(CartLineEntity, {
          where: { id: itemId, userId },
          lock: { mode: 'pessimistic_write' },
        })
      : null;
    if (!line) throw RpcError.notFound(M.itemNotFound);
    return line;
  }

  /** A guest cart's lines priced as a customer's would be; a product the shop never had is left out. */
  private async pricedGuest(m: EntityManager, items: CartPromoInput['items'] = []): Promise<PricedCart> {
    const ids = [...new Set(items.map((item) => item.productId))];
    const [products, shipping] = await Promise.all([
      ids.length ? m.find(CartProductEntity, { where: { id: In(ids) } }) : Promise.resolve([]),
      this.shipping.rule(m),
    ]);
    const byId = new Map(products.map((p) => [p.id, p]));
    const addedAt = new Date();
    const lines = items.flatMap((item, index): LineWithProduct[] => {
      const p = byId.get(item.productId);
      if (!p) return [];
      return [
        {
          id: String(index),
          productId: p.id,
          quantity: item.quantity,
          addedAt,
          customization: item.customization,
          product: {
            name: p.name,
            brand: p.brand,
            pricePaise: p.pricePaise,
            image: p.image,
            stock: p.stock,
            allowsImageUpload: p.allowsImageUpload,
            availableSizes: p.availableSizes,
            options: p.options,
            deleted: p.deleted,
          },
        },
      ];
    });
    return priceCart(lines, shipping);
  }

  private async priced(m: EntityManager, userId: string): Promise<PricedCart> {
    const [rows, shipping] = await Promise.all([
      m.query(
        `SELECT l.id, l.product_id, l.quantity, l.added_at, l.customization,
                p.name, p.brand, p.price_paise, p.image, p.stock, p.allows_image_upload, p.available_sizes, p.options, p.deleted
           FROM cart_lines l JOIN cart_products p ON p.id = l.product_id
          WHERE l.user_id = $1
          ORDER BY l.added_at, l.id`,
        [userId],
      ) as Promise<LineRow[]>,
      this.shipping.rule(m),
    ]);
    const lines = rows.map((r): LineWithProduct => ({
      id: r.id,
      productId: r.product_id,
      quantity: r.quantity,
      addedAt: r.added_at,
      customization: r.customization,
      product: {
        name: r.name,
        brand: r.brand,
        pricePaise: r.price_paise,
        image: r.image,
        stock: r.stock,
        allowsImageUpload: r.allows_image_upload,
        availableSizes: r.available_sizes,
        options: r.options,
        deleted: r.deleted,
      },
    }));
    return priceCart(lines, shipping);
  }
}
