import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { loginAttempts } from "../../db/schema";
import type { Clock } from "../clock.server";
import type { RateLimiter } from "../rate-limits/rate-limiter.server";
import type { EventClient, SecurityLog } from "../security/security-log.server";
import type { AdminService } from "./admins.server";
import { createLoginAttempts, LOGIN_ADDRESS_LIMIT, LOGIN_DELAY_MS, LOGIN_LOCKOUT } from "./login-attempts.server";
import { hashPassword, verifyPassword } from "./passwords.server";
import type { SessionService } from "./sessions.server";
import { needsSecondStep, secondStepMethods, type SecondStepSignIn } from "./second-step-sign-in.server";

export { LOGIN_ADDRESS_LIMIT, LOGIN_DELAY_MS, LOGIN_LOCKOUT } from "./login-attempts.server";

/** The longest username the security log keeps of a failed sign-in, as typed. */
const LOGGED_USERNAME_LENGTH = 80;

export type LoginResult =
  | { outcome: "signed-in"; token: string; expiresAt: Date; username: string; browserId?: string }
  /** The right password for an account with a second step: no session yet, only a pending sign-in for the second screen. */
  | { outcome: "second-step"; pendingToken: string; expiresAt: Date }
  | { outcome: "invalid" }
  /** The right password for an account an administrator has suspended. */
  | { outcome: "suspended" }
  | { outcome: "locked"; retryAfterMs: number }
  | { outcome: "limited"; retryAfterMs: number };

export interface LoginInput {
  username: string;
  password: string;
  clientAddress: string;
  /** The browser's User-Agent, for the session and the security log. */
  userAgent?: string;
  /** The admin page to go back to after a second step. */
  returnTo?: string;
  /** The id the browser's long-lived cookie carries (null: none yet), for the new-browser mail; see SessionOrigin. */
  browserId?: string | null;
}

interface LoginDependencies {
  db: Database;
  clock: Clock;
  admins: AdminService;
  sessions: SessionService;
  rateLimiter: RateLimiter;
  securityLog: SecurityLog;
  /** The second screen, begun when the account has an app or a passkey. */
  secondStep: Pick<SecondStepSignIn, "begin">;
  /** LOGIN_DELAY_MS in production; tests of the rules pass 0. */
  delayMs?: number;
  /** The password check (scrypt); tests count its calls. */
  checkPassword?: typeof verifyPassword;
}

/**
 * Sign-in with the spec's rules, on the server: a per-address budget, then the per-username
 * lockout kept in the database (so it holds across restarts and instances), then the password,
 * then, for an account with a second step, the second screen instead of a session.
 */
export function createLoginService({
  db,
  clock,
  admins,
  sessions,
  rateLimiter,
  securityLog,
  secondStep,
  delayMs = LOGIN_DELAY_MS,
  checkPassword = verifyPassword,
}: LoginDependencies) {
  // Unknown usernames are checked against this, so they cost the same scrypt work as known ones.
  let decoyHash: Promise<string> | undefined;
  const attempts = createLoginAttempts({ db });

  async function attempt(input: LoginInput): Promise<LoginResult> {
    const now = clock.now();
    const client: EventClient = { clientAddress: input.clientAddress, userAgent: input.userAgent ?? "" };
    const address = await rateLimiter.hit(LOGIN_ADDRESS_LIMIT, input.clientAddress);
    if (!address.allowed) return { outcome: "limited", retryAfterMs: address.retryAfterMs };

    const typed = input.username.trim();
    const username = typed.toLowerCase();
    const logged = { username: typed.slice(0, LOGGED_USERNAME_LENGTH) };
    const failures = await attempts.reserve(username, now);
    const admin = await admins.findByUsername(username);
    const subject = admin ? { id: admin.id, name: admin.username } : null;
    if (failures === null) {
      await securityLog.record({ kind: "sign-in-locked", subject, client, detail: logged });
      return { outcome: "locked", retryAfterMs: await attempts.lockRemainingMs(username, now) };
    }

    decoyHash ??= hashPassword(randomBytes(16).toString("hex"));
    const matches = await checkPassword(input.password, admin?.passwordHash ?? (await decoyHash));
    if (!admin || !matches) {
      // The failure was counted when the attempt was reserved; the fifth one locks straight away.
      await securityLog.record({ kind: "sign-in-failed", subject, client, detail: logged });
      if (failures < LOGIN_LOCKOUT.maxFailures) return { outcome: "invalid" };
      await securityLog.record({ kind: "sign-in-locked", subject, client, detail: logged });
      return { outcome: "locked", retryAfterMs: LOGIN_LOCKOUT.windowMs };
    }
    if (admin.suspendedAt) {
      await attempts.clear(username);
      return { outcome: "suspended" };
    }
    if (needsSecondStep(await secondStepMethods(db, admin.id))) {
      // The password was right, but only the second step clears the count: five guesses at the code, not five per password.
      await attempts.release(username);
      const pending = await secondStep.begin(admin.id, { returnTo: input.returnTo ?? "/admin", ...client });
      return { outcome: "second-step", pendingToken: pending.token, expiresAt: pending.expiresAt };
    }
    await attempts.clear(username);
    const session = await sessions.create(admin.id, { ...client, signedInWith: "password", browserId: input.browserId });
    await admins.recordSignIn(admin.id);
    await securityLog.record({ kind: "sign-in", actor: subject, subject, client, detail: { method: "password" } });
    return { outcome: "signed-in", username: admin.username, ...session };
  }

  return {
    /** One sign-in attempt. Every outcome, and every thrown error, comes no sooner than `delayMs` after the start. */
    async signIn(input: LoginInput): Promise<LoginResult> {
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
