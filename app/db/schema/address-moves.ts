import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Addresses that moved: a section's, tag's or page's old path and where it lives now. Readers and feed
 * readers asking for the old path are answered 301 to the new one for good. A chain of renames is kept collapsed
 * (every row points at a live address), so the answer is always one hop.
 */
export const addressMoves = pgTable("address_moves", {
  /** The old path, no trailing slash ("/category/ai"). */
  fromPath: text("from_path").primaryKey(),
  toPath: text("to_path").notNull(),
  movedAt: timestamp("moved_at", { withTimezone: true }).notNull(),
});
