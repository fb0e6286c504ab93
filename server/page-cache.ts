import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import type { Request, Response } from "express";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { planOf } from "./request-plan";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A page kept this long is rendered again even if no change was heard (a lost NOTIFY costs at most this). */
export const PAGE_CACHE_TTL_MS = 60_000;
/** The cache's size in bytes, every encoding counted. */
export const PAGE_CACHE_MAX_BYTES = 64 * 1024 * 1024;
/**
 * What shared caches (a CDN) may do with a reader page: keep it 10 s, then serve it while fetching a fresh
 * copy for up to a minute. Browsers revalidate every time (max-age=0), cheaply, with the ETag.
 */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=10, stale-while-revalidate=60";

const CACHEABLE_TYPES = /^(?:text\/html|application\/rss\+xml|application\/xml|text\/xml|text\/x-script)\b/;

type Encoding = "br" | "gzip" | "identity";

interface Entry {
  key: string;
  status: number;
  headers: [string, string][];
  body: Buffer;
  etag: string;
  /** CSP sources for the page's inline scripts (their SHA-256), replacing the per-response nonce. */
  scriptHashes: string[];
  encoded: Map<Encoding, Promise<Buffer>>;
  /** The encodings made so far, for the synchronous fast path. */
  ready: Map<Encoding, Buffer>;
  /** The encodings recompressed at the best quality, or being recompressed. */
  best: Set<Encoding>;
  /**
   * Every header of this page's first answer through the whole app (security headers included), without the
   * per-answer ones: what the fast path sends again without going through Express.
   */
  appHeaders?: OutgoingHttpHeaders;
  bytes: number;
  storedAt: number;
  generation: number;
}

/** A rendered answer, as the React Router handler gives it. */
export interface RenderedPage {
  status: number;
  headers: Headers;
  body: Buffer;
}

/** Whether a rendered answer may be kept: a 200 page, feed or data answer that sets no cookie and allows caching. */
export function isCacheableResponse(status: number, headers: Headers): boolean {
  if (status !== 200 || headers.has("set-cookie")) return false;
  if (/no-store|private/i.test(headers.get("cache-control") ?? "")) return false;
  return CACHEABLE_TYPES.test(headers.get("content-type") ?? "");
}

/** The best encoding the client takes: br, then gzip, else none. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => /^\s*q=([\d.]+)/.exec(param)?.[1]).find((value) => value !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const takes = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (takes("br")) return "br";
  if (takes("gzip")) return "gzip";
  return "identity";
}

/**
 * SHA-256 CSP sources of the inline scripts the app emitted in an HTML page: those carrying this render's
 * nonce, which nothing but the app knows. Any other inline script in the page stays blocked.
 */
export function inlineScriptHashes(html: string, nonce: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = "", content = ""] = match;
    if (/\bsrc\s*=/i.test(attributes) || content === "" || !attributes.includes(` nonce="${nonce}"`)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(content, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

const PER_ANSWER_HEADERS = new Set(["content-encoding", "content-length", "date", "etag", "set-cookie", "x-page-cache"]);

/** The headers of an answer that are the same for every answer of the page. */
function withoutPerAnswerHeaders(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_ANSWER_HEADERS.has(name)));
}

/**
 * A page's first compression is quick (brotli 4, gzip 6: a few milliseconds), so a miss costs little even when
 * every request asks for another page; a page asked for again is recompressed at the best quality (brotli 11,
 * gzip 9) in the background and served smaller from then on.
 */
type Quality = "once" | "fast" | "best";
const BROTLI_QUALITY: Record<Quality, number> = { once: 3, fast: 4, best: 11 };
const GZIP_LEVEL: Record<Quality, number> = { once: 6, fast: 6, best: 9 };

/**
 * The smallest brotli window that holds the whole body (2^16 to 2^24 bytes): the encoder allocates buffers for its
 * window, 4 MB by default, whatever the body's size, and many at once slow everything down.
 */
function brotliWindow(length: number): number {
  return Math.min(24, Math.max(16, Math.ceil(Math.log2(length + 1))));
}

function encode(body: Buffer, encoding: Encoding, quality: Quality): Promise<Buffer> {
  if (encoding === "br") {
    return brotli(body, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[quality],
        [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_LGWIN]: brotliWindow(body.length),
      },
    });
  }
  if (encoding === "gzip") return gzipAsync(body, { level: GZIP_LEVEL[quality] });
  return Promise.resolve(body);
}

