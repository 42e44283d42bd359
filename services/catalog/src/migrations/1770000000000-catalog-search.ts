import { MigrationInterface, QueryRunner } from 'typeorm';
import { REMEMBER_NAME_WORDS } from './1720000000000-catalog-schema';

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
 *   products_by_popularity, which holds the vector, and stops at the 200th match instead of
 *   sorting every match.
 * - `search_lexemes` holds every lexeme of the vectors: a typed word that is one is matched
 *   exactly, any other is the start of a word, asked as the lexemes it starts.
 * - `search_words` (1720000000000), the trigram-indexed lexicon of name words, stays: it finds the
 *   closest name word to a typo.
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
    // The dropdown's candidates, most reviewed first, with the vector beside them: a common word's
    // first 200 matches are found in the index alone, without a visit to each product (issue 21:
    // "premium st" at 100k products, 12,000 products walked, 70 ms through the table, 7 ms here).
    await q.query(`
      CREATE INDEX products_by_popularity ON products (review_count DESC, name_key, id) INCLUDE (search_tsv)
       WHERE deleted_at IS NULL`);

    // Every lexeme of every product's vector, for a typed word to be told whole or the start of
    // one, and a start to be asked as the lexemes it starts. The statement trigger that feeds the
    // name words feeds these too; lexemes that fall out of use stay, harmlessly.
    await q.query(`CREATE TABLE search_lexemes (lexeme text PRIMARY KEY)`);
    await q.query(`CREATE INDEX search_lexemes_by_prefix ON search_lexemes (lexeme text_pattern_ops)`);
    await q.query(`
      INSERT INTO search_lexemes (lexeme)
      SELECT DISTINCT l FROM products p, unnest(tsvector_to_array(p.search_tsv)) AS l`);
    await q.query(`
      CREATE OR REPLACE FUNCTION catalog_remember_words() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO search_words (word)
          SELECT DISTINCT w FROM new_rows n, unnest(tsvector_to_array(to_tsvector('simple', n.name))) AS w
           WHERE length(w) >= 3
          ON CONFLICT DO NOTHING;
          INSERT INTO search_lexemes (lexeme)
          SELECT DISTINCT l FROM new_rows n, unnest(tsvector_to_array(n.search_tsv)) AS l
          ON CONFLICT DO NOTHING;
        ELSE
          -- Stock and version updates are the common case; only renamed products bring new words.
          INSERT INTO search_words (word)
          SELECT DISTINCT w FROM new_rows n JOIN old_rows o ON o.id = n.id AND o.name IS DISTINCT FROM n.name,
                 unnest(tsvector_to_array(to_tsvector('simple', n.name))) AS w
           WHERE length(w) >= 3
          ON CONFLICT DO NOTHING;
          INSERT INTO search_lexemes (lexeme)
          SELECT DISTINCT l FROM new_rows n JOIN old_rows o ON o.id = n.id AND o.search_tsv IS DISTINCT FROM n.search_tsv,
                 unnest(tsvector_to_array(n.search_tsv)) AS l
          ON CONFLICT DO NOTHING;
        END IF;
        RETURN NULL;
      END $$`);

    // A term as typed ('simple') and stemmed ('english'), asked once when both are the same lexeme.
    await q.query(`
      CREATE FUNCTION catalog_word_query(term text) RETURNS tsquery
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
        SELECT CASE WHEN numnode(english) = 0 OR english = simple THEN simple
                    WHEN numnode(simple) = 0 THEN english
                    ELSE simple || english END
          FROM (SELECT to_tsquery('simple', term) AS simple, to_tsquery('english', term) AS english) t
      $$`);
    // The start of a word of plain letters, as the catalog's lexemes that start with it as typed or
    // stemmed, each asked exactly, with a weight ('A': in names) or none: GIN skips through exact
    // lexemes' postings alongside the other words', where a prefix ('bo':*) makes it gather every
    // posting of every lexeme starting so first (issue 21, "premium steel bo" at 100k products:
    // 1.4 ms instead of 5.6). A prefix that starts no lexeme, or very many, stays a prefix.
    await q.query(`
      CREATE FUNCTION catalog_prefix_query(word text, weight text) RETURNS tsquery
      LANGUAGE sql STABLE STRICT AS $$
        SELECT CASE WHEN x.n BETWEEN 1 AND 64 THEN x.lexemes::tsquery
                    ELSE catalog_word_query(word || ':*' || weight) END
          FROM (SELECT count(*) AS n,
                       string_agg('''' || replace(replace(l.lexeme, '\\', '\\\\'), '''', '''''') || ''''
                                  || CASE WHEN weight = '' THEN '' ELSE ':' || weight END, ' | ') AS lexemes
                  FROM (SELECT DISTINCT s.lexeme
                          FROM unnest(ARRAY[word, (ts_lexize('english_stem', word))[1]]) AS p(prefix),
                               search_lexemes s
                         WHERE p.prefix IS NOT NULL
                           AND s.lexeme ~>=~ p.prefix AND s.lexeme ~<~ (p.prefix || chr(1114111))) l) x
      $$`);
    // Per typed word, in order: what it matches anywhere (a word that is a lexeme of the catalog
    // exactly, any other as the start of a word), the same in names only, and, for a word of
    // min_typo_length letters or more that is no lexeme, the closest name word, in names only.
    // Words hold only letters, marks and digits (searchWords), so they are safe in tsquery syntax.
    await q.query(`
      CREATE FUNCTION catalog_search_word_queries(words text[], min_typo_length int)
      RETURNS TABLE (word text, anywhere text, in_name text, corrected text)
      LANGUAGE sql STABLE AS $$
        SELECT q.w,
               (CASE WHEN k.whole THEN catalog_word_query(q.w)
                     WHEN k.letters THEN catalog_prefix_query(q.w, '')
                     ELSE catalog_word_query(q.w || ':*') END)::text,
               (CASE WHEN k.whole THEN catalog_word_query(q.w || ':A')
                     WHEN k.letters THEN catalog_prefix_query(q.w, 'A')
                     ELSE catalog_word_query(q.w || ':*A') END)::text,
               catalog_word_query(c.closest || ':A')::text
          FROM unnest(words) WITH ORDINALITY AS q(w, i)
         CROSS JOIN LATERAL (
                SELECT EXISTS (SELECT 1 FROM search_lexemes s WHERE s.lexeme = q.w) AS whole,
                       q.w ~ '^[a-z]+$' AS letters) k
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
    await q.query(`DROP FUNCTION catalog_prefix_query(text, text)`);
    await q.query(`DROP FUNCTION catalog_word_query(text)`);
    await q.query(REMEMBER_NAME_WORDS);
    await q.query(`DROP TABLE search_lexemes`);
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
