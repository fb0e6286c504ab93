-- As-you-type search walks the newest articles further when the word being typed begins words found in many
-- articles (decision 012, step 12): the full-text index's scan of a prefix reads every posting of every word it
-- begins, wherever it was published, while the walk reads only the newest articles. The function gains three
-- parameters, so the old one is dropped first (both statements can run twice). The answers are those of migration
-- 0018's function.
DROP FUNCTION IF EXISTS search_newest_matches(tsquery, tsquery, timestamptz, boolean, integer, integer, integer, integer, integer,
  double precision, integer, integer);--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_newest_matches(
  stemmed tsquery,
  words tsquery,
  visible_at timestamptz,
  counted boolean,
  candidates integer,
  count_limit integer,
  one_word_sample integer,
  count_sample integer,
  probe_sample integer,
  dense_share double precision,
  probe_articles integer,
  period_weeks_max integer,
  walk_cost_ratio double precision,
  prefix_stemmed tsquery,
  prefix_words tsquery,
  OUT ids integer[],
  OUT matched integer
)
LANGUAGE plpgsql
SET work_mem = '16MB'
SET enable_seqscan = off
SET enable_indexscan = off
SET enable_bitmapscan = on
SET gin_fuzzy_search_limit = 0
AS $$
DECLARE
  -- $1 stemmed, $2 words, $3 visible_at in every statement below.
  condition text := CASE WHEN words IS NULL THEN 'search @@ $1' ELSE '(search @@ $1 OR search_words @@ $2)' END;
  visible text := 'status = ''published'' AND published_at IS NOT NULL AND published_at <= $3';
  -- The full-text indexes' matches, named as the table; OFFSET 0 keeps the visibility condition outside.
  from_full_text text := 'SELECT id, published_at, status FROM articles WHERE %s AND status = ''published'' OFFSET 0';
  -- The newest `candidates` of the matches `%s` (the condition, with or without a period) finds.
  newest_where text;
  walk text;
  probed integer[];
  further integer[];
  read integer := probe_sample;
  newest_at double precision;
  probe_edge double precision;
  oldest_at double precision;
  period double precision;
  newest_week integer;
  first_week integer;
  last_week integer;
  weeks_read integer;
  found integer[];
  walk_length integer;
  archive double precision;
  prefix_share double precision;
