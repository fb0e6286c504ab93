import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { admins } from "./admins";

/**
 * The header and footer menus (decision 040): one row holding both as one document, checked by
 * `SiteMenusInput` on the way in and read by `readStoredMenus` on the way out. No row means the specification's menus.
 * `version` goes up by one with every save: a save names the version it was made from, and an older one is refused.
 */
export const siteMenus = pgTable(
  "site_menus",
  {
    id: integer("id").primaryKey().default(1),
    menus: jsonb("menus").$type<Record<string, unknown>>().notNull(),
    version: integer("version").notNull().default(1),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    updatedBy: integer("updated_by").references(() => admins.id, { onDelete: "set null" }),
  },
  (table) => [check("site_menus_one_row", sql`${table.id} = 1`)],
);

/** Every save of the menus: who, when, and the menus as that save left them. */
export const siteMenuSaves = pgTable(
  "site_menu_saves",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    adminId: integer("admin_id").references(() => admins.id, { onDelete: "set null" }),
    /** The username at the time, kept when the account is deleted. */
    adminName: text("admin_name").notNull(),
    /** The version this save made. */
    version: integer("version").notNull(),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull(),
    menus: jsonb("menus").$type<Record<string, unknown>>().notNull(),
  },
  (table) => [
    index("site_menu_saves_saved_idx").on(table.savedAt.desc(), table.id.desc()),
    uniqueIndex("site_menu_saves_version_unique").on(table.version),
  ],
);
