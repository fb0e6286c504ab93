import { beforeEach, describe, expect, it } from "vitest";
import { createPageService } from "../pages/pages.server";
import { pageFormValuesOf, PageInput } from "../../validation/page";
import { resetDatabase, withTestDatabase } from "../../../tests/setup/test-database";
import { articles, authors } from "../../db/schema";
import type { Category } from "../../domain/sections";
import { manualClock } from "../../../tests/support/manual-clock";
import type { PublicCorrection } from "../../utils/corrections";
import { SPEC_SECTIONS } from "../sections/sections.server";
import { saveArticleTags } from "../tags/article-tags.server";
import {
  createSyndicationService,
  escapeXml,
  FEED_ITEM_LIMIT,
  renderCorrectionsJsonFeed,
  renderCorrectionsRss,
  renderJsonFeed,
  renderNewsSitemap,
  renderRobots,
  renderRss,
  renderSitemap,
  renderSitemapIndex,
  type FeedItem,
} from "./syndication.server";

const database = withTestDatabase();
const site = { name: "Byline", url: "https://news.example" };

interface ArticleSeed {
  title: string;
  category?: Category;
  publishedAt: string | null;
  updatedAt?: string;
  image?: string;
  excerpt?: string;
}

async function seed(rows: ArticleSeed[]): Promise<number[]> {
  const [author] = await database.db
    .insert(authors)
    .values({ name: "Maya Okafor", avatar: "/images/avatars/maya-okafor.svg", role: "Senior Technology Editor" })
    .returning();
  const inserted = await database.db
    .insert(articles)
    .values(
      rows.map((row) => ({
        title: row.title,
        excerpt: row.excerpt ?? `About ${row.title}`,
        content: "Body",
        category: row.category ?? "AI",
        image: row.image ?? "/images/stock/ai-technology.svg",
        authorId: author!.id,
        publishedAt: row.publishedAt ? new Date(row.publishedAt) : null,
        status: row.publishedAt ? ("published" as const) : ("draft" as const),
        createdAt: new Date("2025-01-01T00:00:00Z"),
        updatedAt: new Date(row.updatedAt ?? "2025-01-01T00:00:00Z"),
      })),
    )
    .returning({ id: articles.id });
  return inserted.map((row) => row.id);
}