BEGIN
  matched := 0;
  IF counted THEN
    PERFORM set_config('gin_fuzzy_search_limit',
      (CASE WHEN numnode(stemmed) = 1 THEN one_word_sample ELSE count_sample END)::text, true);
    EXECUTE format(
      'SELECT (array_agg(id ORDER BY published_at DESC, id DESC))[1:%s], count(*)::integer
        FROM (SELECT id, published_at FROM (' || from_full_text || ') AS articles WHERE %s LIMIT %s) AS counted',
      candidates, condition, visible, count_limit + 1)
      INTO ids, matched USING stemmed, words, visible_at;
    PERFORM set_config('gin_fuzzy_search_limit', '0', true);
    IF matched <= count_limit THEN
      ids := coalesce(ids, '{}');
      RETURN;
    END IF;
  END IF;

  -- Step 2: the newest articles down the date index, read one by one.
  PERFORM set_config('enable_indexscan', 'on', true), set_config('enable_bitmapscan', 'off', true);
  walk := format(
    'SELECT array(SELECT id FROM (SELECT id, search, search_words FROM articles WHERE %s
      ORDER BY published_at DESC, id DESC LIMIT $4 OFFSET $5) AS articles WHERE %s LIMIT $6)',
    visible, condition);
  EXECUTE walk INTO probed USING stemmed, words, visible_at, probe_sample, 0, candidates;
  IF cardinality(probed) >= probe_sample * dense_share THEN
    read := probe_articles;
  ELSIF words IS NOT NULL AND cardinality(probed) > 0 THEN
    -- As you type, the index's scan of the last word, a prefix, reads every posting of every word it begins, in
    -- the whole archive (the table's estimated rows). The walk reads twice the articles the probe's share says
    -- hold `candidates` matches, each costing about walk_cost_ratio postings. So the walk goes on when it costs
    -- less than the prefix's postings at its share of the probe (the whole query's share when it is one word).
    walk_length := ceil(2.0 * candidates * probe_sample / cardinality(probed));
    SELECT greatest(reltuples, 0) INTO archive FROM pg_class WHERE oid = 'articles'::regclass;
    IF walk_length * walk_cost_ratio < archive THEN
      prefix_share := cardinality(probed)::double precision / probe_sample;
      IF prefix_stemmed IS NOT NULL THEN
        EXECUTE format('SELECT count(*)::double precision / $4 FROM (SELECT search, search_words FROM articles WHERE %s
          ORDER BY published_at DESC, id DESC LIMIT $4) AS articles WHERE search @@ $5 OR search_words @@ $6', visible)
          INTO prefix_share USING stemmed, words, visible_at, probe_sample, prefix_stemmed, prefix_words;
      END IF;
      IF walk_length * walk_cost_ratio < prefix_share * archive THEN
        read := walk_length;
      END IF;
    END IF;
  END IF;
  IF read > probe_sample THEN
    EXECUTE walk INTO further
      USING stemmed, words, visible_at, read - probe_sample, probe_sample, candidates - cardinality(probed);
    probed := probed || further;
    IF cardinality(probed) = candidates THEN
      ids := probed;
      RETURN;
    END IF;
  END IF;

  -- Step 3: periods of whole weeks, from the publication times of the newest, the `read`-th newest and the oldest.
  SELECT extract(epoch FROM max(published_at)), extract(epoch FROM min(published_at))
    INTO newest_at, probe_edge
    FROM (SELECT published_at FROM articles WHERE published_at IS NOT NULL AND published_at <= visible_at
      ORDER BY published_at DESC, id DESC LIMIT read) AS probed_span;
  SELECT extract(epoch FROM min(published_at)) INTO oldest_at
    FROM articles WHERE published_at IS NOT NULL AND published_at <= visible_at;
  PERFORM set_config('enable_indexscan', 'off', true), set_config('enable_bitmapscan', 'on', true);
  -- The newest $4 matches of the condition `%s`, newest first.
  newest_where := 'SELECT array(SELECT id FROM (' || from_full_text || ') AS articles WHERE ' || visible
    || ' ORDER BY published_at DESC, id DESC LIMIT $4)';
  ids := '{}';
  IF newest_at IS NOT NULL AND probe_edge IS NOT NULL AND oldest_at IS NOT NULL THEN
    -- Articles to go back for `candidates` matches at the share found, four times over, as a period.
    period := (4.0 * candidates * read / greatest(cardinality(probed), 1)) * (newest_at - probe_edge) / read;
    -- Whole weeks since 1970, as the search_week column counts them.
    newest_week := floor(newest_at / 604800);
    last_week := newest_week;
    first_week := floor((newest_at - period) / 604800);
    -- Each period holds the weeks before the last one read, so no match is read twice: when a period holds too
    -- few, the next goes back twice as far as the matches found so far say is needed and at least half as far
    -- again, or tenfold when none was found, up to period_weeks_max weeks in all; then the older matches of the
    -- whole archive.
    WHILE first_week * 604800.0 > oldest_at AND newest_week - first_week < period_weeks_max LOOP
      EXECUTE format(newest_where, condition || ' AND search_week @@ to_tsquery(''simple'', $5)')
        INTO found
        USING stemmed, words, visible_at, candidates - cardinality(ids),
          (SELECT string_agg('w' || week, ' | ') FROM generate_series(first_week, last_week) AS week);
      ids := ids || found;
      IF cardinality(ids) = candidates THEN
        RETURN;
      END IF;
      weeks_read := newest_week - first_week + 1;
      last_week := first_week - 1;
      first_week := first_week - CASE WHEN cardinality(ids) = 0 THEN 9 * weeks_read
        ELSE greatest(ceil(2.0 * (candidates - cardinality(ids)) * weeks_read / cardinality(ids)), ceil(weeks_read / 2.0))::integer END;
      first_week := greatest(first_week, newest_week - period_weeks_max + 1);
      EXIT WHEN first_week > last_week;
    END LOOP;
  END IF;
  -- The matches older than every week read, or when none was, the whole archive's.
  IF last_week IS NULL OR last_week = newest_week THEN
    EXECUTE format(newest_where, condition) INTO ids USING stemmed, words, visible_at, candidates;
  ELSE
    EXECUTE format(newest_where, condition || ' AND published_at < to_timestamp($5::double precision)')
      INTO found USING stemmed, words, visible_at, candidates - cardinality(ids), (last_week + 1) * 604800.0;
    ids := ids || found;
  END IF;
END;
$$;
