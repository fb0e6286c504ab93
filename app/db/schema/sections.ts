import { integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * The newsroom's sections (decision 042), once the enum of seven categories. Articles, their revisions and
 * generation jobs name their section (`category`, a foreign key to `name` that follows a rename: ON UPDATE CASCADE),
 * and a section with articles cannot be deleted (ON DELETE RESTRICT): its articles are moved first, in one transaction.
 */
export const sections = pgTable(
  "sections",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    colour: text("colour").notNull(),
    cover: text("cover").notNull().default(""),
    keywords: jsonb("keywords").$type<string[]>().notNull().default([]),
    /** Its place on the home page's "Explore by Category" strip, from 1; 0 when left out. */
    explore: integer("explore").notNull().default(0),
    position: integer("position").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex("sections_name_unique").on(table.name), uniqueIndex("sections_slug_unique").on(table.slug)],
);
