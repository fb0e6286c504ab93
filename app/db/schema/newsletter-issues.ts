import { sql } from "drizzle-orm";
import { index, integer, pgEnum, pgTable, text, timestamp, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { DELIVERY_STATUSES, NEWSLETTER_ISSUE_STATUSES } from "../../domain/newsletter";
import { admins } from "./admins";
import { newsletterSubscribers } from "./newsletter-subscribers";
import { articleCorrections } from "./publishing";

export const newsletterIssueStatus = pgEnum("newsletter_issue_status", NEWSLETTER_ISSUE_STATUSES);
export const deliveryStatus = pgEnum("delivery_status", DELIVERY_STATUSES);

/**
 * One newsletter: generated as a draft, then frozen when sent (subject, HTML, text and the articles it
 * covers never change after that). The HTML and text hold UNSUBSCRIBE_URL_PLACEHOLDER where each
 * recipient's own link goes. A weekly digest carries its week (`week_key`, unique), so several
 * instances firing the schedule at once create one issue.
 */
export const newsletterIssues = pgTable(
  "newsletter_issues",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    status: newsletterIssueStatus("status").notNull().default("draft"),
    subject: text("subject").notNull().default(""),
    html: text("html").notNull().default(""),
    text: text("text").notNull().default(""),
    articleIds: integer("article_ids")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    model: text("model"),
    weekKey: text("week_key"),
    /**
     * Set on a correction notice: a short message about a correction, sent through the same deliveries to
     * the people who received an issue containing the article. Weekly digests and editor-made issues leave it null.
     */
    correctionId: integer("correction_id").references(() => articleCorrections.id, { onDelete: "set null" }),
    createdBy: integer("created_by").references(() => admins.id, { onDelete: "set null" }),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sendStartedAt: timestamp("send_started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    unique("newsletter_issues_week_key_unique").on(table.weekKey),
    index("newsletter_issues_created_at_idx").on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
  ],
);

/**
 * One message of an issue to one subscriber. A sender claims pending rows (`FOR UPDATE SKIP LOCKED`),
 * marks them sending with `claimed_at` and its claim token, and settles each as sent, failed (after 3 attempts) or skipped;
 * a failed attempt goes back to pending with `next_attempt_at` later. Rows whose claim went stale
 * (their sender stopped) go back to pending.
 */
export const newsletterDeliveries = pgTable(
  "newsletter_deliveries",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    issueId: integer("issue_id")
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: "cascade" }),
    subscriberId: integer("subscriber_id")
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    status: deliveryStatus("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    /** Which claim holds a `sending` row: a sender settles only rows still carrying its own claim. */
    claimToken: text("claim_token"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("newsletter_deliveries_issue_subscriber_unique").on(table.issueId, table.subscriberId),
    index("newsletter_deliveries_due_idx")
      .on(table.nextAttemptAt, table.id)
      .where(sql`${table.status} = 'pending'`),
    index("newsletter_deliveries_claimed_idx")
      .on(table.claimedAt)
      .where(sql`${table.status} = 'sending'`),
    index("newsletter_deliveries_issue_status_idx").on(table.issueId, table.status),
  ],
);

/**
 * Secrets the application makes for itself on first use and shares between instances through the
 * database, such as the key that signs unsubscribe links.
 */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
