import { Injectable } from '@nestjs/common';
import {
  SEARCH_DROPDOWN_LIMIT,
  SearchHit,
  SearchReply,
  searchWords,
  SearchTermsReply,
  toRupees,
} from '@shop/proto';
import { DataSource, EntityManager } from 'typeorm';
import { ReadCache } from './read-cache';
import { SearchTerm, tsqueryAlternatives } from './search-terms';

/** The dropdown shows one thumbnail: only the first picture travels, as text (see CARD_COLUMNS). */
interface HitRow {
  id: string;
  name: string;
  first_image: string | null;
  price_paise: number;
  brand: SearchHit['brand'];
}

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
      return hits.map((r): SearchHit => ({
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
      `SELECT whole, closest FROM catalog_search_terms($1::text[])`,
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
   * What each typed word asks of names and descriptions, for the gateway's copy of the product
   * list to search as catalog_search_dropdown does (migration 1769000000000).
   */
  async terms(words: string[]): Promise<SearchTermsReply> {
    const rows: {
      word: string;
      name_query: string;
      corrected_query: string | null;
      covers: boolean | null;
      body_query: string;
    }[] = await this.dataSource.query(`SELECT * FROM catalog_search_word_terms($1::text[], $2)`, [
      words,
      MIN_TYPO_LENGTH,
    ]);
    return {
      terms: rows.map((r) => ({
        word: r.word,
        name: tsqueryAlternatives(r.name_query),
        corrected:
          r.corrected_query === null
            ? null
            : { name: tsqueryAlternatives(r.corrected_query), covers: r.covers === true },
        body: tsqueryAlternatives(r.body_query),
      })),
    };
  }

  /**
   * The passes run in PostgreSQL, one statement per search: catalog_search_dropdown (migration
   * 1766000000000) says why; 1767000000000 and 1768000000000 how it does less work for the same
   * answers.
   */
  private passes(words: string[]): Promise<HitRow[]> {
    return this.dataSource.query(`SELECT * FROM catalog_search_dropdown($1::text[], $2, $3, $4, $5)`, [
      words,
      SEARCH_DROPDOWN_LIMIT,
      CANDIDATES,
      MIN_TYPO_LENGTH,
      // A single letter starts too many words to mean anything beyond the start of a name.
      words.join(' ').length >= MIN_WORD_START,
    ]);
  }
}
