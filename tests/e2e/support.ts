import { expect, type Locator, type Page } from "@playwright/test";
import { DEMO_ARTICLES, DEMO_AUTHORS, type DemoArticle } from "../../app/services/seed/demo-content.server";
import { STOCK_IMAGES, stockImageUrl } from "../../app/utils/stock-images";

/**
 * What the reader specs know about the demo newsroom the e2e server is seeded with. Everything is derived
 * from DEMO_ARTICLES, so a change to the demo content changes the expectations with it.
 */

export interface SeededArticle extends DemoArticle {
  /** Ids are assigned in DEMO_ARTICLES order, starting at 1 (one insert, serial ids). */
  id: number;
}

const DAY_MS = 86_400_000;

export const seeded: SeededArticle[] = DEMO_ARTICLES.map((article, index) => ({ ...article, id: index + 1 }));

/**
 * Published demo articles, newest first. The seed dates each one `publishedDaysAgo` days and `index`
 * minutes before seeding, so equal days would order by position; the demo data has no ties anyway.
 */
export const published: SeededArticle[] = seeded
  .filter((article) => article.publishedDaysAgo !== null)
  .sort((a, b) => a.publishedDaysAgo! - b.publishedDaysAgo! || a.id - b.id);

export const drafts: SeededArticle[] = seeded.filter((article) => article.publishedDaysAgo === null);
export const draft: SeededArticle = drafts[0]!;

/** The home page hero: the newest published featured article. */
export const hero: SeededArticle = published.find((article) => article.isFeatured)!;

/** The home page's "Latest Stories": the 6 newest published, without the hero. */
export const latestStories: SeededArticle[] = published.filter((article) => article.id !== hero.id).slice(0, 6);

/** The home page's "Popular Stories": up to 3 newest published popular ones. */
export const popularStories: SeededArticle[] = published.filter((article) => article.isPopular).slice(0, 3);

/** The notifications panel: the 5 newest published. */
export const headlines: SeededArticle[] = published.slice(0, 5);

export function byTitle(title: string): SeededArticle {
  const article = seeded.find((candidate) => candidate.title === title);
  if (!article) throw new Error(`No demo article titled "${title}"`);
  return article;
}

export function articlePath(article: Pick<SeededArticle, "id">): string {
  return `/article/${article.id}`;
}

export function categoryPath(category: string): string {
  return `/category/${category.toLowerCase()}`;
}

/** A category's published articles, newest first. */
export function publishedIn(category: string): SeededArticle[] {
  return published.filter((article) => article.category === category);
}

/** "You might also like": other published articles of the same category first, then the newest of the rest. */
export function relatedTo(article: SeededArticle): SeededArticle[] {
  const sameCategory = publishedIn(article.category).filter((other) => other.id !== article.id);
  const rest = published.filter((other) => other.category !== article.category);
  return [...sameCategory, ...rest].slice(0, 3);
}

export function authorOf(article: DemoArticle) {
  const author = DEMO_AUTHORS.find((candidate) => candidate.name === article.author);
  if (!author) throw new Error(`No demo author named "${article.author}"`);
  return author;
}

export function coverPath(article: DemoArticle): string {
  return stockImageUrl(article.image);
}

/** The link-preview card made from a demo article's stock cover: a 1200x630 JPEG (decision 025). */
export function socialCardPath(article: DemoArticle): string {
  const slug = STOCK_IMAGES.find((image) => image.label === article.image)?.slug;
  return `/media/stock/${slug}/og.jpg`;
}

const articleDate = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/**
 * The dates the page may show for a published demo article: the seed ran when the e2e server started,
 * at most a few minutes before this test, and a run near midnight UTC may straddle two days.
 */
export function possibleDates(article: SeededArticle): string[] {
  const index = article.id - 1;
  const now = Date.now();
  const latest = now - article.publishedDaysAgo! * DAY_MS - index * 60_000;
  const earliest = latest - 60 * 60_000;
  return [...new Set([articleDate.format(new Date(earliest)), articleDate.format(new Date(latest))])];
}

/** A date shown in the "Mar 5, 2025" style. */
export const SHORT_DATE = /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/;

/** A regular expression matching exactly `text`. */
export function exactly(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
}

/** The status message (`role="status"`) in `scope` that says exactly `text`. */
export function notice(scope: Page | Locator, text: string): Locator {
  return scope.getByRole("status").filter({ hasText: exactly(text) });
}

/**
 * The site's own address as the server computes it: SITE_URL is unset in the e2e run, so it should be
 * http://localhost on the port the server listens on.
 */
export function siteOrigin(baseURL: string | undefined): string {
  if (!baseURL) throw new Error("The e2e base URL is not set");
  return `http://localhost:${new URL(baseURL).port}`;
}

/** The shared e2e server's address, as the global setup published it. */
export function appUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error("The e2e base URL is not set; the global setup did not run");
  return url;
}

/**
 * The header a browser sends with a form posted from the site itself. The server refuses every POST,
 * PUT, PATCH and DELETE that cannot show it comes from the site's own origin, so a script must send it.
 */
export function sameOriginHeaders(baseUrl: string = appUrl()): { Origin: string } {
  return { Origin: new URL(baseUrl).origin };
}

/** The <html> element's class list, read in the page. */
export function htmlClasses(page: Page): Promise<string[]> {
  return page.evaluate(() => [...document.documentElement.classList]);
}

/** Every <img> on the page with the attributes the layout and loading rules care about. */
export function imageAttributes(page: Page) {
  return page.evaluate(() =>
    [...document.images].map((image) => ({
      src: image.getAttribute("src"),
      width: image.getAttribute("width"),
      height: image.getAttribute("height"),
      loading: image.getAttribute("loading"),
      fetchPriority: image.getAttribute("fetchpriority"),
    })),
  );
}

/** The console error Chromium logs for a document answered with 404, which the not-found tests provoke. */
export const NOT_FOUND_CONSOLE_ERROR = /the server responded with a status of 404/;

/**
 * Waits until React has hydrated the page and run its effects: the notifications bell only counts new
 * stories in an effect, so its "N new" name appears after hydration. Holds on a first visit (a fresh
 * browser context, as every test has), when the latest stories are all new to the reader.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.getByLabel(/^Notifications, \d+ new$/)).toBeVisible();
}

export interface TextChange {
  text: string;
  /** performance.now() in the page when the text became `text`. */
  at: number;
}

/**
 * Starts recording, in the page, every change of the element's text with the page's own clock, so a
 * test can measure how long a message stayed without polling from outside. Returns a reader for the log.
 */
export async function recordTextChanges(locator: Locator): Promise<() => Promise<TextChange[]>> {
  const key = `__textChanges${Math.random().toString(36).slice(2)}`;
  await locator.evaluate((element, logKey) => {
    const log: { text: string; at: number }[] = [{ text: element.textContent ?? "", at: performance.now() }];
    (window as unknown as Record<string, unknown>)[logKey] = log;
    new MutationObserver(() => {
      const text = element.textContent ?? "";
      if (log.at(-1)?.text !== text) log.push({ text, at: performance.now() });
    }).observe(element, { subtree: true, childList: true, characterData: true });
  }, key);
  return () => locator.page().evaluate((logKey) => (window as unknown as Record<string, TextChange[]>)[logKey] ?? [], key);
}

/** How long the text `shown` stayed before the element's text changed again, in ms; null if it never left. */
export function shownFor(changes: TextChange[], shown: string): number | null {
  const start = changes.findIndex((change) => change.text === shown);
  if (start < 0 || start === changes.length - 1) return null;
  return changes[start + 1]!.at - changes[start]!.at;
}
