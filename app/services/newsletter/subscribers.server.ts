import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { newsletterSubscribers } from "../../db/schema";
import type { Clock } from "../index.server";

/** Newsletter subscribers: sign-up now; lists, counts and unsubscribe come with the newsletter itself. */
export function createSubscriberService({ db, clock }: { db: Database; clock: Clock }) {
  return {
    /**
     * Upserts by email (stored lower-cased) with status active, so an address that had unsubscribed
     * becomes active again. Signing up twice is not an error.
     */
    async subscribe(email: string): Promise<void> {
      const now = clock.now().toISOString();
      const address = email.trim().toLowerCase();
      // Drizzle's conflict target takes columns only; the unique index is on lower(email).
      await db.execute(sql`
        insert into ${newsletterSubscribers} (email, status, created_at, updated_at)
        values (${address}, 'active', ${now}::timestamptz, ${now}::timestamptz)
        on conflict (lower(email)) do update set status = 'active', updated_at = excluded.updated_at`);
    },
  };
}

export type SubscriberService = ReturnType<typeof createSubscriberService>;
