import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createPageCache, inlineScriptHashes, preferredEncoding, type PageCache } from "./page-cache";
import { PUBLIC_BODY_LIMIT } from "~/route-handle";
import { planOf, setPlan } from "./request-plan";

const NONCE = "bm9uY2Utb2YtdGhpcy1yZXF1ZXN0";
const SCRIPT = 'window.__boot = "hello";';
const page = (text: string) =>
  `<!DOCTYPE html><html><head><script nonce="${NONCE}">${SCRIPT}</script><script src="/assets/app.js" nonce="${NONCE}"></script></head><body>${text}</body></html>`;

/** A real HTTP server whose pages go through the cache, counting the renders. */
async function serverWith(
  cache: PageCache,
  answer: (path: string) => { status: number; type: string; body: string; cookie?: boolean },
) {
  let renders = 0;
  let throughApp = 0;
  const app = express();
  app.use((_req, res, next) => {
    throughApp += 1;
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Content-Security-Policy", `default-src 'self';script-src 'self' 'nonce-${NONCE}';object-src 'none'`);
    next();
  });
  app.use(async (req, res) => {
    const key = planOf(req)?.cacheKey;
    if (!key) return void res.status(405).end();
    if (await cache.serveCached(key, req, res)) return;
    await cache.renderAndServe(
      key,
      req,
      res,
      NONCE,
      async () => {
        renders += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        const { status, type, body, cookie } = answer(req.path);
        const headers = new Headers({ "Content-Type": type });
        if (cookie) headers.set("Set-Cookie", "a=b");
        return { status, headers, body: Buffer.from(body) };
      },
      async (rendered) => {
        res.status(rendered.status).set(Object.fromEntries(rendered.headers)).end(rendered.body);
      },
    );
  });
  // As in production (server/app.ts): the plan, the fast path, then the whole app. Here every GET is kept
  // under its own URL (server/request-plan.test.ts checks the real keys).
  const server: Server = createServer((req, res) => {
    const url = req.url ?? "/";
    const read = req.method === "GET" || req.method === "HEAD";
    const target = { pathname: url.split("?")[0] ?? "/", search: "" };
    setPlan(req, {
      target,
      match: null,
      private: false,
      cacheKey: read ? url : null,
      bodyLimit: PUBLIC_BODY_LIMIT,
      withSession: false,
    });
    if (!cache.serveFast(req, res)) app(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  const address = server.address();
  const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return { base, renders: () => renders, throughApp: () => throughApp };
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

describe("the page cache over HTTP", () => {
  it("renders a page once, then answers from memory with the same bytes, ETag and a 304 for a held copy", async () => {
    const cache = createPageCache();
    const site = await serverWith(cache, () => ({ status: 200, type: "text/html; charset=utf-8", body: page("Home") }));

    const first = await fetch(`${site.base}/`, { headers: { "Accept-Encoding": "identity" } });
    const second = await fetch(`${site.base}/`, { headers: { "Accept-Encoding": "identity" } });
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(site.renders()).toBe(1);
    const html = await second.text();
    expect(html).toBe(await first.text());
    expect(html, "the render's nonce is not kept").not.toContain("nonce=");
    expect(second.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=10, stale-while-revalidate=60");
    expect(second.headers.get("vary")).toBe("Accept-Encoding");

    const etag = second.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const revalidated = await fetch(`${site.base}/`, { headers: { "If-None-Match": etag } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
  });

  it("answers repeat requests before the app, with every header the app set, once the encoding is made", async () => {
    const cache = createPageCache();
    const site = await serverWith(cache, () => ({ status: 200, type: "text/html; charset=utf-8", body: page("Fast") }));
    const get = (encoding: string) => fetch(`${site.base}/fast?x=1`, { headers: { "Accept-Encoding": encoding } });

    const first = await get("identity");
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const html = await first.text();
    const identity = await get("identity");
    expect(site.throughApp(), "the second plain request never reached the app").toBe(1);
    expect(identity.headers.get("x-page-cache")).toBe("hit");
    expect(await identity.text()).toBe(html);
    for (const name of ["x-frame-options", "content-security-policy", "cache-control", "vary", "etag", "content-type"])
      expect(identity.headers.get(name), name).toBe(first.headers.get(name));

    // brotli is made on the first request that asks for it, through the app; after that, before it.
    expect((await get("br")).headers.get("content-encoding")).toBe("br");
    expect(site.throughApp()).toBe(2);
    const brotli = await get("br");
    expect(brotli.headers.get("content-encoding")).toBe("br");
    expect(await brotli.text(), "fetch decodes it").toBe(html);
    expect(site.throughApp()).toBe(2);
    expect(site.renders()).toBe(1);

    const held = await fetch(`${site.base}/fast?x=1`, { headers: { "If-None-Match": identity.headers.get("etag")! } });
    expect(held.status).toBe(304);
    expect(held.headers.get("x-frame-options")).toBe("DENY");
    expect(site.throughApp()).toBe(2);

    cache.clear();
    expect((await get("identity")).headers.get("x-page-cache"), "cleared: rendered again").toBe("miss");
    expect(site.throughApp()).toBe(3);
  });

  it("compresses a page quickly when first asked for, and at the best quality once it is asked for again", async () => {
    const cache = createPageCache();
    const text = Array.from({ length: 400 }, (_, index) => `<p>Story ${index % 37} of the week, paragraph ${index}.</p>`).join(
      "",
    );
    const site = await serverWith(cache, () => ({ status: 200, type: "text/html", body: page(text) }));
    const get = async () => {
      const answer = await fetch(`${site.base}/popular`, { headers: { "Accept-Encoding": "br" } });
      return {
        length: Number(answer.headers.get("content-length")),
        state: answer.headers.get("x-page-cache"),
        html: await answer.text(),
      };
    };
    const first = await get();
    expect(first.state).toBe("miss");
    const second = await get();
    expect(second.length, "still the quick copy: the better one is being made").toBe(first.length);
    await cache.settled();
    const third = await get();
    expect(third.length).toBeLessThan(first.length);
    expect(third.html).toBe(first.html);
    expect(site.renders()).toBe(1);
  });

  it("allows the page's inline scripts by their hash instead of the nonce", async () => {
    const cache = createPageCache();
    const site = await serverWith(cache, () => ({ status: 200, type: "text/html", body: page("Home") }));
    await fetch(`${site.base}/`);
    const policy = (await fetch(`${site.base}/`)).headers.get("content-security-policy");
    const hash = createHash("sha256").update(SCRIPT).digest("base64");
    expect(policy).toBe(`default-src 'self';script-src 'self' 'sha256-${hash}';object-src 'none'`);
  });

  it("sends brotli or gzip as the browser accepts, the same page underneath", async () => {
    const cache = createPageCache();
    const body = page("Compressed ".repeat(200));
    const site = await serverWith(cache, () => ({ status: 200, type: "text/html", body }));
    const expected = body.replaceAll(` nonce="${NONCE}"`, "");
    const raw = (response: Response) => response.arrayBuffer().then((buffer) => Buffer.from(buffer));

    // fetch would decode by itself; node's http keeps the bytes, so ask with a client that does not decode.
    const { request } = await import("node:http");
    const get = (encoding: string) =>
      new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        request(`${site.base}/`, { headers: { "Accept-Encoding": encoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => resolve({ encoding: response.headers["content-encoding"], body: Buffer.concat(chunks) }));
        })
          .on("error", reject)
          .end();
      });
    const br = await get("gzip, deflate, br, zstd");
    expect(br.encoding).toBe("br");
    expect(brotliDecompressSync(br.body).toString()).toBe(expected);
    const gz = await get("gzip;q=1.0, br;q=0");
    expect(gz.encoding).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(expected);
    expect((await raw(await fetch(`${site.base}/`))).toString()).toBe(expected);
    expect(site.renders()).toBe(1);
  });

  it("renders once for many readers asking at the same moment", async () => {
    const cache = createPageCache();
    const site = await serverWith(cache, () => ({ status: 200, type: "text/html", body: page("Busy") }));
    const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${site.base}/busy`).then((r) => r.text())));
    expect(new Set(answers).size).toBe(1);
    expect(site.renders()).toBe(1);
  });

  it("drops every page when content changes, and after its time to live", async () => {
    let clock = 0;
    let version = 1;
    const cache = createPageCache({ ttlMs: 60_000, now: () => clock });
    const site = await serverWith(cache, () => ({ status: 200, type: "text/html", body: page(`Version ${version}`) }));
    expect(await (await fetch(`${site.base}/`)).text()).toContain("Version 1");
    version = 2;
    expect(await (await fetch(`${site.base}/`)).text(), "kept").toContain("Version 1");
    cache.clear();
    expect(await (await fetch(`${site.base}/`)).text(), "after a change").toContain("Version 2");
    version = 3;
    clock += 60_001;
    expect(await (await fetch(`${site.base}/`)).text(), "after the time to live").toContain("Version 3");
    expect(site.renders()).toBe(3);
  });

  it("keeps no 404, no answer that sets a cookie, and no JSON", async () => {
    const cache = createPageCache();
    const site = await serverWith(cache, (path) =>
      path === "/missing"
        ? { status: 404, type: "text/html", body: page("Not found") }
        : path === "/cookie"
          ? { status: 200, type: "text/html", body: page("Cookie"), cookie: true }
          : { status: 200, type: "application/json", body: "{}" },
    );
    for (const path of ["/missing", "/cookie", "/json"]) {
      const first = await fetch(`${site.base}${path}`);
      const second = await fetch(`${site.base}${path}`);
      expect(first.headers.get("x-page-cache"), path).toBeNull();
      expect(second.headers.get("x-page-cache"), path).toBeNull();
    }
    expect((await fetch(`${site.base}/missing`)).status).toBe(404);
    expect(site.renders()).toBe(7);
    expect(cache.stats().pages).toBe(0);
  });

  it("evicts the least recently used pages beyond its size", async () => {
    const cache = createPageCache({ maxBytes: 3_000 });
    const site = await serverWith(cache, (path) => ({
      status: 200,
      type: "text/html",
      body: page(`${path} ${"x".repeat(800)}`),
    }));
    for (const path of ["/a", "/b", "/c", "/a", "/d"])
      await fetch(`${site.base}${path}`, { headers: { "Accept-Encoding": "identity" } });
    expect(cache.stats().bytes).toBeLessThanOrEqual(3_000);
    expect((await fetch(`${site.base}/a`)).headers.get("x-page-cache"), "recently used").toBe("hit");
    expect((await fetch(`${site.base}/b`)).headers.get("x-page-cache"), "least recently used").toBe("miss");
  });
});

describe("what may be cached", () => {
  it("reads Accept-Encoding with its weights", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(preferredEncoding("gzip")).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(preferredEncoding("*")).toBe("br");
    expect(preferredEncoding(undefined)).toBe("identity");
  });

  it("hashes only the inline scripts the app emitted with the render's nonce", () => {
    const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    const html = `<script nonce="n1">a()</script><script src="/x.js" nonce="n1"></script><script type="module" nonce="n1">b()</script>`;
    expect(inlineScriptHashes(html, "n1")).toEqual([hash("a()"), hash("b()")]);
    // A script that found its way into the page's content has no nonce (or a guessed one): it stays blocked.
    const injected = `<p><script>steal()</script><script nonce="guess">steal()</script></p>`;
    expect(inlineScriptHashes(`${html}${injected}`, "n1")).toEqual([hash("a()"), hash("b()")]);
  });
});
