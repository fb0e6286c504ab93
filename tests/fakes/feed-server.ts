import { createServer, type IncomingMessage } from "node:http";
import { closeHttpServer, listenOnLoopback } from "./loopback";

/**
 * A static HTTP server for RSS/Atom feed fixtures, plus builders for the feed XML itself.
 */

/** What the server answers on one path. */
export interface FeedRoute {
  body: string;
  /** Defaults to the RSS or Atom type when the body looks like one, `application/xml` otherwise. */
  contentType?: string;
  /** Defaults to 200. */
  status?: number;
  /** Extra response headers, e.g. `etag` or `last-modified`. */
  headers?: Record<string, string>;
  /** Answer this many milliseconds late, to test fetch timeouts. */
  delayMs?: number;
  /**
   * Answer conditional requests: 304 with no body when `If-None-Match` names the route's `etag`
   * header, or when `If-Modified-Since` is not older than its `last-modified` header.
   */
  conditional?: boolean;
}

export interface FeedServer {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:54321`; append a route path to it. */
  url: string;
  /** Request targets in order of arrival (path plus query string, e.g. `/tech.xml?x=1`). */
  requests: string[];
  /** Adds or replaces the route at `path` (which starts with `/`). */
  set(path: string, route: FeedRoute): void;
  /** Stops the server, dropping open connections. */
  close(): Promise<void>;
}

/** One RSS 2.0 item. */
export interface RssItem {
  title: string;
  link: string;
  description?: string;
  pubDate: Date;
  /** Written as a non-permalink guid; left out when absent. */
  guid?: string;
}

/** One Atom 1.0 entry. */
export interface AtomEntry {
  title: string;
  link: string;
  summary?: string;
  updated: Date;
  /** Defaults to `link`. */
  id?: string;
}

/** Escapes text for use in XML element content and attribute values. */
export function escapeXml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");
}

/** Builds an RSS 2.0 document; dates are RFC 822 (`Date#toUTCString`), every text is escaped. */
export function rssFeed(feed: { title: string; link: string; description?: string; items: readonly RssItem[] }): string {
  const items = feed.items.map((item) =>
    [
      "    <item>",
      `      <title>${escapeXml(item.title)}</title>`,
      `      <link>${escapeXml(item.link)}</link>`,
      ...(item.description === undefined ? [] : [`      <description>${escapeXml(item.description)}</description>`]),
      `      <pubDate>${item.pubDate.toUTCString()}</pubDate>`,
      ...(item.guid === undefined ? [] : [`      <guid isPermaLink="false">${escapeXml(item.guid)}</guid>`]),
      "    </item>",
    ].join("\n"),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0">',
    "  <channel>",
    `    <title>${escapeXml(feed.title)}</title>`,
    `    <link>${escapeXml(feed.link)}</link>`,
    `    <description>${escapeXml(feed.description ?? feed.title)}</description>`,
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}

/** Builds an Atom 1.0 document; dates are ISO 8601, every text is escaped. The feed's `updated` is its latest entry's. */
export function atomFeed(feed: { title: string; link: string; id?: string; entries: readonly AtomEntry[] }): string {
  const latest = feed.entries.reduce((max, entry) => Math.max(max, entry.updated.getTime()), 0);
  const entries = feed.entries.map((entry) =>
    [
      "  <entry>",
      `    <title>${escapeXml(entry.title)}</title>`,
      `    <link href="${escapeXml(entry.link)}"/>`,
      `    <id>${escapeXml(entry.id ?? entry.link)}</id>`,
      `    <updated>${entry.updated.toISOString()}</updated>`,
      ...(entry.summary === undefined ? [] : [`    <summary>${escapeXml(entry.summary)}</summary>`]),
      "  </entry>",
    ].join("\n"),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <title>${escapeXml(feed.title)}</title>`,
    `  <link href="${escapeXml(feed.link)}"/>`,
    `  <id>${escapeXml(feed.id ?? feed.link)}</id>`,
    `  <updated>${new Date(latest).toISOString()}</updated>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}

function headerOf(route: FeedRoute, name: string): string | undefined {
  return Object.entries(route.headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];
}

/** True when a conditional route may answer 304 to this request. */
function notModified(route: FeedRoute, request: IncomingMessage): boolean {
  if (!route.conditional) return false;
  const etag = headerOf(route, "etag");
  const ifNoneMatch = request.headers["if-none-match"];
  // As in RFC 9110: If-None-Match, when sent, decides alone.
  if (ifNoneMatch) return Boolean(etag) && ifNoneMatch.split(",").some((tag) => tag.trim() === etag || tag.trim() === "*");
  const lastModified = Date.parse(headerOf(route, "last-modified") ?? "");
  const ifModifiedSince = Date.parse(request.headers["if-modified-since"] ?? "");
  return Number.isFinite(lastModified) && Number.isFinite(ifModifiedSince) && ifModifiedSince >= lastModified;
}

function guessContentType(body: string): string {
  if (/<rss[\s>]/.test(body)) return "application/rss+xml; charset=utf-8";
  if (/<feed[\s>]/.test(body)) return "application/atom+xml; charset=utf-8";
  return "application/xml; charset=utf-8";
}

/** Starts the server on 127.0.0.1 with a random free port, serving `routes` (keyed by path). Unknown paths get 404. */
export async function startFeedServer(routes: Record<string, FeedRoute> = {}): Promise<FeedServer> {
  const table = new Map<string, FeedRoute>(Object.entries(routes));
  const requests: string[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server = createServer((request, response) => {
    const target = request.url ?? "/";
    requests.push(target);
    const route = table.get(new URL(target, "http://127.0.0.1").pathname);
    const answer = () => {
      if (response.destroyed) return;
      if (!route) {
        response.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
        response.end("Not found");
        return;
      }
      if (notModified(route, request)) {
        response.writeHead(304, route.headers);
        response.end();
        return;
      }
      response.writeHead(route.status ?? 200, {
        ...route.headers,
        "content-type": route.contentType ?? guessContentType(route.body),
      });
      response.end(route.body);
    };
    if (!route?.delayMs) return answer();
    const timer = setTimeout(() => {
      timers.delete(timer);
      answer();
    }, route.delayMs);
    timers.add(timer);
  });
  const port = await listenOnLoopback(server);

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    set(path, route) {
      table.set(path, route);
    },
    close: () => closeHttpServer(server, timers),
  };
}
