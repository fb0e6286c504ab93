import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { admins } from "./admins";

/**
 * The newsroom's settings (decision 038): one row, its document checked by `SiteSettingsInput` on the way in
 * and read field by field on the way out (`readStoredSettings`), so a field added later needs no migration. `version`
 * goes up by one with every save: a save names the version it was made from, and an older one is refused.
 */
export const siteSettings = pgTable(
  "site_settings",
  {
    id: integer("id").primaryKey().default(1),
    values: jsonb("values").$type<Record<string, unknown>>().notNull(),
    version: integer("version").notNull().default(1),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    updatedBy: integer("updated_by").references(() => admins.id, { onDelete: "set null" }),
  },
  (table) => [check("site_settings_one_row", sql`${table.id} = 1`)],
);

import type { SettingChange } from "../../domain/site-settings";

/** Every save of the settings: who, when, and each field it changed with its old and new value. */
export const siteSettingsChanges = pgTable(
  "site_settings_changes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    adminId: integer("admin_id").references(() => admins.id, { onDelete: "set null" }),
    /** The username at the time, kept when the account is deleted. */
    adminName: text("admin_name").notNull(),
    /** The version this save made: the changes after a given version are the ones a stale form did not see. */
    version: integer("version").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull(),
    changes: jsonb("changes").$type<SettingChange[]>().notNull(),
  },
  (table) => [
    index("site_settings_changes_changed_idx").on(table.changedAt.desc(), table.id.desc()),
    uniqueIndex("site_settings_changes_version_unique").on(table.version),
  ],
);
