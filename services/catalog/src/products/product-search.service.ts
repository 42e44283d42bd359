import { Injectable } from '@nestjs/common';
import { SEARCH_DROPDOWN_LIMIT, SearchHit, SearchReply, toRupees } from '@shop/proto';
import { DataSource, EntityManager } from 'typeorm';
import { ReadCache } from './read-cache';
import { SearchTerm, searchWords, startsWithPattern, textQuery } from './search-terms';
import { useTextIndexes } from './text-index-scope';

interface HitRow {
  id: string;
  name: string;
  first_image: string | null;
  price_paise: number;
  brand: SearchHit['brand'];
}

/** The dropdown shows one thumbnail: only the first picture travels, as text (see CARD_COLUMNS). */
const HIT_COLUMNS = 'p.id, p.name, p.images[1] AS first_image, p.price_paise, p.brand';
/** Word matches are ranked among at most this many candidates, so a common word costs the same as a rare one. */
const CANDIDATES = 200;
/** Words shorter than this are taken as typed: too short to tell a typo from a prefix. */
const MIN_TYPO_LENGTH = 3;
/** Text shorter than this only matches the start of names. */
const MIN_WORD_START = 2;

/**
 * The header's dropdown. Passes run in order, each only while fewer than eight are found:
 * names that start with the text; names holding every typed word (whole, or as the start of a
 * word, as typed or stemmed, so "diar" and "diaries" find "Diary"); names with the typed words
 * corrected against the lexicon of name words ("lanyrd" becomes "lanyard"), closest first; then
 * descriptions, categories and tags. So a name match always ranks above a description match.
 */
@Injectable()
export class ProductSearchService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cache: ReadCache,
  ) {}

  async search(text: string): Promise<SearchReply> {
    const words = searchWords(text);
    if (words.length === 0) return { success: true, products: [] };
    const products = await this.cache.get(`search:${words.join(' ')}`, async () => {
      const hits = await this.passes(words);
      return [...hits.values()].map((r): SearchHit => ({
        _id: r.id,
        name: r.name,
        images: r.first_image === null ? [] : [r.first_image],
        price: toRupees(r.price_paise),
        brand: r.brand,
      }));
    });
    return { success: true, products };
  }

  /**
   * Which typed words are whole words of the names' lexicon, and the words corrected to the
   * closest lexicon word (trigram similarity of at least pg_trgm's 0.3) when any is not.
   */
  async analyse(
    words: string[],
    db: EntityManager = this.dataSource.manager,
  ): Promise<{ terms: SearchTerm[]; corrected: SearchTerm[] | null }> {
    const rows: { whole: boolean; closest: string | null }[] = await db.query(
      `SELECT EXISTS (SELECT 1 FROM search_words s WHERE s.word = q.w) AS whole,
              (SELECT s.word FROM search_words s WHERE s.word % q.w ORDER BY s.word <-> q.w LIMIT 1) AS closest
         FROM unnest($1::text[]) WITH ORDINALITY AS q(w, i)
        ORDER BY q.i`,
      [words],
    );
    const terms = words.map((word, i) => ({ word, whole: rows[i].whole }));
    const corrected = words.map((word, i) =>
      word.length >= MIN_TYPO_LENGTH && !rows[i].whole && rows[i].closest
        ? { word: rows[i].closest!, whole: true }
        : terms[i],
    );
    return { terms, corrected: corrected.some((c, i) => c !== terms[i]) ? corrected : null };
  }

  /**
   * The start-of-name pass runs on its own and often fills the dropdown; only the word passes need
   * a transaction (their planner settings). Issue 13's profile of distinct searches at 100k products:
   * the catalog's CPU went mostly to socket writes, a round trip per statement, BEGIN and COMMIT included.
   */
  private async passes(words: string[]): Promise<Map<string, HitRow>> {
    const limit = SEARCH_DROPDOWN_LIMIT;
    const hits = new Map<string, HitRow>();
    const add = (rows: HitRow[]) =>
      rows.forEach((r) => hits.size < limit && !hits.has(r.id) && hits.set(r.id, r));
    const typed = words.join(' ');

    add(
      await this.dataSource.query(
        `SELECT ${HIT_COLUMNS} FROM products p WHERE p.deleted_at IS NULL AND p.name_key LIKE $1 ORDER BY p.name_key USING ~<~ LIMIT ${limit}`,
        [startsWithPattern(words)],
      ),
    );
    // A single letter starts too many words to mean anything beyond the start of a name.
    if (hits.size >= limit || typed.length < MIN_WORD_START) return hits;
    await this.dataSource.transaction((m) => this.wordPasses(m, words, typed, add, hits));
    return hits;
  }

  private async wordPasses(
    m: EntityManager,
    words: string[],
    typed: string,
    add: (rows: HitRow[]) => void,
    hits: Map<string, HitRow>,
  ): Promise<void> {
    const limit = SEARCH_DROPDOWN_LIMIT;
    const { terms, corrected } = await this.analyse(words, m);
    await useTextIndexes(m);
    add(await this.nameMatches(m, terms, typed, [...hits.keys()]));
    if (hits.size < limit && corrected) add(await this.nameMatches(m, corrected, typed, [...hits.keys()]));
    if (hits.size < limit) {
      const ts = textQuery(terms, 2);
      add(
        await m.query(
          `SELECT c.id, c.name, c.first_image, c.price_paise, c.brand FROM (
             SELECT ${HIT_COLUMNS}, p.name_key, p.review_count FROM products p
              WHERE p.deleted_at IS NULL AND p.body_tsv @@ (${ts.sql}) AND p.id <> ALL($1::uuid[])
              LIMIT ${CANDIDATES}
           ) c ORDER BY c.review_count DESC, c.name_key, c.id LIMIT ${limit}`,
          [[...hits.keys()], ...ts.params],
        ),
      );
    }
  }

  /** Names holding every term, those closest to what was typed first. */
  private nameMatches(
    m: EntityManager,
    terms: SearchTerm[],
    typed: string,
    exclude: string[],
  ): Promise<HitRow[]> {
    const ts = textQuery(terms, 3);
    return m.query(
      `SELECT c.id, c.name, c.first_image, c.price_paise, c.brand FROM (
         SELECT ${HIT_COLUMNS}, p.name_key, p.review_count FROM products p
          WHERE p.deleted_at IS NULL AND p.name_tsv @@ (${ts.sql}) AND p.id <> ALL($2::uuid[])
          LIMIT ${CANDIDATES}
       ) c ORDER BY word_similarity($1, c.name_key) DESC, c.review_count DESC, c.name_key, c.id LIMIT ${SEARCH_DROPDOWN_LIMIT}`,
      [typed, exclude, ...ts.params],
    );
  }
}
