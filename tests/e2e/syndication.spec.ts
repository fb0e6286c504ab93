import type { Page } from "@playwright/test";
import { DEMO_ARTICLES } from "../../app/services/seed/demo-content.server";
import { expect, test } from "./fixtures";

const published = DEMO_ARTICLES.filter((article) => article.publishedDaysAgo !== null);
const newest = [...published].sort((a, b) => a.publishedDaysAgo! - b.publishedDaysAgo!)[0]!;
const drafts = DEMO_ARTICLES.filter((article) => article.publishedDaysAgo === null);

// Canonical URLs start with SITE_URL, which the test server leaves unset (its default names the
// configured port, not the random one the server listens on), so these tests check paths on one origin.
const origin = "https?://[^/\\s]+";
const path = (url: string) => new URL(url).pathname;

interface ParsedFeed {
  error: string | null;
  root: string;
  version: string | null;
  channelTitle: string;
  selfLink: string | null;
  items: { title: string; link: string; guid: string; category: string; pubDate: string }[];
}

/** Parses an RSS document with the browser's own XML parser, as a feed reader would. */
function parseFeed(page: Page, xml: string): Promise<ParsedFeed> {
  return page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, "application/xml");
    const text = (parent: Element, tag: string) => parent.getElementsByTagName(tag)[0]?.textContent ?? "";
    const channel = doc.getElementsByTagName("channel")[0]!;
    return {
      error: doc.getElementsByTagName("parsererror")[0]?.textContent ?? null,
      root: doc.documentElement.nodeName,
      version: doc.documentElement.getAttribute("version"),
      channelTitle: text(channel, "title"),
      selfLink: doc.getElementsByTagNameNS("http://www.w3.org/2005/Atom", "link")[0]?.getAttribute("href") ?? null,
      items: [...doc.getElementsByTagName("item")].map((item) => ({
        title: text(item, "title"),
        link: text(item, "link"),
        guid: text(item, "guid"),
        category: text(item, "category"),
        pubDate: text(item, "pubDate"),
      })),
    };
  }, xml);
}

test.describe("RSS feeds", () => {
  test("/rss.xml is valid RSS 2.0 listing the published stories, newest first, without drafts", async ({ page, request }) => {
    const response = await request.get("/rss.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
    const feed = await parseFeed(page, await response.text());

    expect(feed.error).toBeNull();
    expect(feed.root).toBe("rss");
    expect(feed.version).toBe("2.0");
    expect(feed.channelTitle).toBe("Byline");
    expect(feed.selfLink).toMatch(new RegExp(`^${origin}/rss\\.xml$`));
    const siteOrigin = new URL(feed.selfLink!).origin;
    expect(feed.items[0]?.title).toBe(newest.title);
    expect(feed.items.map((item) => item.title).sort()).toEqual(published.map((article) => article.title).sort());
    for (const draft of drafts) expect(feed.items.map((item) => item.title)).not.toContain(draft.title);
    for (const item of feed.items) {
      expect(new URL(item.link).origin).toBe(siteOrigin);
      expect(path(item.link)).toMatch(/^\/article\/\d+$/);
      expect(item.guid).toBe(item.link);
      expect(Number.isNaN(Date.parse(item.pubDate))).toBe(false);
    }
  });

  test("a category feed, its slug in any case, lists only that category", async ({ page, request }) => {
    const response = await request.get("/category/AI/rss.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
    const feed = await parseFeed(page, await response.text());

    expect(feed.error).toBeNull();
    expect(feed.channelTitle).toBe("Byline: AI News");
    const aiTitles = published.filter((article) => article.category === "AI").map((article) => article.title);
    expect(feed.items.map((item) => item.title).sort()).toEqual(aiTitles.sort());
    expect(new Set(feed.items.map((item) => item.category))).toEqual(new Set(["AI"]));
  });

  test("an unknown category has no feed", async ({ request }) => {
    const response = await request.get("/category/nope/rss.xml");
    expect(response.status()).toBe(404);
  });
});

test.describe("sitemap and robots", () => {
  test("/sitemap.xml lists the published articles with lastmod, the categories and the info pages", async ({ page, request }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/xml; charset=utf-8");
    const sitemap = await page.evaluate(
      (source) => {
        const doc = new DOMParser().parseFromString(source, "application/xml");
        return {
          error: doc.getElementsByTagName("parsererror")[0]?.textContent ?? null,
          root: doc.documentElement.nodeName,
          urls: [...doc.getElementsByTagName("url")].map((url) => ({
            loc: url.getElementsByTagName("loc")[0]?.textContent ?? "",
            lastmod: url.getElementsByTagName("lastmod")[0]?.textContent ?? null,
          })),
        };
      },
      await response.text(),
    );

    expect(sitemap.error).toBeNull();
    expect(sitemap.root).toBe("urlset");
    for (const url of sitemap.urls) expect(url.loc).toMatch(new RegExp(`^${origin}/`));
    const paths = sitemap.urls.map((url) => path(url.loc));
    expect(paths).toEqual(expect.arrayContaining(["/", "/category/ai", "/category/security", "/about", "/cookie-policy"]));

    const articleUrls = sitemap.urls.filter((url) => /^\/article\/\d+$/.test(path(url.loc)));
    // Every published story once, and nothing more: the draft is not there.
    expect(articleUrls).toHaveLength(published.length);
    for (const url of articleUrls) expect(Number.isNaN(Date.parse(url.lastmod ?? ""))).toBe(false);

    const feed = await parseFeed(page, await (await request.get("/rss.xml")).text());
    expect(articleUrls.map((url) => url.loc).sort()).toEqual(feed.items.map((item) => item.link).sort());
  });

  test("/robots.txt keeps crawlers out of the admin area and points to the sitemap", async ({ request }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/plain; charset=utf-8");
    const body = await response.text();
    expect(body).toContain("User-agent: *");
    expect(body).toMatch(/^Disallow: \/admin$/m);
    expect(body).toMatch(new RegExp(`^Sitemap: ${origin}/sitemap\\.xml$`, "m"));
  });
});
