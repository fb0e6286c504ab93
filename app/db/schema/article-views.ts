import { date, index, integer, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { articles } from "./articles";

/**
 * Reading figures: one row per article per day of the newsroom (TIME_ZONE), the number of visitors who read it
 * that day (decision 032). Nothing about a visitor is stored: the daily dedupe of visitors lives only in the
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
