import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * WebSub publish notifications waiting to be sent: one row per hub and feed (topic) after an article is
 * published. Any instance claims due rows (`FOR UPDATE SKIP LOCKED`) and posts `hub.mode=publish`; a failed post is
 * tried again later with backoff, up to WEBSUB_MAX_ATTEMPTS. `status`: pending, sent or failed.
 */
export const websubPings = pgTable(
  "websub_pings",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    hub: text("hub").notNull(),
    topic: text("topic").notNull(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    index("websub_pings_due_idx")
      .on(table.nextAttemptAt, table.id)
      .where(sql`${table.status} = 'pending'`),
  ],
);
