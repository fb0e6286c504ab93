import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { addressMoves, articleSources, articles } from "../../db/schema";
import { visibleToReaders } from "../articles/articles.server";
import type { Clock } from "../clock.server";
import { normaliseOldPath } from "../../utils/old-addresses";

/**
 * Addresses that moved, so that links to them keep working: those imported articles had on Ghost or WordPress
 * ("/my-post/", "/2024/05/my-post/", "/?p=42"), answered with a permanent redirect to the article (only articles
 * readers may see are found; a draft's old address stays a 404), and the old addresses of renamed sections, tags and
 * pages.
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

    /**
     * Where a moved section's, tag's or page's old address lives now, or null. A feed of the old address
     * ("/category/old/rss.xml") goes to the same feed of the new one; the query string is kept.
     */
    async movedTo(pathWithQuery: string): Promise<string | null> {
      if (pathWithQuery.length > 2000) return null;
      const [pathname = "", query] = normaliseOldPath(pathWithQuery).split("?", 2);
      const feed = FEED_SUFFIXES.find((suffix) => pathname.endsWith(suffix));
      const base = feed ? pathname.slice(0, -feed.length) : pathname;
      const [found] = await db
        .select({ toPath: addressMoves.toPath })
        .from(addressMoves)
        .where(eq(addressMoves.fromPath, base))
        .limit(1);
      if (!found) return null;
      return `${found.toPath}${feed ?? ""}${query ? `?${query}` : ""}`;
    },
  };
}

/** The feeds every moving address has beside its page. */
const FEED_SUFFIXES = ["/rss.xml", "/feed.json"];

type MoveExecutor = Pick<Database, "insert" | "update" | "delete">;

/**
 * Records that the page at `from` now lives at `to`, inside the caller's transaction: the old address answers 301 to
 * the new one for good, earlier addresses that led to `from` now lead straight to `to` (one hop, never a chain), and
 * a move back to an address that had moved away makes that address live again (as does a move from an address to
 * itself: something new is made there).
 */
export async function recordAddressMove(tx: MoveExecutor, from: string, to: string, at: Date): Promise<void> {
  await tx.delete(addressMoves).where(eq(addressMoves.fromPath, to));
  if (from === to) return;
  await tx.update(addressMoves).set({ toPath: to }).where(eq(addressMoves.toPath, from));
  await tx
    .insert(addressMoves)
    .values({ fromPath: from, toPath: to, movedAt: at })
    .onConflictDoUpdate({ target: addressMoves.fromPath, set: { toPath: to, movedAt: at } });
}

export type OldAddressService = ReturnType<typeof createOldAddressService>;
