import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The header dropdown's passes as one function, so a search is one statement (see
 * ProductSearchService for what the passes are and why). Issue 13's profile of distinct searches at
 * 100k products: each pass ran in well under a millisecond, yet a search cost the catalog 1.1 ms
 * and PostgreSQL 1.8 ms of CPU, spent on eight round trips (BEGIN, SET, analysis, passes, COMMIT)
 * and on planning each statement anew. Here the plans are prepared once per connection, and a pass
 * that is not needed is not run.
 *
 * The function's own SET clauses make the `SET LOCAL` inside it end with the function. The
 * start-of-name pass walks the name index in order: a prepared plan cannot turn a LIKE parameter
 * into an index range, so the name is bounded by range too, and without the ban on bitmap scans
 * the prepared plan fetched and sorted every name starting with "p" (30 ms instead of 0.1). The word
 * passes answer from the text indexes only (see text-index-scope.ts).
 */
export class CatalogSearchDropdown1766000000000 implements MigrationInterface {
  name = 'CatalogSearchDropdown1766000000000';

  async up(q: QueryRunner): Promise<void> {
    // Whether each typed word is a whole word of the names' lexicon, and the closest lexicon word.
    await q.query(`
      CREATE FUNCTION catalog_search_terms(words text[])
      RETURNS TABLE (i bigint, word text, whole boolean, closest text)
      LANGUAGE sql STABLE AS $$
        SELECT q.i, q.w,
               EXISTS (SELECT 1 FROM search_words s WHERE s.word = q.w),
               (SELECT s.word FROM search_words s WHERE s.word % q.w ORDER BY s.word <-> q.w LIMIT 1)
          FROM unnest(words) WITH ORDINALITY AS q(w, i)
         ORDER BY q.i
      $$`);
    // search-terms.ts textQuery's tsquery: every term, as typed or stemmed. A term whose stem is
    // itself is asked once: GIN read the same posting list twice for ('premium' | 'premium'),
    // half the cost of a search of common words.
    await q.query(`
      CREATE FUNCTION catalog_text_query(terms text[]) RETURNS tsquery
      LANGUAGE plpgsql IMMUTABLE AS $$
      DECLARE
        t text;
        typed tsquery;
        stemmed tsquery;
        result tsquery;
      BEGIN
        FOREACH t IN ARRAY terms LOOP
          typed := to_tsquery('simple', t);
          stemmed := to_tsquery('english', t);
          IF stemmed <> typed THEN typed := typed || stemmed; END IF;
          result := CASE WHEN result IS NULL THEN typed ELSE result && typed END;
        END LOOP;
        RETURN result;
      END $$`);
    await q.query(`
      CREATE FUNCTION catalog_search_dropdown(
        words text[], lim int, candidates int, min_typo_length int, word_passes boolean
      ) RETURNS TABLE (id uuid, name text, first_image text, price_paise int, brand text)
      LANGUAGE plpgsql VOLATILE -- for its SET LOCAL
      SET enable_seqscan = off SET enable_bitmapscan = off SET enable_indexscan = on
      AS $$
      #variable_conflict use_column
      DECLARE
        typed text := array_to_string(words, ' ');
        found uuid[] := '{}';
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
        SELECT catalog_text_query(array_agg(CASE WHEN t.whole THEN t.word ELSE t.word || ':*' END ORDER BY t.i)),
               CASE WHEN bool_or(NOT t.whole AND t.closest IS NOT NULL AND char_length(t.word) >= min_typo_length)
                    THEN catalog_text_query(array_agg(
                           CASE WHEN t.whole THEN t.word
                                WHEN t.closest IS NOT NULL AND char_length(t.word) >= min_typo_length THEN t.closest
                                ELSE t.word || ':*' END ORDER BY t.i)) END
          INTO typed_query, corrected_query
          FROM catalog_search_terms(words) t;

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
        IF cardinality(found) < lim THEN
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
    await q.query(`DROP FUNCTION catalog_search_dropdown(text[], int, int, int, boolean)`);
    await q.query(`DROP FUNCTION catalog_text_query(text[])`);
    await q.query(`DROP FUNCTION catalog_search_terms(text[])`);
  }
}