/** The text of each `<tag>` in a document, in order. */
function all(xml: string, tag: string): string[] {
  return [...xml.matchAll(new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`, "g"))].map((match) => match[1]!);
}

function items(xml: string): string[] {
  return [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((match) => match[1]!);
}

describe("feed items", () => {
  beforeEach(() => resetDatabase(database.db));

  it("lists published articles newest first, without drafts, with author and cover", async () => {
    await seed([
      { title: "Older", publishedAt: "2025-03-01T08:00:00Z" },
      { title: "Draft", publishedAt: null },
      { title: "Newer", category: "Cloud", publishedAt: "2025-03-05T09:30:00Z", updatedAt: "2025-03-06T10:00:00Z" },
    ]);
    const service = createSyndicationService({ sections: SPEC_SECTIONS, db: database.db, site });

    const listed = await service.feedItems();
    expect(listed.map((item) => item.title)).toEqual(["Newer", "Older"]);
    expect(listed[0]).toMatchObject({
      category: "Cloud",
      authors: [{ name: "Maya Okafor", slug: "maya-okafor" }],
      contentHtml: "<p>Body</p>",
      image: "/images/stock/ai-technology.svg",
      publishedAt: new Date("2025-03-05T09:30:00Z"),
      lastModified: new Date("2025-03-06T10:00:00Z"),
    });
    expect(FEED_ITEM_LIMIT).toBe(50);
    expect(await service.feedItems(undefined, 1)).toHaveLength(1);
  });

  it("filters by category", async () => {
    await seed([
      { title: "AI one", category: "AI", publishedAt: "2025-03-01T00:00:00Z" },
      { title: "Mobile one", category: "Mobile", publishedAt: "2025-03-02T00:00:00Z" },
      { title: "AI draft", category: "AI", publishedAt: null },
      { title: "AI two", category: "AI", publishedAt: "2025-03-03T00:00:00Z" },
    ]);
    const service = createSyndicationService({ sections: SPEC_SECTIONS, db: database.db, site });

    expect((await service.feedItems("AI")).map((item) => item.title)).toEqual(["AI two", "AI one"]);
    expect((await service.feedItems("Security")).map((item) => item.title)).toEqual([]);
  });
});

describe("the RSS document", () => {
  beforeEach(() => resetDatabase(database.db));

  it("is RSS 2.0 with the channel and item fields, drafts left out", async () => {
    const [id] = await seed([
      { title: "Ember-7 ships", publishedAt: "2025-03-05T09:30:00Z", excerpt: "A small model." },
      { title: "Secret draft", publishedAt: null },
    ]);
    const xml = await createSyndicationService({ sections: SPEC_SECTIONS, db: database.db, site }).rss();

    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" ')).toBe(true);
    expect(xml).toContain('xmlns:atom="http://www.w3.org/2005/Atom"');
    expect(xml).not.toContain("Secret draft");
    expect(all(xml, "title")).toEqual(["Byline", "Ember-7 ships"]);
    expect(all(xml, "link")).toEqual(["https://news.example/", `https://news.example/article/${id}`]);
    expect(all(xml, "language")).toEqual(["en"]);
    expect(all(xml, "lastBuildDate")).toEqual(["Wed, 05 Mar 2025 09:30:00 GMT"]);
    expect(xml).toContain('<atom:link href="https://news.example/rss.xml" rel="self" type="application/rss+xml"/>');

    const [item] = items(xml);
    expect(item).toContain(`<guid isPermaLink="true">https://news.example/article/${id}</guid>`);
    expect(item).toContain("<pubDate>Wed, 05 Mar 2025 09:30:00 GMT</pubDate>");
    expect(item).toContain("<description>A small model.</description>");
    // The full body, sanitized HTML as the article page shows it.
    expect(item).toContain("<content:encoded>&lt;p&gt;Body&lt;/p&gt;</content:encoded>");
    expect(item).toContain("<category>AI</category>");
    expect(item).toContain("<dc:creator>Maya Okafor</dc:creator>");
    expect(item).toContain(
      '<media:content url="https://news.example/images/stock/ai-technology.svg" medium="image" type="image/svg+xml"/>',
    );
  });

  it("names a category feed after its category and lists only its items", async () => {
    await seed([
      { title: "Phone", category: "Mobile", publishedAt: "2025-03-02T00:00:00Z" },
      { title: "Model", category: "AI", publishedAt: "2025-03-03T00:00:00Z" },
    ]);
    const xml = await createSyndicationService({ sections: SPEC_SECTIONS, db: database.db, site }).rss("Mobile");

    expect(all(xml, "title")).toEqual(["Byline: Mobile News", "Phone"]);
    expect(all(xml, "link")[0]).toBe("https://news.example/category/mobile");
    expect(xml).toContain('<atom:link href="https://news.example/category/mobile/rss.xml" rel="self"');
    expect(all(xml, "category")).toEqual(["Mobile"]);
  });

  it("escapes the characters XML reserves, in titles, excerpts and authors", async () => {
    await seed([{ title: `Tom & Jerry's <b>"AI"</b>`, excerpt: "1 < 2 && 3 > 2", publishedAt: "2025-03-02T00:00:00Z" }]);
    const xml = await createSyndicationService({ sections: SPEC_SECTIONS, db: database.db, site }).rss();

    expect(xml).toContain("<title>Tom &amp; Jerry&apos;s &lt;b&gt;&quot;AI&quot;&lt;/b&gt;</title>");
    expect(xml).toContain("<description>1 &lt; 2 &amp;&amp; 3 &gt; 2</description>");
    expect(xml).not.toContain("<b>");
  });

  it("keeps an absolute cover URL as it is and leaves out a missing one", async () => {
    await seed([
      { title: "With cover", image: "https://cdn.example/covers/a.jpg?w=800&h=450", publishedAt: "2025-03-02T00:00:00Z" },
      { title: "Without cover", image: "", publishedAt: "2025-03-01T00:00:00Z" },
    ]);
    const [withCover, withoutCover] = items(
      await createSyndicationService({ sections: SPEC_SECTIONS, db: database.db, site }).rss(),
    );

    expect(withCover).toContain(
      '<media:content url="https://cdn.example/covers/a.jpg?w=800&amp;h=450" medium="image" type="image/jpeg"/>',
    );
    expect(withoutCover).not.toContain("media:content");
  });

  it("is a valid empty channel when nothing is published", async () => {
    await seed([{ title: "Draft", publishedAt: null }]);
    const xml = await createSyndicationService({ sections: SPEC_SECTIONS, db: database.db, site }).rss();
    expect(items(xml)).toEqual([]);
    expect(xml).not.toContain("lastBuildDate");
    expect(xml).toContain("</channel>\n</rss>");
  });
});

