import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScript } from "../support/run-script";
import { errorLogLines, PROJECT_ROOT, startServer, type ServerProcess } from "../support/server-process";

/*
 * After `npm run import` of a Ghost and a WordPress export, the old sites' addresses answer a permanent
 * redirect to the imported article on the production server, and a draft's old address stays a 404. A rule that
 * first sends "/slug/" to "/slug" (308) may stand in front; the old address is found either way.
 */

const HOOK_TIMEOUT_MS = 300_000;
const fixture = (name: string) => path.join(PROJECT_ROOT, "tests", "fixtures", "imports", name);

let server: ServerProcess | undefined;
let dataDir: string | undefined;

async function runImport(...args: string[]) {
  const result = await runScript("import", args, { DATA_DIR: dataDir!, SEED_CONTENT: "none" });
  expect(result.stderr).toBe("");
  expect(result.code, result.stdout).toBe(0);
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "byline-imported-addresses-"));
  await runImport(fixture("ghost-export.json"), "--category-map", "Hardware=Gadgets", "--category-map", "Reviews=Gadgets");
  await runImport(fixture("wordpress-export.xml"), "--category-map", "Phones=Mobile");
  server = await startServer({ DATA_DIR: dataDir, SEED_CONTENT: "none" }, 120_000);
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  try {
    if (server) {
      expect(errorLogLines(server.output()), "error lines in the server's log").toEqual([]);
      await server.stop();
    }
  } finally {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
});

function get(pathAndQuery: string): Promise<Response> {
  return fetch(`${server!.url}${pathAndQuery}`, { redirect: "manual" });
}

/** Follows at most one trailing-slash redirect (308 to the same path without it), then returns the next answer. */
async function answerTo(pathAndQuery: string): Promise<Response> {
  const first = await get(pathAndQuery);
  if (first.status !== 308) return first;
  const location = first.headers.get("location") ?? "";
  expect(new URL(location, server!.url).pathname).toBe(pathAndQuery.replace(/\/$/, ""));
  return get(location);
}

async function expectRedirectToArticle(oldAddress: string, title: string) {
  const answer = await answerTo(oldAddress);
  expect(answer.status, oldAddress).toBe(301);
  const location = new URL(answer.headers.get("location") ?? "", server!.url);
  expect(location.pathname).toMatch(/^\/article\/\d+$/);
  const article = await get(location.pathname);
  expect(article.status).toBe(200);
  expect(await article.text()).toContain(title);
}

describe("old addresses of imported articles", () => {
  it("answer Ghost's /{slug}/, trailing slash and all, in one hop: 301 straight to the article", async () => {
    const answer = await get("/new-phone-reviewed/");
    expect(answer.status).toBe(301);
    expect(answer.headers.get("location")).toMatch(/^\/article\/\d+$/);
    const unknown = await get("/no-such-post/");
    expect(unknown.status).toBe(308);
    expect(unknown.headers.get("location")).toBe("/no-such-post");
  });

  it("answer 301 to the article for Ghost's /{slug}/ and /{yyyy}/{mm}/{slug}/", async () => {
    await expectRedirectToArticle("/new-phone-reviewed/", "The new phone reviewed");
    await expectRedirectToArticle("/new-phone-reviewed", "The new phone reviewed");
    await expectRedirectToArticle("/2024/12/cloud-bills-rising/", "Cloud bills keep rising");
  });

  it("answer 301 to the article for WordPress's permalink and /?p=ID", async () => {
    await expectRedirectToArticle("/2025/03/robots-fold-laundry/", "Robots learn to fold laundry");
    await expectRedirectToArticle("/?p=105", "Startups &amp; the AI boom");
  });

  it("stay 404 for a draft, a scheduled post and an address nobody had", async () => {
    expect((await answerTo("/chip-shortage-explained/")).status).toBe(404);
    expect((await answerTo("/security-patch-coming/")).status).toBe(404);
    expect((await answerTo("/never-existed/")).status).toBe(404);
    // The home page is still the home page, with or without an unknown ?p=.
    expect((await get("/?p=999")).status).toBe(200);
  });
});
