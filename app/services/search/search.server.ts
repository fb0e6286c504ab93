import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
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
 * the window at the start of the body.
 */
const BODY_WINDOW = 1_500;

function bodyWindow(tsQuery: SQL): SQL {
  const firstWord = sql`split_part(querytree(${tsQuery}), '''', 2)`;
  const at = sql`strpos(lower(${articles.content}), ${firstWord})`;
  return sql`substr(${articles.content}, greatest(1, ${at} - ${BODY_WINDOW / 3}), ${BODY_WINDOW})`;
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

/**
 * The words of a query as prefix terms for as-you-type matching: letters and digits only, so nothing
 * the reader types can break the query syntax. Null when no word is left.
 */
export function prefixQueryText(query: string): string | null {
  const words =
    query
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 8) ?? [];
  return words.length === 0 ? null : words.map((word) => `'${word}':*`).join(" & ");
}

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
   * Runs a search's queries with the full-text indexes. The planner prices `@@` as cheap and so reads every
   * row for a common word, unpacking each article's search vector on the way (the whole cost); the GIN index
   * answers the same question without unpacking one (decision 012, with the plans). The bitmap of a word
   * found in tens of thousands of articles needs more than the default 4 MB of work memory to stay exact;
   * a lossy one makes PostgreSQL unpack and recheck every article on the pages it lost (3 s at a million).
   */
  function withTextIndexes<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql.raw(`set local work_mem = '${SEARCH_WORK_MEM}'`));
      return work(tx as unknown as Database);
    });
  }

  /** The ids of the newest SEARCH_CANDIDATES published articles matching `condition`. */
  const newestMatches = (tx: Database, condition: SQL) =>
    tx
      .select({ id: articles.id })
      .from(articles)
      .where(and(visibleToReaders(clock.now()), condition))
      .orderBy(...newestFirst)
      .limit(SEARCH_CANDIDATES);

  function rankedPage(query: string, tsQuery: SQL, page: number, pageSize: number): Promise<SearchPage> {
    const condition = sql`${articles.search} @@ ${tsQuery}`;
    return withTextIndexes(async (tx) => {
      const counted = tx
        .select({ one: sql`1` })
        .from(articles)
        .where(and(visibleToReaders(clock.now()), condition))
        .limit(SEARCH_COUNT_LIMIT + 1)
        .as("counted");
      const [{ matched } = { matched: 0 }] = await tx.select({ matched: sql<number>`count(*)::int` }).from(counted);
      const total = Math.min(matched, SEARCH_COUNT_LIMIT);
      const more = matched > SEARCH_COUNT_LIMIT;
      if (total === 0) return { query, results: [], total, more, page, pageCount: 1 };
      const results = await tx
        .select({ ...summaryColumns, snippet: snippetOf(tsQuery) })
        .from(articles)
        .innerJoin(authors, eq(authors.id, articles.authorId))
        .where(inArray(articles.id, newestMatches(tx, condition)))
        .orderBy(sql`ts_rank(${articles.search}, ${tsQuery}) desc`, ...newestFirst)
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const ranked = Math.min(matched, SEARCH_CANDIDATES);
      return { query, results, total, more, page, pageCount: Math.max(1, Math.ceil(ranked / pageSize)) };
    });
  }

  /** The quick results for a prefix query (`prefixQueryText`), best first. */
  function instantMatches(prefixText: string, limit: number): Promise<ArticleSummary[]> {
    const stemmed = sql`to_tsquery('english', ${prefixText})`;
    const unstemmed = sql`to_tsquery('simple', ${prefixText})`;
    const condition = sql`(${articles.search} @@ ${stemmed} or ${articles.searchWords} @@ ${unstemmed})`;
    return withTextIndexes((tx) =>
      tx
        .select(summaryColumns)
        .from(articles)
        .innerJoin(authors, eq(authors.id, articles.authorId))
        .where(inArray(articles.id, newestMatches(tx, condition)))
        .orderBy(
          sql`ts_rank(${articles.searchWords}, ${unstemmed}) + ts_rank(${articles.search}, ${stemmed}) desc`,
          ...newestFirst,
        )
        .limit(limit),
    );
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
          return await rankedPage(query, sql`websearch_to_tsquery('english', ${query})`, page, pageSize);
        } catch {
          return rankedPage(query, sql`plainto_tsquery('english', ${query})`, page, pageSize);
        }
      });
    },

    /** Counts one instant search against the client's budget (INSTANT_SEARCH_RATE_LIMIT). */
    allowInstantSearch: (clientAddress: string) => rateLimiter.hit(INSTANT_SEARCH_RATE_LIMIT, clientAddress),

    /**
     * Quick results while the reader types: every word matched as a prefix, in the stemmed full text or in
     * the unstemmed words of title and excerpt. Fewer than 2 characters give nothing.
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
