import { Injectable } from '@nestjs/common';
import { SEARCH_DROPDOWN_LIMIT, SearchHit, SearchReply, searchWords, toRupees } from '@shop/proto';
import { DataSource } from 'typeorm';
import { ReadCache } from './read-cache';
import { SearchQueries, searchQueries, WordQueries } from './search-terms';

/** The dropdown shows one thumbnail: only the first picture travels, as text (see CARD_COLUMNS). */
interface HitRow {
  id: string;
  name: string;
  first_image: string | null;
  price_paise: number;
  brand: SearchHit['brand'];
}

/**
 * The dropdown ranks at most this many matches, the most reviewed, so a common word costs a walk
 * of the popularity index (which holds each product's vector) to its 200th match instead of a
 * sort of every match. Only the eight shown are read from the table.
 */
const CANDIDATES = 200;
/** Words shorter than this are taken as typed: too short to tell a typo from a prefix. */
const MIN_TYPO_LENGTH = 3;
/** Text shorter than this only matches the start of names: a single letter starts too many words. */
const MIN_WORD_START = 2;

/**
 * Search, in PostgreSQL: the header's dropdown here, and what a search text asks of the products'
 * search vector (migration 1770000000000) for the product list too.
 */
@Injectable()
export class ProductSearchService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cache: ReadCache,
  ) {}

  /**
   * The tsqueries of a search text's words. What one word asks depends only on the word and the
   * catalog's lexemes, so it is kept per word: shoppers use a small vocabulary.
   */
  async queries(words: string[]): Promise<SearchQueries> {
    const perWord = await this.cache.getMany(
      words.map((word) => `word:${word}`),
      (missing): Promise<WordQueries[]> =>
        this.dataSource.query(
          `SELECT anywhere, in_name AS "inName", corrected FROM catalog_search_word_queries($1::text[], $2)`,
          [missing.map((key) => key.slice('word:'.length)), MIN_TYPO_LENGTH],
        ),
    );
    return searchQueries(perWord);
  }

  /**
   * The header's dropdown, at most eight products, one statement. A single letter finds names that
   * start with it, in name order. Longer text ranks the 200 most reviewed products matching every
   * word (or, for a misspelt word, its correction in the name): names that start with the text
   * first; then names holding every typed word, closest to the text first (pg_trgm's
   * word_similarity); then names holding the corrected words; then matches in descriptions,
   * categories and tags. Ties go to the most reviewed, then by name and id.
   */
  async search(text: string): Promise<SearchReply> {
    const words = searchWords(text);
    if (words.length === 0) return { success: true, products: [] };
    const typed = words.join(' ');
    const products = await this.cache.get(`search:${typed}`, async () => {
      const rows = typed.length < MIN_WORD_START ? await this.namesStarting(typed) : await this.ranked(typed, words);
      return rows.map(
        (r): SearchHit => ({
          _id: r.id,
          name: r.name,
          images: r.first_image === null ? [] : [r.first_image],
          price: toRupees(r.price_paise),
          brand: r.brand,
        }),
      );
    });
    return { success: true, products };
  }

  private namesStarting(typed: string): Promise<HitRow[]> {
    return this.dataSource.query(
      `SELECT p.id, p.name, p.images[1] AS first_image, p.price_paise, p.brand FROM products p
        WHERE p.deleted_at IS NULL AND p.name_key LIKE $1
        ORDER BY p.name_key USING ~<~, p.id LIMIT $2`,
      [`${typed}%`, SEARCH_DROPDOWN_LIMIT],
    );
  }

  private async ranked(typed: string, words: string[]): Promise<HitRow[]> {
    const { matches, inName, correctedInName } = await this.queries(words);
    if (matches === null) return [];
    return this.dataSource.query(
      `SELECT p.id, p.name, p.images[1] AS first_image, p.price_paise, p.brand
         FROM (SELECT r.id, r.tier, r.closeness, r.review_count, r.name_key
                 FROM (SELECT c.id, c.review_count, c.name_key, t.tier,
                              CASE WHEN t.tier IN (1, 2) THEN word_similarity($2, c.name_key) END AS closeness
                         FROM (SELECT p.id, p.review_count, p.name_key, p.search_tsv
                                 FROM products p
                                WHERE p.deleted_at IS NULL AND p.search_tsv @@ $1::tsquery
                                ORDER BY p.review_count DESC, p.name_key, p.id
                                LIMIT $5) c,
                              LATERAL (SELECT CASE WHEN starts_with(c.name_key, $2) THEN 0
                                                   WHEN c.search_tsv @@ $3::tsquery THEN 1
                                                   WHEN c.search_tsv @@ $4::tsquery THEN 2
                                                   ELSE 3 END AS tier) t) r
                ORDER BY r.tier, r.closeness DESC NULLS LAST, r.review_count DESC, r.name_key, r.id
                LIMIT $6) best
         JOIN products p ON p.id = best.id
        ORDER BY best.tier, best.closeness DESC NULLS LAST, best.review_count DESC, best.name_key, best.id`,
      [matches, typed, inName, correctedInName, CANDIDATES, SEARCH_DROPDOWN_LIMIT],
    );
  }
}
