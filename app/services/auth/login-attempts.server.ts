import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import type { RateLimitPolicy } from "../rate-limits/rate-limiter.server";
import { loginAttempts } from "../../db/schema";

/** The spec's lockout: 5 failures for a username lock it for 15 minutes from the last attempt. */
export const LOGIN_LOCKOUT = { maxFailures: 5, windowMs: 15 * 60_000 } as const;

/** The spec's artificial delay: no sign-in answer comes sooner than this after the attempt began. */
export const LOGIN_DELAY_MS = 500;

/**
 * Attempts from one client address, whatever the username: larger than the per-username
 * budget, so a person who mistypes is never stopped by it, but one address cannot try
 * hundreds of usernames. The second screen's attempts count here too.
 */
export const LOGIN_ADDRESS_LIMIT: RateLimitPolicy = { bucket: "admin-login", limit: 30, windowMs: 15 * 60_000 };

/**
 * The per-username lockout, kept in the database so it holds across restarts and instances. The password form and
 * the second screen (an app code, a recovery code, a passkey) both count here: a right password alone never resets
 * the count for an account with a second step, so a stolen password buys five guesses at the code, not five per try.
 */
export function createLoginAttempts({ db }: { db: Database }) {
  return {
    /**
     * Counts this attempt as a failure before it is checked, in one statement that refuses while the username is
     * locked: checking first and counting afterwards would let a burst of parallel attempts all pass. Returns the
     * failures counted so far, this one included, or null when locked.
     */
    async reserve(username: string, now: Date): Promise<number | null> {
      const windowStart = new Date(now.getTime() - LOGIN_LOCKOUT.windowMs).toISOString();
      const stale = sql`${loginAttempts.lastAttemptAt} <= ${windowStart}::timestamptz`;
      const [row] = await db
        .insert(loginAttempts)
        .values({ username, failures: 1, lastAttemptAt: now })
        .onConflictDoUpdate({
          target: loginAttempts.username,
          set: { failures: sql`case when ${stale} then 1 else ${loginAttempts.failures} + 1 end`, lastAttemptAt: now },
          setWhere: sql`${loginAttempts.failures} < ${LOGIN_LOCKOUT.maxFailures} or ${stale}`,
        })
        .returning({ failures: loginAttempts.failures });
      return row ? row.failures : null;
    },

    /** Takes back one reserved attempt that turned out right but is not yet a sign-in (a password before its second step). */
    async release(username: string): Promise<void> {
      await db
        .update(loginAttempts)
        .set({ failures: sql`greatest(${loginAttempts.failures} - 1, 0)` })
        .where(eq(loginAttempts.username, username));
    },

    /** A sign-in completed: the username's count starts again. */
    async clear(username: string): Promise<void> {
      await db.delete(loginAttempts).where(eq(loginAttempts.username, username));
    },

    /** How long the username stays locked from `now`; 0 when it is not. */
    async lockRemainingMs(username: string, now: Date): Promise<number> {
      const [row] = await db.select().from(loginAttempts).where(eq(loginAttempts.username, username));
      if (!row || row.failures < LOGIN_LOCKOUT.maxFailures) return 0;
      return Math.max(0, row.lastAttemptAt.getTime() + LOGIN_LOCKOUT.windowMs - now.getTime());
    },
  };
}

export type LoginAttempts = ReturnType<typeof createLoginAttempts>;
