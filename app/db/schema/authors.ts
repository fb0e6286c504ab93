import { pgTable, integer, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** People (and the automated "Correspondent") who sign articles. */
export const authors = pgTable(
  "authors",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    avatar: text("avatar").notNull().default(""),
    role: text("role").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("authors_name_unique").on(table.name)],
);

export type AuthorRow = typeof authors.$inferSelect;
