import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { newsletterSubscribers } from "../../db/schema";
import type { Clock } from "../index.server";
import type { RateLimiter, RateLimitPolicy } from "../rate-limits/rate-limiter.server";

/** Sign-ups from one client address: ten per quarter hour is plenty for people and little for a script. */
export const NEWSLETTER_SIGNUP_LIMIT: RateLimitPolicy = { bucket: "newsletter-signup", limit: 10, windowMs: 15 * 60_000 };

/** Newsletter subscribers: sign-up now; lists, counts and unsubscribe come with the newsletter itself. */
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
  };
}

export type SubscriberService = ReturnType<typeof createSubscriberService>;
