import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { articles, authors } from "../../db/schema";
import type { ArticleSummary } from "../../utils/articles";
import { HIGHLIGHT_END, HIGHLIGHT_START } from "../../utils/highlight";
import { INSTANT_SEARCH_LIMIT, INSTANT_SEARCH_MIN_LENGTH, SEARCH_QUERY_MAX_LENGTH } from "../../validation/search";
import { isPublished, newestFirst, summaryColumns } from "../articles/articles.server";
import type { RateLimiter, RateLimitPolicy } from "../rate-limits/rate-limiter.server";

/** The results page shows this many per page. */
export const SEARCH_PAGE_SIZE = 20;

export interface SearchResult extends ArticleSummary {
  /** Words around the best match, with matches between HIGHLIGHT_START and HIGHLIGHT_END. */
  snippet: string;
}

export interface SearchPage {
  query: string;
  results: SearchResult[];
  total: number;
  page: number;
  pageCount: number;
}

/** Markdown punctuation removed before a snippet is cut from the body, so readers see words, not syntax. */
const plainBody = sql`regexp_replace(regexp_replace(${articles.content}, '\\]\\([^)]*\\)', ' ', 'g'), '[#*_>\`~|\\[\\]]+', ' ', 'g')`;

const markers = `StartSel="${HIGHLIGHT_START}", StopSel="${HIGHLIGHT_END}"`;
const wholeExcerpt = `${markers}, HighlightAll=true`;
const bodyFragment = `${markers}, MaxWords=35, MinWords=15, ShortWord=2, MaxFragments=1`;

/** The excerpt with its matches marked when it matches; otherwise the best passage of the body. */
function snippetOf(tsQuery: SQL): SQL<string> {
  return sql<string>`case when to_tsvector('english', ${articles.excerpt}) @@ ${tsQuery}
    then ts_headline('english', ${articles.excerpt}, ${tsQuery}, ${wholeExcerpt})
    else '… ' || ts_headline('english', ${plainBody}, ${tsQuery}, ${bodyFragment}) || ' …' end`;
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

/** Ranked full-text search over published articles (DESIGN.md departure 6). */
/** Instant-search requests per client address: far more than a person types, little for a scraper. */
export const INSTANT_SEARCH_RATE_LIMIT: RateLimitPolicy = { bucket: "instant-search", limit: 120, windowMs: 60_000 };

export function createSearchService({ db, rateLimiter }: { db: Database; rateLimiter: RateLimiter }) {
  async function rankedPage(query: string, tsQuery: SQL, page: number, pageSize: number): Promise<SearchPage> {
    const where = and(isPublished, sql`${articles.search} @@ ${tsQuery}`);
    const [{ total } = { total: 0 }] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(articles)
      .where(where);
    if (total === 0) return { query, results: [], total, page, pageCount: 1 };
    const results = await db
      .select({
        ...summaryColumns,
        snippet: snippetOf(tsQuery),
      })
      .from(articles)
      .innerJoin(authors, eq(authors.id, articles.authorId))
      .where(where)
      .orderBy(sql`ts_rank(${articles.search}, ${tsQuery}) desc`, ...newestFirst)
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return { query, results, total, page, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
  }

  return {
    /**
     * One page of results: best rank first, newest first among equal ranks. Web-search syntax: quoted
     * phrases, `-word` to exclude, `or`. Should PostgreSQL's websearch parser ever reject a query, it is
     * taken as plain words instead of failing.
     */
    async search(rawQuery: string, page = 1, pageSize = SEARCH_PAGE_SIZE): Promise<SearchPage> {
      const query = rawQuery.trim().slice(0, SEARCH_QUERY_MAX_LENGTH);
      if (!query) return { query, results: [], total: 0, page, pageCount: 1 };
      try {
        return await rankedPage(query, sql`websearch_to_tsquery('english', ${query})`, page, pageSize);
      } catch {
        return rankedPage(query, sql`plainto_tsquery('english', ${query})`, page, pageSize);
      }
    },

    /**
     * Quick results while the reader types: every word matched as a prefix, in the stemmed full text or in
     * the unstemmed words of title and excerpt. Fewer than 2 characters give nothing.
     */
    /** Counts one instant search against the client's budget (INSTANT_SEARCH_RATE_LIMIT). */
    allowInstantSearch: (clientAddress: string) => rateLimiter.hit(INSTANT_SEARCH_RATE_LIMIT, clientAddress),

    async instantSearch(rawQuery: string, limit = INSTANT_SEARCH_LIMIT): Promise<ArticleSummary[]> {
      const query = rawQuery.trim().slice(0, SEARCH_QUERY_MAX_LENGTH);
      const prefixText = query.length >= INSTANT_SEARCH_MIN_LENGTH ? prefixQueryText(query) : null;
      if (!prefixText) return [];
      const stemmed = sql`to_tsquery('english', ${prefixText})`;
      const unstemmed = sql`to_tsquery('simple', ${prefixText})`;
      return db
        .select(summaryColumns)
        .from(articles)
        .innerJoin(authors, eq(authors.id, articles.authorId))
        .where(and(isPublished, sql`(${articles.search} @@ ${stemmed} or ${articles.searchWords} @@ ${unstemmed})`))
        .orderBy(
          sql`ts_rank(${articles.searchWords}, ${unstemmed}) + ts_rank(${articles.search}, ${stemmed}) desc`,
          ...newestFirst,
        )
        .limit(limit);
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
