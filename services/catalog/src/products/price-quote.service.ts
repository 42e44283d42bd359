import { Injectable } from '@nestjs/common';
import { PriceQuoteInput, PriceQuoteLine, PriceQuoteReply, priceLine } from '@shop/proto';
import { pricingOptions } from './product-view';
import { ProductsRepository } from './products.repository';

/**
 * `catalog.price.quote`: what each line costs now, from the one pricing function. A product that
 * is gone is reported (`found: false`) rather than failing the whole quote; callers decide.
 */
@Injectable()
export class PriceQuoteService {
  constructor(private readonly products: ProductsRepository) {}

  async quote(input: PriceQuoteInput): Promise<PriceQuoteReply> {
    const ids = [...new Set(input.lines.map((l) => l.productId))];
    const rows = new Map((await this.products.rows(ids)).map((r) => [r.id, r]));
    const links = await this.products.links([...rows.keys()]);
    const lines = input.lines.map((line): PriceQuoteLine => {
      const row = rows.get(line.productId);
      if (!row) {
        return {
          productId: line.productId,
          quantity: line.quantity,
          found: false,
          name: null,
          brand: null,
          image: null,
          basePricePaise: 0,
          unitPricePaise: 0,
          linePricePaise: 0,
          stock: 0,
        };
      }
      const unit = priceLine(row.price_paise, pricingOptions(links.get(row.id) ?? []), line.customization);
      return {
        productId: row.id,
        quantity: line.quantity,
        found: true,
        name: row.name,
        brand: row.brand,
        image: row.images[0] ?? null,
        basePricePaise: row.price_paise,
        unitPricePaise: unit,
        linePricePaise: unit * line.quantity,
        stock: row.stock - row.reserved,
      };
    });
    return { lines, totalPaise: lines.reduce((sum, l) => sum + l.linePricePaise, 0) };
  }
}
