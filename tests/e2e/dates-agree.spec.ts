import { rmSync } from "node:fs";
import path from "node:path";
import { newDataDir } from "../support/pglite-template";
import { errorLogLines, PROJECT_ROOT, startServer, type ServerProcess } from "../support/server-process";
import { expect, test } from "./fixtures";
import { published } from "./support";

/**
 * One truth about time: on a fresh demo newsroom of its own, every article's JSON-LD `dateModified`
 * is on or after its `datePublished`, equals its `article:modified_time`, and equals its sitemap `lastmod`.
 */

let dir: string;
let server: ServerProcess;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dir = path.join(PROJECT_ROOT, "tests", ".tmp", `dates-agree-${process.pid}-${Date.now().toString(36)}`);
  rmSync(dir, { recursive: true, force: true });
  newDataDir(dir);
  server = await startServer({ DATA_DIR: dir, SEED_CONTENT: "demo" });
});

test.afterAll(async () => {
  const code = server ? await server.stop() : 0;
  rmSync(dir, { recursive: true, force: true });
  expect(code).toBe(0);
  if (server) expect(errorLogLines(server.output())).toEqual([]);
});

/** A `<meta property=…>`'s content in the page's HTML. */
function metaContent(html: string, property: string): string | undefined {
  const tag = new RegExp(`<meta[^>]*property="${property}"[^>]*>`).exec(html)?.[0];
  return tag ? /content="([^"]*)"/.exec(tag)?.[1] : undefined;
}

test("every demo article's dateModified is on or after datePublished and equals its sitemap lastmod", async ({ request }) => {
  const sitemap = await (await request.get(`${server.url}/sitemap.xml`)).text();
  const lastmods = new Map(
    [...sitemap.matchAll(/<url><loc>[^<]*\/article\/(\d+)<\/loc><lastmod>([^<]+)<\/lastmod><\/url>/g)].map(([, id, lastmod]) => [
      Number(id),
      lastmod!,
    ]),
  );
  expect([...lastmods.keys()].sort((a, b) => a - b)).toEqual(published.map((article) => article.id).sort((a, b) => a - b));

  for (const article of published) {
    const html = await (await request.get(`${server.url}/article/${article.id}`)).text();
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]+)<\/script>/g)]
      .map(([, json]) => JSON.parse(json!) as Record<string, unknown>)
      .find((data) => data["@type"] === "NewsArticle");
    const name = `${article.title} (/article/${article.id})`;
    expect(jsonLd, name).toBeDefined();
    const { datePublished, dateModified } = jsonLd as { datePublished: string; dateModified: string };
    expect(
      Date.parse(dateModified),
      `${name}: dateModified ${dateModified}, datePublished ${datePublished}`,
    ).toBeGreaterThanOrEqual(Date.parse(datePublished));
    expect(metaContent(html, "article:modified_time"), name).toBe(dateModified);
    expect(metaContent(html, "article:published_time"), name).toBe(datePublished);
    expect(lastmods.get(article.id), name).toBe(dateModified);
  }
});
