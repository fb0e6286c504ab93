import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { errorLogLines, PROJECT_ROOT, startServer, type ServerProcess } from "../support/server-process";
import { E2E_ADMIN, signIn } from "./admin-support";
import { accessibilityViolations } from "./fixtures";
import { createStaffAccount, signedInClient, type StaffAccount } from "./team-support";
import { articleIds, freshDataDir, openArticle, readerContext } from "./views-support";

// One newsroom of its own: readers read through the beacon, then an editor finds their reads on the Insights tab.
test.describe.configure({ mode: "serial" });

const SERVER_ENV = { ADMIN_USERNAME: E2E_ADMIN.username, ADMIN_PASSWORD: E2E_ADMIN.password };
const author: StaffAccount = {
  username: `insights-author-${process.pid}`,
  password: "insights author correct horse",
  role: "author",
};
/** A search nobody's articles answer. */
const GAP = `Zyxwv Quasar ${process.pid}`;
const SCREENSHOTS = path.join(PROJECT_ROOT, "test-results", "insights");

let dataDir: string;
let server: ServerProcess;
const contexts: BrowserContext[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = freshDataDir("insights");
  // The first start seeds the demo newsroom and its administrator; the author is added while it is stopped.
  const first = await startServer({ DATA_DIR: dataDir, ...SERVER_ENV });
  expect(await first.stop()).toBe(0);
  await createStaffAccount(dataDir, author);
  server = await startServer({ DATA_DIR: dataDir, ...SERVER_ENV });
});

test.afterAll(async () => {
  for (const context of contexts) await context.close();
  const code = server ? await server.stop() : 0;
  const errors = server ? errorLogLines(server.output()) : [];
  rmSync(dataDir, { recursive: true, force: true });
  expect(code).toBe(0);
  expect(errors).toEqual([]);
});

/** The Insights tab's section of that name. */
function section(page: Page, name: string) {
  return page.getByRole("region", { name, exact: true });
}

test("authors neither see the Insights tab nor reach it or its downloads", async ({ browser }) => {
  const client = await signedInClient(server.url, author, 61);
  try {
    expect((await client.get(`${server.url}/admin/insights`)).status()).toBe(403);
    expect((await client.get(`${server.url}/admin/insights/top-articles.csv`)).status()).toBe(403);
  } finally {
    await client.dispose();
  }
  const context = await readerContext(browser, server, "198.51.100.62");
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, "/admin", author);
  const tabs = page.getByRole("navigation", { name: "Admin sections" });
  await expect(tabs.getByRole("link", { name: "Article Management" })).toBeVisible();
  await expect(tabs.getByRole("link", { name: "Insights" })).toHaveCount(0);
});

test("the Insights tab shows the reads and the search that found nothing, from real readers' browsers", async ({ browser }) => {
  test.setTimeout(120_000);
  const [mostRead, other] = await articleIds(server);

  // Three readers (each its own address): two read through the beacon; the third runs no JavaScript, and its
  // browser reports the read through the pixel. Each then searches for something absent: a search is listed once
  // three addresses reported it.
  const readers = [
    { id: mostRead!, report: "beacon", status: 204 },
    { id: mostRead!, report: "beacon", status: 204 },
    { id: other!, report: "pixel", status: 200 },
  ] as const;
  let title = "";
  let pixelReadTitle = "";
  for (const [index, { id, report, status }] of readers.entries()) {
    const context = await readerContext(browser, server, `198.51.100.${70 + index}`, {
      javaScriptEnabled: report === "beacon",
    });
    contexts.push(context);
    const page = await context.newPage();
    expect(await openArticle(page, id, report)).toBe(status);
    const heading = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
    if (id === mostRead) title = heading;
    else pixelReadTitle = heading;
    const method = report === "beacon" ? "POST" : "GET";
    const reported = page.waitForResponse(
      (response) => new URL(response.url()).pathname === "/api/views" && response.request().method() === method,
    );
    await page.goto(`/search?query=${encodeURIComponent(GAP)}`);
    await expect(page.getByRole("heading", { name: "No articles found" })).toBeVisible();
    expect((await reported).status()).toBe(report === "beacon" ? 204 : 200);
  }
  expect(title).not.toBe("");
  expect(pixelReadTitle).not.toBe("");

  const editorContext = await readerContext(browser, server, "198.51.100.80");
  contexts.push(editorContext);
  const page = await editorContext.newPage();
  await signIn(page);
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Insights" }).click();
  await expect(page.getByRole("heading", { name: "Insights", level: 2 })).toBeVisible();

  // Views are written every 10 seconds (the three reads may fall into two batches): the tab shows them once all are in.
  const topArticles = page.getByRole("table", { name: /Most read articles/ });
  await expect(async () => {
    await page.reload();
    await expect(section(page, "Reads per day")).toContainText("3 reads in the last 30 days", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });

  await expect(topArticles.getByRole("row", { name: title })).toContainText("2");
  await expect(
    topArticles.getByRole("row", { name: pixelReadTitle }).getByRole("cell").last(),
    "the read without JavaScript",
  ).toHaveText("1");
  await expect(section(page, "Most read articles")).toContainText(`“${title}”, with 2 reads`);
  // The last search may be written in the batch after the last read.
  const gaps = page.getByRole("table", { name: /Searches that found nothing/ });
  await expect(async () => {
    await page.reload();
    await expect(gaps.getByRole("row", { name: GAP.toLowerCase() }).getByRole("cell").first()).toHaveText("3", {
      timeout: 1_000,
    });
  }).toPass({ timeout: 30_000 });

  // The 90 days are one link away, and say so.
  await page.getByRole("navigation", { name: "Period" }).getByRole("link", { name: "Last 90 days" }).click();
  await expect(page.getByRole("link", { name: "Last 90 days", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(section(page, "Reads per day")).toContainText("3 reads in the last 90 days");

  // Each table downloads as CSV.
  const csv = await page.request.get(`${server.url}/admin/insights/top-articles.csv?days=90`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(csv.headers()["content-disposition"]).toMatch(/^attachment; filename="top-articles-\d{4}-\d{2}-\d{2}\.csv"$/);
  expect(await csv.text()).toContain(`"${title.replaceAll('"', '""')}"`);

  // Light and dark, on a phone and on a desktop: axe finds nothing, nothing spills sideways.
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    for (const colorScheme of ["light", "dark"] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      await page.goto("/admin/insights");
      expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(colorScheme === "dark");
      await expect(topArticles.getByRole("row", { name: title })).toBeVisible();
      await page.screenshot({ path: path.join(SCREENSHOTS, `insights-${width}-${colorScheme}.png`), fullPage: true });
      for (const name of ["Most read articles", "Articles per week", "Search gaps"]) {
        const file = `insights-${width}-${colorScheme}-${name.toLowerCase().replaceAll(" ", "-")}.png`;
        await section(page, name).screenshot({ path: path.join(SCREENSHOTS, file) });
      }
      expect(await accessibilityViolations(page), `axe at ${width} px, ${colorScheme}`).toEqual([]);
      const overflow = await page.evaluate(() => {
        const wide = [...document.querySelectorAll("body *")]
          .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
          .map((element) => `${element.tagName} ${element.textContent?.slice(0, 40)}`)
          .slice(0, 5);
        return { by: document.documentElement.scrollWidth - document.documentElement.clientWidth, wide };
      });
      // Wide tables scroll inside their own box; the page itself never scrolls sideways.
      expect(overflow.by, `horizontal overflow at ${width} px: ${overflow.wide.join(" | ")}`).toBe(0);
    }
  }
});
