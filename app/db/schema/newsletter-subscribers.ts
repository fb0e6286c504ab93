import { sql } from "drizzle-orm";
import { integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const subscriberStatus = pgEnum("subscriber_status", ["active", "unsubscribed"]);

/** Newsletter readers. Emails are stored lower-cased and unique case-insensitively. */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    email: text("email").notNull(),
    status: subscriberStatus("status").notNull().default("active"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("newsletter_subscribers_email_unique").on(sql`lower(${table.email})`)],
);

export type SubscriberRow = typeof newsletterSubscribers.$inferSelect;
