import { index, integer, pgEnum, pgTable, text, unique } from "drizzle-orm/pg-core";
import { articles } from "./articles";

export const IMPORT_SYSTEMS = ["ghost", "wordpress"] as const;
export type ImportSystem = (typeof IMPORT_SYSTEMS)[number];
export const importSystem = pgEnum("import_system", IMPORT_SYSTEMS);

/**
 * Where an imported article came from: the other system's own id (so importing the same export again adds nothing)
 * and the paths it answered at there, which now redirect to the article. One row per old path; an article has at
 * least its source id row.
 */
export const articleSources = pgTable(
  "article_sources",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    system: importSystem("system").notNull(),
    sourceId: text("source_id").notNull(),
    /** The old address's path without a trailing slash ("/my-post", "/2024/05/my-post", "/?p=42"). */
    oldPath: text("old_path").notNull(),
  },
  (table) => [
    unique("article_sources_path_unique").on(table.system, table.sourceId, table.oldPath),
    index("article_sources_old_path_idx").on(table.oldPath),
    index("article_sources_article_idx").on(table.articleId),
  ],
);