/**
 * A whole page rendered for one request (the page cache off, or a signed-in reader), compressed in one piece for
 * the encoding the client prefers, at brotli 3: a single job sized to the page, where the compression middleware
 * would run a stream with a 4 MB window per response (at 50 connections, half the throughput; decision 028).
 */
export async function compressOnce(
  body: Buffer,
  acceptEncoding: string | undefined,
): Promise<{ body: Buffer; encoding: Encoding }> {
  const encoding = preferredEncoding(acceptEncoding);
  return { body: await encode(body, encoding, "once"), encoding };
}

/** The ETag the request already holds matches. */
function isFresh(req: IncomingMessage, etag: string): boolean {
  const held = req.headers["if-none-match"];
  return held !== undefined && held.split(",").some((tag) => tag.trim() === etag || tag.trim() === "*");
}

/**
 * The page cache: rendered reader pages, feeds and the sitemap, kept per canonical URL (server/request-plan.ts) and served with their ETag (304
 * when the browser holds it), precompressed once (brotli, gzip), and dropped all at once when content changes
 * (`clear`, which every instance hears) or after PAGE_CACHE_TTL_MS. Cached HTML carries no nonce: its inline
 * scripts are allowed by their hashes in the Content-Security-Policy instead, so one copy serves everyone.
 */
