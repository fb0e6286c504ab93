import { sql } from "drizzle-orm";
import { integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { SUBSCRIBER_STATUSES } from "../../domain/newsletter";

/**
 * A subscriber's life (transitions in app/services/newsletter/subscribers.server.ts): `pending` (signed up
 * through the public form, waiting for the confirmation link to be followed), `active` (confirmed: receives
 * the newsletter), `unsubscribed` (left; comes back only through a confirmation link or the Resubscribe button).
 */
export const subscriberStatus = pgEnum("subscriber_status", SUBSCRIBER_STATUSES);

/** Newsletter readers. Emails are stored lower-cased and unique case-insensitively. */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    email: text("email").notNull(),
    status: subscriberStatus("status").notNull().default("active"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the last confirmation message was handed to the mailer (the 10-minute throttle). */
    confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
    /** The start of the current day-long window of confirmation messages (the daily throttle). */
    confirmationWindowStartedAt: timestamp("confirmation_window_started_at", { withTimezone: true }),
    /** Confirmation messages sent in that window. */
    confirmationsInWindow: integer("confirmations_in_window").notNull().default(0),
  },
  (table) => [uniqueIndex("newsletter_subscribers_email_unique").on(sql`lower(${table.email})`)],
);

export type SubscriberRow = typeof newsletterSubscribers.$inferSelect;
