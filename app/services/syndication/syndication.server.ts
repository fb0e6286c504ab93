import { and, asc, count, eq, gte, isNull, max, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { articleCoauthors, articles, authors, pages } from "../../db/schema";
import { articlePath, authorPath } from "../../utils/articles";
import type { Category } from "../../domain/sections";
import type { SectionsService } from "../sections/sections.server";
import { correctionAnchor, type PublicCorrection } from "../../utils/corrections";
import { CORRECTION_HEADINGS } from "../../validation/correction";
import { absoluteUrl, feedPathsOf, type SiteInfo } from "../../utils/seo";
import { DEFAULT_SETTINGS } from "../../validation/site-settings";
import { listArticleAuthors, newestFirst, signedBy, visibleToReaders } from "../articles/articles.server";
import { systemClock, type Clock } from "../clock.server";
import { renderArticleHtml } from "../articles/markdown.server";
import { w3cDateTime } from "../../utils/dates";
import { tagPath, type TagLink } from "../../utils/tags";
import { listArticleTags } from "../tags/article-tags.server";
import { findTagBySlug, sitemapTags, taggedWith, type SitemapTag } from "../tags/tag-pages.server";

/*
 * RSS 2.0 feeds, the sitemap and robots.txt. The XML is written by the small escaping builder
 * below rather than a feed library: the two documents are short and fixed, and writing them
 * ourselves keeps every element the issue asks for (guid isPermaLink, dc:creator, media:content,
 * atom:link rel=self) under our control with no dependency to keep up.
 */

/** Items in a feed, newest first. */
export const FEED_ITEM_LIMIT = 50;
/** The sitemap protocol allows at most 50,000 URLs in one file; past that a sitemap index would be needed. */
export const SITEMAP_URL_LIMIT = 50_000;
/** The most pages (About, the policies, what editors add) the sitemap keeps room for beside the articles. */
const SITEMAP_PAGE_ROOM = 1_000;

export const RSS_CONTENT_TYPE = "application/rss+xml; charset=utf-8";
export const SITEMAP_CONTENT_TYPE = "application/xml; charset=utf-8";
export const ROBOTS_CONTENT_TYPE = "text/plain; charset=utf-8";

/**
 * What the feeds and sitemaps say about the site: its name and address, and optionally its language (SITE_LANGUAGE,
 * "en" when unset), the newsroom's time zone for W3C times (UTC when unset) and the WebSub hubs (WEBSUB_HUB) every
 * feed advertises.
 */
export type SyndicationSite = Pick<SiteInfo, "name" | "url"> & {
  language?: string;
  timeZone?: string;
  /** The newsroom's description (settings): the site feed's. */
  description?: string;
  /** What the newsroom publishes ("technology news"): the site feed's description when there is none. */
  tagline?: string;
  hubs?: readonly string[];
};

export const JSON_FEED_CONTENT_TYPE = "application/feed+json; charset=utf-8";
/** Google News lists articles published in the last two days, at most 1,000 per sitemap. */
export const NEWS_SITEMAP_WINDOW_MS = 2 * 24 * 60 * 60_000;
export const NEWS_SITEMAP_LIMIT = 1_000;

/** One published article as a feed lists it. */
export interface FeedItem {
  id: number;
  title: string;
  excerpt: string;
  category: Category;
  /** Its tags' names in the editor's order, without one that only repeats the section's name. */
  tags: string[];
  image: string;
  /** Everyone who signs it, in byline order (one `dc:creator` each; in JSON Feed with their author page). */
  authors: { name: string; slug: string }[];
  /** The full body as sanitized HTML, the way the article page shows it. */
  contentHtml: string;
  publishedAt: Date;
  /** When the article last changed: the later of its update and its publication. */
  lastModified: Date;
}

/** Whose articles a feed lists: the whole site, one section, one author (lead or co-author), or one tag. */
export type FeedScope =
  { category: Category; slug: string } | { author: { id: number; name: string; slug: string } } | { tag: TagLink };

/** An author page in the sitemap: an author with at least one article readers can see. */
/** A published page in the sitemap: its path and last change. */
export interface SitemapPage {
  path: string;
  lastModified: Date;
}

export interface SitemapAuthor {
  slug: string;
  lastModified: Date;
}

/** One published article in the sitemap. */
export interface SitemapArticle {
  id: number;
  lastModified: Date;
}

/** greatest(updated_at, published_at): an edit after publication, or the publication itself. */
const lastModified = sql<Date>`greatest(${articles.updatedAt}, ${articles.publishedAt})`.mapWith(articles.updatedAt);

/** The public list of corrections and updates, in the sitemap. */
export const CORRECTIONS_PATH = "/corrections";

/** A section's page in the sitemap: its address and the latest change among its published articles. */
export interface SitemapSection {
  slug: string;
  lastModified?: Date;
}

export function createSyndicationService({
  db,
  site,
  sections,
  clock = systemClock,
}: {
  db: Database;
  site: SyndicationSite;
  /** The sections in force (decision 042): their feeds and pages. */
  sections: Pick<SectionsService, "list" | "byName">;
  /** What "now" is for `visibleToReaders`. */
  clock?: Clock;
}) {
  const visible = () => visibleToReaders(clock.now());
  /** Fixed URLs of the sitemap besides the articles and pages: home, the sections, /corrections. */
  const fixedSitemapUrls = () => 1 + sections.list().length + 1;
  /** A section's feed scope: its name and address. */
  const sectionScope = (category: Category): FeedScope => ({
    category,
    slug: sections.byName(category)?.slug ?? category.toLowerCase(),
  });
  async function feedRows(where: SQL | undefined, limit: number): Promise<FeedItem[]> {
    const rows = await db
      .select({
        id: articles.id,
        title: articles.title,
        excerpt: articles.excerpt,
        category: articles.category,
        image: articles.image,
        content: articles.content,
        publishedAt: articles.publishedAt,
        lastModified,
      })
      .from(articles)
      .where(where)
      .orderBy(...newestFirst)
      .limit(limit);
    const ids = rows.map((row) => row.id);
    const [bylines, tagsOf] = await Promise.all([listArticleAuthors(db, ids), listArticleTags(db, ids)]);
    return rows.flatMap(({ publishedAt, content, ...row }) =>
      publishedAt
        ? [
            {
              ...row,
              tags: (tagsOf.get(row.id) ?? [])
                .map((tag) => tag.name)
                .filter((name) => name.toLowerCase() !== row.category.toLowerCase()),
              authors: (bylines.get(row.id) ?? []).map(({ name, slug }) => ({ name, slug })),
              contentHtml: renderArticleHtml(content),
              publishedAt,
            },
          ]
        : [],
    );
  }

  async function feedItems(category?: Category, limit = FEED_ITEM_LIMIT): Promise<FeedItem[]> {
    return feedRows(category ? and(visible(), eq(articles.category, category)) : visible(), limit);
  }

  /** An author's articles that readers may see, newest first: those they lead and those they co-sign. */
  async function authorFeedItems(authorId: number, limit = FEED_ITEM_LIMIT): Promise<FeedItem[]> {
    return feedRows(and(visible(), signedBy(db, authorId)), limit);
  }

  /** Authors with at least one article readers may see, with the latest change among those articles. */
  async function sitemapAuthors(): Promise<SitemapAuthor[]> {
    const shown = visible();
    const newest = max(lastModified).mapWith(articles.updatedAt);
    const [leads, coauthors] = await Promise.all([
      db
        .select({ slug: authors.slug, lastModified: newest })
        .from(articles)
        .innerJoin(authors, eq(authors.id, articles.authorId))
        .where(shown)
        .groupBy(authors.slug),
      db
        .select({ slug: authors.slug, lastModified: newest })
        .from(articleCoauthors)
        .innerJoin(articles, eq(articles.id, articleCoauthors.articleId))
        .innerJoin(authors, eq(authors.id, articleCoauthors.authorId))
        .where(shown)
        .groupBy(authors.slug),
    ]);
    const bySlug = new Map<string, Date>();
    for (const row of [...leads, ...coauthors]) {
      const known = bySlug.get(row.slug);
      if (row.lastModified && (!known || row.lastModified > known)) bySlug.set(row.slug, row.lastModified);
    }
    return [...bySlug].map(([slug, date]) => ({ slug, lastModified: date })).sort((a, b) => a.slug.localeCompare(b.slug));
  }

  async function sitemapArticles(
    limit = SITEMAP_URL_LIMIT - fixedSitemapUrls() - SITEMAP_PAGE_ROOM,
    offset = 0,
  ): Promise<SitemapArticle[]> {
    return db
      .select({ id: articles.id, lastModified })
      .from(articles)
      .where(visible())
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset);
  }

  async function visibleArticleCount(): Promise<number> {
    const [row] = await db.select({ total: count() }).from(articles).where(visible());
    return row?.total ?? 0;
  }

  /** The published pages (decision 039) and when each last changed: the sitemap's `lastmod` is that change. */
  async function sitemapPages(): Promise<SitemapPage[]> {
    const rows = await db
      .select({ slug: pages.slug, lastModified: pages.updatedAt })
      .from(pages)
      .where(and(eq(pages.status, "published"), isNull(pages.deletedAt)))
      .orderBy(sql`${pages.builtIn} is null`, asc(pages.id))
      .limit(SITEMAP_PAGE_ROOM);
    return rows.map((row) => ({ path: `/${row.slug}`, lastModified: row.lastModified }));
  }

  /** Every section's page, in the sections' order, with the latest change among its published articles. */
  async function sitemapSections(): Promise<SitemapSection[]> {
    const rows = await db
      .select({ category: articles.category, lastModified: max(lastModified).mapWith(articles.updatedAt) })
      .from(articles)
      .where(visible())
      .groupBy(articles.category);
    const byName = new Map(rows.flatMap((row) => (row.lastModified ? [[row.category, row.lastModified] as const] : [])));
    return sections.list().map(({ name, slug }) => ({ slug, lastModified: byName.get(name) }));
  }

  /** Articles published in the last two days, newest first, for the News sitemap. */
  async function newsArticles(): Promise<NewsSitemapArticle[]> {
    const now = clock.now();
    const rows = await db
      .select({ id: articles.id, title: articles.title, publishedAt: articles.publishedAt })
      .from(articles)
      .where(and(visibleToReaders(now), gte(articles.publishedAt, new Date(now.getTime() - NEWS_SITEMAP_WINDOW_MS))))
      .orderBy(...newestFirst)
      .limit(NEWS_SITEMAP_LIMIT);
    return rows.flatMap(({ publishedAt, ...row }) => (publishedAt ? [{ ...row, publishedAt }] : []));
  }

  async function findAuthor(slug: string) {
    const [author] = await db
      .select({ id: authors.id, name: authors.name, slug: authors.slug })
      .from(authors)
      .where(eq(authors.slug, slug.toLowerCase()))
      .limit(1);
    return author ?? null;
  }

  return {
    feedItems,
    authorFeedItems,
    sitemapArticles,
    sitemapAuthors,
    newsArticles,

    /** The RSS 2.0 document of the whole site, or of one category. */
    async rss(category?: Category): Promise<string> {
      return renderRss(site, category ? sectionScope(category) : undefined, await feedItems(category));
    },

    /** The same feed as JSON Feed 1.1. */
    async jsonFeed(category?: Category): Promise<string> {
      return renderJsonFeed(site, category ? sectionScope(category) : undefined, await feedItems(category));
    },

    /** The RSS 2.0 document of one author's articles; null for an unknown slug. */
    async authorRss(slug: string): Promise<string | null> {
      const author = await findAuthor(slug);
      return author ? renderRss(site, { author }, await authorFeedItems(author.id)) : null;
    },

    /** The same feed as JSON Feed 1.1; null for an unknown slug. */
    async authorJsonFeed(slug: string): Promise<string | null> {
      const author = await findAuthor(slug);
      return author ? renderJsonFeed(site, { author }, await authorFeedItems(author.id)) : null;
    },

    /** The RSS 2.0 document of one tag's articles; null for an address no tag has. */
    async tagRss(slug: string): Promise<string | null> {
      const tag = await findTagBySlug(db, slug);
      return tag ? renderRss(site, { tag }, await feedRows(and(visible(), taggedWith(db, tag.id)), FEED_ITEM_LIMIT)) : null;
    },

    /** The same feed as JSON Feed 1.1; null for an address no tag has. */
    async tagJsonFeed(slug: string): Promise<string | null> {
      const tag = await findTagBySlug(db, slug);
      return tag ? renderJsonFeed(site, { tag }, await feedRows(and(visible(), taggedWith(db, tag.id)), FEED_ITEM_LIMIT)) : null;
    },

    /** The Google News sitemap: articles published in the last two days (an empty one is valid). */
    async newsSitemap(): Promise<string> {
      return renderNewsSitemap(site, await newsArticles());
    },

    /** The sitemap: home, categories, info pages, author pages and every published article (up to the protocol's limit). */
    async sitemap(urlLimit = SITEMAP_URL_LIMIT): Promise<string> {
      const [byAuthor, bySection, total, byTag, infoPages] = await Promise.all([
        sitemapAuthors(),
        sitemapSections(),
        visibleArticleCount(),
        sitemapTags(db, clock.now()),
        sitemapPages(),
      ]);
      if (fixedSitemapUrls() + infoPages.length + byAuthor.length + byTag.length + total <= urlLimit) {
        return renderSitemap(site, await sitemapArticles(urlLimit), bySection, byAuthor, byTag, infoPages);
      }
      // Past the protocol's limit the sitemap becomes an index of the pages' sitemap and the articles' in parts.
      const newest = latest(bySection.flatMap((section) => section.lastModified ?? [])) ?? undefined;
      return renderSitemapIndex(site, [
        { path: SITEMAP_PAGES_PATH, lastModified: newest },
        ...Array.from({ length: Math.ceil(total / urlLimit) }, (_, index) => ({
          path: sitemapArticlesPath(index + 1),
          lastModified: index === 0 ? newest : undefined,
        })),
        { path: NEWS_SITEMAP_PATH, lastModified: newest },
      ]);
    },

    /** In a sitemap index: home, categories, info pages, /corrections and the author pages. */
    async sitemapPages(): Promise<string> {
      const [byAuthor, bySection, byTag, infoPages] = await Promise.all([
        sitemapAuthors(),
        sitemapSections(),
        sitemapTags(db, clock.now()),
        sitemapPages(),
      ]);
      return renderSitemap(site, [], bySection, byAuthor, byTag, infoPages);
    },

    /** In a sitemap index: part `part` (from 1) of the articles, newest first; null past the last part. */
    async sitemapArticlesPart(part: number, urlLimit = SITEMAP_URL_LIMIT): Promise<string | null> {
      if (!Number.isSafeInteger(part) || part < 1) return null;
      const entries = await sitemapArticles(urlLimit, (part - 1) * urlLimit);
      if (entries.length === 0) return null;
      return renderUrlset(entries.map((entry) => urlEntry(absoluteUrl(site, articlePath(entry.id)), entry.lastModified)));
    },

    robots(): string {
      return renderRobots(site);
    },
  };
}

