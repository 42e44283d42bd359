import { Injectable } from '@nestjs/common';
import { JsonReply } from '@shop/kit';
import { BRANDS, ProductSitemapQuery } from '@shop/proto';
import { DataSource } from 'typeorm';
import { ReadCache } from './read-cache';

/**
 * One statement, every part of it on an index (migration 1802000000000): the page of live products
 * by id, their count, each brand's last change, and the categories that have live products, found
 * by skipping from one category to the next in the index rather than reading every product, each
 * with its last change. PostgreSQL writes the reply's JSON itself, so the catalog sends its bytes
 * on without parsing and serializing ten thousand entries. Times are PostgreSQL's ISO 8601.
 */
const SITEMAP = `
  WITH RECURSIVE
    page AS (
      SELECT p.id, p.updated_at FROM products p
       WHERE p.deleted_at IS NULL
       ORDER BY p.id LIMIT $1 OFFSET $2),
    category_keys AS (
      (SELECT lower(p.category) AS key, p.category AS name FROM products p
        WHERE p.deleted_at IS NULL ORDER BY lower(p.category) LIMIT 1)
      UNION ALL
      SELECT next.key, next.name FROM category_keys k CROSS JOIN LATERAL (
        SELECT lower(p.category) AS key, p.category AS name FROM products p
         WHERE p.deleted_at IS NULL AND lower(p.category) > k.key
         ORDER BY lower(p.category) LIMIT 1) next)
  SELECT json_build_object(
    'success', true,
    'page', $3::int,
    'limit', $1::int,
    'total', (SELECT count(*) FROM products p WHERE p.deleted_at IS NULL),
    'products', (SELECT coalesce(json_agg(json_build_object('_id', id, 'updatedAt', updated_at) ORDER BY id), '[]')
                   FROM page),
    'brands', (SELECT json_agg(json_build_object(
                        'brand', b.brand,
                        'updatedAt', (SELECT max(p.updated_at) FROM products p WHERE p.brand = b.brand))
                      ORDER BY b.position)
                 FROM unnest($4::text[]) WITH ORDINALITY b(brand, position)),
    'categories', (SELECT coalesce(json_agg(json_build_object(
                            'category', k.name,
                            'updatedAt', (SELECT max(p.updated_at) FROM products p WHERE lower(p.category) = k.key))
                          ORDER BY k.key), '[]')
                     FROM category_keys k)
  )::text AS reply`;

/** `GET /products/sitemap`: what the storefront's sitemap lists of the catalog (ProductSitemapReply). */
@Injectable()
export class ProductSitemapService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cache: ReadCache,
  ) {}

  page({ page, limit }: ProductSitemapQuery): Promise<JsonReply> {
    return this.cache.get(`sitemap:${page}:${limit}`, async () => {
      const [row]: { reply: string }[] = await this.dataSource.query(SITEMAP, [
        limit,
        (page - 1) * limit,
        page,
        [...BRANDS],
      ]);
      return JsonReply.fromBytes(Buffer.from(row.reply));
    });
  }
}
