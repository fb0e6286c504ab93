import { sql, type SQL } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import type { AiOriginal, SourceLink } from "../../domain/articles";
import { ARTICLE_STATUSES } from "../../domain/article-status";
import { admins } from "./admins";
import { authors } from "./authors";
import { sections } from "./sections";

/** An article's (a revision's, a generation job's) section, by its name: a rename follows, a delete is refused. */
export const sectionName = (name: string) =>
  text(name).references(() => sections.name, { onUpdate: "cascade", onDelete: "restrict" });
export const articleStatus = pgEnum("article_status", ARTICLE_STATUSES);

/**
 * A text as the duplicate check reads its keywords: lowercased, everything but letters, digits and spaces
 * removed ("Wi-Fi" becomes "wifi"). Queries must use this very expression to be served by its index.
 */
export function keywordText(column: AnyPgColumn): SQL {
  return sql`regexp_replace(lower(${column}), '[^[:alnum:][:space:]]', '', 'g')`;
}

const tsvector = customType<{ data: string }>({
  dataType: () => "tsvector",
});

/**
 * Articles. `status` is the editorial state (draft, in review, published); `published_at` is set exactly
 * when the status is published (a check holds them together), so reader queries keep reading it. `search` is a generated, weighted
 * full-text vector (title A, excerpt B, content C) kept by PostgreSQL itself.
 */
export const articles = pgTable(
  "articles",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull(),
    content: text("content").notNull(),
    category: sectionName("category").notNull(),
    image: text("image").notNull().default(""),
    authorId: integer("author_id")
      .notNull()
      .references(() => authors.id, { onDelete: "restrict" }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    readTime: integer("read_time").notNull().default(5),
    isFeatured: boolean("is_featured").notNull().default(false),
    isPopular: boolean("is_popular").notNull().default(false),
    isAiGenerated: boolean("is_ai_generated").notNull().default(false),
    sources: text("sources").notNull().default(""),
    sourceLinks: jsonb("source_links").$type<SourceLink[]>().notNull().default([]),
    status: articleStatus("status").notNull().default("draft"),
    /** The latest review note: why it was sent back, or what the submitter asked the editor. */
    reviewNote: text("review_note").notNull().default(""),
    /** The editor a submitted article or an AI draft waits for (the one who started the generation job). */
    reviewerId: integer("reviewer_id").references(() => admins.id, { onDelete: "set null" }),
    /** Who published it and when: the named person who took editorial responsibility. */
    approvedBy: integer("approved_by").references(() => admins.id, { onDelete: "restrict" }),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    /** An AI draft's text exactly as the model wrote it, kept unchanged next to the edited text. */
    aiOriginal: jsonb("ai_original").$type<AiOriginal>(),
    /** How much of the AI text the editors rewrote (word-level diff, 0 to 100), set when it is saved or published. */
    aiRewrittenPercent: integer("ai_rewritten_percent"),
    search: tsvector("search")
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector('english', coalesce(${articles.title}, '')), 'A') || setweight(to_tsvector('english', coalesce(${articles.excerpt}, '')), 'B') || setweight(to_tsvector('english', coalesce(${articles.content}, '')), 'C')`,
      ),
    /**
     * The week of publication as one word ('w2969': whole weeks since 1970), indexed beside `search` and
     * `searchWords`, so that one index scan finds the matches of the last few weeks only (decision 012, step 7).
     * Drafts count as week 0; the expression is immutable, as a generated column needs (timestamp arithmetic,
     * not time-zone-dependent extraction).
     */
    searchWeek: tsvector("search_week")
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`to_tsvector('simple', 'w' || floor(extract(epoch from (coalesce(${articles.publishedAt}, '1970-01-01 00:00:00+00') - '1970-01-01 00:00:00+00'::timestamptz)) / 604800)::int::text)`,
      ),
    /** Unstemmed words of title and excerpt, so instant search can match what a reader is still typing ("runn" finds "running"). */
    searchWords: tsvector("search_words")
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector('simple', coalesce(${articles.title}, '')), 'A') || setweight(to_tsvector('simple', coalesce(${articles.excerpt}, '')), 'B')`,
      ),
  },
  (table) => [
    check("articles_read_time_range", sql`${table.readTime} between 1 and 15`),
    // A scheduled article carries the time it will appear; the text cast lets the migration that adds the value use it.
    check(
      "articles_status_published",
      sql`(${table.status}::text in ('published', 'scheduled')) = (${table.publishedAt} is not null)`,
    ),
    index("articles_status_idx").on(table.status),
    // Each full-text index carries the week of publication as a second column (decision 012, step 7), and holds
    // published articles only, the only ones search reads, so a count reads no draft (decision 012, step 8).
    index("articles_search_idx")
      .using("gin", table.search, table.searchWeek)
      .where(sql`${table.status} = 'published'`),
    index("articles_search_words_idx")
      .using("gin", table.searchWords, table.searchWeek)
      .where(sql`${table.status} = 'published'`),
    // Reader lists: newest published first, the id breaking ties, exactly as newestFirst sorts, so a page of
    // them reads a few index entries instead of sorting every published article.
    index("articles_published_idx")
      .on(table.publishedAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.publishedAt} is not null`),
    index("articles_category_published_idx")
      .on(table.category, table.publishedAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.publishedAt} is not null`),
    // Article Management and the duplicate check: newest created first, the id breaking ties.
    index("articles_created_at_id_idx").on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index("articles_author_id_idx").on(table.authorId),
    // Article Management's case-insensitive substring search (ILIKE '%text%') over title and excerpt.
    index("articles_title_trgm_idx").using("gin", table.title.op("gin_trgm_ops")),
    index("articles_excerpt_trgm_idx").using("gin", table.excerpt.op("gin_trgm_ops")),
    // The duplicate check's keyword look-up, over the text as its keywords are read (lowercased, punctuation stripped).
    index("articles_title_words_trgm_idx").using("gin", sql`${keywordText(table.title)} gin_trgm_ops`),
    index("articles_excerpt_words_trgm_idx").using("gin", sql`${keywordText(table.excerpt)} gin_trgm_ops`),
  ],
);

export type ArticleRow = typeof articles.$inferSelect;
export type NewArticleRow = typeof articles.$inferInsert;
