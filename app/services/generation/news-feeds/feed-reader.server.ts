import type { Category } from "../../../domain/sections";
import type { Clock } from "../../clock.server";
import type { Logger } from "../../logger.server";
import { parseFeed, type NewsItem } from "./feed-parser.server";
import { selectRecentNews, specSection, type NewsSection } from "./news-selection.server";
import { feedCovers, type NewsFeed, type NewsOutlet } from "./outlets.server";
import { decodeBody, fetchFollowingSafeRedirects, readCappedBody, systemLookup } from "./safe-fetch.server";

/*
 * News grounding. Generation may only use facts from the trusted outlets'
 * own RSS and Atom feeds: the server reads them, keeps the items of the past 7 days that match the
 * category and the topic, and hands them to the model as the only allowed facts. No matching item
 * means NO_RECENT_NEWS_FOUND without a model call (decided by the generator, not here).
 *
 * The reader ties the parts: the outlets file (outlets.server.ts), the safe fetch with its address rules
 * (safe-fetch.server.ts), the feed parser (feed-parser.server.ts) and the choice of items (news-selection.server.ts).
 */

/** How many feeds are fetched at once. */
export const FEED_CONCURRENCY = 6;

export const FEED_USER_AGENT = "Byline/1.0 (+news grounding)";
export const FEED_ACCEPT = "application/rss+xml, application/atom+xml, application/xml;q=0.9, */*;q=0.8";

/** Every feed covering the category failed and none had been read before: no news can be trusted or denied. */
export class NewsUnavailableError extends Error {
  readonly code = "NEWS_UNAVAILABLE";
  constructor(category: Category) {
    super(`None of the trusted news feeds for ${category} could be read just now. Please try again in a few minutes.`);
  }
}

export interface NewsQuery {
  category: Category;
  topic?: string;
  /** Defaults to DEFAULT_NEWS_LIMIT. */
  limit?: number;
}

export interface NewsFeedReader {
  outlets: NewsOutlet[];
  /**
   * The recent items about the category (and topic) from every feed that covers it; failing feeds are skipped.
   * Throws NewsUnavailableError when every one of them failed.
   */
  recentNews(query: NewsQuery): Promise<NewsItem[]>;
}

export interface NewsFeedReaderOptions {
  outlets: NewsOutlet[];
  clock: Clock;
  logger: Logger;
  fetchTimeoutMs?: number;
  /** A feed read more recently than this is not asked again. */
  cacheTtlMs?: number;
  fetch?: typeof globalThis.fetch;
  /** Every address a host name resolves to; the system's resolver by default. */
  lookup?: (hostname: string) => Promise<string[]>;
  /** The sections in force, for their addresses and keywords; the specification's when left out. */
  sections?: { byName(name: string): NewsSection | undefined };
}

interface CachedFeed {
  items: NewsItem[];
  fetchedAt: number;
  etag: string | undefined;
  lastModified: string | undefined;
}

interface FeedSource {
  key: string;
  outlet: string;
  feed: NewsFeed;
}

async function runLimited<T, R>(inputs: readonly T[], limit: number, work: (input: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(inputs.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, inputs.length) }, async () => {
    while (next < inputs.length) {
      const index = next++;
      results[index] = await work(inputs[index] as T);
    }
  });
  await Promise.all(workers);
  return results;
}

function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof Error) {
    if (error.name === "TimeoutError" || error.name === "AbortError") return `no answer within ${timeoutMs} ms`;
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
    return `${error.message}${cause}`;
  }
  return String(error);
}

/** The README's 10-minute feed cache. */
export const FEED_CACHE_TTL_MS = 10 * 60_000;

/**
 * Reads the trusted outlets' feeds for one generation. Each feed is fetched with a timeout, a size
 * cap and a conditional request (ETag, Last-Modified); a feed read less than `cacheTtlMs` ago is not
 * asked again. A failing feed is logged at warn and skipped, or its last good copy is used.
 * The cache lives in this reader only: it saves requests, it holds nothing that must survive.
 */
