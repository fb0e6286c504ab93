import { desc, eq, isNotNull } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { articles, authors } from "../../db/schema";
import type { Category } from "../../utils/categories";

/** An article as the reader pages list it: no body, with its author. */
export interface ArticleSummary {
  id: number;
  title: string;
  excerpt: string;
  category: Category;
  image: string;
  publishedAt: Date | null;
  readTime: number;
  isFeatured: boolean;
  isPopular: boolean;
  isAiGenerated: boolean;
  author: { name: string; avatar: string; role: string };
}

const summaryColumns = {
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
  author: { name: authors.name, avatar: authors.avatar, role: authors.role },
};

export function createArticleService({ db }: { db: Database }) {
  return {
    /** Published articles, newest first. */
    async listLatestPublished(limit: number): Promise<ArticleSummary[]> {
      return db
        .select(summaryColumns)
        .from(articles)
        .innerJoin(authors, eq(authors.id, articles.authorId))
        .where(isNotNull(articles.publishedAt))
        .orderBy(desc(articles.publishedAt), desc(articles.id))
        .limit(limit);
    },
  };
}

export type ArticleService = ReturnType<typeof createArticleService>;
