import { Injectable } from '@nestjs/common';
import { hsnCodeOf, PriceQuoteInput, PriceQuoteLine, PriceQuoteReply, priceLine } from '@shop/proto';
import { DataSource } from 'typeorm';
import { LINK_COLUMNS, LinkRow, pricingOptions, ProductRow } from './product-view';

type QuotedRow = Pick<
  ProductRow,
  'id' | 'name' | 'brand' | 'images' | 'price_paise' | 'stock' | 'reserved'
> & {
  links: LinkRow[];
  category: string;
  hsn_code: string | null;
};

/**
 * What a quote needs of each product, with its linked options as one JSON array: the products and
 * their options were two reads per checkout, each a round trip the catalog's profile showed.
 */
const QUOTE_SQL = `
  SELECT p.id, p.name, p.brand, p.images, p.price_paise, p.stock, p.reserved, p.category, p.hsn_code,
         coalesce((SELECT json_agg(k ORDER BY k.position) FROM (
           SELECT ${LINK_COLUMNS}
             FROM product_customizations l JOIN customization_definitions d ON d.id = l.option_id
            WHERE l.product_id = p.id) k), '[]') AS links
    FROM products p WHERE p.id = ANY($1::uuid[]) AND p.deleted_at IS NULL`;

/**
 * `catalog.price.quote`: what each line costs now, from the one pricing function. A product that
 * is gone is reported (`found: false`) rather than failing the whole quote; callers decide.
 */
@Injectable()
export class PriceQuoteService {
  constructor(private readonly dataSource: DataSource) {}

  async quote(input: PriceQuoteInput): Promise<PriceQuoteReply> {
    const ids = [...new Set(input.lines.map((l) => l.productId))];
    const found: QuotedRow[] = ids.length ? await this.dataSource.query(QUOTE_SQL, [ids]) : [];
    const rows = new Map(found.map((r) => [r.id, r]));
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
          hsnCode: '',
        };
      }
      const unit = priceLine(row.price_paise, pricingOptions(row.links), line.customization);
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
        hsnCode: hsnCodeOf({ hsnCode: row.hsn_code, category: row.category }),
      };
    });
    return { lines, totalPaise: lines.reduce((sum, l) => sum + l.linePricePaise, 0) };
  }
}