export function createNewsFeedReader({
  outlets,
  clock,
  logger,
  fetchTimeoutMs = 8000,
  cacheTtlMs = FEED_CACHE_TTL_MS,
  fetch = globalThis.fetch,
  lookup = systemLookup,
  sections,
}: NewsFeedReaderOptions): NewsFeedReader {
  const cache = new Map<string, CachedFeed>();
  const inFlight = new Map<string, Promise<NewsItem[] | null>>();

  async function download(source: FeedSource, cached: CachedFeed | undefined): Promise<CachedFeed> {
    const headers: Record<string, string> = { "user-agent": FEED_USER_AGENT, accept: FEED_ACCEPT };
    if (cached?.etag) headers["if-none-match"] = cached.etag;
    if (cached?.lastModified) headers["if-modified-since"] = cached.lastModified;
    const response = await fetchFollowingSafeRedirects(
      source.feed,
      { headers, signal: AbortSignal.timeout(fetchTimeoutMs) },
      { fetch, lookup },
    );
    const fetchedAt = clock.now().getTime();
    const etag = response.headers.get("etag") ?? undefined;
    const lastModified = response.headers.get("last-modified") ?? undefined;
    if (response.status === 304 && cached) {
      await response.body?.cancel();
      return { items: cached.items, fetchedAt, etag: etag ?? cached.etag, lastModified: lastModified ?? cached.lastModified };
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`HTTP ${response.status}`);
    }
    const text = decodeBody(await readCappedBody(response), response.headers.get("content-type"));
    return { items: parseFeed(text, source.outlet, source.feed.categories), fetchedAt, etag, lastModified };
  }

  /** The feed's items; null when it failed and no earlier copy exists. */
  async function refresh(source: FeedSource, cached: CachedFeed | undefined): Promise<NewsItem[] | null> {
    try {
      const fresh = await download(source, cached);
      cache.set(source.key, fresh);
      return fresh.items;
    } catch (error) {
      const reason = describeFailure(error, fetchTimeoutMs);
      const fallback = cached ? "using the copy read before" : "skipped";
      logger.warn(
        { feedUrl: source.feed.url, outlet: source.outlet, reason, usedCachedCopy: Boolean(cached) },
        `News feed ${source.feed.url} failed (${reason}); ${fallback}`,
      );
      return cached?.items ?? null;
    }
  }

  function readFeed(source: FeedSource): Promise<NewsItem[] | null> {
    const cached = cache.get(source.key);
    if (cached && clock.now().getTime() - cached.fetchedAt < cacheTtlMs) return Promise.resolve(cached.items);
    // Two generations at once share one request per feed.
    const running = inFlight.get(source.key);
    if (running) return running;
    const request = refresh(source, cached).finally(() => inFlight.delete(source.key));
    inFlight.set(source.key, request);
    return request;
  }

  return {
    outlets,
    async recentNews({ category, topic, limit }) {
      const section = sections?.byName(category) ?? specSection(category);
      const sources = new Map<string, FeedSource>();
      for (const outlet of outlets) {
        for (const feed of outlet.feeds) {
          if (!feedCovers(feed.categories, section)) continue;
          const key = `${outlet.outlet}\n${feed.url}`;
          if (!sources.has(key)) sources.set(key, { key, outlet: outlet.outlet, feed });
        }
      }
      const read = await runLimited([...sources.values()], FEED_CONCURRENCY, readFeed);
      if (read.length > 0 && read.every((items) => items === null)) throw new NewsUnavailableError(category);
      const items = read.flatMap((feedItems) => feedItems ?? []);
      const chosen = selectRecentNews(items, { category, section, topic, now: clock.now(), limit });
      logger.debug({ category, topic, feeds: sources.size, items: items.length, chosen: chosen.length }, "News grounding read");
      return chosen;
    },
  };
}
