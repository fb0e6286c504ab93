import { eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { articles, authors } from "../../db/schema";
import type { ArticleSummary } from "../../domain/articles";
import { HIGHLIGHT_END, HIGHLIGHT_START } from "../../utils/highlight";
import { INSTANT_SEARCH_LIMIT, INSTANT_SEARCH_MIN_LENGTH, SEARCH_QUERY_MAX_LENGTH } from "../../validation/search";
import { cutText } from "../../validation/text";
import { newestFirst, summaryColumns } from "../articles/articles.server";
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
 * Step 2 as you type: a match read down the date index costs about as much as this many postings read by the
 * full-text index's scan of a prefix, which reads every posting of every word the prefix begins. When the
 * walk to SEARCH_CANDIDATES matches costs less than those postings, it goes on past PROBE_SAMPLE at any share
 * (decision 012, step 12: the queries it decides at a million articles put it above 31 and below 79 to 124).
 */
const WALK_COST_RATIO = 80;
/**
 * Step 1 of `newestMatches`: the full-text index's matches are sampled down to about this many. The limit
 * samples each word's matches on its own, so the intersection of several words' samples is much smaller than
 * either: a query of several words needs COUNT_SAMPLE for a sample of more than SEARCH_COUNT_LIMIT wherever
 * more match, a single word (`numnode` 1) only ONE_WORD_SAMPLE (decision 012, step 9).
 */
const COUNT_SAMPLE = 20_000;
const ONE_WORD_SAMPLE = 3_000;
/**
 * Step 3 of `newestMatches`: a period is at most this many weeks; beyond, the whole archive's matches are read.
 * With more week words in the query, the planner prices the full-text index's scan so high that it reads the
 * weeks alone from an index and tests every article's search vector (decision 012, step 7).
 */
const PERIOD_WEEKS_MAX = 26;

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

/**
 * The articles with these ids, as one array parameter: a list of 200 parameters costs about a millisecond more
 * to send, parse and bind (1.5 ms on PGlite; decision 012, step 9). The ids are integers read from the database.
 */
const amongIds = (ids: number[]): SQL => sql`${articles.id} = any(${`{${ids.join(",")}}`}::integer[])`;

/** The last term of a prefix query of several words (`prefixQueryText`), the word being typed; null for one word. */
function prefixTermOf(prefixText: string): string | null {
  const terms = prefixText.split(" & ");
  return terms.length > 1 ? (terms.at(-1) ?? null) : null;
}

export interface NewestMatchesQuery {
  /** The query in the stemmed full text. */
  stemmed: SQL;
  /** As you type: the same words in the unstemmed words of title and excerpt. */
  words?: SQL | null;
  /** As you type, with several words: the last term alone (`'word':*`), for step 2's share of the prefix. */
  prefix?: string | null;
  /** The ranked search counts the matches (step 1); as you type, nothing is counted. */
  counted: boolean;
  /** Step 2's WALK_COST_RATIO; tests set it to 0 (walk whenever a match is probed) to compare with the periods. */
  walkCostRatio?: number;
}

/** The call of `search_newest_matches` (see `newestMatches` in the service) with the service's constants. */
export function newestMatchesCall(
  { stemmed, words = null, prefix = null, counted, walkCostRatio = WALK_COST_RATIO }: NewestMatchesQuery,
  now: Date,
): SQL {
  const prefixIn = (config: string) => (prefix === null ? sql`null` : sql`to_tsquery(${config}::regconfig, ${prefix})`);
  return sql`select ids, matched from search_newest_matches(${stemmed}, ${words ?? sql`null`}::tsquery,
    ${now.toISOString()}::timestamptz, ${counted}, ${SEARCH_CANDIDATES}, ${SEARCH_COUNT_LIMIT}, ${ONE_WORD_SAMPLE},
    ${COUNT_SAMPLE}, ${PROBE_SAMPLE}, ${DENSE_SHARE}, ${PROBE_ARTICLES}, ${PERIOD_WEEKS_MAX}, ${walkCostRatio}::double precision,
    ${prefixIn("english")}::tsquery, ${prefixIn("simple")}::tsquery)`;
}

/** Instant-search requests per client address: far more than a person types, little for a scraper. */
export const INSTANT_SEARCH_RATE_LIMIT: RateLimitPolicy = { bucket: "instant-search", limit: 120, windowMs: 60_000 };

/** Ranked full-text search over published articles (decision 012), and the instant dropdown's. */
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
   * The ids of the newest SEARCH_CANDIDATES visible articles matching `stemmed` (in the full text) or `words` (in
   * the unstemmed words of title and excerpt), and when `counted` (the ranked search), how many match, up to
   * SEARCH_COUNT_LIMIT + 1 (decision 012). One statement: the function `search_newest_matches` (as
   * drizzle/0019_search_walk_for_common_prefixes.sql last defines it) runs the steps in the database, each stopping when it has
   * the answer, with the planner settings each needs (the planner prices `@@` as one cheap operator, but testing an article
   * unpacks its search vector, some 6 KB, so its own choices would read thousands of vectors for a common word):
   * 1. Count (ranked search only): the full-text index's matches (a random sample of about COUNT_SAMPLE, or
   *    ONE_WORD_SAMPLE for a single word, when there are more, so a word in most articles costs no more than a
   *    rarer one), up to SEARCH_COUNT_LIMIT + 1 of them read. When that is all of them, they are sorted by
   *    date and are the answer.
   * 2. Probe: the newest PROBE_SAMPLE articles are read down the date index, and for a word in DENSE_SHARE of
   *    them or more the walk goes on until SEARCH_CANDIDATES match (about 250 articles read for a word in 80%).
   *    As you type, it also goes on at a lower share, twice as far as the share says, when that costs less than
   *    the prefix's postings (WALK_COST_RATIO; the share of the newest articles the last word begins a word in,
   *    times the table's estimated rows): at a million articles "cod" or "small mod" (migration 0019).
   * 3. Periods: the share of matches the probe found says how far back SEARCH_CANDIDATES lie, as whole weeks.
   *    The full-text index's scan keeps the matches of those weeks only (its second column, `search_week`), so
   *    only they are read. While the weeks read hold too few, the next period is the weeks just before them, as
   *    many as the matches found so far say are needed, twice over (tenfold when none was found), up to
   *    PERIOD_WEEKS_MAX weeks in all; then the matches older than every week read, from the whole archive's.
   *    Every article before a week is older than every one in it, so the periods' matches, in turn, are the
   *    newest (migration 0018).
   */
  async function newestMatches(query: NewestMatchesQuery): Promise<{ ids: number[]; matched: number }> {
    const { rows } = await db.execute<{ ids: number[] | null; matched: number | null }>(newestMatchesCall(query, clock.now()));
    const [found] = rows;
    return { ids: (found?.ids ?? []).map(Number), matched: Number(found?.matched ?? 0) };
  }

  async function rankedPage(query: string, tsQuery: SQL, page: number, pageSize: number): Promise<SearchPage> {
    const { ids, matched } = await newestMatches({ stemmed: tsQuery, counted: true });
    const total = Math.min(matched, SEARCH_COUNT_LIMIT);
    const more = matched > SEARCH_COUNT_LIMIT;
    if (total === 0) return { query, results: [], total, more, page, pageCount: 1 };
    const results = await db
      .select({ ...summaryColumns, snippet: snippetOf(tsQuery) })
      .from(articles)
      .innerJoin(authors, eq(authors.id, articles.authorId))
      .where(amongIds(ids))
      .orderBy(sql`ts_rank(${articles.search}, ${tsQuery}) desc`, ...newestFirst)
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return { query, results, total, more, page, pageCount: Math.max(1, Math.ceil(ids.length / pageSize)) };
  }

  /** The quick results for a prefix query (`prefixQueryText`), best first. */
  async function instantMatches(prefixText: string, limit: number): Promise<ArticleSummary[]> {
    const stemmed = sql`to_tsquery('english', ${prefixText})`;
    const unstemmed = sql`to_tsquery('simple', ${prefixText})`;
    const { ids } = await newestMatches({ stemmed, words: unstemmed, prefix: prefixTermOf(prefixText), counted: false });
    if (ids.length === 0) return [];
    return db
      .select(summaryColumns)
      .from(articles)
      .innerJoin(authors, eq(authors.id, articles.authorId))
      .where(amongIds(ids))
      .orderBy(sql`ts_rank(${articles.searchWords}, ${unstemmed}) + ts_rank(${articles.search}, ${stemmed}) desc`, ...newestFirst)
      .limit(limit);
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