export type SyndicationService = ReturnType<typeof createSyndicationService>;

// Anything outside XML 1.0's Char production (tab, newline, carriage return, U+0020-U+D7FF, U+E000-U+FFFD,
// U+10000-U+10FFFF) is not allowed even escaped: other C0 controls, lone surrogates, U+FFFE and U+FFFF.
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const XML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Text for an XML element or attribute: the five special characters escaped, characters XML forbids removed. */
export function escapeXml(value: string): string {
  return value.replace(NOT_XML, "").replace(/[&<>"']/g, (character) => XML_ENTITIES[character] ?? character);
}

function element(name: string, text: string, attributes: Record<string, string> = {}): string {
  const attributeText = Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join("");
  return `<${name}${attributeText}>${escapeXml(text)}</${name}>`;
}

function emptyElement(name: string, attributes: Record<string, string>): string {
  const attributeText = Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join("");
  return `<${name}${attributeText}/>`;
}

/** RFC 822 dates, as RSS 2.0 wants them ("Wed, 05 Mar 2025 09:30:00 GMT"). */
function rfc822(date: Date): string {
  return date.toUTCString();
}

const IMAGE_TYPES: Record<string, string> = {
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
  avif: "image/avif",
};

/** The cover as an absolute URL with its media type when the extension tells it; null without a usable cover. */
function cover(site: SyndicationSite, image: string): { url: string; type: string | undefined } | null {
  if (!image.trim()) return null;
  let url: URL;
  try {
    url = new URL(absoluteUrl(site, image));
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  const extension = /\.([a-z0-9]+)$/i.exec(url.pathname)?.[1]?.toLowerCase();
  return { url: url.toString(), type: extension ? IMAGE_TYPES[extension] : undefined };
}

function latest(dates: Iterable<Date>): Date | null {
  let newest: Date | null = null;
  for (const date of dates) if (!newest || date > newest) newest = date;
  return newest;
}

/** One article in the News sitemap. */
export interface NewsSitemapArticle {
  id: number;
  title: string;
  publishedAt: Date;
}

/** A feed's channel: where its page is, where it is (RSS and JSON Feed), its title and description. */
function channelFor(site: SyndicationSite, scope: FeedScope | undefined) {
  if (scope && "author" in scope) {
    const path = authorPath(scope.author.slug);
    const [feedPath, jsonPath] = feedPathsOf(path);
    return {
      channelPath: path,
      feedPath,
      jsonPath,
      title: `${site.name}: ${scope.author.name}`,
      description: `The latest articles by ${scope.author.name} on ${site.name}.`,
    };
  }
  if (scope && "tag" in scope) {
    const path = tagPath(scope.tag.slug);
    const [feedPath, jsonPath] = feedPathsOf(path);
    return {
      channelPath: path,
      feedPath,
      jsonPath,
      title: `${site.name}: ${scope.tag.name}`,
      description: `The latest stories tagged ${scope.tag.name} on ${site.name}.`,
    };
  }
  if (scope) {
    const { category, slug } = scope;
    const [feedPath, jsonPath] = feedPathsOf(`/category/${slug}`);
    return {
      channelPath: `/category/${slug}`,
      feedPath,
      jsonPath,
      title: `${site.name}: ${category} News`,
      description: `The latest ${category} news from ${site.name}.`,
    };
  }
  return {
    channelPath: "/",
    feedPath: "/rss.xml",
    jsonPath: "/feed.json",
    title: site.name,
    description: site.description || `The latest ${site.tagline ?? DEFAULT_SETTINGS.tagline} from ${site.name}.`,
  };
}

export function renderRss(site: SyndicationSite, scope: FeedScope | undefined, items: readonly FeedItem[]): string {
  const { channelPath, feedPath, title, description } = channelFor(site, scope);
  const lastBuild = latest(items.map((item) => item.lastModified));

  const channel = [
    element("title", title),
    element("link", absoluteUrl(site, channelPath)),
    element("description", description),
    element("language", language(site)),
    ...selfAndHubs(site, feedPath),
    ...(lastBuild ? [element("lastBuildDate", rfc822(lastBuild))] : []),
    element("generator", "Byline"),
    ...items.map((item) => renderItem(site, item)),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">',
    "<channel>",
    ...channel,
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}

/**
 * The corrections feed, `/corrections/rss.xml`: one item per correction or update, newest first, titled
 * "Correction: {article}" or "Updated: {article}", linking to the note on the article page.
 */
export function renderCorrectionsRss(site: SyndicationSite, corrections: readonly PublicCorrection[]): string {
  const lastBuild = latest(corrections.map((correction) => correction.createdAt));
  const channel = [
    element("title", `${site.name}: Corrections and updates`),
    element("link", absoluteUrl(site, CORRECTIONS_PATH)),
    element("description", `Corrections and updates to stories published by ${site.name}.`),
    element("language", language(site)),
    ...selfAndHubs(site, `${CORRECTIONS_PATH}/rss.xml`),
    ...(lastBuild ? [element("lastBuildDate", rfc822(lastBuild))] : []),
    element("generator", "Byline"),
    ...corrections.map((correction) => {
      const link = `${absoluteUrl(site, articlePath(correction.articleId))}#${correctionAnchor(correction.id)}`;
      const parts = [
        element("title", `${CORRECTION_HEADINGS[correction.kind]}: ${correction.articleTitle}`),
        element("link", link),
        element("guid", link, { isPermaLink: "true" }),
        element("pubDate", rfc822(correction.createdAt)),
        element("description", correction.note),
        element("category", CORRECTION_HEADINGS[correction.kind]),
      ];
      return `<item>\n${parts.join("\n")}\n</item>`;
    }),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "<channel>",
    ...channel,
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}

function renderItem(site: SyndicationSite, item: FeedItem): string {
  const link = absoluteUrl(site, articlePath(item.id));
  const image = cover(site, item.image);
  const parts = [
    element("title", item.title),
    element("link", link),
    element("guid", link, { isPermaLink: "true" }),
    element("pubDate", rfc822(item.publishedAt)),
    element("description", item.excerpt),
    element("content:encoded", item.contentHtml),
    element("category", item.category),
    ...item.tags.map((tag) => element("category", tag)),
    ...item.authors.map((author) => element("dc:creator", author.name)),
    ...(image
      ? [emptyElement("media:content", { url: image.url, medium: "image", ...(image.type ? { type: image.type } : {}) })]
      : []),
  ];
  return `<item>\n${parts.join("\n")}\n</item>`;
}

function urlEntry(location: string, lastModified?: Date): string {
  const parts = [element("loc", location), ...(lastModified ? [element("lastmod", lastModified.toISOString())] : [])];
  return `<url>${parts.join("")}</url>`;
}

export function renderSitemap(
  site: SyndicationSite,
  entries: readonly SitemapArticle[],
  sectionPages: readonly SitemapSection[] = [],
  authorPages: readonly SitemapAuthor[] = [],
  tagPages: readonly SitemapTag[] = [],
  infoPages: readonly SitemapPage[] = [],
): string {
  const newest =
    latest(sectionPages.flatMap((section) => section.lastModified ?? [])) ?? latest(entries.map((entry) => entry.lastModified));
  const urls = [
    urlEntry(absoluteUrl(site, "/"), newest ?? undefined),
    ...sectionPages.map((section) => urlEntry(absoluteUrl(site, `/category/${section.slug}`), section.lastModified)),
    ...infoPages.map((page) => urlEntry(absoluteUrl(site, page.path), page.lastModified)),
    urlEntry(absoluteUrl(site, CORRECTIONS_PATH)),
    ...authorPages.map((author) => urlEntry(absoluteUrl(site, authorPath(author.slug)), author.lastModified)),
    ...tagPages.map((tag) => urlEntry(absoluteUrl(site, tagPath(tag.slug)), tag.lastModified)),
    ...entries.map((entry) => urlEntry(absoluteUrl(site, articlePath(entry.id)), entry.lastModified)),
  ];
  return renderUrlset(urls);
}

/** The sitemap index's own parts. */
export const SITEMAP_PAGES_PATH = "/sitemaps/pages.xml";
export function sitemapArticlesPath(part: number): string {
  return `/sitemaps/articles/${part}.xml`;
}

function renderUrlset(urls: readonly string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** A sitemap index (sitemaps.org): each part's address and, where known, its last change. */
export function renderSitemapIndex(site: SyndicationSite, parts: readonly { path: string; lastModified?: Date }[]): string {
  const entries = parts.map(({ path, lastModified }) => {
    const fields = [
      element("loc", absoluteUrl(site, path)),
      ...(lastModified ? [element("lastmod", lastModified.toISOString())] : []),
    ];
    return `<sitemap>${fields.join("")}</sitemap>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    "</sitemapindex>",
    "",
  ].join("\n");
}

export function renderRobots(site: SyndicationSite): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "",
    `Sitemap: ${absoluteUrl(site, "/sitemap.xml")}`,
    `Sitemap: ${absoluteUrl(site, NEWS_SITEMAP_PATH)}`,
    "",
  ].join("\n");
}

export const NEWS_SITEMAP_PATH = "/news-sitemap.xml";

/** The feeds' language: SITE_LANGUAGE, "en" when unset. */
function language(site: SyndicationSite): string {
  return site.language ?? "en";
}

/** A feed's own address and, with WEBSUB_HUB set, each hub (WebSub 4: rel="self" and rel="hub" links). */
function selfAndHubs(site: SyndicationSite, feedPath: string): string[] {
  return [
    emptyElement("atom:link", { href: absoluteUrl(site, feedPath), rel: "self", type: "application/rss+xml" }),
    ...(site.hubs ?? []).map((hub) => emptyElement("atom:link", { href: hub, rel: "hub" })),
  ];
}

/**
 * JSON Feed 1.1 (https://jsonfeed.org/version/1.1) of the same items as the RSS feed: the full sanitized body as
 * `content_html`, the cover as `image`, every author with their page, and the WebSub hubs when configured. Item
 * ids are the article addresses, which never change with edits.
 */
export function renderJsonFeed(site: SyndicationSite, scope: FeedScope | undefined, items: readonly FeedItem[]): string {
  const { channelPath, jsonPath, title, description } = channelFor(site, scope);
  const feed = {
    version: "https://jsonfeed.org/version/1.1",
    title,
    home_page_url: absoluteUrl(site, channelPath),
    feed_url: absoluteUrl(site, jsonPath),
    description,
    language: language(site),
    ...(site.hubs && site.hubs.length > 0 ? { hubs: site.hubs.map((url) => ({ type: "WebSub", url })) } : {}),
    items: items.map((item) => {
      const url = absoluteUrl(site, articlePath(item.id));
      const image = cover(site, item.image);
      return {
        id: url,
        url,
        title: item.title,
        content_html: item.contentHtml,
        summary: item.excerpt,
        ...(image ? { image: image.url } : {}),
        date_published: item.publishedAt.toISOString(),
        date_modified: item.lastModified.toISOString(),
        authors: item.authors.map((author) => ({ name: author.name, url: absoluteUrl(site, authorPath(author.slug)) })),
        tags: [item.category, ...item.tags],
      };
    }),
  };
  return `${JSON.stringify(feed, null, 2)}\n`;
}

/** The corrections feed as JSON Feed 1.1: one item per note, linking to it on the article page. */
export function renderCorrectionsJsonFeed(site: SyndicationSite, corrections: readonly PublicCorrection[]): string {
  const feed = {
    version: "https://jsonfeed.org/version/1.1",
    title: `${site.name}: Corrections and updates`,
    home_page_url: absoluteUrl(site, CORRECTIONS_PATH),
    feed_url: absoluteUrl(site, `${CORRECTIONS_PATH}/feed.json`),
    description: `Corrections and updates to stories published by ${site.name}.`,
    language: language(site),
    ...(site.hubs && site.hubs.length > 0 ? { hubs: site.hubs.map((url) => ({ type: "WebSub", url })) } : {}),
    items: corrections.map((correction) => {
      const url = `${absoluteUrl(site, articlePath(correction.articleId))}#${correctionAnchor(correction.id)}`;
      return {
        id: url,
        url,
        title: `${CORRECTION_HEADINGS[correction.kind]}: ${correction.articleTitle}`,
        content_text: correction.note,
        date_published: correction.createdAt.toISOString(),
        tags: [CORRECTION_HEADINGS[correction.kind]],
      };
    }),
  };
  return `${JSON.stringify(feed, null, 2)}\n`;
}

/**
 * The Google News sitemap (https://www.google.com/schemas/sitemap-news/0.9): each article of the last two days with
 * its publication (SITE_NAME, SITE_LANGUAGE), its publication time in W3C format with the newsroom's offset, and its
 * title. Without articles it is an empty, valid urlset.
 */
export function renderNewsSitemap(site: SyndicationSite, entries: readonly NewsSitemapArticle[]): string {
  const timeZone = site.timeZone ?? "UTC";
  const urls = entries.map((entry) =>
    [
      "<url>",
      element("loc", absoluteUrl(site, articlePath(entry.id))),
      "<news:news>",
      "<news:publication>",
      element("news:name", site.name),
      element("news:language", language(site)),
      "</news:publication>",
      element("news:publication_date", w3cDateTime(entry.publishedAt, timeZone)),
      element("news:title", entry.title),
      "</news:news>",
      "</url>",
    ].join(""),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}
