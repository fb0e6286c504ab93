import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { admins, passkeys, pendingSignIns, recoveryCodes } from "../../db/schema";
import type { Clock } from "../clock.server";
import type { RateLimiter } from "../rate-limits/rate-limiter.server";
import type { EventClient, EventPerson, SecurityLog } from "../security/security-log.server";
import { LOGIN_ADDRESS_LIMIT, LOGIN_DELAY_MS, LOGIN_LOCKOUT, type LoginAttempts } from "./login-attempts.server";
import { looksLikeRecoveryCode, type RecoveryCodes } from "./recovery-codes.server";
import type { AuthenticatorApp } from "./authenticator-app.server";
import { hashSessionToken, type SessionService } from "./sessions.server";

/** A sign-in waits this long for its second step, then the password must be given again. */
export const PENDING_SIGN_IN_MS = 5 * 60_000;

/** How a sign-in completed on the second screen, as the session and the security log name it. */
export type SecondStepMethod = "password and app code" | "recovery code" | "passkey";

/** What failed on the second screen, as the security log names it. */
/** Where a second step comes from: the client, and the id its browser's long-lived cookie carries (for the new-browser mail). */
export type SignInClient = EventClient & { browserId?: string | null };

const TRIED: Record<SecondStepMethod, string> = {
  "password and app code": "app code",
  "recovery code": "recovery code",
  passkey: "passkey",
};

/** The second steps an account has: an app, how many unused recovery codes, how many passkeys. */
export interface SecondStepMethods {
  app: boolean;
  recoveryCodes: number;
  passkeys: number;
}

/** A sign-in whose password was right, as the second screen needs it. */
export interface PendingSignIn {
  adminId: number;
  username: string;
  returnTo: string;
  expiresAt: Date;
  methods: SecondStepMethods;
}

export type SecondStepResult =
  | {
      outcome: "signed-in";
      token: string;
      expiresAt: Date;
      /** The id for the browser's long-lived cookie, when the attempt named the browser (see SessionOrigin). */
      browserId?: string;
      returnTo: string;
      adminId: number;
      method: SecondStepMethod;
    }
  /** The code (or passkey) was not right; the sign-in still waits. */
  | { outcome: "wrong" }
  /** No sign-in waits for this token: expired, ended after too many wrong codes, or already completed. */
  | { outcome: "expired" }
  | { outcome: "locked"; retryAfterMs: number }
  | { outcome: "limited"; retryAfterMs: number };

/** An account's second steps in one query. */
export async function secondStepMethods(db: Database, adminId: number): Promise<SecondStepMethods> {
  const [row] = await db
    .select({
      app: sql<boolean>`${admins.totpSecret} is not null`,
      recoveryCodes: sql<number>`(select count(*) from ${recoveryCodes} where ${recoveryCodes}.admin_id = ${adminId} and ${recoveryCodes}.used_at is null)::int`,
      passkeys: sql<number>`(select count(*) from ${passkeys} where ${passkeys}.admin_id = ${adminId})::int`,
    })
    .from(admins)
    .where(eq(admins.id, adminId));
  return row ?? { app: false, recoveryCodes: 0, passkeys: 0 };
}

/** Whether signing in needs more than the password: an app, or at least one passkey. */
export function needsSecondStep(methods: SecondStepMethods): boolean {
  return methods.app || methods.passkeys > 0;
}

interface SignInDependencies {
  db: Database;
  clock: Clock;
  sessions: Pick<SessionService, "create">;
  attempts: LoginAttempts;
  rateLimiter: RateLimiter;
  securityLog: SecurityLog;
  app: Pick<AuthenticatorApp, "accept">;
  recoveryCodes: Pick<RecoveryCodes, "use" | "remaining">;
  /** LOGIN_DELAY_MS in production; tests of the rules pass 0. */
  delayMs?: number;
}

