import { MigrationInterface, QueryRunner } from 'typeorm';

/** Migrations 1766000000000 to 1769000000000, which this one replaces (issue 21). */
const REPLACED = [
  'CatalogSearchDropdown1766000000000',
  'CatalogSearchWordList1767000000000',
  'CatalogSearchFewerPasses1768000000000',
  'CatalogSearchOneAnswer1769000000000',
];

/**
 * The search schema in its final shape, on a database fresh from 1764000000000 or one that ran the
 * four search migrations this replaces (their functions, their word-list column and indexes, and
 * the two vectors are dropped where they exist).
 *
 * - One weighted vector per product: the name's words as typed and stemmed with weight A, the
 *   category, tags and description with weight B. A search matches the whole document; `:A` in a
 *   query asks for a name word, which the dropdown ranks first and typo corrections are limited to.
 *   Its GIN index covers live products only, as every search does.
 * - The dropdown ranks among the most reviewed matches; for a common word the planner walks
 *   products_by_popularity and stops at the first 200 instead of sorting every match.
 * - `search_words` (1720000000000), the trigram-indexed lexicon of name words, stays: it tells a
 *   whole word from the start of one and finds the closest word to a typo.
 * - catalog_search_word_queries gives the tsqueries of each typed word. The catalog keeps them per
 *   word and composes a search from them, so PostgreSQL plans each search with the query's real
 *   lexemes and their statistics in hand.
 *
 * No planner setting is changed anywhere: the plans come from these indexes and the statistics
 * (ANALYZE at the end; the vector's statistics target is raised so the planner knows how common
 * each word is in a catalog with a large vocabulary).
 */
export class CatalogSearch1770000000000 implements MigrationInterface {
  name = 'CatalogSearch1770000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION IF EXISTS catalog_search_dropdown(text[], int, int, int, boolean)`);
    await q.query(`DROP FUNCTION IF EXISTS catalog_search_word_terms(text[], int)`);
    await q.query(`DROP FUNCTION IF EXISTS catalog_name_terms_cover(text[], text[])`);
    await q.query(`DROP FUNCTION IF EXISTS catalog_name_query(text[])`);
    await q.query(`DROP FUNCTION IF EXISTS catalog_name_term(text)`);
    await q.query(`DROP FUNCTION IF EXISTS catalog_text_query(text[])`);
    await q.query(`DROP FUNCTION IF EXISTS catalog_search_terms(text[])`);
    await q.query(`DROP INDEX IF EXISTS search_words_by_stem`);
    await q.query(`DROP INDEX IF EXISTS search_words_by_prefix`);
    await q.query(`ALTER TABLE search_words DROP COLUMN IF EXISTS stem`);

    await q.query(`
      ALTER TABLE products
        DROP COLUMN name_tsv,
        DROP COLUMN body_tsv,
        ADD COLUMN search_tsv tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('simple', name) || to_tsvector('english', name), 'A') ||
          setweight(to_tsvector('simple', category || ' ' || catalog_words(tags)) || to_tsvector('english', description), 'B')
        ) STORED`);
    await q.query(`ALTER TABLE products ALTER COLUMN search_tsv SET STATISTICS 1000`);
    await q.query(`CREATE INDEX products_search ON products USING gin (search_tsv) WHERE deleted_at IS NULL`);
    await q.query(
      `CREATE INDEX products_by_popularity ON products (review_count DESC, name_key, id) WHERE deleted_at IS NULL`,
    );

    // A term as typed ('simple') and stemmed ('english'), asked once when both are the same lexeme.
    await q.query(`
      CREATE FUNCTION catalog_word_query(term text) RETURNS tsquery
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
        SELECT CASE WHEN numnode(english) = 0 OR english = simple THEN simple
                    WHEN numnode(simple) = 0 THEN english
                    ELSE simple || english END
          FROM (SELECT to_tsquery('simple', term) AS simple, to_tsquery('english', term) AS english) t
      $$`);
    // Per typed word, in order: what it matches anywhere (a whole word of the names' lexicon
    // exactly, any other as the start of a word), the same in names only, and, for a word of
    // min_typo_length letters or more that is not whole, the closest lexicon word in names only.
    // Words hold only letters, marks and digits (searchWords), so they are safe in tsquery syntax.
    await q.query(`
      CREATE FUNCTION catalog_search_word_queries(words text[], min_typo_length int)
      RETURNS TABLE (word text, anywhere text, in_name text, corrected text)
      LANGUAGE sql STABLE AS $$
        SELECT q.w,
               catalog_word_query(t.term)::text,
               catalog_word_query(t.term || t.in_name)::text,
               catalog_word_query(c.closest || ':A')::text
          FROM unnest(words) WITH ORDINALITY AS q(w, i)
         CROSS JOIN LATERAL (SELECT EXISTS (SELECT 1 FROM search_words s WHERE s.word = q.w) AS whole) k
         CROSS JOIN LATERAL (SELECT CASE WHEN k.whole THEN q.w ELSE q.w || ':*' END AS term,
                                    CASE WHEN k.whole THEN ':A' ELSE 'A' END AS in_name) t
          LEFT JOIN LATERAL (
                SELECT s.word AS closest FROM search_words s
                 WHERE NOT k.whole AND char_length(q.w) >= min_typo_length AND s.word % q.w
                 ORDER BY s.word <-> q.w, s.word LIMIT 1) c ON true
         ORDER BY q.i
      $$`);
    await q.query(`ANALYZE products`);
  }

  /**
   * Back to the schema as 1764000000000 left it, and the replaced migrations forgotten, so that
   * code from before this one runs them again on start.
   */
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION catalog_search_word_queries(text[], int)`);
    await q.query(`DROP FUNCTION catalog_word_query(text)`);
    await q.query(`DROP INDEX products_by_popularity`);
    await q.query(`
      ALTER TABLE products
        DROP COLUMN search_tsv,
        ADD COLUMN name_tsv tsvector GENERATED ALWAYS AS (to_tsvector('simple', name) || to_tsvector('english', name)) STORED,
        ADD COLUMN body_tsv tsvector GENERATED ALWAYS AS (
          to_tsvector('simple', category || ' ' || catalog_words(tags)) || to_tsvector('english', description)
        ) STORED`);
    await q.query(`CREATE INDEX products_name_tsv ON products USING gin (name_tsv)`);
    await q.query(`CREATE INDEX products_body_tsv ON products USING gin (body_tsv)`);
    await q.query(`DELETE FROM migrations WHERE name = ANY($1::text[])`, [REPLACED]);
  }
}
