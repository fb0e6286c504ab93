import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { loginAttempts } from "../../db/schema";
import type { Clock } from "../clock.server";
import type { RateLimiter, RateLimitPolicy } from "../rate-limits/rate-limiter.server";
import type { AdminService } from "./admins.server";
import { hashPassword, verifyPassword } from "./passwords.server";
import type { SessionOrigin, SessionService } from "./sessions.server";

/** The spec's lockout: 5 failures for a username lock it for 15 minutes from the last attempt. */
export const LOGIN_LOCKOUT = { maxFailures: 5, windowMs: 15 * 60_000 } as const;

/** The spec's artificial delay: no sign-in answer comes sooner than this after the attempt began. */
export const LOGIN_DELAY_MS = 500;

/**
 * Attempts from one client address, whatever the username: larger than the per-username
 * budget, so a person who mistypes is never stopped by it, but one address cannot try
 * hundreds of usernames.
 */
export const LOGIN_ADDRESS_LIMIT: RateLimitPolicy = { bucket: "admin-login", limit: 30, windowMs: 15 * 60_000 };

/** A sign-in attempt: the pair typed, and where it comes from (the address is what the budget counts). */
export interface SignInInput {
  username: string;
  password: string;
  clientAddress: string;
  /** The rest of where it comes from, for the session (its browser, the browser cookie's id). */
  origin?: Omit<Partial<SessionOrigin>, "clientAddress" | "signedInWith">;
}

export type LoginResult =
  | { outcome: "signed-in"; token: string; expiresAt: Date; username: string; browserId?: string }
  | { outcome: "invalid" }
  /** The right password for an account an administrator has suspended. */
  | { outcome: "suspended" }
  | { outcome: "locked"; retryAfterMs: number }
  | { outcome: "limited"; retryAfterMs: number };

interface LoginDependencies {
  db: Database;
  clock: Clock;
  admins: AdminService;
  sessions: SessionService;
  rateLimiter: RateLimiter;
  /** LOGIN_DELAY_MS in production; tests of the rules pass 0. */
  delayMs?: number;
  /** The password check (scrypt); tests count its calls. */
  checkPassword?: typeof verifyPassword;
}

/**
 * Sign-in with the spec's rules, on the server: a per-address budget, then the per-username
 * lockout kept in the database (so it holds across restarts and instances), then the password.
 */
export function createLoginService({
  db,
  clock,
  admins,
  sessions,
  rateLimiter,
  delayMs = LOGIN_DELAY_MS,
  checkPassword = verifyPassword,
}: LoginDependencies) {
  // Unknown usernames are checked against this, so they cost the same scrypt work as known ones.
  let decoyHash: Promise<string> | undefined;

  /**
   * Counts this attempt as a failure before the password is checked, in one statement that
   * refuses while the username is locked. Checking first and counting afterwards would let
   * a burst of parallel attempts all pass the check. Returns null when locked.
   */
  async function reserveAttempt(username: string, now: Date): Promise<number | null> {
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
  }

  async function lockRemainingMs(username: string, now: Date): Promise<number> {
    const [row] = await db.select().from(loginAttempts).where(eq(loginAttempts.username, username));
    if (!row || row.failures < LOGIN_LOCKOUT.maxFailures) return 0;
    return Math.max(0, row.lastAttemptAt.getTime() + LOGIN_LOCKOUT.windowMs - now.getTime());
  }

  async function attempt(input: SignInInput): Promise<LoginResult> {
    const now = clock.now();
    const address = await rateLimiter.hit(LOGIN_ADDRESS_LIMIT, input.clientAddress);
    if (!address.allowed) return { outcome: "limited", retryAfterMs: address.retryAfterMs };

    const username = input.username.trim().toLowerCase();
    const failures = await reserveAttempt(username, now);
    if (failures === null) return { outcome: "locked", retryAfterMs: await lockRemainingMs(username, now) };

    const admin = await admins.findByUsername(username);
    decoyHash ??= hashPassword(randomBytes(16).toString("hex"));
    const matches = await checkPassword(input.password, admin?.passwordHash ?? (await decoyHash));
    if (!admin || !matches) {
      // The failure was counted when the attempt was reserved; the fifth one locks straight away.
      return failures >= LOGIN_LOCKOUT.maxFailures
        ? { outcome: "locked", retryAfterMs: LOGIN_LOCKOUT.windowMs }
        : { outcome: "invalid" };
    }
    await db.delete(loginAttempts).where(eq(loginAttempts.username, username));
    if (admin.suspendedAt) return { outcome: "suspended" };
    const { token, expiresAt, browserId } = await sessions.create(admin.id, {
      ...input.origin,
      clientAddress: input.clientAddress,
      signedInWith: "password",
    });
    await admins.recordSignIn(admin.id);
    return { outcome: "signed-in", username: admin.username, token, expiresAt, ...(browserId ? { browserId } : {}) };
  }

  return {
    /** One sign-in attempt. Every outcome, and every thrown error, comes no sooner than `delayMs` after the start. */
    async signIn(input: SignInInput): Promise<LoginResult> {
      const started = performance.now();
      try {
        return await attempt(input);
      } finally {
        const remaining = delayMs - (performance.now() - started);
        if (remaining > 0) await sleep(remaining);
      }
    },

    /** Forgets counters older than the lockout window; returns how many. */
    async pruneAttempts(): Promise<number> {
      const windowStart = new Date(clock.now().getTime() - LOGIN_LOCKOUT.windowMs).toISOString();
      const removed = await db
        .delete(loginAttempts)
        .where(sql`${loginAttempts.lastAttemptAt} <= ${windowStart}::timestamptz`)
        .returning({ username: loginAttempts.username });
      return removed.length;
    },
  };
}

export type LoginService = ReturnType<typeof createLoginService>;
