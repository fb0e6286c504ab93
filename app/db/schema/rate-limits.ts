import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Fixed-window request counters per (bucket, client key), such as newsletter sign-ups per address.
 * Kept in the database so every instance shares one budget and a restart does not reset it.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    bucket: text("bucket").notNull(),
    /** A hash of the client's address, never the address itself. */
    clientKey: text("client_key").notNull(),
    windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.bucket, table.clientKey] }),
    index("rate_limits_window_idx").on(table.windowStartedAt),
  ],
);
