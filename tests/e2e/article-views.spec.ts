import { expect, test, type BrowserContext } from "@playwright/test";
import { rmSync } from "node:fs";
import { errorLogLines, startServer } from "../support/server-process";
import { storedViews } from "../support/stored-views";
import { E2E_ADMIN, signIn } from "./admin-support";
import { articleIds, DESKTOP_CHROME, freshDataDir, openArticle, readerContext } from "./views-support";

// Counting is read from the database once the server has stopped (the embedded database has one user at a
// time), so these tests start servers of their own, one after another.
test.describe.configure({ mode: "serial" });

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

test("one client counts once however many browsers it claims to be, and a pixel another site embeds counts nothing", async () => {
  const dataDir = freshDataDir("views-one-client");
  const server = await startServer({ DATA_DIR: dataDir });
  try {
    const [id] = await articleIds(server);
    const browserBuild = (build: number) => DESKTOP_CHROME.replace(/Chrome\/[\d.]+/, `Chrome/${100 + build}.0.0.0`);
    const beacon = (address: string, userAgent: string) =>
      fetch(`${server.url}/api/views`, {
        method: "POST",
        headers: {
          "User-Agent": userAgent,
          "X-Forwarded-For": address,
          Origin: server.url,
          "Content-Type": "text/plain;charset=UTF-8",
        },
        body: JSON.stringify({ article: id }),
      });
    const pixel = (address: string, headers: Record<string, string>) =>
      fetch(`${server.url}/api/views?article=${id}`, {
        headers: { "User-Agent": DESKTOP_CHROME, "X-Forwarded-For": address, ...headers },
      });

    // Twelve browsers at one IPv4 address, and twelve addresses in one IPv6 /64: one reader each.
    for (let build = 1; build <= 12; build += 1) {
      expect((await beacon("198.51.100.210", browserBuild(build))).status).toBe(204);
      expect((await beacon(`2001:db8:5:6::${build.toString(16)}`, browserBuild(build))).status).toBe(204);
    }
    // Another site's page carrying the pixel: answered like any pixel, not counted.
    expect((await pixel("198.51.100.211", { "Sec-Fetch-Site": "cross-site" })).status).toBe(200);
    expect((await pixel("198.51.100.212", { Referer: "https://elsewhere.example/page" })).status).toBe(200);
    expect((await pixel("198.51.100.213", { "Sec-Fetch-Site": "same-site", Referer: server.url })).status).toBe(200);
    // The pixel inside our own article page still counts.
    expect(
      (await pixel("198.51.100.214", { "Sec-Fetch-Site": "same-origin", Referer: `${server.url}/article/${id}` })).status,
    ).toBe(200);

    expect(await server.stop()).toBe(0);
    expect(errorLogLines(server.output())).toEqual([]);
    expect(await storedViews(dataDir)).toEqual({ [id!]: 3 });
  } finally {
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
