import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";
import { articles } from "./articles";

/**
 * Stories an editor marked as related: a follow-up and the earlier story it follows. Stored once per
 * pair, the later article first; "You might also like" reads both directions. Deleting either article removes the link.
 */
export const relatedArticles = pgTable(
  "related_articles",
  {
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    relatedId: integer("related_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.articleId, table.relatedId] }),
    check("related_articles_not_self", sql`${table.articleId} <> ${table.relatedId}`),
    index("related_articles_related_id_idx").on(table.relatedId),
  ],
);
