import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { rateLimits } from "../../db/schema";
import type { Clock } from "../clock.server";

/** A budget of `limit` requests per client in each window of `windowMs`. */
export interface RateLimitPolicy {
  bucket: string;
  limit: number;
  windowMs: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** When the client may try again; 0 when allowed. */
  retryAfterMs: number;
}

/** Only a hash of the address is stored. */
function clientKey(clientAddress: string): string {
  return createHash("sha256").update(clientAddress).digest("hex").slice(0, 32);
}

/** Fixed-window counters in the database, not in process memory, so every instance counts the same budget. */
export function createRateLimiter({ db, clock }: { db: Database; clock: Clock }) {
  return {
    /** Counts one request against the client's budget in a single upsert and says whether it may proceed. */
    async hit(policy: RateLimitPolicy, clientAddress: string): Promise<RateLimitDecision> {
      const now = clock.now();
      const windowStart = new Date(now.getTime() - policy.windowMs);
      const expired = sql`${rateLimits.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz`;
      const [row] = await db
        .insert(rateLimits)
        .values({ bucket: policy.bucket, clientKey: clientKey(clientAddress), windowStartedAt: now, hits: 1 })
        .onConflictDoUpdate({
          target: [rateLimits.bucket, rateLimits.clientKey],
          set: {
            hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
            windowStartedAt: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${rateLimits.windowStartedAt} end`,
          },
        })
        .returning({ hits: rateLimits.hits, windowStartedAt: rateLimits.windowStartedAt });
      if (!row || row.hits <= policy.limit) return { allowed: true, retryAfterMs: 0 };
      return { allowed: false, retryAfterMs: Math.max(0, row.windowStartedAt.getTime() + policy.windowMs - now.getTime()) };
    },

    /** Forgets windows that started before `olderThan` (pass now minus the longest window); returns how many were removed. */
    async prune(olderThan: Date): Promise<number> {
      const removed = await db
        .delete(rateLimits)
        .where(sql`${rateLimits.windowStartedAt} < ${olderThan.toISOString()}::timestamptz`)
        .returning({ bucket: rateLimits.bucket });
      return removed.length;
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
