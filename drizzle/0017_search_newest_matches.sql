-- Search's first step in one statement (decision 012, step 10): the ids of the newest `candidates` visible articles
-- matching `stemmed` (the stemmed full text) or, when given, `words` (the unstemmed words of title and excerpt),
-- and with `counted`, how many match, up to `count_limit` + 1. The steps and their constants are those of
-- `newestMatches` in app/services/search/search.server.ts, which passes the constants; the planner settings each
-- step needs are set inside and end with the function (its SET clauses), so the statement needs no transaction
-- of its own. Every statement is planned with its values (EXECUTE), as the separate statements were.
CREATE FUNCTION search_newest_matches(
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
    EXECUTE walk INTO further
      USING stemmed, words, visible_at, probe_articles - probe_sample, probe_sample, candidates - cardinality(probed);
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
  newest_where := 'SELECT array(SELECT id FROM (' || from_full_text || ') AS articles WHERE ' || visible
    || ' ORDER BY published_at DESC, id DESC LIMIT ' || candidates || ')';
  IF newest_at IS NOT NULL AND probe_edge IS NOT NULL AND oldest_at IS NOT NULL THEN
    -- Articles to go back for `candidates` matches at the share found, four times over, as a period.
    period := (4.0 * candidates * read / greatest(cardinality(probed), 1)) * (newest_at - probe_edge) / read;
    -- Whole weeks since 1970, as the search_week column counts them.
    newest_week := floor(newest_at / 604800);
    WHILE newest_at - period > oldest_at LOOP
      first_week := floor((newest_at - period) / 604800);
      EXIT WHEN newest_week - first_week >= period_weeks_max;
      EXECUTE format(newest_where, condition || ' AND search_week @@ to_tsquery(''simple'', $4)')
        INTO ids
        USING stemmed, words, visible_at,
          (SELECT string_agg('w' || week, ' | ') FROM generate_series(first_week, newest_week) AS week);
      IF cardinality(ids) = candidates THEN
        RETURN;
      END IF;
      period := period * 10;
    END LOOP;
  END IF;
  EXECUTE format(newest_where, condition) INTO ids USING stemmed, words, visible_at;
END;
$$;
