import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { articlePath, published, recordTextChanges, shownFor, siteOrigin, waitForHydration } from "./support";

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

test.describe("share button with the system share sheet", () => {
  test("shares the article's link and title, shows Shared! for 3 seconds, then Share again", async ({ page }) => {
    await stubShare(page, "resolve");
    await openArticle(page);
    const changes = await recordTextChanges(shareButton(page));

    await shareButton(page).click();
    await expect(shareButton(page)).toHaveText("Shared!");
    const [data] = await sharedData(page);
    expect(data).toMatchObject({ title: article.title, text: article.excerpt });
    expect(new URL(data!.url!).pathname).toBe(articlePath(article));

    await expect(shareButton(page)).toHaveText("Share", { timeout: 6_000 });
    const shown = shownFor(await changes(), "Shared!");
    expect(shown, "Shared! stayed about 3 seconds").toBeGreaterThanOrEqual(2_900);
    expect(shown).toBeLessThan(3_600);
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
    await openArticle(page);
    const changes = await recordTextChanges(shareButton(page));
    await shareButton(page).click();
    await expect(shareButton(page)).toHaveText("Couldn't share");
    await expect(shareButton(page)).toHaveText("Share", { timeout: 6_000 });
    expect(shownFor(await changes(), "Couldn't share")).toBeGreaterThanOrEqual(2_900);
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
    await openArticle(page);
    expect(await page.evaluate(() => typeof navigator.share)).toBe("undefined");
    const changes = await recordTextChanges(shareButton(page));

    await shareButton(page).click();
    await expect(shareButton(page)).toHaveText("Copied!");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(new URL(copied).pathname).toBe(articlePath(article));

    await expect(shareButton(page)).toHaveText("Share", { timeout: 6_000 });
    const shown = shownFor(await changes(), "Copied!");
    expect(shown, "Copied! stayed about 3 seconds").toBeGreaterThanOrEqual(2_900);
    expect(shown).toBeLessThan(3_600);
  });

  test("the copied link is the site's own address for the article", async ({ page, baseURL }) => {
    await openArticle(page);
    await shareButton(page).click();
    await expect(shareButton(page)).toHaveText("Copied!");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${siteOrigin(baseURL)}${articlePath(article)}`);
  });
});
