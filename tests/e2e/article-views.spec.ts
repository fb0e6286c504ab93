import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../app/db/client.server";
import { errorLogLines, PROJECT_ROOT, startServer, type ServerProcess } from "../support/server-process";
import { E2E_ADMIN, signIn } from "./admin-support";

// Counting is read from the database once the server has stopped (the embedded database has one user at a
// time), so these tests start servers of their own, one after another.
test.describe.configure({ mode: "serial" });

/** A browser's own user agent: Playwright's headless Chromium says "HeadlessChrome", which isbot rightly calls a bot. */
const DESKTOP_CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

function freshDataDir(name: string): string {
  const dir = path.join(PROJECT_ROOT, "tests", ".tmp", `${name}-${process.pid}-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The ids of the published articles the home page links to, in order. */
async function articleIds(server: ServerProcess): Promise<number[]> {
  const html = await (await fetch(`${server.url}/`)).text();
  return [...new Set([...html.matchAll(/href="\/article\/(\d+)"/g)].map((match) => Number(match[1])))];
}

/** A reader's browser: its own client address (the server trusts X-Forwarded-For from loopback) and user agent. */
function readerContext(
  browser: Browser,
  server: ServerProcess,
  address: string,
  options: { javaScriptEnabled?: boolean } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: server.url,
    userAgent: DESKTOP_CHROME,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    extraHTTPHeaders: { "X-Forwarded-For": address },
  });
}

/** Opens an article and waits for its view report: the beacon's POST with JavaScript, the pixel's GET without. */
async function openArticle(page: Page, id: number, report: "beacon" | "pixel"): Promise<number> {
  const reported = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === "/api/views" && response.request().method() === (report === "beacon" ? "POST" : "GET"),
  );
  await page.goto(`/article/${id}`);
  const response = await reported;
  if (report === "pixel") expect(response.headers()["content-type"]).toBe("image/gif");
  return response.status();
}

/** Article views as stored, read from the embedded database once the server has stopped and written its buffer. */
async function storedViews(dataDir: string): Promise<Record<number, number>> {
  const database = await openDatabase({ driver: "pglite", dataDir: path.join(dataDir, "db") });
  try {
    const { rows } = await database.db.execute<{ article_id: number; views: number }>(
      sql`select article_id, sum(views)::int as views from article_daily_views group by article_id`,
    );
    return Object.fromEntries(rows.map((row) => [Number(row.article_id), Number(row.views)]));
  } finally {
    await database.close();
  }
}

test("a reader's visit counts once per article, with or without JavaScript; bots and signed-in editors do not count", async ({
  browser,
}) => {
  const dataDir = freshDataDir("views");
  const server = await startServer({
    DATA_DIR: dataDir,
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
  });
  const contexts: BrowserContext[] = [];
  try {
    const [withScript, withoutScript, editorsOnly] = await articleIds(server);
    expect(editorsOnly, "the demo newsroom has three articles on its home page").toBeDefined();

    // A reader with JavaScript: the beacon reports the view; reading it again the same day adds nothing.
    const reader = await readerContext(browser, server, "198.51.100.201");
    contexts.push(reader);
    const page = await reader.newPage();
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    const pixels: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/views" && request.method() === "GET") pixels.push(request.url());
    });
    expect(await openArticle(page, withScript!, "beacon")).toBe(204);
    expect(await openArticle(page, withScript!, "beacon")).toBe(204);
    // With JavaScript the fallback image inside <noscript> is never loaded.
    expect(pixels).toEqual([]);
    expect(problems, "the article page logged errors").toEqual([]);

    // A reader without JavaScript: the browser loads the pixel inside <noscript>, which counts too.
    const noScript = await readerContext(browser, server, "198.51.100.202", { javaScriptEnabled: false });
    contexts.push(noScript);
    expect(await openArticle(await noScript.newPage(), withoutScript!, "pixel")).toBe(200);

    // A headless browser that says so is a bot: answered, not counted.
    const headless = await browser.newContext({
      baseURL: server.url,
      extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.203" },
    });
    contexts.push(headless);
    expect(await openArticle(await headless.newPage(), editorsOnly!, "beacon")).toBe(204);

    // A signed-in editor reading the site is not a reader.
    const editor = await readerContext(browser, server, "198.51.100.204");
    contexts.push(editor);
    const editorPage = await editor.newPage();
    await signIn(editorPage);
    expect(await openArticle(editorPage, editorsOnly!, "beacon")).toBe(204);

    for (const context of contexts.splice(0)) await context.close();
    // Stopping writes what is still in memory.
    expect(await server.stop()).toBe(0);
    expect(errorLogLines(server.output())).toEqual([]);
    expect(await storedViews(dataDir)).toEqual({ [withScript!]: 1, [withoutScript!]: 1 });
  } finally {
    for (const context of contexts) await context.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("with ANALYTICS=off article pages carry no beacon and the endpoint answers 404", async ({ browser }) => {
  const dataDir = freshDataDir("views-off");
  const server = await startServer({ DATA_DIR: dataDir, ANALYTICS: "off" });
  try {
    const [id] = await articleIds(server);
    const context = await readerContext(browser, server, "198.51.100.205");
    const page = await context.newPage();
    const reports: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/views") reports.push(request.method());
    });
    await page.goto(`/article/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.locator("noscript[data-view-beacon]").count()).toBe(0);
    await page.waitForLoadState("networkidle");
    expect(reports).toEqual([]);
    await context.close();

    const pixel = await fetch(`${server.url}/api/views?article=${id}`, { headers: { "User-Agent": DESKTOP_CHROME } });
    expect(pixel.status).toBe(404);
    const beacon = await fetch(`${server.url}/api/views`, {
      method: "POST",
      headers: { "User-Agent": DESKTOP_CHROME, Origin: server.url, "Content-Type": "text/plain;charset=UTF-8" },
      body: JSON.stringify({ article: id }),
    });
    expect(beacon.status).toBe(404);

    expect(await server.stop()).toBe(0);
    expect(await storedViews(dataDir)).toEqual({});
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
