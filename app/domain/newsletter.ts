/**
 * What the Newsletter Management tab shows about newsletter issues and their deliveries. Shared by the
 * newsletter services, which store them, and the tab, which renders them.
 */

/**
 * An issue's life: `draft` (generated, can be previewed, not sent), `preparing` (the weekly digest claimed
 * its week and is being written), `sending` (frozen: one delivery per active subscriber), `sent` (every
 * delivery settled), `failed` (the weekly digest could not be prepared).
 */
export const NEWSLETTER_ISSUE_STATUSES = ["draft", "preparing", "sending", "sent", "failed"] as const;
export type NewsletterIssueStatus = (typeof NEWSLETTER_ISSUE_STATUSES)[number];

/**
 * A delivery's life: `pending` (waiting for its turn or its next attempt), `sending` (claimed by a sender),
 * `sent` (accepted by the SMTP server, or written to the outbox), `failed` (3 attempts failed),
 * `skipped` (the subscriber unsubscribed before their turn).
 */
export const DELIVERY_STATUSES = ["pending", "sending", "sent", "failed", "skipped"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** A subscriber's life: `pending` until they confirm (double opt-in), `active`, `unsubscribed`. */
export const SUBSCRIBER_STATUSES = ["active", "pending", "unsubscribed"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/** What the Newsletter Management tab lists about a subscriber. */
export interface SubscriberListing {
  id: number;
  email: string;
  status: SubscriberStatus;
  createdAt: Date;
}

/** Subscriber counts (spec: total, active, unsubscribed; pending apart since double opt-in). */
export interface SubscriberStats {
  total: number;
  active: number;
  pending: number;
  unsubscribed: number;
}

/** Spec 001: the newsletter covers the 5 most recent articles. */
export const NEWSLETTER_ARTICLE_COUNT = 5;

/** Spec 001: the subject the model is asked for. */
export const SUBJECT_LENGTH = { min: 50, max: 70 } as const;

/** Counts of an issue's deliveries by status. */
export interface DeliveryCounts {
  pending: number;
  sending: number;
  sent: number;
  failed: number;
  skipped: number;
  total: number;
}

/** One issue as the tab lists it. */
export interface NewsletterIssueView {
  id: number;
  subject: string;
  status: NewsletterIssueStatus;
  /** "manual" from the tab, "weekly" from the schedule, "correction" for a correction notice. */
  origin: "manual" | "weekly" | "correction";
  createdAt: string;
  sendStartedAt: string | null;
  finishedAt: string | null;
  error: string | null;
  counts: DeliveryCounts;
}

/** The draft waiting to be sent, with what the preview shows. */
export interface NewsletterDraftView {
  id: number;
  subject: string;
  html: string;
  text: string;
  modelName: string | null;
  articleIds: number[];
  createdAt: string;
}

/** "Your Weekly {SITE_NAME} Digest", spec 001's subject when the model gives none. */
export function fallbackSubject(siteName: string): string {
  return `Your Weekly ${siteName} Digest`;
}