describe("the sitemap", () => {
  beforeEach(() => resetDatabase(database.db));

  it("lists published articles with their last change, newest first, and no draft", async () => {
    const [edited, untouched, draft] = await seed([
      { title: "Edited", publishedAt: "2025-03-01T08:00:00Z", updatedAt: "2025-03-04T12:00:00Z" },
      { title: "Untouched", category: "Cloud", publishedAt: "2025-03-02T08:00:00Z", updatedAt: "2025-01-01T00:00:00Z" },
      { title: "Draft", publishedAt: null, updatedAt: "2025-03-09T00:00:00Z" },
    ]);
    const pagesPutInPlace = new Date("2025-02-01T09:00:00Z");
    await createPageService({ db: database.db, clock: { now: () => pagesPutInPlace } }).ensureDefaults();
    const service = createSyndicationService({ sections: SPEC_SECTIONS, db: database.db, site });

    expect(await service.sitemapArticles()).toEqual([
      { id: untouched, lastModified: new Date("2025-03-02T08:00:00Z") },
      { id: edited, lastModified: new Date("2025-03-04T12:00:00Z") },
    ]);

    const xml = await service.sitemap();
    expect(xml).toContain(
      `<url><loc>https://news.example/article/${untouched}</loc><lastmod>2025-03-02T08:00:00.000Z</lastmod></url>`,
    );
    expect(xml).toContain(
      `<url><loc>https://news.example/article/${edited}</loc><lastmod>2025-03-04T12:00:00.000Z</lastmod></url>`,
    );
    expect(xml).not.toContain(`/article/${draft}<`);
    expect(xml).toContain("<url><loc>https://news.example/</loc><lastmod>2025-03-04T12:00:00.000Z</lastmod></url>");
    expect(xml).toContain("<url><loc>https://news.example/category/cloud</loc><lastmod>2025-03-02T08:00:00.000Z</lastmod></url>");
    expect(xml).toContain("<url><loc>https://news.example/category/security</loc></url>");
    // A page's lastmod is the time it last changed (decisions 027, 039): put in place, then edited.
    expect(xml).toContain("<url><loc>https://news.example/cookie-policy</loc><lastmod>2025-02-01T09:00:00.000Z</lastmod></url>");
    const pages = createPageService({ db: database.db, clock: { now: () => new Date("2025-03-05T10:00:00Z") } });
    const cookiePolicy = (await pages.list()).find((page) => page.slug === "cookie-policy")!;
    const edit = PageInput.parse({ ...pageFormValuesOf(cookiePolicy), title: "Cookies" });
    expect(await pages.update(cookiePolicy.id, edit, { by: null })).toEqual({ outcome: "done", id: cookiePolicy.id });
    const after = await service.sitemap();
    expect(after).toContain(
      "<url><loc>https://news.example/cookie-policy</loc><lastmod>2025-03-05T10:00:00.000Z</lastmod></url>",
    );
    expect(after).toContain("<url><loc>https://news.example/privacy</loc><lastmod>2025-02-01T09:00:00.000Z</lastmod></url>");
  });

  it("lists home, the seven categories, the published pages and /corrections even when nothing is published", () => {
    const pages = ["about", "careers", "contact", "advertise", "terms", "privacy", "cookie-policy"].map((slug) => ({
      path: `/${slug}`,
      lastModified: new Date("2025-02-01T09:00:00Z"),
    }));
    const locations = all(renderSitemap(site, [], SPEC_SECTIONS.list(), [], [], pages), "loc");
    expect(locations).toEqual([
      "https://news.example/",
      ...["ai", "mobile", "startups", "cloud", "gadgets", "software", "security"].map(
        (slug) => `https://news.example/category/${slug}`,
      ),
      ...["about", "careers", "contact", "advertise", "terms", "privacy", "cookie-policy"].map(
        (page) => `https://news.example/${page}`,
      ),
      "https://news.example/corrections",
    ]);
  });
});