export function createPageCache({
  ttlMs = PAGE_CACHE_TTL_MS,
  maxBytes = PAGE_CACHE_MAX_BYTES,
  now = () => Date.now(),
}: { ttlMs?: number; maxBytes?: number; now?: () => number } = {}) {
  const entries = new Map<string, Entry>();
  const rendering = new Map<string, Promise<{ page: RenderedPage; entry: Entry | null }>>();
  let generation = 0;
  let bytes = 0;
  const improving = new Set<Promise<void>>();

  function forget(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  }

  function fresh(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.generation !== generation || now() - entry.storedAt > ttlMs) {
      forget(key);
      return undefined;
    }
    // Most recently used last, so the first entry is the one to evict.
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  }

  function store(key: string, page: RenderedPage, nonce: string, startedIn: number): Entry | null {
    if (!isCacheableResponse(page.status, page.headers)) return null;
    const html = page.headers.get("content-type")?.startsWith("text/html") === true;
    const rendered = html ? page.body.toString("utf8") : "";
    // The nonce was this render's; without it the bytes are the same for every reader and instance.
    const body = html ? Buffer.from(rendered.replaceAll(` nonce="${nonce}"`, ""), "utf8") : page.body;
    const headers = [...page.headers.entries()].filter(
      ([name]) => !/^(?:content-length|content-encoding|date|etag)$/i.test(name),
    );
    const entry: Entry = {
      key,
      status: page.status,
      headers,
      body,
      etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
      scriptHashes: html ? inlineScriptHashes(rendered, nonce) : [],
      encoded: new Map([["identity", Promise.resolve(body)]]),
      ready: new Map([["identity", body]]),
      best: new Set(["identity"]),
      bytes: body.length,
      storedAt: now(),
      generation: startedIn,
    };
    // A change heard while this page rendered may not be in it: serve it this once, keep nothing.
    if (startedIn !== generation) return entry;
    forget(key);
    entries.set(key, entry);
    bytes += entry.bytes;
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      forget(oldest);
    }
    return entry;
  }

  /** Keeps an encoding of the page, in place of the one it had (the cache's byte count follows). */
  function keep(entry: Entry, encoding: Encoding, body: Buffer): void {
    const size = body.length - (entry.ready.get(encoding)?.length ?? 0);
    entry.ready.set(encoding, body);
    entry.encoded.set(encoding, Promise.resolve(body));
    if (entries.get(entry.key) === entry) {
      entry.bytes += size;
      bytes += size;
    }
  }

  async function encoded(entry: Entry, encoding: Encoding): Promise<Buffer> {
    const known = entry.encoded.get(encoding);
    if (known) return known;
    const body = encode(entry.body, encoding, "fast");
    entry.encoded.set(encoding, body);
    keep(entry, encoding, await body);
    return body;
  }

  /** A page asked for again: its encoding is recompressed at the best quality, once, off the request. */
  function improve(entry: Entry, encoding: Encoding): void {
    if (entry.best.has(encoding) || !entry.ready.has(encoding)) return;
    entry.best.add(encoding);
    const work = encode(entry.body, encoding, "best").then(
      (body) => keep(entry, encoding, body),
      () => void entry.best.delete(encoding),
    );
    improving.add(work);
    void work.finally(() => improving.delete(work));
  }

  async function send(req: Request, res: Response, entry: Entry, state: "hit" | "miss"): Promise<void> {
    res.status(entry.status);
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader("Cache-Control", PUBLIC_PAGE_CACHE_CONTROL);
    res.setHeader("ETag", entry.etag);
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("X-Page-Cache", state);
    const policy = res.getHeader("Content-Security-Policy");
    if (typeof policy === "string") {
      res.setHeader(
        "Content-Security-Policy",
        policy.replace(/\s*'nonce-[^']*'/g, entry.scriptHashes.length ? ` ${entry.scriptHashes.join(" ")}` : ""),
      );
    }
    entry.appHeaders ??= withoutPerAnswerHeaders(res.getHeaders());
    if (isFresh(req, entry.etag)) {
      res.status(304).end();
      return;
    }
    const encoding = preferredEncoding(req.get("accept-encoding"));
    if (state === "hit") improve(entry, encoding);
    const body = await encoded(entry, encoding);
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    if (req.method === "HEAD") res.end();
    else res.end(body);
  }

  return {
    /**
     * The fast path, before Express: answers a request at once when the cache holds a fresh copy of the page
     * already sent once through the whole app, in the encoding asked for; false (nothing sent) otherwise.
     */
    serveFast(req: IncomingMessage, res: ServerResponse): boolean {
      const key = planOf(req)?.cacheKey;
      const entry = key ? fresh(key) : undefined;
      if (!entry?.appHeaders) return false;
      const headers: OutgoingHttpHeaders = { ...entry.appHeaders, etag: entry.etag, "x-page-cache": "hit" };
      if (isFresh(req, entry.etag)) {
        res.writeHead(304, headers).end();
        return true;
      }
      const encoding = preferredEncoding(req.headers["accept-encoding"]);
      const body = entry.ready.get(encoding);
      if (!body) return false;
      improve(entry, encoding);
      if (encoding !== "identity") headers["content-encoding"] = encoding;
      headers["content-length"] = body.length;
      res.writeHead(entry.status, headers);
      if (req.method === "HEAD") res.end();
      else res.end(body);
      return true;
    },

    /** Answers from the cache when it holds a fresh copy of the page kept under `key`; false otherwise. */
    async serveCached(key: string, req: Request, res: Response): Promise<boolean> {
      const hit = fresh(key);
      if (!hit) return false;
      await send(req, res, hit, "hit");
      return true;
    },

    /**
     * Renders a cacheable GET once however many ask for it at the same moment, keeps the answer when it may
     * be kept, and sends it. An answer that may not be kept (a 404, a redirect) is sent as rendered, each
     * waiting request rendering its own.
     */
    async renderAndServe(
      key: string,
      req: Request,
      res: Response,
      nonce: string,
      render: () => Promise<RenderedPage>,
      sendRendered: (page: RenderedPage) => Promise<void>,
    ): Promise<void> {
      const pending = rendering.get(key);
      if (pending) {
        const shared = await pending.then((result) => result.entry).catch(() => null);
        if (shared) return send(req, res, shared, "hit");
      }
      const startedIn = generation;
      const mine = render().then((page) => ({ page, entry: store(key, page, nonce, startedIn) }));
      if (!pending) {
        rendering.set(key, mine);
        void mine.finally(() => rendering.delete(key)).catch(() => undefined);
      }
      const { page, entry } = await mine;
      if (entry) return send(req, res, entry, "miss");
      await sendRendered(page);
    },

    /** Drops every page: content changed. */
    clear(): void {
      generation += 1;
      entries.clear();
      bytes = 0;
    },

    /** Resolves once the recompressions under way have finished. */
    async settled(): Promise<void> {
      await Promise.all(improving);
    },

    stats(): { pages: number; bytes: number } {
      return { pages: entries.size, bytes };
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
