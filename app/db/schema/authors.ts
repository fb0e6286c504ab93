import { jsonb, pgTable, integer, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { ProfileLink } from "../../domain/permissions";

/** People (and the automated "Correspondent") who sign articles. */
export const authors = pgTable(
  "authors",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    avatar: text("avatar").notNull().default(""),
    /** The role line shown with the byline ("Staff Writer"), not the account's permissions. */
    role: text("role").notNull().default(""),
    bio: text("bio").notNull().default(""),
    links: jsonb("links").$type<ProfileLink[]>().notNull().default([]),
    /**
     * The author page's address, /author/{slug}. Filled by the database when a row is inserted without one (from the
     * name, with the id added when another author has it), and kept when the name changes, so links stay valid.
     */
    slug: text("slug").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("authors_name_unique").on(table.name), uniqueIndex("authors_slug_unique").on(table.slug)],
);

export type AuthorRow = typeof authors.$inferSelect;
