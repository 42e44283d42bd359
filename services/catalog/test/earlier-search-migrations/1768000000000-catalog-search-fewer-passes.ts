import { MigrationInterface, QueryRunner } from 'typeorm';
import { CatalogSearchWordList1767000000000 } from './1767000000000-catalog-search-word-list';

/**
 * The dropdown with the same answers and less PostgreSQL work per distinct search (issue 13: the
 * bench's distinct three-word texts at 100k products, 1.06 instead of 0.73 ms inside PostgreSQL,
 * measured interleaved in one session over 3000 texts):
 *
 * - Plans are generic (plan_cache_mode). Each pass's plan was built anew on every call: a tsquery
 *   parameter made the planner keep custom plans, whose estimates read the text index statistics
 *   each time, a quarter of the function's CPU. The SET clauses already fix each pass's access
 *   path, so the generic plan is the same plan, made once per connection.
 * - The typo pass runs only when it can find something the typed pass did not. It usually asks
 *   again what the typed words asked: "bott" stands for the name words starting so, and its
 *   correction "bottle" is one of them. When every corrected word and its stem start with the typed
 *   word or its stem, the corrected query matches a subset of the typed one; the typed pass
 *   ranked every one of its matches unless it had more than `candidates` of them, and then it
 *   filled the dropdown, so the typo pass had nothing left to add. It was a third of the name
 *   index's work over the bench's texts.
 * - The two name passes are one loop over their queries.
 *
 * Tried and left out, measured the same way: reading the rarest word's matches from the table
 * and checking the other words per row (6 ms instead of 0.5 for "metallic steel bott", as its
 * rarest word still has 2,800 products; GIN already walks the rarest posting list and skips
 * through the others), and dropping a whole word from (word | stem) when no other name word
 * stems to it (single lexemes, no measurable gain).
 */
export class CatalogSearchFewerPasses1768000000000 implements MigrationInterface {
  name = 'CatalogSearchFewerPasses1768000000000';

  async up(q: QueryRunner): Promise<void> {
    // Whether the corrected terms match only names the typed terms match: each term that differs
    // is a typed start of a word ('bott:*', which catalog_name_term makes the name words and stems
    // starting with it or its stem) and a corrected whole word, which catalog_name_term makes the
    // word and its stem. Only plain letters: other tokens may not stem or parse as one lexeme.
    await q.query(`
      CREATE FUNCTION catalog_name_terms_cover(typed_terms text[], corrected_terms text[]) RETURNS boolean
      LANGUAGE plpgsql STABLE AS $$
      DECLARE
        typed text;
        stemmed text;
        lexeme text;
      BEGIN
        FOR i IN 1..cardinality(typed_terms) LOOP
          CONTINUE WHEN typed_terms[i] = corrected_terms[i];
          IF typed_terms[i] !~ '^[a-z]+:\\*$' OR corrected_terms[i] !~ '^[a-z]+$' THEN RETURN false; END IF;
          typed := left(typed_terms[i], -2);
          stemmed := coalesce((ts_lexize('english_stem', typed))[1], typed);
          FOREACH lexeme IN ARRAY ARRAY[corrected_terms[i], (ts_lexize('english_stem', corrected_terms[i]))[1]] LOOP
            IF lexeme IS NOT NULL AND NOT (starts_with(lexeme, typed) OR starts_with(lexeme, stemmed)) THEN
              RETURN false;
            END IF;
          END LOOP;
        END LOOP;
        RETURN true;
      END $$`);
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
               LIMIT candidates
            ) c ORDER BY word_similarity(typed, c.name_key) DESC, c.review_count DESC, c.name_key, c.id
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
            SELECT c.id, c.name, c.first_image, c.price_paise, c.brand FROM (
              SELECT p.id, p.name, p.images[1] AS first_image, p.price_paise, p.brand, p.name_key, p.review_count
                FROM products p
               WHERE p.deleted_at IS NULL AND p.body_tsv @@ text_query AND p.id <> ALL(found)
               LIMIT candidates
            ) c ORDER BY c.review_count DESC, c.name_key, c.id
            LIMIT lim - cardinality(found);
        END IF;
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    // The previous migration's dropdown, as it made it.
    const previous = new CatalogSearchWordList1767000000000();
    await previous.down(q);
    await previous.up(q);
    await q.query(`DROP FUNCTION catalog_name_terms_cover(text[], text[])`);
  }
}
