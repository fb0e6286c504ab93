import { rmSync } from "node:fs";
import path from "node:path";
import { DEMO_ARTICLES } from "../../app/services/seed/demo-content.server";
import { startWebSubHub } from "../fakes/websub-hub";
import { newDataDir } from "../support/pglite-template";
import { PROJECT_ROOT, startServer } from "../support/server-process";
import { fromOwnClientAddress } from "./admin-support";
import { signInTo, waitForHydrated, waitForModal, type AdminAccount } from "./article-admin-support";
import { expect, test } from "./fixtures";

/**
 * Search engines and aggregators: the Google News sitemap, JSON Feed 1.1 and WebSub, read the way
 * their consumers read them.
 */

const published = DEMO_ARTICLES.map((article, index) => ({ ...article, id: index + 1 })).filter(
  (article) => article.publishedDaysAgo !== null,
);
/** The demo's stories of today and yesterday: the News sitemap's two days. */
const recent = published.filter((article) => article.publishedDaysAgo! < 2);

test("/news-sitemap.xml lists the last two days' stories with their publication, time and title, and robots.txt names it", async ({
  page,
  request,
}) => {
  const response = await request.get("/news-sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  const parsed = await page.evaluate(
    (source) => {
      const doc = new DOMParser().parseFromString(source, "application/xml");
      const NEWS = "http://www.google.com/schemas/sitemap-news/0.9";
      return {
        error: doc.getElementsByTagName("parsererror")[0]?.textContent ?? null,
        urls: [...doc.getElementsByTagName("url")].map((url) => ({
          loc: url.getElementsByTagName("loc")[0]?.textContent ?? "",
          name: url.getElementsByTagNameNS(NEWS, "name")[0]?.textContent ?? "",
          language: url.getElementsByTagNameNS(NEWS, "language")[0]?.textContent ?? "",
          date: url.getElementsByTagNameNS(NEWS, "publication_date")[0]?.textContent ?? "",
          title: url.getElementsByTagNameNS(NEWS, "title")[0]?.textContent ?? "",
        })),
      };
    },
    await response.text(),
  );
  expect(parsed.error).toBeNull();
  expect(parsed.urls.map((url) => url.title).sort()).toEqual(recent.map((article) => article.title).sort());
  for (const url of parsed.urls) {
    expect(new URL(url.loc).pathname).toBe(`/article/${recent.find((article) => article.title === url.title)!.id}`);
    expect(url.name).toBe("Byline");
    expect(url.language).toBe("en");
    // W3C date-time with the newsroom's offset.
    expect(url.date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
  }
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/^Sitemap: https?:\/\/[^/\s]+\/news-sitemap\.xml$/m);
});

test("/feed.json is JSON Feed 1.1 with the same stories as /rss.xml, each with its body, cover and authors", async ({
  request,
}) => {
  const response = await request.get("/feed.json");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/feed+json; charset=utf-8");
  const feed = (await response.json()) as {
    version: string;
    title: string;
    feed_url: string;
    items: {
      id: string;
      url: string;
      title: string;
      content_html: string;
      image?: string;
      authors: { name: string; url: string }[];
      date_published: string;
    }[];
  };
  expect(feed.version).toBe("https://jsonfeed.org/version/1.1");
  expect(feed.title).toBe("Byline");
  expect(new URL(feed.feed_url).pathname).toBe("/feed.json");
  expect(feed.items.map((item) => item.title).sort()).toEqual(published.map((article) => article.title).sort());
  for (const item of feed.items) {
    const article = published.find((candidate) => candidate.title === item.title)!;
    expect(item.id).toBe(item.url);
    expect(new URL(item.url).pathname).toBe(`/article/${article.id}`);
    expect(item.content_html).toContain("<p>");
    expect(item.image).toMatch(/^https?:\/\//);
    expect(item.authors.map((author) => author.name)).toEqual([article.author]);
    expect(Number.isNaN(Date.parse(item.date_published))).toBe(false);
  }
  const cloud = await request.get("/category/cloud/feed.json");
  expect(cloud.status()).toBe(200);
  expect(((await cloud.json()) as { items: unknown[] }).items).toHaveLength(
    published.filter((article) => article.category === "Cloud").length,
  );
  expect((await request.get("/category/robots/feed.json")).status()).toBe(404);
  expect((await request.get("/author/nobody-here/feed.json")).status()).toBe(404);
  expect((await request.get("/corrections/feed.json")).headers()["content-type"]).toBe("application/feed+json; charset=utf-8");
});

test.describe("WebSub", () => {
  fromOwnClientAddress();

  test("with WEBSUB_HUB set, feeds name the hub, and publishing notifies it once for each feed that lists the story", async ({
    page,
  }) => {
    const hub = await startWebSubHub();
    const dataDir = path.join(PROJECT_ROOT, "tests", ".tmp", `reach-websub-${process.pid}-${Date.now().toString(36)}`);
    newDataDir(dataDir);
    const admin: AdminAccount = { username: `websub-${process.pid}`, password: "websub editor correct horse battery" };
    const server = await startServer({
      DATA_DIR: dataDir,
      WEBSUB_HUB: hub.url,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
    });
    try {
      const rss = await (await page.request.get(`${server.url}/rss.xml`)).text();
      expect(rss).toContain(`<atom:link href="${hub.url}" rel="hub"/>`);
      const json = (await (await page.request.get(`${server.url}/feed.json`)).json()) as { hubs: unknown };
      expect(json.hubs).toEqual([{ type: "WebSub", url: hub.url }]);

      const draft = DEMO_ARTICLES.find((article) => article.publishedDaysAgo === null)!;
      await signInTo(page, server.url, admin);
      await page.goto(`${server.url}/admin/articles`);
      await waitForHydrated(page.getByRole("link", { name: "New article" }));
      await page
        .getByRole("button", { name: `Publish ${draft.title}`, exact: true })
        .first()
        .click();
      const dialog = page.getByRole("dialog", { name: "Publish article" });
      await waitForModal(dialog);
      await dialog.getByRole("button", { name: "Publish", exact: true }).click();
      await expect(page.getByRole("status").filter({ hasText: "Article published successfully" })).toBeVisible();

      const topics = (await hub.waitFor(6)).map((entry) => new URL(entry.topic ?? "").pathname).sort();
      expect(topics).toEqual(
        [
          "/rss.xml",
          "/feed.json",
          `/category/${draft.category.toLowerCase()}/rss.xml`,
          `/category/${draft.category.toLowerCase()}/feed.json`,
          `/author/${draft.author.toLowerCase().replace(/[^a-z0-9]+/g, "-")}/rss.xml`,
          `/author/${draft.author.toLowerCase().replace(/[^a-z0-9]+/g, "-")}/feed.json`,
        ].sort(),
      );
      expect(hub.received.every((entry) => entry.mode === "publish")).toBe(true);
      await page.goto("about:blank");
    } finally {
      expect(await server.stop()).toBe(0);
      await hub.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Once: nothing more arrived after the six.
    expect(hub.received).toHaveLength(6);
  });
});
