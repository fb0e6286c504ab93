import { and, asc, count, desc, eq, inArray, lte, ne, notInArray, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.server";
import { admins, articleCoauthors, articleDailyViews, articles, authors, relatedArticles } from "../../db/schema";
import { addDaysToDay, newsroomDay } from "../../utils/dates";
import type { ArticleDetail, ArticleSummary, AuthorProfile, BylineAuthor, Headline } from "../../domain/articles";
import type { Category } from "../../domain/sections";
import { systemClock, type Clock } from "../clock.server";
import type { Logger } from "../logger.server";
import { noReaderMemo, type ReaderMemo } from "../reader-memo.server";
import { renderArticleHtml } from "./markdown.server";

/** The spec's home page: 1 hero, 6 latest, up to 3 popular. */
export const HOME_LATEST_COUNT = 6;
export const HOME_POPULAR_COUNT = 3;
/** Popular Stories from reads (decision 033): the reads of the last 7 newsroom days, today included... */
export const POPULAR_READS_DAYS = 7;
/** ...and an article needs at least this many of them to be listed; below it, only pinned stories show. */
export const POPULAR_MIN_READS = 10;
/**
 * ...from at least this many client addresses on one of those days: a day's reads are the addresses that read it
 * (decision 045), so one client, or two, cannot make a story popular however long they keep at it.
 */
export const POPULAR_MIN_ADDRESSES = 3;
/** "You might also like": 3 other articles. */
export const RELATED_COUNT = 3;
/** The notifications panel: the latest 5 published articles. */
export const HEADLINE_COUNT = 5;
/** Category pages show this many stories per page, newest first. */
export const CATEGORY_PAGE_SIZE = 24;

export const summaryColumns = {
  id: articles.id,
  title: articles.title,
  excerpt: articles.excerpt,
  category: articles.category,
  image: articles.image,
  publishedAt: articles.publishedAt,
  readTime: articles.readTime,
  isFeatured: articles.isFeatured,
  isPopular: articles.isPopular,
  isAiGenerated: articles.isAiGenerated,
  author: { name: authors.name, avatar: authors.avatar, role: authors.role, slug: authors.slug },
};

/** Published (not a draft, in review or scheduled); what readers see also needs its time to have come: visibleToReaders. */
export const isPublished: SQL = sql`${articles.status} = 'published' and ${articles.publishedAt} is not null`;

/**
 * What readers may see at `now` (the services' clock): published, and its publication time has come. Every reader
 * query (pages, feeds, sitemap, search, related lists, author pages, corrections) filters with this.
 */
export function visibleToReaders(now: Date): SQL {
  return sql`${isPublished} and ${lte(articles.publishedAt, now)}`;
}
/** Newest publication first; the id breaks ties so pages never overlap. */
export const newestFirst = [desc(articles.publishedAt), desc(articles.id)] as const;

/** The columns of a person in a byline. */
const bylineColumns = {
  id: authors.id,
  name: authors.name,
  avatar: authors.avatar,
  role: authors.role,
  slug: authors.slug,
  links: authors.links,
};

/**
 * An article's authors in byline order, for each of the given articles: the lead author (`articles.author_id`) first,
 * then the co-authors by position. The one place that decides the order; the article page, the feeds and the JSON-LD
 * all read it from here. Articles without a row are absent from the map.
 */
export async function listArticleAuthors(db: Database, articleIds: readonly number[]): Promise<Map<number, BylineAuthor[]>> {
  const byArticle = new Map<number, BylineAuthor[]>();
  if (articleIds.length === 0) return byArticle;
  const ids = [...new Set(articleIds)];
  const [leads, coauthors] = await Promise.all([
    db
      .select({ articleId: articles.id, ...bylineColumns })
      .from(articles)
      .innerJoin(authors, eq(authors.id, articles.authorId))
      .where(inArray(articles.id, ids)),
    db
      .select({ articleId: articleCoauthors.articleId, ...bylineColumns })
      .from(articleCoauthors)
      .innerJoin(authors, eq(authors.id, articleCoauthors.authorId))
      .where(inArray(articleCoauthors.articleId, ids))
      .orderBy(asc(articleCoauthors.articleId), asc(articleCoauthors.position)),
  ]);
  for (const { articleId, ...lead } of leads) byArticle.set(articleId, [lead]);
  for (const { articleId, ...coauthor } of coauthors) byArticle.get(articleId)?.push(coauthor);
  return byArticle;
}

/** Articles an author signs: as the lead author or as a co-author. */
export function signedBy(db: Database, authorId: number): SQL | undefined {
  return or(
    eq(articles.authorId, authorId),
    inArray(
      articles.id,
      db.select({ id: articleCoauthors.articleId }).from(articleCoauthors).where(eq(articleCoauthors.authorId, authorId)),
    ),
  );
}

export interface AuthorPage {
  author: AuthorProfile;
  articles: ArticleSummary[];
  total: number;
  page: number;
  pageCount: number;
}

export interface HomePage {
  hero: ArticleSummary | null;
  latest: ArticleSummary[];
  popular: ArticleSummary[];
}

export interface CategoryPage {
  articles: ArticleSummary[];
  total: number;
  page: number;
  pageCount: number;
}

/** What readers may see: published articles only. Drafts do not exist for these queries. */
/** Rendered bodies kept per process; markdown to sanitized HTML costs milliseconds, a lookup nothing. */
export const BODY_CACHE_SIZE = 500;

export function createArticleService({
  db,
  logger,
  clock = systemClock,
  memo = noReaderMemo,
  popularFromReads,
}: {
  db: Database;
  logger?: Logger;
  /** What "now" is for `visibleToReaders`. */
  clock?: Clock;
  /** Reader reads remembered per content version; the server passes its memo, tests read every time. */
  memo?: Pick<ReaderMemo, "read">;
  /**
   * Popular Stories from reads (ANALYTICS on): the most read articles of the last 7 days on the newsroom's calendar
   * fill the places that pinned (Popular) stories leave. Without it, only pinned stories show.
   */
  popularFromReads?: { timeZone: string };
}) {
  const visible = () => visibleToReaders(clock.now());
  // Keyed by id and last change, so an edit is never served stale; the oldest entry goes first when full.
  const renderedBodies = new Map<string, string>();
  function bodyHtml(id: number, updatedAt: Date, markdown: string): string {
    const key = `${id}:${updatedAt.getTime()}`;
    const cached = renderedBodies.get(key);
    if (cached !== undefined) return cached;
    const html = renderArticleHtml(markdown, {
      onError: (error) => logger?.warn({ err: error, articleId: id }, "markdown conversion failed; showing plain text"),
    });
    if (renderedBodies.size >= BODY_CACHE_SIZE) renderedBodies.delete(renderedBodies.keys().next().value ?? "");
    renderedBodies.set(key, html);
    return html;
  }

  const publishedSummaries = () =>
    db.select(summaryColumns).from(articles).innerJoin(authors, eq(authors.id, articles.authorId)).$dynamic();

  /**
   * The most read articles of the last POPULAR_READS_DAYS newsroom days with at least POPULAR_MIN_READS reads, and
   * POPULAR_MIN_ADDRESSES on one day (a day's reads are its distinct addresses, so the busiest day must have them), for
   * the places of Popular Stories that pinned stories leave (decision 033). Read with the home page, so it is as
   * fresh as the reader memo (at most a minute behind the views written).
   */
  async function mostRead(pinned: readonly ArticleSummary[]): Promise<ArticleSummary[]> {
    const places = HOME_POPULAR_COUNT - pinned.length;
    if (!popularFromReads || places <= 0) return [];
    const today = newsroomDay(clock.now(), popularFromReads.timeZone);
    const reads = db
      .select({ articleId: articleDailyViews.articleId, reads: sql<number>`sum(${articleDailyViews.views})`.as("reads") })
      .from(articleDailyViews)
      .where(sql`${articleDailyViews.day} >= ${addDaysToDay(today, -(POPULAR_READS_DAYS - 1))}`)
      .groupBy(articleDailyViews.articleId)
      .having(
        sql`sum(${articleDailyViews.views}) >= ${POPULAR_MIN_READS} and max(${articleDailyViews.views}) >= ${POPULAR_MIN_ADDRESSES}`,
      )
      .as("reads");
    const pinnedIds = pinned.map((article) => article.id);
    return db
      .select(summaryColumns)
      .from(articles)
      .innerJoin(authors, eq(authors.id, articles.authorId))
      .innerJoin(reads, eq(reads.articleId, articles.id))
      .where(pinnedIds.length > 0 ? and(visible(), notInArray(articles.id, pinnedIds)) : visible())
      .orderBy(desc(reads.reads), ...newestFirst)
      .limit(places);
  }

  return {
    /** A body as the article page will show it, for the editor's Preview: the same conversion, not cached. */
    previewHtml(markdown: string): string {
      return renderArticleHtml(markdown, {
        onError: (error) => logger?.warn({ err: error }, "markdown conversion failed in a preview; showing plain text"),
      });
    },

    /** The newest published articles, for the notifications bell. */
    listHeadlines(limit = HEADLINE_COUNT): Promise<Headline[]> {
      return memo.read(`headlines:${limit}`, () =>
        db
          .select({ id: articles.id, title: articles.title, category: articles.category, publishedAt: articles.publishedAt })
          .from(articles)
          .where(visible())
          .orderBy(...newestFirst)
          .limit(limit),
      );
    },

    /** The newest featured article as the hero, the latest stories after it, and the popular ones. */
    homePage(): Promise<HomePage> {
      return memo.read("home", async () => {
        const [hero] = await publishedSummaries()
          .where(and(visible(), eq(articles.isFeatured, true)))
          .orderBy(...newestFirst)
          .limit(1);
        const latest = await publishedSummaries()
          .where(hero ? and(visible(), ne(articles.id, hero.id)) : visible())
          .orderBy(...newestFirst)
          .limit(HOME_LATEST_COUNT);
        const pinned = await publishedSummaries()
          .where(and(visible(), eq(articles.isPopular, true)))
          .orderBy(...newestFirst)
          .limit(HOME_POPULAR_COUNT);
        return { hero: hero ?? null, latest, popular: [...pinned, ...(await mostRead(pinned))] };
      });
    },

    /** One page of a category's published articles, newest first. A page past the end is empty. */
    categoryPage(category: Category, page: number, pageSize = CATEGORY_PAGE_SIZE): Promise<CategoryPage> {
      return memo.read(`category:${category}:${page}:${pageSize}`, async () => {
        const where = and(visible(), eq(articles.category, category));
        const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(articles).where(where);
        const listed = await publishedSummaries()
          .where(where)
          .orderBy(...newestFirst)
          .limit(pageSize)
          .offset((page - 1) * pageSize);
        return { articles: listed, total, page, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
      });
    },

    /**
     * An author's page: their profile and one page of the articles they sign (as lead or co-author) that readers may
     * see, newest first, paged like a category. The slug matches case-insensitively (slugs are lower-case); null for
     * an unknown one; a page past the end is empty.
     */
    authorPage(slug: string, page: number, pageSize = CATEGORY_PAGE_SIZE): Promise<AuthorPage | null> {
      return memo.read(`author:${slug.toLowerCase()}:${page}:${pageSize}`, async () => {
        const [author] = await db
          .select({ ...bylineColumns, bio: authors.bio })
          .from(authors)
          .where(eq(authors.slug, slug.toLowerCase()))
          .limit(1);
        if (!author) return null;
        const where = and(visibleToReaders(clock.now()), signedBy(db, author.id));
        const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(articles).where(where);
        const listed = await publishedSummaries()
          .where(where)
          .orderBy(...newestFirst)
          .limit(pageSize)
          .offset((page - 1) * pageSize);
        return { author, articles: listed, total, page, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
      });
    },

    /** A published article with its body as sanitized HTML; null for a draft or a missing id. */
    findPublished(id: number): Promise<ArticleDetail | null> {
      return memo.read(`article:${id}`, async () => {
        const approver = alias(admins, "approver");
        const approverProfile = alias(authors, "approver_profile");
        const [article] = await db
          .select({
            ...summaryColumns,
            content: articles.content,
            sources: articles.sources,
            sourceLinks: articles.sourceLinks,
            createdAt: articles.createdAt,
            updatedAt: articles.updatedAt,
            approverName: approverProfile.name,
            approvedAt: articles.approvedAt,
            rewrittenPercent: articles.aiRewrittenPercent,
          })
          .from(articles)
          .innerJoin(authors, eq(authors.id, articles.authorId))
          .leftJoin(approver, eq(approver.id, articles.approvedBy))
          .leftJoin(approverProfile, eq(approverProfile.id, approver.authorId))
          .where(and(eq(articles.id, id), visible()))
          .limit(1);
        if (!article) return null;
        const { content, approverName, approvedAt, rewrittenPercent, ...rest } = article;
        const byline = (await listArticleAuthors(db, [article.id])).get(article.id) ?? [];
        return {
          ...rest,
          authors: byline,
          bodyHtml: bodyHtml(article.id, article.updatedAt, content),
          aiDisclosure: article.isAiGenerated ? { approverName, approvedAt, rewrittenPercent } : null,
        };
      });
    },

    /**
     * Other published articles: first the stories an editor marked as related to this one (a follow-up and the story
     * it follows), newest first; then the same category; then the newest of the rest. Index-ordered queries.
     */
    listRelated(article: { id: number; category: Category }, limit = RELATED_COUNT): Promise<ArticleSummary[]> {
      return memo.read(`related:${article.id}:${article.category}:${limit}`, async () => {
        const links = await db
          .select({ articleId: relatedArticles.articleId, relatedId: relatedArticles.relatedId })
          .from(relatedArticles)
          .where(or(eq(relatedArticles.articleId, article.id), eq(relatedArticles.relatedId, article.id)));
        const relatedIds = links.map((link) => (link.articleId === article.id ? link.relatedId : link.articleId));
        const marked =
          relatedIds.length === 0
            ? []
            : await publishedSummaries()
                .where(and(visible(), inArray(articles.id, relatedIds)))
                .orderBy(...newestFirst)
                .limit(limit);
        if (marked.length >= limit) return marked;
        const shown = [article.id, ...marked.map((related) => related.id)];
        const sameCategory = await publishedSummaries()
          .where(and(visible(), eq(articles.category, article.category), notInArray(articles.id, shown)))
          .orderBy(...newestFirst)
          .limit(limit - marked.length);
        if (marked.length + sameCategory.length >= limit) return [...marked, ...sameCategory];
        const others = await publishedSummaries()
          .where(and(visible(), ne(articles.category, article.category), notInArray(articles.id, shown)))
          .orderBy(...newestFirst)
          .limit(limit - marked.length - sameCategory.length);
        return [...marked, ...sameCategory, ...others];
      });
    },
  };
}

export type ArticleService = ReturnType<typeof createArticleService>;
