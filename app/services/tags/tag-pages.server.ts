import { and, count, eq, inArray, max, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { articles, articleTags, tags } from "../../db/schema";
import type { ArticleSummary } from "../../domain/articles";
import type { TagLink } from "../../utils/tags";
import { CATEGORY_PAGE_SIZE, newestFirst, summaryColumns, visibleToReaders } from "../articles/articles.server";
import { authors } from "../../db/schema";
import type { Clock } from "../clock.server";
import { noReaderMemo, type ReaderMemo } from "../reader-memo.server";
import { listArticleTags } from "./article-tags.server";

/** A tag's page: the tag and one page of its articles readers may see, newest first, paged like a category. */
export interface TagPage {
  tag: TagLink;
  articles: ArticleSummary[];
  total: number;
  page: number;
  pageCount: number;
}

/** Articles carrying a tag. */
export function taggedWith(db: Pick<Database, "select">, tagId: number): SQL {
  return inArray(articles.id, db.select({ id: articleTags.articleId }).from(articleTags).where(eq(articleTags.tagId, tagId)));
}

/** The tag at this address (slugs are lower-case, so the match ignores case), or null. */
export async function findTagBySlug(db: Pick<Database, "select">, slug: string): Promise<(TagLink & { id: number }) | null> {
  if (slug.length > 200) return null;
  const [tag] = await db
    .select({ id: tags.id, name: tags.name, slug: tags.slug })
    .from(tags)
    .where(eq(tags.slug, slug.toLowerCase()))
    .limit(1);
  return tag ?? null;
}

/** A tag page in the sitemap: a tag with at least one article readers can see, and the latest change among them. */
export interface SitemapTag {
  slug: string;
  lastModified: Date;
}

/** Tags with an article readers may see at `now`, by address, with the newest change among those articles. */
export async function sitemapTags(db: Pick<Database, "select">, now: Date): Promise<SitemapTag[]> {
  const rows = await db
    .select({
      slug: tags.slug,
      lastModified: max(sql<Date>`greatest(${articles.updatedAt}, ${articles.publishedAt})`).mapWith(articles.updatedAt),
    })
    .from(tags)
    .innerJoin(articleTags, eq(articleTags.tagId, tags.id))
    .innerJoin(articles, eq(articles.id, articleTags.articleId))
    .where(visibleToReaders(now))
    .groupBy(tags.slug)
    .orderBy(tags.slug);
  return rows.flatMap((row) => (row.lastModified ? [{ slug: row.slug, lastModified: row.lastModified }] : []));
}

/** What readers see of tags: a tag's page, and the tags of an article. Reads go through the reader memo. */
export function createTagPages({
  db,
  clock,
  memo = noReaderMemo,
}: {
  db: Database;
  clock: Clock;
  memo?: Pick<ReaderMemo, "read">;
}) {
  return {
    /** One page of a tag's articles; null for an address no tag has. A page past the end is empty. */
    page(slug: string, page: number, pageSize = CATEGORY_PAGE_SIZE): Promise<TagPage | null> {
      return memo.read(`tag:${slug.toLowerCase()}:${page}:${pageSize}`, async () => {
        const tag = await findTagBySlug(db, slug);
        if (!tag) return null;
        const where = and(visibleToReaders(clock.now()), taggedWith(db, tag.id));
        const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(articles).where(where);
        const listed = await db
          .select(summaryColumns)
          .from(articles)
          .innerJoin(authors, eq(authors.id, articles.authorId))
          .where(where)
          .orderBy(...newestFirst)
          .limit(pageSize)
          .offset((page - 1) * pageSize);
        return {
          tag: { name: tag.name, slug: tag.slug },
          articles: listed,
          total,
          page,
          pageCount: Math.max(1, Math.ceil(total / pageSize)),
        };
      });
    },

    /** An article's tags in the editor's order, for its page. */
    forArticle(articleId: number): Promise<TagLink[]> {
      return memo.read(`article-tags:${articleId}`, async () => (await listArticleTags(db, [articleId])).get(articleId) ?? []);
    },
  };
}

export type TagPages = ReturnType<typeof createTagPages>;
