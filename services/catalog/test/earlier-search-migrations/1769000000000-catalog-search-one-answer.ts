import { MigrationInterface, QueryRunner } from 'typeorm';
import { CatalogSearchFewerPasses1768000000000 } from './1768000000000-catalog-search-fewer-passes';

/**
 * One answer per search text, whoever computes it: the gateway answers the dropdown from its copy
 * of the product list (issue 13: at 100k products a distinct search cost 2.3 ms of CPU across
 * PostgreSQL, the catalog, RabbitMQ and the gateway, and its p99 at 50 connections was twice the
 * 50 ms target), so every choice PostgreSQL left to chance is now fixed:
 *
 * - the closest lexicon word breaks distance ties by the word;
 * - names starting with the text break ties by id;
 * - the 200 name matches ranked are the first by review count (most first), name key and id,
 *   no longer the first the index happened to return; a description match the same way;
 * - name keys compare by their bytes (COLLATE "C"), which the gateway can do in any collation.
 *
 * A common word now costs PostgreSQL a sort of its matches, paid only when the gateway cannot
 * answer (its copy loading, or a change through it not yet back as an event).
 *
 * catalog_search_word_terms gives what only the lexicon and PostgreSQL's text parser know of each
 * typed word, for the gateway to match its copy's lexemes with: the same tsqueries the dropdown asks.
 */
export class CatalogSearchOneAnswer1769000000000 implements MigrationInterface {
  name = 'CatalogSearchOneAnswer1769000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION catalog_search_terms(words text[])
      RETURNS TABLE (i bigint, word text, whole boolean, closest text)
      LANGUAGE sql STABLE AS $$
        SELECT q.i, q.w, k.whole,
               CASE WHEN NOT k.whole THEN
                 (SELECT s.word FROM search_words s WHERE s.word % q.w ORDER BY s.word <-> q.w, s.word LIMIT 1)
               END
          FROM unnest(words) WITH ORDINALITY AS q(w, i),
               LATERAL (SELECT EXISTS (SELECT 1 FROM search_words s WHERE s.word = q.w) AS whole) k
         ORDER BY q.i
      $$`);
    // Per typed word: the name tsquery of the word as typed, of its correction when it has one
    // (and whether the typed one covers it), and the description tsquery, as the dropdown builds
    // them. The dropdown ANDs them across words.
    await q.query(`
      CREATE FUNCTION catalog_search_word_terms(words text[], min_typo_length int)
      RETURNS TABLE (word text, whole boolean, name_query text, corrected_query text, covers boolean, body_query text)
      LANGUAGE sql STABLE AS $$
        SELECT t.word, t.whole,
               catalog_name_term(x.typed)::text,
               CASE WHEN x.corrected THEN catalog_name_term(t.closest)::text END,
               CASE WHEN x.corrected THEN catalog_name_terms_cover(ARRAY[x.typed], ARRAY[t.closest]) END,
               catalog_text_query(ARRAY[x.typed])::text
          FROM catalog_search_terms(words) t,
               LATERAL (SELECT CASE WHEN t.whole THEN t.word ELSE t.word || ':*' END AS typed,
                               NOT t.whole AND t.closest IS NOT NULL AND char_length(t.word) >= min_typo_length
                                 AS corrected) x
         ORDER BY t.i
      $$`);
    await q.query(`
      CREATE OR REPLACE FUNCTION catalog_search_dropdown(
        words text[], lim int, candidates int, min_typo_length int, word_passes boolean
      ) RETURNS TABLE (id uuid, name text, first_image text, price_paise int, brand text)
      LANGUAGE plpgsql VOLATILE -- for its SET LOCAL
      SET enable_seqscan = off SET enable_bitmapscan = off SET enable_indexscan = on
      SET plan_cache_mode = force_generic_plan
      AS $$
      #variable_conflict use_column
      DECLARE
        typed text := array_to_string(words, ' ');
        found uuid[] := '{}';
        typed_terms text[];
        corrected_terms text[];
        name_queries tsquery[];
        text_query tsquery;
        r record;
      BEGIN
        FOR r IN
          SELECT p.id, p.name, p.images[1] AS first_image, p.price_paise, p.brand FROM products p
           WHERE p.deleted_at IS NULL AND p.name_key ~>=~ typed AND p.name_key ~<~ (typed || chr(1114111))
             AND p.name_key LIKE (typed || '%')
           ORDER BY p.name_key USING ~<~, p.id LIMIT lim
        LOOP
          found := found || r.id;
          id := r.id; name := r.name; first_image := r.first_image; price_paise := r.price_paise; brand := r.brand;
          RETURN NEXT;
        END LOOP;
        IF cardinality(found) >= lim OR NOT word_passes THEN RETURN; END IF;

        -- A word not in the lexicon is the start of one; from min_typo_length letters it may be a typo.
        SELECT array_agg(CASE WHEN t.whole THEN t.word ELSE t.word || ':*' END ORDER BY t.i),
               CASE WHEN bool_or(NOT t.whole AND t.closest IS NOT NULL AND char_length(t.word) >= min_typo_length)
                    THEN array_agg(
                           CASE WHEN t.whole THEN t.word
                                WHEN t.closest IS NOT NULL AND char_length(t.word) >= min_typo_length THEN t.closest
                                ELSE t.word || ':*' END ORDER BY t.i) END
          INTO typed_terms, corrected_terms
          FROM catalog_search_terms(words) t;
        name_queries := ARRAY[catalog_name_query(typed_terms)];
        IF corrected_terms IS NOT NULL AND NOT catalog_name_terms_cover(typed_terms, corrected_terms) THEN
          name_queries := name_queries || catalog_name_query(corrected_terms);
        END IF;

        SET LOCAL enable_bitmapscan = on;
        SET LOCAL enable_indexscan = off;
        FOREACH text_query IN ARRAY name_queries LOOP
          EXIT WHEN cardinality(found) >= lim;
          FOR r IN
            SELECT c.id, c.name, c.first_image, c.price_paise, c.brand FROM (
              SELECT p.id, p.name, p.images[1] AS first_image, p.price_paise, p.brand, p.name_key, p.review_count
                FROM products p
               WHERE p.deleted_at IS NULL AND p.name_tsv @@ text_query AND p.id <> ALL(found)
               ORDER BY p.review_count DESC, p.name_key COLLATE "C", p.id
               LIMIT candidates
            ) c ORDER BY word_similarity(typed, c.name_key) DESC, c.review_count DESC, c.name_key COLLATE "C", c.id
            LIMIT lim - cardinality(found)
          LOOP
            found := found || r.id;
            id := r.id; name := r.name; first_image := r.first_image; price_paise := r.price_paise; brand := r.brand;
            RETURN NEXT;
          END LOOP;
        END LOOP;
        -- Descriptions, categories and tags have words the word list does not: prefixes stay prefixes.
        IF cardinality(found) < lim THEN
          text_query := catalog_text_query(typed_terms);
          RETURN QUERY
            SELECT p.id, p.name, p.images[1] AS first_image, p.price_paise, p.brand
              FROM products p
             WHERE p.deleted_at IS NULL AND p.body_tsv @@ text_query AND p.id <> ALL(found)
             ORDER BY p.review_count DESC, p.name_key COLLATE "C", p.id
             LIMIT lim - cardinality(found);
        END IF;
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION catalog_search_word_terms(text[], int)`);
    // The previous migration's functions, as it made them.
    const previous = new CatalogSearchFewerPasses1768000000000();
    await previous.down(q);
    await previous.up(q);
  }
}
