import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { articleSources, articles } from "../../db/schema";
import { visibleToReaders } from "../articles/articles.server";
import type { Clock } from "../clock.server";
import { normaliseOldPath } from "../../utils/old-addresses";

/**
 * The addresses imported articles had on Ghost or WordPress ("/my-post/", "/2024/05/my-post/", "/?p=42"), so that
 * links to the old site keep working: the reader side answers them with a permanent redirect to the article. Only
 * articles readers may see are found; a draft's old address stays a 404.
 */
export function createOldAddressService({ db, clock }: { db: Database; clock: Clock }) {
  return {
    /** The id of the article that answered at this path (with or without its trailing slash, query kept), or null. */
    async articleFor(pathWithQuery: string): Promise<number | null> {
      if (pathWithQuery.length > 2000) return null;
      const [found] = await db
        .select({ id: articles.id })
        .from(articleSources)
        .innerJoin(articles, eq(articles.id, articleSources.articleId))
        .where(and(eq(articleSources.oldPath, normaliseOldPath(pathWithQuery)), visibleToReaders(clock.now())))
        .orderBy(asc(articles.id))
        .limit(1);
      return found?.id ?? null;
    },
  };
}

export type OldAddressService = ReturnType<typeof createOldAddressService>;
