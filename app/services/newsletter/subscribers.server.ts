import { asc, count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { newsletterSubscribers } from "../../db/schema";
import type { Clock } from "../index.server";
import type { RateLimiter, RateLimitPolicy } from "../rate-limits/rate-limiter.server";

/** Sign-ups from one client address: ten per quarter hour is plenty for people and little for a script. */
export const NEWSLETTER_SIGNUP_LIMIT: RateLimitPolicy = { bucket: "newsletter-signup", limit: 10, windowMs: 15 * 60_000 };

/** What the Newsletter Management tab lists about a subscriber. */
export interface SubscriberListing {
  id: number;
  email: string;
  status: "active" | "unsubscribed";
  createdAt: Date;
}

/** Subscriber counts (spec: total, active, unsubscribed). */
export interface SubscriberStats {
  total: number;
  active: number;
  unsubscribed: number;
}

const listingColumns = {
  id: newsletterSubscribers.id,
  email: newsletterSubscribers.email,
  status: newsletterSubscribers.status,
  createdAt: newsletterSubscribers.createdAt,
};

/** Newsletter subscribers: the public sign-up, and the counts and lists of the Newsletter Management tab. */
export function createSubscriberService({ db, clock, rateLimiter }: { db: Database; clock: Clock; rateLimiter: RateLimiter }) {
  async function subscribe(email: string): Promise<void> {
    const now = clock.now().toISOString();
    const address = email.trim().toLowerCase();
    // Drizzle's conflict target takes columns only; the unique index is on lower(email).
    await db.execute(sql`
      insert into ${newsletterSubscribers} (email, status, created_at, updated_at)
      values (${address}, 'active', ${now}::timestamptz, ${now}::timestamptz)
      on conflict (lower(email)) do update set status = 'active', updated_at = excluded.updated_at`);
  }

  return {
    /**
     * Upserts by email (stored lower-cased) with status active, so an address that had unsubscribed
     * becomes active again. Signing up twice is not an error.
     */
    subscribe,

    /** The public sign-up: counted against the client's budget first, then subscribed. */
    async signUp(
      email: string,
      clientAddress: string,
    ): Promise<{ outcome: "subscribed" } | { outcome: "limited"; retryAfterMs: number }> {
      const { allowed, retryAfterMs } = await rateLimiter.hit(NEWSLETTER_SIGNUP_LIMIT, clientAddress);
      if (!allowed) return { outcome: "limited", retryAfterMs };
      await subscribe(email);
      return { outcome: "subscribed" };
    },

    /** Total, active and unsubscribed, counted in one pass. */
    async stats(): Promise<SubscriberStats> {
      const [row] = await db
        .select({
          total: count(),
          active: sql<number>`count(*) filter (where ${newsletterSubscribers.status} = 'active')`.mapWith(Number),
        })
        .from(newsletterSubscribers);
      const total = row?.total ?? 0;
      const active = row?.active ?? 0;
      return { total, active, unsubscribed: total - active };
    },

    /** The newest subscribers first (the tab shows 10). */
    recent(limit: number): Promise<SubscriberListing[]> {
      return db
        .select(listingColumns)
        .from(newsletterSubscribers)
        .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
        .limit(limit);
    },

    /** Sets one subscriber's status (unsubscribe, resubscribe); their address and new status, or null when there is no such subscriber. */
    async setStatus(
      id: number,
      status: SubscriberListing["status"],
    ): Promise<{ email: string; status: SubscriberListing["status"] } | null> {
      const [row] = await db
        .update(newsletterSubscribers)
        .set({ status, updatedAt: clock.now() })
        .where(eq(newsletterSubscribers.id, id))
        .returning({ email: newsletterSubscribers.email, status: newsletterSubscribers.status });
      return row ?? null;
    },

    /** One subscriber's address and status, or null. */
    async find(id: number): Promise<{ email: string; status: SubscriberListing["status"] } | null> {
      const [row] = await db
        .select({ email: newsletterSubscribers.email, status: newsletterSubscribers.status })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.id, id));
      return row ?? null;
    },

    /** Every subscriber, oldest first, for the CSV export. */
    all(): Promise<SubscriberListing[]> {
      return db
        .select(listingColumns)
        .from(newsletterSubscribers)
        .orderBy(asc(newsletterSubscribers.createdAt), asc(newsletterSubscribers.id));
    },
  };
}

export type SubscriberService = ReturnType<typeof createSubscriberService>;
