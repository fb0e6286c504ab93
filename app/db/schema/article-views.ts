import { date, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { articles } from "./articles";
import { newsletterIssues } from "./newsletter-issues";

/**
 * Reading figures: one row per article per day of the newsroom (TIME_ZONE), the number of visitors (client
 * addresses, decision 045) who read it that day (decision 032). Nothing about a visitor is stored: the daily dedupe of visitors lives only in the
 * memory of the process that counted them and is dropped when the day ends.
 */
export const articleDailyViews = pgTable(
  "article_daily_views",
  {
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    /** The newsroom's calendar day, as `YYYY-MM-DD`. */
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull(),
  },
  (table) => [primaryKey({ columns: [table.articleId, table.day] }), index("article_daily_views_day_idx").on(table.day)],
);

/**
 * Reads that came from a newsletter issue (decision 033): article views whose link carried `ref=newsletter-<id>`,
 * counted by the same rules as article views, one row per issue per newsroom day. Nothing about the reader.
 */
export const newsletterDailyReads = pgTable(
  "newsletter_daily_reads",
  {
    issueId: integer("issue_id")
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    reads: integer("reads").notNull(),
  },
  (table) => [primaryKey({ columns: [table.issueId, table.day] })],
);

/**
 * Searches that found nothing (decision 033): the normalised query (lower case, trimmed, spaces collapsed) and how
 * many readers made it on a newsroom day, written only once three addresses made it that day (decision 045). No
 * visitor data; rows older than 30 days are deleted.
 */
export const searchGapsDaily = pgTable(
  "search_gaps_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    query: text("query").notNull(),
    searches: integer("searches").notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.query] })],
);

/**
 * The subscriber list per newsroom day (decision 033): sign-ups, confirmations and unsubscribes that day, and the
 * active, pending and unsubscribed totals after the day's last change. Counts only, no addresses. A day without
 * changes has no row; its totals are the previous row's.
 */
export const subscriberDailyCounts = pgTable("subscriber_daily_counts", {
  day: date("day", { mode: "string" }).primaryKey(),
  signUps: integer("sign_ups").notNull().default(0),
  confirmations: integer("confirmations").notNull().default(0),
  unsubscribes: integer("unsubscribes").notNull().default(0),
  active: integer("active").notNull().default(0),
  pending: integer("pending").notNull().default(0),
  unsubscribed: integer("unsubscribed").notNull().default(0),
});
