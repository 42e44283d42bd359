import { Injectable } from '@nestjs/common';
import { RpcClient, RpcError } from '@shop/kit';
import {
  Brand,
  CartCustomization,
  OrderCreateInput,
  OrderPricingRules,
  outOfStockMessage,
  Paise,
  PriceQuoteReply,
  productUnavailableMessage,
  RPC,
} from '@shop/proto';
import { SettingsService } from '../settings/settings.service';

export interface PricedLine {
  productId: string;
  name: string;
  brand: Brand | null;
  image: string | null;
  basePricePaise: Paise;
  unitPricePaise: Paise;
  quantity: number;
  customization: CartCustomization;
  hsnCode: string;
}

export interface PricedLines {
  lines: PricedLine[];
  subtotalPaise: Paise;
  rules: OrderPricingRules;
}

type RequestedLine = OrderCreateInput['products'][number];

/** Units per product: two lines of one product draw on the same stock. */
export function unitsByProduct(
  lines: readonly { productId: string; quantity: number }[],
): { productId: string; quantity: number }[] {
  const units = new Map<string, number>();
  for (const line of lines) units.set(line.productId, (units.get(line.productId) ?? 0) + line.quantity);
  return [...units].map(([productId, quantity]) => ({ productId, quantity }));
}

/**
 * Prices order lines the only way the shop trusts: the catalog's current prices with each line's
 * customization modifiers, then the shop's shipping and tax rules. Nothing the client says a line
 * costs is read.
 */
@Injectable()
export class CheckoutPricing {
  constructor(
    private readonly rpc: RpcClient,
    private readonly settings: SettingsService,
  ) {}

  async price(requested: readonly RequestedLine[], options: { checkStock: boolean }): Promise<PricedLines> {
    const [quote, rules] = await Promise.all([
      this.rpc.call<PriceQuoteReply>(RPC.catalog.priceQuote, {
        lines: requested.map((l) => ({
          productId: l.product,
          quantity: l.quantity,
          customization: l.customization,
        })),
      }),
      this.settings.pricingRules(),
    ]);
    const lines = requested.map((line, i): PricedLine => {
      const q = quote.lines[i];
      if (!q?.found || q.productId !== line.product)
        throw RpcError.conflict(productUnavailableMessage(q?.name ?? null));
      return {
        productId: line.product,
        name: q.name ?? '',
        brand: q.brand,
        image: q.image,
        basePricePaise: q.basePricePaise,
        unitPricePaise: q.unitPricePaise,
        quantity: line.quantity,
        customization: line.customization as CartCustomization,
        hsnCode: q.hsnCode,
      };
    });
    if (options.checkStock) this.checkStock(lines, quote);
    return { lines, subtotalPaise: lines.reduce((sum, l) => sum + l.unitPricePaise * l.quantity, 0), rules };
  }

  /**
   * An early, friendly answer when the catalog already shows too few units. The reservation taken
   * at placement is what actually decides; this only spares a doomed order row.
   */
  private checkStock(lines: readonly PricedLine[], quote: PriceQuoteReply): void {
    for (const { productId, quantity } of unitsByProduct(lines)) {
      const q = quote.lines.find((l) => l.productId === productId)!;
      if (quantity > q.stock) throw RpcError.conflict(outOfStockMessage(q.name ?? '', q.stock));
    }
  }
}
