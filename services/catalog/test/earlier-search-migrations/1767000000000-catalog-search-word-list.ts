import { MigrationInterface, QueryRunner } from 'typeorm';
import { CatalogSearchDropdown1766000000000 } from './1766000000000-catalog-search-dropdown';

/**
 * Two cuts to the dropdown's PostgreSQL time, with the same answers (issue 13, distinct three-word
 * searches at 100k products):
 *
 * - A partly typed word is asked of the name index as the exact name words it starts, read from the
 *   word list. GIN answers a prefix ('bott':*) by gathering every matching posting list into a
 *   bitmap before it can intersect anything; exact words it intersects by skipping through their
 *   posting trees: 0.70 instead of 1.18 ms for "metallic steel bott". Over the bench's distinct
 *   texts a search cost PostgreSQL 0.82 instead of 0.89 ms. The word list holds every name word of
 *   three letters or more, and with the stem column every English stem of one: all the name
 *   index's words a prefix of three letters or more can match.
 * - The closest lexicon word is looked up only for a word that is not whole: it was computed for
 *   every typed word (a trigram walk of search_words) and read only for the others.
 */
export class CatalogSearchWordList1767000000000 implements MigrationInterface {
  name = 'CatalogSearchWordList1767000000000';

  async up(q: QueryRunner): Promise<void> {
    // name_tsv's English half stems each word of the name alone, as this does.
    await q.query(`
      ALTER TABLE search_words ADD COLUMN stem text GENERATED ALWAYS AS ((ts_lexize('english_stem', word))[1]) STORED`);
    await q.query(`CREATE INDEX search_words_by_prefix ON search_words (word text_pattern_ops)`);
    await q.query(`CREATE INDEX search_words_by_stem ON search_words (stem text_pattern_ops)`);
    await q.query(`
      CREATE OR REPLACE FUNCTION catalog_search_terms(words text[])
      RETURNS TABLE (i bigint, word text, whole boolean, closest text)
      LANGUAGE sql STABLE AS $$
        SELECT q.i, q.w, k.whole,
               CASE WHEN NOT k.whole THEN
                 (SELECT s.word FROM search_words s WHERE s.word % q.w ORDER BY s.word <-> q.w LIMIT 1)
               END
          FROM unnest(words) WITH ORDINALITY AS q(w, i),
               LATERAL (SELECT EXISTS (SELECT 1 FROM search_words s WHERE s.word = q.w) AS whole) k
         ORDER BY q.i
      $$`);
    // What catalog_text_query(ARRAY[term]) matches in names. A partly typed word ('bott:*', which
    // matches words starting with it as typed or stemmed) becomes the name words and stems that
    // start so ('bottle' | 'bottl'). Only for plain letters of three or more, typed and stemmed:
    // shorter words are not in the word list, and other tokens may not stem as english_stem does.
    await q.query(`
      CREATE FUNCTION catalog_name_term(term text) RETURNS tsquery
      LANGUAGE plpgsql STABLE AS $$
      DECLARE
        typed text := left(term, -2);
        stemmed text;
        words text;
      BEGIN
        IF right(term, 2) <> ':*' OR typed !~ '^[a-z]{3,}$' THEN RETURN catalog_text_query(ARRAY[term]); END IF;
        stemmed := coalesce((ts_lexize('english_stem', typed))[1], typed);
        IF char_length(stemmed) < 3 THEN RETURN catalog_text_query(ARRAY[term]); END IF;
        SELECT string_agg(DISTINCT '''' || replace(replace(w, '\\', '\\\\'), '''', '''''') || '''', ' | ')
          INTO words FROM (
          SELECT s.word FROM search_words s WHERE s.word ~>=~ typed AND s.word ~<~ (typed || chr(1114111))
          UNION ALL
          SELECT s.word FROM search_words s WHERE s.word ~>=~ stemmed AND s.word ~<~ (stemmed || chr(1114111))
          UNION ALL
          SELECT s.stem FROM search_words s WHERE s.stem ~>=~ typed AND s.stem ~<~ (typed || chr(1114111))
          UNION ALL
          SELECT s.stem FROM search_words s WHERE s.stem ~>=~ stemmed AND s.stem ~<~ (stemmed || chr(1114111))
        ) found(w);
        -- No name word starts so: the prefix matches nothing, and GIN says so at once.
        RETURN coalesce(words::tsquery, catalog_text_query(ARRAY[term]));
      END $$`);
    await q.query(`
      CREATE FUNCTION catalog_name_query(terms text[]) RETURNS tsquery
      LANGUAGE plpgsql STABLE AS $$
      DECLARE
        t text;
        result tsquery;
      BEGIN
        IF terms IS NULL THEN RETURN NULL; END IF;
        FOREACH t IN ARRAY terms LOOP
          result := CASE WHEN result IS NULL THEN catalog_name_term(t) ELSE result && catalog_name_term(t) END;
        END LOOP;
        RETURN result;
      END $$`);
    await q.query(`
      CREATE OR REPLACE FUNCTION catalog_search_dropdown(
        words text[], lim int, candidates int, min_typo_length int, word_passes boolean
      ) RETURNS TABLE (id uuid, name text, first_image text, price_paise int, brand text)
      LANGUAGE plpgsql VOLATILE -- for its SET LOCAL
      SET enable_seqscan = off SET enable_bitmapscan = off SET enable_indexscan = on
      AS $$
      #variable_conflict use_column
      DECLARE
        typed text := array_to_string(words, ' ');
        found uuid[] := '{}';
        typed_terms text[];
        corrected_terms text[];
        typed_query tsquery;
        corrected_query tsquery;
        r record;
      BEGIN
        FOR r IN
          SELECT p.id, p.name, p.images[1] AS first_image, p.price_paise, p.brand FROM products p
           WHERE p.deleted_at IS NULL AND p.name_key ~>=~ typed AND p.name_key ~<~ (typed || chr(1114111))
             AND p.name_key LIKE (typed || '%')
           ORDER BY p.name_key USING ~<~ LIMIT lim
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
        typed_query := catalog_name_query(typed_terms);
        corrected_query := catalog_name_query(corrected_terms);

        SET LOCAL enable_bitmapscan = on;
        SET LOCAL enable_indexscan = off;
        FOR r IN
          SELECT c.id, c.name, c.first_image, c.price_paise, c.brand FROM (
            SELECT p.id, p.name, p.images[1] AS first_image, p.price_paise, p.brand, p.name_key, p.review_count
              FROM products p
             WHERE p.deleted_at IS NULL AND p.name_tsv @@ typed_query AND p.id <> ALL(found)
             LIMIT candidates
          ) c ORDER BY word_similarity(typed, c.name_key) DESC, c.review_count DESC, c.name_key, c.id
          LIMIT lim - cardinality(found)
        LOOP
          found := found || r.id;
          id := r.id; name := r.name; first_image := r.first_image; price_paise := r.price_paise; brand := r.brand;
          RETURN NEXT;
        END LOOP;
        IF cardinality(found) < lim AND corrected_query IS NOT NULL THEN
          FOR r IN
            SELECT c.id, c.name, c.first_image, c.price_paise, c.brand FROM (
              SELECT p.id, p.name, p.images[1] AS first_image, p.price_paise, p.brand, p.name_key, p.review_count
                FROM products p
               WHERE p.deleted_at IS NULL AND p.name_tsv @@ corrected_query AND p.id <> ALL(found)
               LIMIT candidates
            ) c ORDER BY word_similarity(typed, c.name_key) DESC, c.review_count DESC, c.name_key, c.id
            LIMIT lim - cardinality(found)
          LOOP
            found := found || r.id;
            id := r.id; name := r.name; first_image := r.first_image; price_paise := r.price_paise; brand := r.brand;
            RETURN NEXT;
          END LOOP;
        END IF;
        -- Descriptions, categories and tags have words the word list does not: prefixes stay prefixes.
        IF cardinality(found) < lim THEN
          typed_query := catalog_text_query(typed_terms);
          RETURN QUERY
            SELECT c.id, c.name, c.first_image, c.price_paise, c.brand FROM (
              SELECT p.id, p.name, p.images[1] AS first_image, p.price_paise, p.brand, p.name_key, p.review_count
                FROM products p
               WHERE p.deleted_at IS NULL AND p.body_tsv @@ typed_query AND p.id <> ALL(found)
               LIMIT candidates
            ) c ORDER BY c.review_count DESC, c.name_key, c.id
            LIMIT lim - cardinality(found);
        END IF;
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    // The previous migration's functions, as it made them.
    const previous = new CatalogSearchDropdown1766000000000();
    await previous.down(q);
    await previous.up(q);
    await q.query(`DROP FUNCTION catalog_name_query(text[])`);
    await q.query(`DROP FUNCTION catalog_name_term(text)`);
    await q.query(`DROP INDEX search_words_by_stem`);
    await q.query(`DROP INDEX search_words_by_prefix`);
    await q.query(`ALTER TABLE search_words DROP COLUMN stem`);
  }
}