describe("robots.txt and escaping", () => {
  it("allows everything but the admin area and points to the sitemap", () => {
    expect(renderRobots(site)).toBe(
      "User-agent: *\nAllow: /\nDisallow: /admin\n\nSitemap: https://news.example/sitemap.xml\nSitemap: https://news.example/news-sitemap.xml\n",
    );
  });

  it("escapes the five XML characters and drops characters XML forbids", () => {
    expect(escapeXml(`a & b < c > d " e ' f`)).toBe("a &amp; b &lt; c &gt; d &quot; e &apos; f");
    expect(escapeXml("bell\u0007 tab\t nl\n \uFFFE \uD800x 😀")).toBe("bell tab\t nl\n  x 😀");
  });
});

describe("JSON Feed 1.1", () => {
  beforeEach(() => resetDatabase(database.db));

  it("lists the same items as RSS with the full body, the cover, the authors' pages and the hubs", async () => {
    const [id] = await seed([
      { title: "Ember-7 ships", category: "Cloud", publishedAt: "2025-03-05T09:30:00Z", updatedAt: "2025-03-06T10:00:00Z" },
      { title: "Secret draft", publishedAt: null },
    ]);
    // Its tags follow its section; one that only repeats the section's name is left out.
    await saveArticleTags(database.db, id!, ["cloud", "Kubernetes", "EU AI Act"], new Date("2025-03-05T09:00:00Z"));
    const service = createSyndicationService({
      sections: SPEC_SECTIONS,
      db: database.db,
      site: { ...site, language: "de", description: "Nachrichten aus Kiel.", hubs: ["https://hub.example/"] },
    });
    const feed = JSON.parse(await service.jsonFeed()) as Record<string, unknown>;
    expect(feed).toEqual({
      version: "https://jsonfeed.org/version/1.1",
      title: "Byline",
      home_page_url: "https://news.example/",
      feed_url: "https://news.example/feed.json",
      description: "Nachrichten aus Kiel.",
      language: "de",
      hubs: [{ type: "WebSub", url: "https://hub.example/" }],
      items: [
        {
          id: `https://news.example/article/${id}`,
          url: `https://news.example/article/${id}`,
          title: "Ember-7 ships",
          content_html: "<p>Body</p>",
          summary: "About Ember-7 ships",
          image: "https://news.example/images/stock/ai-technology.svg",
          date_published: "2025-03-05T09:30:00.000Z",
          date_modified: "2025-03-06T10:00:00.000Z",
          authors: [{ name: "Maya Okafor", url: "https://news.example/author/maya-okafor" }],
          tags: ["Cloud", "Kubernetes", "EU AI Act"],
        },
      ],
    });
    expect(await service.rss()).toContain(
      "<category>Cloud</category>\n<category>Kubernetes</category>\n<category>EU AI Act</category>\n<dc:creator>",
    );
    const category = JSON.parse(await service.jsonFeed("Cloud")) as { feed_url: string; items: unknown[] };
    expect(category.feed_url).toBe("https://news.example/category/cloud/feed.json");
    expect(category.items).toHaveLength(1);
    expect((JSON.parse((await service.authorJsonFeed("maya-okafor"))!) as { items: unknown[] }).items).toHaveLength(1);
    expect(await service.authorJsonFeed("nobody")).toBeNull();
    // The RSS feed names the hub and itself (WebSub discovery).
    const rss = await service.rss();
    expect(rss).toContain('<atom:link href="https://news.example/rss.xml" rel="self" type="application/rss+xml"/>');
    expect(rss).toContain('<atom:link href="https://hub.example/" rel="hub"/>');
  });
});

