import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { admins } from "./admins";
import { revisionKind } from "./publishing";
import type { PageFields } from "../../domain/pages";

/**
 * The site's pages (decision 039): the seven the specification ships (`built_in` names which) and the ones
 * editors add, each at its own one-segment address. The text is markdown with `{site.name}`-style placeholders;
 * `fields` holds what the pages with structure list (Careers' openings, Advertise's figures and packages, where
 * Contact's form writes to). A deleted page keeps its row (`deleted_at`) so it can be brought back.
 */
export const pages = pgTable(
  "pages",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** The address without its slash: "about", "ethics". */
    slug: text("slug").notNull(),
    /** Which of the specification's pages this is ("about", ...), or null for a page an editor added. */
    builtIn: text("built_in"),
    layout: text("layout").notNull().default("page"),
    title: text("title").notNull(),
    heading: text("heading").notNull().default(""),
    eyebrow: text("eyebrow").notNull().default(""),
    lead: text("lead").notNull().default(""),
    description: text("description").notNull().default(""),
    body: text("body").notNull().default(""),
    showContents: boolean("show_contents").notNull().default(false),
    fields: jsonb("fields").$type<PageFields>().notNull(),
    status: text("status").notNull().default("draft"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    updatedBy: integer("updated_by").references(() => admins.id, { onDelete: "set null" }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("pages_slug_unique").on(table.slug),
    uniqueIndex("pages_built_in_unique").on(table.builtIn),
    check("pages_layout", sql`${table.layout} in ('page', 'contact', 'careers', 'advertise')`),
    check("pages_status", sql`${table.status} in ('published', 'draft')`),
    check("pages_slug_format", sql`${table.slug} ~ '^[a-z0-9-]{1,60}$'`),
  ],
);

/** Every saved version of a page's text and fields, as `article_revisions` keeps articles' (decision 018). */
export const pageRevisions = pgTable(
  "page_revisions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    pageId: integer("page_id")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
    kind: revisionKind("kind").notNull(),
    editorId: integer("editor_id").references(() => admins.id, { onDelete: "set null" }),
    restoredFrom: integer("restored_from"),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    heading: text("heading").notNull(),
    eyebrow: text("eyebrow").notNull(),
    lead: text("lead").notNull(),
    description: text("description").notNull(),
    body: text("body").notNull(),
    showContents: boolean("show_contents").notNull(),
    fields: jsonb("fields").$type<PageFields>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("page_revisions_page_idx").on(table.pageId, table.id.desc())],
);
