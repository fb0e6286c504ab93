import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { newsletterSubscribers, subscriberDailyCounts } from "../../db/schema";

/** A change of the subscriber list that the Insights tab counts per day (decision 033). */
export type SubscriberEvent = "signUp" | "confirmation" | "unsubscribe";

/**
 * Counts one change of the subscriber list on the newsroom's `day` and keeps that day's totals (active, pending,
 * unsubscribed) as they are now: one statement, counts only, no address. Two changes at the same instant may leave
 * the totals one change behind until the next change.
 */
export async function recordSubscriberEvent(db: Database, day: string, event: SubscriberEvent): Promise<void> {
  const one = (kind: SubscriberEvent) => (event === kind ? 1 : 0);
  await db.execute(sql`
    insert into ${subscriberDailyCounts} (day, sign_ups, confirmations, unsubscribes, active, pending, unsubscribed)
    select ${day}::date, ${one("signUp")}, ${one("confirmation")}, ${one("unsubscribe")},
      count(*) filter (where status = 'active'), count(*) filter (where status = 'pending'),
      count(*) filter (where status = 'unsubscribed')
    from ${newsletterSubscribers}
    on conflict (day) do update set
      sign_ups = ${subscriberDailyCounts.signUps} + excluded.sign_ups,
      confirmations = ${subscriberDailyCounts.confirmations} + excluded.confirmations,
      unsubscribes = ${subscriberDailyCounts.unsubscribes} + excluded.unsubscribes,
      active = excluded.active, pending = excluded.pending, unsubscribed = excluded.unsubscribed`);
}
