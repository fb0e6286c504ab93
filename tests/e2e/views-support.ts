import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { DESKTOP_CHROME } from "../support/chromium";
import { newDataDir } from "../support/pglite-template";
import type { ServerProcess } from "../support/server-process";
import { freshTestDir } from "../support/test-dirs";

/** What the reading-figure specs share (article views, insights): readers' browsers and their view reports. */

export { DESKTOP_CHROME };

/** A newsroom folder of its own, with the run's migrated embedded database in it. */
export function freshDataDir(name: string): string {
  return newDataDir(freshTestDir(name));
}

/** The ids of the published articles the home page links to, in order. */
export async function articleIds(server: ServerProcess): Promise<number[]> {
  const html = await (await fetch(`${server.url}/`)).text();
  return [...new Set([...html.matchAll(/href="\/article\/(\d+)"/g)].map((match) => Number(match[1])))];
}

/** A reader's browser: its own client address (the server trusts X-Forwarded-For from loopback) and user agent. */
export function readerContext(
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
export async function openArticle(page: Page, id: number, report: "beacon" | "pixel"): Promise<number> {
  const reported = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === "/api/views" && response.request().method() === (report === "beacon" ? "POST" : "GET"),
  );
  await page.goto(`/article/${id}`);
  const response = await reported;
  if (report === "pixel") expect(response.headers()["content-type"]).toBe("image/gif");
  return response.status();
}