describe("the Google News sitemap", () => {
  beforeEach(() => resetDatabase(database.db));

  it("lists what was published in the last two days, newest first, with the publication and a W3C time", async () => {
    const [, recent, newest] = await seed([
      { title: "Three days old", publishedAt: "2026-11-23T08:00:00Z" },
      { title: "Yesterday's story", publishedAt: "2026-11-25T14:00:00Z" },
      { title: "Tom & Jerry's scoop", publishedAt: "2026-11-26T07:30:00Z" },
      { title: "Draft", publishedAt: null },
    ]);
    const service = createSyndicationService({
      sections: SPEC_SECTIONS,
      db: database.db,
      site: { ...site, language: "en", timeZone: "America/New_York" },
      clock: manualClock("2026-11-26T09:00:00Z"),
    });
    const xml = await service.newsSitemap();
    expect(xml).toContain('xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"');
    expect(all(xml, "loc")).toEqual([`https://news.example/article/${newest}`, `https://news.example/article/${recent}`]);
    expect(all(xml, "news:name")).toEqual(["Byline", "Byline"]);
    expect(all(xml, "news:language")).toEqual(["en", "en"]);
    expect(all(xml, "news:publication_date")).toEqual(["2026-11-26T02:30:00-05:00", "2026-11-25T09:00:00-05:00"]);
    expect(all(xml, "news:title")).toEqual(["Tom &amp; Jerry&apos;s scoop", "Yesterday&apos;s story"]);
  });

  it("is a valid, empty urlset when nothing is that recent", async () => {
    await seed([{ title: "Old", publishedAt: "2025-03-05T09:30:00Z" }]);
    const xml = await createSyndicationService({ sections: SPEC_SECTIONS, db: database.db, site }).newsSitemap();
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">\n</urlset>\n',
    );
  });
});

describe("the sitemap index", () => {
  beforeEach(() => resetDatabase(database.db));

  it("replaces the sitemap past its URL limit, pointing to the pages, the articles in parts and the News sitemap", async () => {
    const ids = await seed(
      Array.from({ length: 25 }, (_, index) => ({
        title: `Story ${index + 1}`,
        publishedAt: new Date(Date.UTC(2025, 2, 1, index)).toISOString(),
      })),
    );
    const service = createSyndicationService({ sections: SPEC_SECTIONS, db: database.db, site });
    // Under the limit: one urlset.
    expect(await service.sitemap(100)).toContain("<urlset");
    // Over it (17 fixed and author URLs plus 25 articles, parts of 20): an index.
    const index = await service.sitemap(20);
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(all(index, "loc")).toEqual([
      "https://news.example/sitemaps/pages.xml",
      "https://news.example/sitemaps/articles/1.xml",
      "https://news.example/sitemaps/articles/2.xml",
      "https://news.example/news-sitemap.xml",
    ]);
    const newestFirst = [...ids].reverse().map((id) => `https://news.example/article/${id}`);
    expect(all((await service.sitemapArticlesPart(1, 20))!, "loc")).toEqual(newestFirst.slice(0, 20));
    expect(all((await service.sitemapArticlesPart(2, 20))!, "loc")).toEqual(newestFirst.slice(20));
    expect(await service.sitemapArticlesPart(3, 20)).toBeNull();
    expect(await service.sitemapArticlesPart(0, 20)).toBeNull();
    const pages = await service.sitemapPages();
    expect(all(pages, "loc")).toContain("https://news.example/author/maya-okafor");
    expect(all(pages, "loc").some((loc) => loc.includes("/article/"))).toBe(false);
  });
});

