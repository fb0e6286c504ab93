import { count, inArray, ne, not, or } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { articles, authors } from "../../db/schema";
import { AUTOMATED_AUTHOR } from "../../domain/bylines";
import { stockImageUrl } from "../../utils/stock-images";
import { withoutAccount } from "../articles/bylines.server";
import { recordRevisions, revisionSnapshot } from "../articles/revisions.server";
import { DEMO_ARTICLES, DEMO_AUTHORS } from "./demo-content.server";

const DAY_MS = 86_400_000;

export interface SeedResult {
  seeded: boolean;
  authors: number;
  articles: number;
}

/**
 * Fills an empty newsroom with the demo content: only when there are no
 * articles and no authors at all, so it never touches a newsroom in use.
 * Runs in one transaction: a failure leaves the database empty as it was.
 */
export async function seedDemoContent({ db, now }: { db: Database; now: Date }): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    const [articleCount] = await tx.select({ value: count() }).from(articles);
    // The automated author is made by a migration: a newsroom that has only it is still empty.
    const [authorCount] = await tx
      .select({ value: count() })
      .from(authors)
      .where(or(ne(authors.name, AUTOMATED_AUTHOR), not(withoutAccount())));
    if ((articleCount?.value ?? 0) > 0 || (authorCount?.value ?? 0) > 0) {
      return { seeded: false, authors: 0, articles: 0 };
    }
    await tx
      .insert(authors)
      .values(DEMO_AUTHORS.map(({ name, avatar, role }) => ({ name, avatar, role })))
      .onConflictDoNothing({ target: authors.name });
    const insertedAuthors = await tx
      .select({ id: authors.id, name: authors.name })
      .from(authors)
      .where(
        inArray(
          authors.name,
          DEMO_AUTHORS.map((author) => author.name),
        ),
      );
    const authorIds = new Map(insertedAuthors.map((author) => [author.name, author.id]));

    const rows = DEMO_ARTICLES.map((article, index) => {
      const authorId = authorIds.get(article.author);
      if (authorId === undefined) throw new Error(`Demo article "${article.title}" names an unknown author.`);
      // Drafts were written an hour ago; published stories a little before their publication.
      const publishedAt =
        article.publishedDaysAgo === null ? null : new Date(now.getTime() - article.publishedDaysAgo * DAY_MS - index * 60_000);
      const createdAt = new Date((publishedAt ?? now).getTime() - 3_600_000);
      return {
        title: article.title,
        excerpt: article.excerpt,
        content: article.content,
        category: article.category,
        image: stockImageUrl(article.image),
        authorId,
        publishedAt,
        status: publishedAt ? ("published" as const) : ("draft" as const),
        createdAt,
        // Last changed when it was published (a draft when it was written): never before its publication.
        updatedAt: publishedAt ?? createdAt,
        readTime: article.readTime,
        isFeatured: article.isFeatured,
        isPopular: article.isPopular,
        isAiGenerated: article.isAiGenerated,
        sources: article.sources,
      };
    });
    const insertedArticles = await tx.insert(articles).values(rows).returning(revisionSnapshot);
    // The demo content is an import: its history starts with the text as loaded.
    await recordRevisions(tx, insertedArticles, { kind: "imported", now });
    return { seeded: true, authors: insertedAuthors.length, articles: insertedArticles.length };
  });
}