/**
 * The second screen of a sign-in: a right password for an account with a second step makes a pending sign-in (its
 * token in a short-lived cookie, only the hash stored, five minutes), which an app code, a recovery code or a passkey
 * completes into a new session. Every attempt counts towards the username's lockout and the address's budget, answers
 * no sooner than the spec's delay, and the pending sign-in ends with the lockout's fifth failure.
 */
export function createSecondStepSignIn({
  db,
  clock,
  sessions,
  attempts,
  rateLimiter,
  securityLog,
  app,
  recoveryCodes: codes,
  delayMs = LOGIN_DELAY_MS,
}: SignInDependencies) {
  async function find(token: string) {
    const [row] = await db
      .select({
        adminId: pendingSignIns.adminId,
        username: admins.username,
        returnTo: pendingSignIns.returnTo,
        expiresAt: pendingSignIns.expiresAt,
        failures: pendingSignIns.failures,
      })
      .from(pendingSignIns)
      .innerJoin(admins, eq(admins.id, pendingSignIns.adminId))
      .where(
        and(
          eq(pendingSignIns.tokenHash, hashSessionToken(token)),
          gt(pendingSignIns.expiresAt, clock.now()),
          sql`${admins.suspendedAt} is null`,
        ),
      );
    return row;
  }

  async function end(token: string): Promise<void> {
    await db.delete(pendingSignIns).where(eq(pendingSignIns.tokenHash, hashSessionToken(token)));
  }

  const person = (row: { adminId: number; username: string }): EventPerson => ({ id: row.adminId, name: row.username });

  /**
   * Completes a pending sign-in with a second step the caller has checked: the pending row goes (one DELETE, so only
   * one request completes it), the username's count starts again, and a NEW session begins. Null when no sign-in
   * waits for the token.
   */
  async function complete(token: string, method: SecondStepMethod, client?: SignInClient) {
    const [row] = await db
      .delete(pendingSignIns)
      .where(and(eq(pendingSignIns.tokenHash, hashSessionToken(token)), gt(pendingSignIns.expiresAt, clock.now())))
      .returning();
    if (!row) return null;
    const [admin] = await db
      .select({ username: admins.username, suspendedAt: admins.suspendedAt })
      .from(admins)
      .where(eq(admins.id, row.adminId));
    if (!admin || admin.suspendedAt) return null;
    const origin = client
      ? { userAgent: client.userAgent, clientAddress: client.clientAddress }
      : { userAgent: row.userAgent, clientAddress: row.clientAddress };
    await attempts.clear(admin.username.toLowerCase());
    const session = await sessions.create(row.adminId, { ...origin, signedInWith: method, browserId: client?.browserId });
    await db.update(admins).set({ lastSignInAt: clock.now() }).where(eq(admins.id, row.adminId));
    const who = person({ adminId: row.adminId, username: admin.username });
    await securityLog.record({ kind: "sign-in", actor: who, subject: who, client: origin, detail: { method } });
    return { ...session, returnTo: row.returnTo, adminId: row.adminId };
  }

  /** One attempt at the second step, with the lockout, the address budget and the spec's delay around `check`. */
  async function attemptOnce(input: {
    token: string;
    method: SecondStepMethod;
    client: SignInClient;
    /** True when the second step is right; "reused" for an app code whose step was used already. */
    check: (adminId: number) => Promise<boolean | "reused">;
  }): Promise<SecondStepResult> {
    const { token, method, client } = input;
    const now = clock.now();
    const address = await rateLimiter.hit(LOGIN_ADDRESS_LIMIT, client.clientAddress);
    if (!address.allowed) return { outcome: "limited", retryAfterMs: address.retryAfterMs };
    const pending = await find(token);
    if (!pending) return { outcome: "expired" };
    const who = person(pending);
    const username = pending.username.toLowerCase();
    const locked = async (retryAfterMs: number): Promise<SecondStepResult> => {
      await end(token);
      await securityLog.record({ kind: "sign-in-locked", subject: who, client, detail: { username: pending.username } });
      return { outcome: "locked", retryAfterMs };
    };

    const failures = await attempts.reserve(username, now);
    if (failures === null) return locked(await attempts.lockRemainingMs(username, now));
    const checked = await input.check(pending.adminId);
    if (checked === true) {
      const session = await complete(token, method, client);
      if (!session) return { outcome: "expired" };
      if (method === "recovery code") {
        const left = await codes.remaining(pending.adminId);
        await securityLog.record({ kind: "recovery-code-used", actor: who, subject: who, client, detail: { remaining: left } });
      }
      return { outcome: "signed-in", method, ...session };
    }

    const [counted] = await db
      .update(pendingSignIns)
      .set({ failures: sql`${pendingSignIns.failures} + 1` })
      .where(eq(pendingSignIns.tokenHash, hashSessionToken(token)))
      .returning({ failures: pendingSignIns.failures });
    const detail: Record<string, string> = { method: TRIED[method] };
    if (checked === "reused") detail.reason = "reused-code";
    await securityLog.record({ kind: "second-step-failed", subject: who, client, detail });
    if (failures >= LOGIN_LOCKOUT.maxFailures) return locked(LOGIN_LOCKOUT.windowMs);
    if (!counted || counted.failures >= LOGIN_LOCKOUT.maxFailures) {
      await end(token);
      return { outcome: "expired" };
    }
    return { outcome: "wrong" };
  }

  async function attempt(input: Parameters<typeof attemptOnce>[0]): Promise<SecondStepResult> {
    const started = performance.now();
    try {
      return await attemptOnce(input);
    } finally {
      const remaining = delayMs - (performance.now() - started);
      if (remaining > 0) await sleep(remaining);
    }
  }

  return {
    /** Starts the second screen after a right password; the caller puts the token in the pending sign-in cookie. */
    async begin(
      adminId: number,
      origin: { returnTo: string; userAgent: string; clientAddress: string },
    ): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString("base64url");
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + PENDING_SIGN_IN_MS);
      await db.delete(pendingSignIns).where(and(eq(pendingSignIns.adminId, adminId), lte(pendingSignIns.expiresAt, now)));
      await db
        .insert(pendingSignIns)
        .values({ tokenHash: hashSessionToken(token), adminId, expiresAt, createdAt: now, ...origin });
      return { token, expiresAt };
    },

    /** The sign-in waiting for this token, with the second steps its account has, or null. */
    async pending(token: string): Promise<PendingSignIn | null> {
      const row = await find(token);
      if (!row) return null;
      const { adminId, username, returnTo, expiresAt } = row;
      return { adminId, username, returnTo, expiresAt, methods: await secondStepMethods(db, adminId) };
    },

    /**
     * One attempt with a second step the caller checks in `check` (a passkey's assertion, say): counted towards the
     * lockout and the address budget, answered after the spec's delay, completed into a session when `check` says yes.
     */
    attempt,

    /** One attempt with what was typed on the second screen: six digits are an app code, anything else a recovery code. */
    attemptCode({ token, code, client }: { token: string; code: string; client: SignInClient }): Promise<SecondStepResult> {
      const typed = code.replace(/\s/g, "");
      const isAppCode = /^\d{6}$/.test(typed);
      return attempt({
        token,
        client,
        method: isAppCode ? "password and app code" : "recovery code",
        check: (adminId) =>
          isAppCode
            ? app.accept(adminId, typed).then((answer) => (answer === "accepted" ? true : answer === "reused" ? "reused" : false))
            : looksLikeRecoveryCode(code)
              ? codes.use(adminId, code)
              : Promise.resolve(false),
      });
    },

    complete,

    /** "Back to sign-in": the waiting sign-in is forgotten. */
    cancel: end,

    /** Deletes every pending sign-in past its five minutes; returns how many. */
    async pruneExpired(): Promise<number> {
      const removed = await db
        .delete(pendingSignIns)
        .where(lte(pendingSignIns.expiresAt, clock.now()))
        .returning({ adminId: pendingSignIns.adminId });
      return removed.length;
    },
  };
}

export type SecondStepSignIn = ReturnType<typeof createSecondStepSignIn>;
