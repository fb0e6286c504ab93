import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, unique } from "drizzle-orm/pg-core";
import type { SourceLink } from "../../domain/articles";
import { admins } from "./admins";
import { sectionName, articles } from "./articles";
import { authors } from "./authors";
import { CORRECTION_KINDS, REVISION_KINDS } from "../../domain/history";

/**
 * Publishing over time: revisions, corrections and co-authors. Scheduling needs no table of its own:
 * a scheduled article has the `scheduled` status and the time it will appear in `published_at`.
 */

export const revisionKind = pgEnum("revision_kind", REVISION_KINDS);

/**
 * Every saved version of an article's fields, uncapped. Saves of a draft by the same person within a few minutes
 * replace that person's latest `edited` row instead of adding one (`updated_at` moves on), so autosaves do not flood
 * the list. The `ai_original` revision of a generated article is never replaced or removed.
 */
export const articleRevisions = pgTable(
  "article_revisions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    kind: revisionKind("kind").notNull(),
    /** Who saved it; null for the system (the generator, an import) or an account since deleted. */
    editorId: integer("editor_id").references(() => admins.id, { onDelete: "set null" }),
    /** The revision a restore brought back. */
    restoredFrom: integer("restored_from"),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull(),
    content: text("content").notNull(),
    category: sectionName("category").notNull(),
    image: text("image").notNull().default(""),
    sources: text("sources").notNull().default(""),
    sourceLinks: jsonb("source_links").$type<SourceLink[]>().notNull().default([]),
    /** The article's tag names then; null for revisions recorded before tags existed, which keep the tags as they are. */
    tags: text("tags").array(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("article_revisions_article_idx").on(table.articleId, table.id.desc()),
    index("article_revisions_category_idx").on(table.category),
  ],
);

export const correctionKind = pgEnum("correction_kind", CORRECTION_KINDS);

/** The dated notes shown at the top of an article, in its JSON-LD and on /corrections. */
export const articleCorrections = pgTable(
  "article_corrections",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    kind: correctionKind("kind").notNull(),
    note: text("note").notNull(),
    createdBy: integer("created_by").references(() => admins.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("article_corrections_article_idx").on(table.articleId, table.createdAt),
    index("article_corrections_created_idx").on(table.createdAt.desc(), table.id.desc()),
  ],
);

/**
 * An article's co-authors, in the order the byline lists them after the lead author (`articles.author_id`), who is
 * not repeated here. Positions start at 1.
 */
export const articleCoauthors = pgTable(
  "article_coauthors",
  {
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    authorId: integer("author_id")
      .notNull()
      .references(() => authors.id, { onDelete: "restrict" }),
    position: integer("position").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.articleId, table.authorId] }),
    unique("article_coauthors_position_unique").on(table.articleId, table.position),
    check("article_coauthors_position_positive", sql`${table.position} >= 1`),
    index("article_coauthors_author_idx").on(table.authorId),
  ],
);
