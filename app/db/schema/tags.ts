import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { articles } from "./articles";

/**
 * Tags: free topics across sections ("OpenAI", "EU AI Act"), each at `/tag/{slug}` with its feeds. A name
 * is unique case-insensitively, so "openai" typed in the editor finds "OpenAI"; the slug is the address.
 */
export const tags = pgTable(
  "tags",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique("tags_slug_unique"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("tags_name_lower_unique").on(sql`lower(${table.name})`),
    check("tags_slug_form", sql`${table.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(${table.slug}) <= 60`),
  ],
);

/** An article's tags in the order the editor lists them (positions from 1); they go with the article or the tag. */
export const articleTags = pgTable(
  "article_tags",
  {
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.articleId, table.tagId] }),
    check("article_tags_position_positive", sql`${table.position} >= 1`),
    // A tag's page and feeds: its articles, found from the tag.
    index("article_tags_tag_idx").on(table.tagId, table.articleId),
  ],
);

export type TagRow = typeof tags.$inferSelect;
