import { and, eq, isNotNull, lte, max, min, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { articles, authors } from "../../db/schema";
import type { ArticleSummary } from "../../utils/articles";
import { HIGHLIGHT_END, HIGHLIGHT_START } from "../../utils/highlight";
import { INSTANT_SEARCH_LIMIT, INSTANT_SEARCH_MIN_LENGTH, SEARCH_QUERY_MAX_LENGTH } from "../../validation/search";
import { cutText } from "../../validation/text";
import { newestFirst, summaryColumns, visibleToReaders } from "../articles/articles.server";
import { systemClock, type Clock } from "../clock.server";
import { noReaderMemo, type ReaderMemo } from "../reader-memo.server";
import type { RateLimiter, RateLimitPolicy } from "../rate-limits/rate-limiter.server";

/** The results page shows this many per page. */
export const SEARCH_PAGE_SIZE = 20;
/**
 * Ranking works on the newest this many matches (10 pages), so a word found in most articles costs the same
 * at a million articles as at a thousand (decision 012).
 */
export const SEARCH_CANDIDATES = 200;
/** Work memory for a search's statements: an exact bitmap for a word in some 200,000 articles (decision 012). */
const SEARCH_WORK_MEM = "16MB";
/** Matches are counted exactly up to this many; beyond it the page says "more than". */
export const SEARCH_COUNT_LIMIT = 1_000;
/**
 * Step 2 of `newestMatches`: the newest PROBE_SAMPLE articles are read one by one; when at least DENSE_SHARE
 * of them match, the walk goes on down the newest PROBE_ARTICLES (enough for SEARCH_CANDIDATES at that share).
 */
const PROBE_SAMPLE = 100;
const DENSE_SHARE = 0.4;
const PROBE_ARTICLES = 600;
/**
 * Step 1 of `newestMatches`: the full-text index's matches are sampled down to about this many. The limit
 * samples each word's matches on its own, so the intersection of several words' samples is much smaller than
 * either: a query of several words needs COUNT_SAMPLE for a sample of more than SEARCH_COUNT_LIMIT wherever
 * more match, a single word (`numnode` 1) only ONE_WORD_SAMPLE (decision 012, step 9).
 */
const COUNT_SAMPLE = 20_000;
const ONE_WORD_SAMPLE = 3_000;

export interface SearchResult extends ArticleSummary {
  /** Words around the best match, with matches between HIGHLIGHT_START and HIGHLIGHT_END. */
  snippet: string;
}

export interface SearchPage {
  query: string;
  results: SearchResult[];
  /** Matches counted, at most SEARCH_COUNT_LIMIT; `more` says there are more. */
  total: number;
  more: boolean;
  page: number;
  pageCount: number;
}

/**
 * The part of the body a snippet is cut from: this many characters around the first place the query's first
 * word appears as written. ts_headline reads its whole input, and a whole body (about 7,000 characters) costs
 * it about a millisecond per result (decision 012). A stem that never appears as written ("compani") leaves
 * the window at the start of the body. The body is unpacked once, into the subquery's column (each reference
 * to the stored column would unpack it again), and lowercased whole only when the word is written neither in
 * lower case nor capitalised, as most words are (an acronym is; decision 012, step 9).
 */
const BODY_WINDOW = 300;

function bodyWindow(tsQuery: SQL): SQL {
  const firstWord = sql`split_part(querytree(${tsQuery}), '''', 2)`;
  const asWritten = sql`least(nullif(strpos(body, ${firstWord}), 0), nullif(strpos(body, initcap(${firstWord})), 0))`;
  const at = sql`coalesce(${asWritten}, strpos(lower(body), ${firstWord}))`;
  return sql`(select substr(body, greatest(1, ${at} - ${BODY_WINDOW / 3}), ${BODY_WINDOW})
    from (select ${articles.content} || '' as body offset 0) as unpacked)`;
}

/** Markdown punctuation removed before a snippet is cut from the body, so readers see words, not syntax. */
const plainText = (markdown: SQL) =>
  sql`regexp_replace(regexp_replace(${markdown}, '\\]\\([^)]*\\)', ' ', 'g'), '[#*_>\`~|\\[\\]]+', ' ', 'g')`;

const markers = `StartSel="${HIGHLIGHT_START}", StopSel="${HIGHLIGHT_END}"`;
const wholeExcerpt = `${markers}, HighlightAll=true`;
const bodyFragment = `${markers}, MaxWords=35, MinWords=15, ShortWord=2, MaxFragments=1`;

/** The excerpt with its matches marked when it matches; otherwise the best passage of the body. */
function snippetOf(tsQuery: SQL): SQL<string> {
  return sql<string>`case when to_tsvector('english', ${articles.excerpt}) @@ ${tsQuery}
    then ts_headline('english', ${articles.excerpt}, ${tsQuery}, ${wholeExcerpt})
    else '… ' || ts_headline('english', ${plainText(bodyWindow(tsQuery))}, ${tsQuery}, ${bodyFragment}) || ' …' end`;
}

/** Hyphenated words (`entry-level`), as the text search parser reads them. */
const HYPHENATED = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu;

/**
 * The query with each hyphenated word outside quotes matched by its whole form alone. The parser indexes
 * "entry-level" as the compound 'entry-level' followed by its parts 'entri' and 'level', and reads the query
 * word as the phrase of all three; a phrase needs every candidate's positions, unpacked from its search vector
 * (decision 012), while the compound alone is answered by the index. An article has the compound only where
 * the hyphenated word is written, its parts right after it, so the matches are the same. A word inside a
 * quoted phrase is left alone: it is part of the longer phrase. A word the parser does not read as a compound
 * ("covid-19": 'covid' then '-19') is left alone too.
 */
function withCompounds(tsQuery: SQL, query: string): SQL {
  const unquoted = query.replace(/"[^"]*(?:"|$)/g, " ");
  const words = [...new Set(unquoted.toLowerCase().match(HYPHENATED) ?? [])].slice(0, 8);
  return words.reduce<SQL>((rewritten, word) => {
    const phrase = sql`websearch_to_tsquery('english', ${word})`;
    const compound = sql`split_part(${phrase}::text, ' <', 1)`;
    return sql`(case when ${compound} ~ '^''[^'' -]+-' then ts_rewrite(${rewritten}, ${phrase}, ${compound}::tsquery) else ${rewritten} end)`;
  }, tsQuery);
}

/**
 * The words of a query for as-you-type matching: the last one as a prefix (the word being typed), the ones
 * before it whole, as the reader finished them with a space; letters and digits only, so nothing the reader
 * types can break the query syntax. Null when no word is left. Only the word being typed costs a prefix scan
 * of the full-text index (decision 012, step 7).
 */
export function prefixQueryText(query: string): string | null {
  const words =
    query
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 8) ?? [];
  if (words.length === 0) return null;
  return words.map((word, index) => (index === words.length - 1 ? `'${word}':*` : `'${word}'`)).join(" & ");
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * A period is at most this many weeks; beyond, the whole archive's matches are read. With more week words in
 * the query, the planner prices the full-text index's scan so high that it reads the weeks alone from an index
 * and tests every article's search vector (decision 012, step 7).
 */
const PERIOD_WEEKS_MAX = 26;
/** Whole weeks since 1970, as the `search_week` column counts them. */
const weekOf = (time: number) => Math.floor(time / WEEK_MS);

/**
 * Published in one of the weeks `first` to `last`: the second column of both full-text indexes, so the index
 * scan itself keeps only the matches of those weeks, and only they are read (decision 012, step 7). Every
 * article published in an earlier week is older than every one in these weeks.
 */
function publishedInWeeks(first: number, last: number): SQL {
  const weeks = Array.from({ length: last - first + 1 }, (_, index) => `w${first + index}`).join(" | ");
  return sql`${articles.searchWeek} @@ to_tsquery('simple', ${weeks})`;
}

/**
 * The articles with these ids, as one array parameter: a list of 200 parameters costs about a millisecond more
 * to send, parse and bind (1.5 ms on PGlite; decision 012, step 9). The ids are integers read from the database.
 */
const amongIds = (ids: number[]): SQL => sql`${articles.id} = any(${`{${ids.join(",")}}`}::integer[])`;

/** Instant-search requests per client address: far more than a person types, little for a scraper. */
export const INSTANT_SEARCH_RATE_LIMIT: RateLimitPolicy = { bucket: "instant-search", limit: 120, windowMs: 60_000 };

/** Ranked full-text search over published articles (DESIGN.md departure 6), and the instant dropdown's. */
export function createSearchService({
  db,
  rateLimiter,
  clock = systemClock,
  memo = noReaderMemo,
}: {
  db: Database;
  rateLimiter: RateLimiter;
  clock?: Clock;
  /** Results remembered per content version, so a query many readers type costs one search (decision 028). */
  memo?: Pick<ReaderMemo, "read">;
}) {
  /**
   * Runs a search's statements in one transaction whose planner settings end with it (SET LOCAL). The planner
   * prices `@@` as one cheap operator, but testing an article unpacks its search vector (some 6 KB, the whole
   * cost), so its own choices read thousands of vectors for a common word; `newestMatches` picks the plan
   * itself and says so through these settings (decision 012, with the plans). A bitmap of a word found in tens
   * of thousands of articles needs more than the default 4 MB of work memory to stay exact; a lossy one makes
   * PostgreSQL unpack and recheck every article on the pages it lost (3 s at a million).
   */
  function withTextIndexes<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    return db.transaction((tx) => work(tx as unknown as Database));
  }

  /**
   * Planner settings for the statements that follow in the transaction: the work memory, which scans, and whether
   * the full-text index's matches are sampled, by how much the query `sampledFor` says (only step 1 of
   * `newestMatches` reads the index while they are; the results are then read by id).
   */
  const plan = (tx: Database, scans: "bitmap" | "date index", sampledFor?: SQL) =>
    tx.execute(
      sql`select set_config('work_mem', ${SEARCH_WORK_MEM}, true), set_config('enable_seqscan', 'off', true),
        set_config('enable_indexscan', ${scans === "bitmap" ? "off" : "on"}, true),
        set_config('enable_bitmapscan', ${scans === "bitmap" ? "on" : "off"}, true),
        set_config('gin_fuzzy_search_limit', ${sampledFor ? sql`case when numnode(${sampledFor}) = 1 then ${String(ONE_WORD_SAMPLE)} else ${String(COUNT_SAMPLE)} end` : "0"}, true)`,
    );

  /**
   * The ids of the newest SEARCH_CANDIDATES visible articles matching `condition`, and with `countFor` (the
   * ranked search's query), how many match, up to SEARCH_COUNT_LIMIT + 1 (decision 012). In three steps, each
   * stopping when it has the answer:
   * 1. Count (ranked search only): the full-text index's matches (a random sample of about COUNT_SAMPLE, or
   *    ONE_WORD_SAMPLE for a single word, when there are more, so a word in most articles costs no more than a
   *    rarer one), up to SEARCH_COUNT_LIMIT + 1 of them read. When that is all of them, they are sorted by
   *    date and are the answer.
   * 2. Probe: the newest PROBE_SAMPLE articles are read down the date index, and for a word in DENSE_SHARE of
   *    them or more the walk goes on until SEARCH_CANDIDATES match (about 250 articles read for a word in 80%).
   * 3. Periods: the share of matches the probe found says how far back SEARCH_CANDIDATES lie, as whole weeks.
   *    The full-text index's scan keeps the matches of those weeks only (its second column), so only they are
   *    read, and the period is widened tenfold while it holds too few, up to PERIOD_WEEKS_MAX; then the whole
   *    archive's matches are read. Every article outside a period is older than every one in it, so a period
   *    with SEARCH_CANDIDATES matches holds the newest.
   */
  async function newestMatches(tx: Database, condition: SQL, countFor?: SQL): Promise<{ ids: number[]; matched: number }> {
    const now = clock.now();
    const visible = visibleToReaders(now);
    /**
     * The articles whose search vectors match `fullText`, found through the full-text indexes alone, named as
     * the table so that the visibility condition can follow outside. OFFSET 0 keeps that condition out of the
     * inner query: when the index's matches look costly to the planner (a prefix, a period of many weeks), it
     * would otherwise read every published article through the status or date index and test its search vector
     * (170 ms for one period at 10,000 articles; decision 012, step 7). The indexes hold published articles only,
     * and the inner query says so in their words, so they serve it and no draft is read (decision 012, step 8).
     */
    const fromFullText = (fullText: SQL) =>
      sql`(select ${articles.id}, ${articles.publishedAt}, ${articles.status} from ${articles}
        where ${fullText} and ${articles.status} = 'published' offset 0) as ${articles}`;

    let matched = 0;
    if (countFor) {
      await plan(tx, "bitmap", countFor);
      const { rows: first } = await tx.execute<{ id: number; matched: number }>(
        sql`select id, (count(*) over ())::int as matched from (select id, published_at from ${fromFullText(condition)}
          where ${visible} limit ${SEARCH_COUNT_LIMIT + 1}) as counted
          order by published_at desc, id desc limit ${SEARCH_CANDIDATES}`,
      );
      matched = Number(first[0]?.matched ?? 0);
      if (matched <= SEARCH_COUNT_LIMIT) return { ids: first.map((row) => Number(row.id)), matched };
    }

    await plan(tx, "date index");
    // The `read` newest articles after the `skip` newest, in date order, named as the table so that `condition`
    // reads their columns; with no sort above it, the limit stops the walk at the `wanted`-th match.
    const walk = async (skip: number, read: number, wanted: number) => {
      const newest = tx
        .select({ id: articles.id, search: articles.search, searchWords: articles.searchWords })
        .from(articles)
        .where(visible)
        .orderBy(...newestFirst)
        .limit(read)
        .offset(skip);
      const { rows } = await tx.execute<{ id: number }>(
        sql`select id from (${newest}) as ${articles} where ${condition} limit ${wanted}`,
      );
      return rows.map((row) => Number(row.id));
    };
    let read = PROBE_SAMPLE;
    let probed = await walk(0, PROBE_SAMPLE, SEARCH_CANDIDATES);
    if (probed.length >= PROBE_SAMPLE * DENSE_SHARE) {
      // Dense: the walk goes on past the articles already read.
      read = PROBE_ARTICLES;
      probed = [...probed, ...(await walk(PROBE_SAMPLE, PROBE_ARTICLES - PROBE_SAMPLE, SEARCH_CANDIDATES - probed.length))];
      if (probed.length === SEARCH_CANDIDATES) return { ids: probed, matched };
    }

    // The publication times of the newest, the `read`-th newest and the oldest article, to turn a
    // number of articles into a period: from the date index alone (its own condition), no article read.
    const dated = and(isNotNull(articles.publishedAt), lte(articles.publishedAt, now));
    const probedSpan = tx
      .select({ publishedAt: articles.publishedAt })
      .from(articles)
      .where(dated)
      .orderBy(...newestFirst)
      .limit(read)
      .as("probed_span");
    const oldest = tx
      .select({ publishedAt: min(articles.publishedAt) })
      .from(articles)
      .where(dated);
    const [span] = await tx
      .select({
        newestAt: max(probedSpan.publishedAt),
        probeEdge: min(probedSpan.publishedAt),
        oldestAt: sql<Date | null>`(${oldest})`.mapWith(articles.publishedAt),
      })
      .from(probedSpan);
    await plan(tx, "bitmap");
    const newestWhere = async (fullText: SQL) => {
      const { rows } = await tx.execute<{ id: number }>(
        sql`select id from ${fromFullText(fullText)} where ${visible}
          order by ${sql.join([...newestFirst], sql`, `)} limit ${SEARCH_CANDIDATES}`,
      );
      return rows.map((row) => Number(row.id));
    };
    if (span?.newestAt && span.probeEdge && span.oldestAt) {
      const newestAt = span.newestAt.getTime();
      // Articles to go back for SEARCH_CANDIDATES matches at the share found, four times over, as a period.
      const articlesBack = (4 * SEARCH_CANDIDATES * read) / Math.max(probed.length, 1);
      let period = (articlesBack * (newestAt - span.probeEdge.getTime())) / read;
      const newestWeek = weekOf(newestAt);
      for (; newestAt - period > span.oldestAt.getTime(); period *= 10) {
        const firstWeek = weekOf(newestAt - period);
        if (newestWeek - firstWeek >= PERIOD_WEEKS_MAX) break;
        const ids = await newestWhere(sql`${condition} and ${publishedInWeeks(firstWeek, newestWeek)}`);
        if (ids.length === SEARCH_CANDIDATES) return { ids, matched };
      }
    }
    return { ids: await newestWhere(condition), matched };
  }

  function rankedPage(query: string, tsQuery: SQL, page: number, pageSize: number): Promise<SearchPage> {
    const condition = sql`${articles.search} @@ ${tsQuery}`;
    return withTextIndexes(async (tx) => {
      const { ids, matched } = await newestMatches(tx, condition, tsQuery);
      const total = Math.min(matched, SEARCH_COUNT_LIMIT);
      const more = matched > SEARCH_COUNT_LIMIT;
      if (total === 0) return { query, results: [], total, more, page, pageCount: 1 };
      const results = await tx
        .select({ ...summaryColumns, snippet: snippetOf(tsQuery) })
        .from(articles)
        .innerJoin(authors, eq(authors.id, articles.authorId))
        .where(amongIds(ids))
        .orderBy(sql`ts_rank(${articles.search}, ${tsQuery}) desc`, ...newestFirst)
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      return { query, results, total, more, page, pageCount: Math.max(1, Math.ceil(ids.length / pageSize)) };
    });
  }

  /** The quick results for a prefix query (`prefixQueryText`), best first. */
  function instantMatches(prefixText: string, limit: number): Promise<ArticleSummary[]> {
    const stemmed = sql`to_tsquery('english', ${prefixText})`;
    const unstemmed = sql`to_tsquery('simple', ${prefixText})`;
    const condition = sql`(${articles.search} @@ ${stemmed} or ${articles.searchWords} @@ ${unstemmed})`;
    return withTextIndexes(async (tx) => {
      const { ids } = await newestMatches(tx, condition);
      if (ids.length === 0) return [];
      return tx
        .select(summaryColumns)
        .from(articles)
        .innerJoin(authors, eq(authors.id, articles.authorId))
        .where(amongIds(ids))
        .orderBy(
          sql`ts_rank(${articles.searchWords}, ${unstemmed}) + ts_rank(${articles.search}, ${stemmed}) desc`,
          ...newestFirst,
        )
        .limit(limit);
    });
  }

  return {
    /**
     * One page of results: best rank first, newest first among equal ranks. Web-search syntax: quoted
     * phrases, `-word` to exclude, `or`. Should PostgreSQL's websearch parser ever reject a query, it is
     * taken as plain words instead of failing.
     */
    async search(rawQuery: string, page = 1, pageSize = SEARCH_PAGE_SIZE): Promise<SearchPage> {
      const query = cutText(rawQuery.trim(), SEARCH_QUERY_MAX_LENGTH);
      if (!query) return { query, results: [], total: 0, more: false, page, pageCount: 1 };
      return memo.read(`search:${page}:${pageSize}:${query}`, async () => {
        try {
          return await rankedPage(query, withCompounds(sql`websearch_to_tsquery('english', ${query})`, query), page, pageSize);
        } catch {
          return rankedPage(query, sql`plainto_tsquery('english', ${query})`, page, pageSize);
        }
      });
    },

    /** Counts one instant search against the client's budget (INSTANT_SEARCH_RATE_LIMIT). */
    allowInstantSearch: (clientAddress: string) => rateLimiter.hit(INSTANT_SEARCH_RATE_LIMIT, clientAddress),

    /**
     * Quick results while the reader types: the words before the last whole, the last as a prefix
     * (`prefixQueryText`), in the stemmed full text or in the unstemmed words of title and excerpt. Fewer than 2
     * characters give nothing.
     */
    async instantSearch(rawQuery: string, limit = INSTANT_SEARCH_LIMIT): Promise<ArticleSummary[]> {
      const query = cutText(rawQuery.trim(), SEARCH_QUERY_MAX_LENGTH);
      const prefixText = query.length >= INSTANT_SEARCH_MIN_LENGTH ? prefixQueryText(query) : null;
      if (!prefixText) return [];
      return memo.read(`instant:${limit}:${prefixText}`, () => instantMatches(prefixText, limit));
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
