import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { articlePath, published, recordTextChanges, siteOrigin, waitForHydration } from "./support";

const article = published[1]!;

/** The share button under any of its labels. */
function shareButton(page: Page) {
  return page.getByRole("button", { name: /^(Share|Shared!|Copied!|Couldn't share)$/ });
}

/** What the stubbed navigator.share was called with, in the page. */
function sharedData(page: Page) {
  return page.evaluate(() => (window as unknown as { sharedData: ShareData[] }).sharedData);
}

/**
 * Replaces the browser's navigator.share (the browser's API, not ours) with a stub that records its
 * argument and settles as asked: "resolve", or rejects with a DOMException of the given name.
 */
async function stubShare(page: Page, outcome: "resolve" | "AbortError" | "NotAllowedError") {
  await page.addInitScript((result) => {
    const calls: ShareData[] = [];
    (window as unknown as { sharedData: ShareData[] }).sharedData = calls;
    Object.defineProperty(Navigator.prototype, "share", {
      configurable: true,
      value: (data: ShareData) => {
        calls.push(data);
        return result === "resolve" ? Promise.resolve() : Promise.reject(new DOMException("stubbed", result));
      },
    });
  }, outcome);
}

async function openArticle(page: Page) {
  await page.goto(articlePath(article));
  await waitForHydration(page);
  await expect(shareButton(page)).toHaveText("Share");
}

/** The spec's 3 seconds for Shared!, Copied! and Couldn't share. */
const STATUS_MS = 3_000;
const CLOCK_START = new Date("2026-11-24T12:00:00Z").getTime();

/**
 * Opens the article with Playwright's clock installed, then pauses the page's time: how long a status stays
 * is then counted in the page's own timers, which the test advances, not in the machine's (busy) seconds.
 */
async function openArticleOnPausedClock(page: Page) {
  await page.clock.install({ time: CLOCK_START });
  await openArticle(page);
  await page.clock.pauseAt(CLOCK_START + 60_000);
}

/** `text` is still shown 1 ms before STATUS_MS has passed on the page's clock, and Share is back at STATUS_MS. */
async function expectShownForStatusTime(page: Page, text: string) {
  await page.clock.runFor(STATUS_MS - 1);
  await expect(shareButton(page)).toHaveText(text);
  await page.clock.runFor(1);
  await expect(shareButton(page)).toHaveText("Share");
}

test.describe("share button with the system share sheet", () => {
  test("shares the article's link and title, shows Shared! for 3 seconds, then Share again", async ({ page }) => {
    await stubShare(page, "resolve");
    await openArticleOnPausedClock(page);

    await shareButton(page).click();
    await expect(shareButton(page)).toHaveText("Shared!");
    const [data] = await sharedData(page);
    expect(data).toMatchObject({ title: article.title, text: article.excerpt });
    expect(new URL(data!.url!).pathname).toBe(articlePath(article));

    await expectShownForStatusTime(page, "Shared!");
  });

  test("the shared link is the site's own address for the article", async ({ page, baseURL }) => {
    await stubShare(page, "resolve");
    await openArticle(page);
    await shareButton(page).click();
    await expect(shareButton(page)).toHaveText("Shared!");
    const [data] = await sharedData(page);
    expect(data?.url).toBe(`${siteOrigin(baseURL)}${articlePath(article)}`);
  });

  test("a failed share shows Couldn't share, then Share again", async ({ page }) => {
    await stubShare(page, "NotAllowedError");
    await openArticleOnPausedClock(page);
    await shareButton(page).click();
    await expect(shareButton(page)).toHaveText("Couldn't share");
    await expectShownForStatusTime(page, "Couldn't share");
  });

  test("closing the share sheet (AbortError) is not an error", async ({ page }) => {
    await stubShare(page, "AbortError");
    await openArticle(page);
    const changes = await recordTextChanges(shareButton(page));
    await shareButton(page).click();
    await expect.poll(async () => (await sharedData(page)).length).toBe(1);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await expect(shareButton(page)).toHaveText("Share");
    expect((await changes()).map((change) => change.text)).toEqual(["Share"]);
  });
});

test.describe("share button without a share sheet", () => {
  test.beforeEach(async ({ page, context, baseURL }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await page.addInitScript(() => {
      delete (Navigator.prototype as Partial<Navigator>).share;
    });
  });

  test("copies the article's link and shows Copied! for 3 seconds", async ({ page }) => {
    await openArticleOnPausedClock(page);
    expect(await page.evaluate(() => typeof navigator.share)).toBe("undefined");

    await shareButton(page).click();
    await expect(shareButton(page)).toHaveText("Copied!");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(new URL(copied).pathname).toBe(articlePath(article));

    await expectShownForStatusTime(page, "Copied!");
  });

  test("the copied link is the site's own address for the article", async ({ page, baseURL }) => {
    await openArticle(page);
    await shareButton(page).click();
    await expect(shareButton(page)).toHaveText("Copied!");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${siteOrigin(baseURL)}${articlePath(article)}`);
  });
});