// Each document whole, as a reader's feed app or a search engine receives it: every element, attribute and line
// break, so a changed name, a lost declaration or an element added where none belongs fails here.
describe("every document, whole", () => {
  const older: FeedItem = {
    id: 11,
    title: "Chips & boards",
    excerpt: "Three chip makers.",
    category: "Gadgets",
    tags: [],
    image: "/images/covers/chip.PNG",
    authors: [{ name: "Maya Okafor", slug: "maya-okafor" }],
    contentHtml: "<p>Body</p>",
    publishedAt: new Date("2025-03-01T08:00:00Z"),
    // Edited after the newer story was published: the channel's last build is this edit.
    lastModified: new Date("2025-03-07T12:00:00Z"),
  };
  const newer: FeedItem = {
    ...older,
    id: 12,
    title: "A copilot runs the tests",
    tags: ["Copilots", "Testing & CI"],
    image: "https://cdn.example/covers/shot.v2.webp",
    publishedAt: new Date("2025-03-05T09:30:00Z"),
    lastModified: new Date("2025-03-05T09:30:00Z"),
  };
  /** What an item with this cover says after its authors: its media element, or nothing. */
  const afterAuthors = (image: string) => {
    const xml = renderRss(site, undefined, [{ ...older, image }]);
    return xml.slice(xml.indexOf("</dc:creator>\n") + "</dc:creator>\n".length, xml.indexOf("</item>"));
  };

  it("the author's RSS channel, with the newest change as its last build and each cover's media type", () => {
    const author = { id: 1, name: "Maya Okafor", slug: "maya-okafor" };
    expect(renderRss(site, { author }, [newer, older])).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">',
        "<channel>",
        "<title>Byline: Maya Okafor</title>",
        "<link>https://news.example/author/maya-okafor</link>",
        "<description>The latest articles by Maya Okafor on Byline.</description>",
        "<language>en</language>",
        '<atom:link href="https://news.example/author/maya-okafor/rss.xml" rel="self" type="application/rss+xml"/>',
        "<lastBuildDate>Fri, 07 Mar 2025 12:00:00 GMT</lastBuildDate>",
        "<generator>Byline</generator>",
        "<item>",
        "<title>A copilot runs the tests</title>",
        "<link>https://news.example/article/12</link>",
        '<guid isPermaLink="true">https://news.example/article/12</guid>',
        "<pubDate>Wed, 05 Mar 2025 09:30:00 GMT</pubDate>",
        "<description>Three chip makers.</description>",
        "<content:encoded>&lt;p&gt;Body&lt;/p&gt;</content:encoded>",
        "<category>Gadgets</category>",
        "<category>Copilots</category>",
        "<category>Testing &amp; CI</category>",
        "<dc:creator>Maya Okafor</dc:creator>",
        '<media:content url="https://cdn.example/covers/shot.v2.webp" medium="image" type="image/webp"/>',
        "</item>",
        "<item>",
        "<title>Chips &amp; boards</title>",
        "<link>https://news.example/article/11</link>",
        '<guid isPermaLink="true">https://news.example/article/11</guid>',
        "<pubDate>Sat, 01 Mar 2025 08:00:00 GMT</pubDate>",
        "<description>Three chip makers.</description>",
        "<content:encoded>&lt;p&gt;Body&lt;/p&gt;</content:encoded>",
        "<category>Gadgets</category>",
        "<dc:creator>Maya Okafor</dc:creator>",
        '<media:content url="https://news.example/images/covers/chip.PNG" medium="image" type="image/png"/>',
        "</item>",
        "</channel>",
        "</rss>",
        "",
      ].join("\n"),
    );
    expect(afterAuthors("   "), "a blank cover").toBe("");
    expect(afterAuthors("ftp://files.example/cover.png"), "a cover no reader can fetch").toBe("");
    expect(afterAuthors("http://cdn.example/cover.gif"), "a cover on plain http").toBe(
      '<media:content url="http://cdn.example/cover.gif" medium="image" type="image/gif"/>\n',
    );
    expect(afterAuthors("https://cdn.example/cover"), "a cover whose type the address does not tell").toBe(
      '<media:content url="https://cdn.example/cover" medium="image"/>\n',
    );
  });

  it("the home and category channels, and an empty one without a last build", () => {
    const head = (xml: string) => xml.split("\n").slice(3, 9);
    expect(head(renderRss(site, undefined, [newer]))).toEqual([
      "<title>Byline</title>",
      "<link>https://news.example/</link>",
      "<description>The latest technology news from Byline.</description>",
      "<language>en</language>",
      '<atom:link href="https://news.example/rss.xml" rel="self" type="application/rss+xml"/>',
      "<lastBuildDate>Wed, 05 Mar 2025 09:30:00 GMT</lastBuildDate>",
    ]);
    expect(head(renderRss(site, { category: "Cloud", slug: "cloud" }, []))).toEqual([
      "<title>Byline: Cloud News</title>",
      "<link>https://news.example/category/cloud</link>",
      "<description>The latest Cloud news from Byline.</description>",
      "<language>en</language>",
      '<atom:link href="https://news.example/category/cloud/rss.xml" rel="self" type="application/rss+xml"/>',
      "<generator>Byline</generator>",
    ]);
  });

  it("the JSON Feed names the author's feed, and names hubs only when there are some", () => {
    const feed = (hubs?: string[]) =>
      JSON.parse(
        renderJsonFeed(
          { ...site, ...(hubs ? { hubs } : {}) },
          { author: { id: 1, name: "Maya Okafor", slug: "maya-okafor" } },
          [],
        ),
      ) as Record<string, unknown>;
    expect(feed()).toEqual({
      version: "https://jsonfeed.org/version/1.1",
      title: "Byline: Maya Okafor",
      home_page_url: "https://news.example/author/maya-okafor",
      feed_url: "https://news.example/author/maya-okafor/feed.json",
      description: "The latest articles by Maya Okafor on Byline.",
      language: "en",
      items: [],
    });
    expect(feed([])).not.toHaveProperty("hubs");
    expect(feed(["https://hub.example/"])).toHaveProperty("hubs", [{ type: "WebSub", url: "https://hub.example/" }]);
  });

  it("the corrections feeds, RSS and JSON Feed, each note linked to its place on the article page", () => {
    const notes: PublicCorrection[] = [
      {
        id: 7,
        kind: "update",
        note: "The copilot is now generally available.",
        createdAt: new Date("2025-03-20T09:01:00Z"),
        articleId: 12,
        articleTitle: "A copilot & its tests",
      },
      {
        id: 3,
        kind: "correction",
        note: "The chip has 8 cores, not 16.",
        createdAt: new Date("2025-03-20T09:00:00Z"),
        articleId: 11,
        articleTitle: "Chips",
      },
    ];
    expect(renderCorrectionsRss(site, notes)).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
        "<channel>",
        "<title>Byline: Corrections and updates</title>",
        "<link>https://news.example/corrections</link>",
        "<description>Corrections and updates to stories published by Byline.</description>",
        "<language>en</language>",
        '<atom:link href="https://news.example/corrections/rss.xml" rel="self" type="application/rss+xml"/>',
        "<lastBuildDate>Thu, 20 Mar 2025 09:01:00 GMT</lastBuildDate>",
        "<generator>Byline</generator>",
        "<item>",
        "<title>Updated: A copilot &amp; its tests</title>",
        "<link>https://news.example/article/12#correction-7</link>",
        '<guid isPermaLink="true">https://news.example/article/12#correction-7</guid>',
        "<pubDate>Thu, 20 Mar 2025 09:01:00 GMT</pubDate>",
        "<description>The copilot is now generally available.</description>",
        "<category>Updated</category>",
        "</item>",
        "<item>",
        "<title>Correction: Chips</title>",
        "<link>https://news.example/article/11#correction-3</link>",
        '<guid isPermaLink="true">https://news.example/article/11#correction-3</guid>',
        "<pubDate>Thu, 20 Mar 2025 09:00:00 GMT</pubDate>",
        "<description>The chip has 8 cores, not 16.</description>",
        "<category>Correction</category>",
        "</item>",
        "</channel>",
        "</rss>",
        "",
      ].join("\n"),
    );
    expect(renderCorrectionsRss(site, []).split("\n").slice(7)).toEqual([
      '<atom:link href="https://news.example/corrections/rss.xml" rel="self" type="application/rss+xml"/>',
      "<generator>Byline</generator>",
      "</channel>",
      "</rss>",
      "",
    ]);

    const json = renderCorrectionsJsonFeed({ ...site, hubs: ["https://hub.example/"] }, notes);
    expect(json.endsWith("}\n")).toBe(true);
    expect(JSON.parse(json)).toEqual({
      version: "https://jsonfeed.org/version/1.1",
      title: "Byline: Corrections and updates",
      home_page_url: "https://news.example/corrections",
      feed_url: "https://news.example/corrections/feed.json",
      description: "Corrections and updates to stories published by Byline.",
      language: "en",
      hubs: [{ type: "WebSub", url: "https://hub.example/" }],
      items: [
        {
          id: "https://news.example/article/12#correction-7",
          url: "https://news.example/article/12#correction-7",
          title: "Updated: A copilot & its tests",
          content_text: "The copilot is now generally available.",
          date_published: "2025-03-20T09:01:00.000Z",
          tags: ["Updated"],
        },
        {
          id: "https://news.example/article/11#correction-3",
          url: "https://news.example/article/11#correction-3",
          title: "Correction: Chips",
          content_text: "The chip has 8 cores, not 16.",
          date_published: "2025-03-20T09:00:00.000Z",
          tags: ["Correction"],
        },
      ],
    });
    expect(JSON.parse(renderCorrectionsJsonFeed(site, []))).not.toHaveProperty("hubs");
    expect(JSON.parse(renderCorrectionsJsonFeed({ ...site, hubs: [] }, []))).not.toHaveProperty("hubs");
  });

  it("the sitemap, its index and the News sitemap", () => {
    const sitemap = renderSitemap(site, [
      { id: 11, lastModified: new Date("2025-03-07T12:00:00Z") },
      { id: 12, lastModified: new Date("2025-03-05T09:30:00Z") },
    ]);
    const lines = sitemap.split("\n");
    expect(lines.slice(0, 3)).toEqual([
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      // Without category dates, the home page changed when its newest article did.
      "<url><loc>https://news.example/</loc><lastmod>2025-03-07T12:00:00.000Z</lastmod></url>",
    ]);
    expect(lines.slice(-4)).toEqual([
      "<url><loc>https://news.example/article/11</loc><lastmod>2025-03-07T12:00:00.000Z</lastmod></url>",
      "<url><loc>https://news.example/article/12</loc><lastmod>2025-03-05T09:30:00.000Z</lastmod></url>",
      "</urlset>",
      "",
    ]);

    expect(
      renderSitemapIndex(site, [
        { path: "/sitemaps/pages.xml", lastModified: new Date("2025-03-07T12:00:00Z") },
        { path: "/sitemaps/articles/1.xml" },
      ]),
    ).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        "<sitemap><loc>https://news.example/sitemaps/pages.xml</loc><lastmod>2025-03-07T12:00:00.000Z</lastmod></sitemap>",
        "<sitemap><loc>https://news.example/sitemaps/articles/1.xml</loc></sitemap>",
        "</sitemapindex>",
        "",
      ].join("\n"),
    );

    // Without a time zone, the News sitemap gives UTC times.
    expect(renderNewsSitemap(site, [{ id: 12, title: "Chips & boards", publishedAt: new Date("2025-03-05T09:30:00Z") }])).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">',
        "<url><loc>https://news.example/article/12</loc><news:news><news:publication><news:name>Byline</news:name><news:language>en</news:language></news:publication><news:publication_date>2025-03-05T09:30:00+00:00</news:publication_date><news:title>Chips &amp; boards</news:title></news:news></url>",
        "</urlset>",
        "",
      ].join("\n"),
    );
  });
});
