import { setTimeout as sleep } from "node:timers/promises";
import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { admins, authors, passwordResets } from "../../db/schema";
import type { Clock } from "../clock.server";
import { createSecurityLog, type EventClient, type EventSource, type SecurityLog } from "../security/security-log.server";
import type { Logger } from "../logger.server";
import { describeMailError, type Mailer } from "../mail/mailer.server";
import { renderEmail, messageSite, type MailSite } from "../mail/render-email.server";
import type { RateLimiter, RateLimitPolicy } from "../rate-limits/rate-limiter.server";
import { LOGIN_DELAY_MS } from "./login.server";
import { createOneTimeLinks } from "./one-time-links.server";
import { replacePassword } from "./password-change.server";
import type { SecondStep } from "./second-step.server";
import { hashNewPassword } from "./passwords.server";
import type { SessionOrigin, SessionService, StartedSession } from "./sessions.server";

/** A reset link works once, for an hour. */
export const RESET_LINK_LIFETIME_MS = 60 * 60_000;

/** At most 3 reset mails per account an hour, counting only links still waiting to be used. */
export const RESETS_PER_ACCOUNT = { limit: 3, windowMs: 60 * 60_000 } as const;

/** Reset requests from one client address, whatever they name: one address cannot mail every account. */
export const RESET_ADDRESS_LIMIT: RateLimitPolicy = { bucket: "password-reset", limit: 10, windowMs: 15 * 60_000 };

export type ResetRequestResult = { outcome: "requested" } | { outcome: "limited"; retryAfterMs: number };

/** What a reset link says, checked against its signature and its row. */
export type ResetCheck =
  | { outcome: "valid"; adminId: number; username: string }
  | { outcome: "expired" }
  | { outcome: "used" }
  /** Malformed, altered or never issued. */
  | { outcome: "invalid" };

export type ResetResult =
  | Exclude<ResetCheck, { outcome: "valid" }>
  | ({ outcome: "reset"; adminId: number; username: string } & StartedSession)
  /** The password is reset, but the account has a second step: no session, only a pending sign-in for the second screen. */
  | { outcome: "second-step"; adminId: number; username: string; pendingToken: string; expiresAt: Date };

/**
 * Password reset by e-mail. Anyone may ask for a link for a username or an address; the answer is the same, and
 * comes after the same delay, whether or not an account matches, and the mail is sent after the answer. Only an
 * account with a verified address that is not suspended gets one, at most three waiting links an hour. The link
 * (`/auth/reset/{token}`, a one-time link) leads to a form for a new password; choosing it uses the link and every
 * other waiting one, ends every session of the account and any lockout on its name, and signs the person in.
 */
export function createPasswordResetService({
  db,
  clock,
  logger,
  mailer,
  rateLimiter,
  sessions,
  site,
  delayMs = LOGIN_DELAY_MS,
  securityLog = createSecurityLog({ db, clock }),
  secondStep,
}: {
  db: Database;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  sessions: SessionService;
  site: MailSite;
  /** LOGIN_DELAY_MS in production: no answer to a request comes sooner. */
  delayMs?: number;
  /** Where links asked for and passwords reset are recorded. */
  securityLog?: SecurityLog;
  /** Whether an account has a second step, and its second screen: a reset then starts no session. */
  secondStep?: Pick<SecondStep, "has" | "begin">;
}) {
  const links = createOneTimeLinks(db, { keyName: "password-reset-key", purpose: "reset" });
  /** Reset mails being rendered and sent after the request was answered. */
  const inFlight = new Set<Promise<void>>();

  /** The accounts a request names by username or address that may be mailed a link. */
  async function accountsNamed(identifier: string) {
    const named = identifier.trim().toLowerCase();
    if (named === "") return [];
    return db
      .select({ id: admins.id, username: admins.username, email: admins.email, name: authors.name })
      .from(admins)
      .innerJoin(authors, eq(authors.id, admins.authorId))
      .where(
        and(
          or(sql`lower(${admins.username}) = ${named}`, sql`lower(${admins.email}) = ${named}`),
          isNotNull(admins.emailVerifiedAt),
          isNull(admins.suspendedAt),
          sql`${admins.email} <> ''`,
        ),
      );
  }

  /** Records a link for the account unless three are already waiting from the last hour; its token, or null. */
  async function issue(account: { id: number; username: string }, now: Date, client: EventClient): Promise<string | null> {
    const adminId = account.id;
    const { secret, hash } = links.newSecret();
    const hourAgo = new Date(now.getTime() - RESETS_PER_ACCOUNT.windowMs);
    // The account's row is locked first, so requests at once (on any instance) count each other's links.
    const id = await db.transaction(async (tx) => {
      await tx.select({ id: admins.id }).from(admins).where(eq(admins.id, adminId)).for("update");
      const [waiting] = await tx
        .select({ count: count() })
        .from(passwordResets)
        .where(and(eq(passwordResets.adminId, adminId), isNull(passwordResets.usedAt), gt(passwordResets.createdAt, hourAgo)));
      if ((waiting?.count ?? 0) >= RESETS_PER_ACCOUNT.limit) return null;
      const [row] = await tx
        .insert(passwordResets)
        .values({ adminId, tokenHash: hash, expiresAt: new Date(now.getTime() + RESET_LINK_LIFETIME_MS), createdAt: now })
        .returning({ id: passwordResets.id });
      if (!row) return null;
      await securityLog.record(
        { kind: "password-reset-requested", subject: { id: adminId, name: account.username }, client },
        tx,
      );
      return row.id;
    });
    return id === null ? null : links.token(id, secret);
  }

  async function mail(account: { id: number; username: string; email: string; name: string }, token: string, now: Date) {
    try {
      const { PasswordResetEmail, passwordResetSubject } = await import("~/emails/password-reset-email");
      const content = await renderEmail(
        PasswordResetEmail({
          ...messageSite(site),
          name: account.name,
          username: account.username,
          resetUrl: `${site.url}/auth/reset/${token}`,
          validMinutes: RESET_LINK_LIFETIME_MS / 60_000,
        }),
      );
      await mailer.send({
        to: account.email,
        subject: passwordResetSubject(site.name),
        ...content,
        headers: {},
        messageId: `<reset-${account.id}-${now.getTime().toString(36)}@${new URL(site.url).hostname}>`,
      });
      logger.info({ adminId: account.id }, "password reset link sent");
    } catch (error) {
      logger.warn({ adminId: account.id, reason: describeMailError(error) }, "a password reset link was not mailed");
    }
  }

  /** What a link says, with the id of its row when it is valid. */
  async function check(
    token: string,
  ): Promise<Exclude<ResetCheck, { outcome: "valid" }> | (Extract<ResetCheck, { outcome: "valid" }> & { resetId: number })> {
    const parts = await links.read(token);
    if (!parts) return { outcome: "invalid" };
    const [row] = await db
      .select({
        tokenHash: passwordResets.tokenHash,
        expiresAt: passwordResets.expiresAt,
        usedAt: passwordResets.usedAt,
        adminId: admins.id,
        username: admins.username,
        suspendedAt: admins.suspendedAt,
      })
      .from(passwordResets)
      .innerJoin(admins, eq(admins.id, passwordResets.adminId))
      .where(eq(passwordResets.id, parts.id));
    if (!row || !links.matches(row.tokenHash, parts.secret)) return { outcome: "invalid" };
    if (row.usedAt || row.suspendedAt) return { outcome: "used" };
    if (row.expiresAt.getTime() <= clock.now().getTime()) return { outcome: "expired" };
    return { outcome: "valid", adminId: row.adminId, username: row.username, resetId: parts.id };
  }

  return {
    /** What a link says, for the page it opens. */
    async check(token: string): Promise<ResetCheck> {
      const checked = await check(token);
      return checked.outcome === "valid" ? { outcome: "valid", adminId: checked.adminId, username: checked.username } : checked;
    },

    /**
     * Asks for a link for the account a username or an address names. The same answer, no sooner than `delayMs`
     * after the start, whatever matched; the mail goes out after the answer.
     */
    async request(identifier: string, clientAddress: string, userAgent = ""): Promise<ResetRequestResult> {
      const started = performance.now();
      try {
        const budget = await rateLimiter.hit(RESET_ADDRESS_LIMIT, clientAddress);
        if (!budget.allowed) return { outcome: "limited", retryAfterMs: budget.retryAfterMs };
        const now = clock.now();
        for (const account of await accountsNamed(identifier)) {
          const token = await issue(account, now, { clientAddress, userAgent });
          if (!token) continue;
          const sending = mail(account, token, now).finally(() => inFlight.delete(sending));
          inFlight.add(sending);
        }
        return { outcome: "requested" };
      } finally {
        const remaining = delayMs - (performance.now() - started);
        if (remaining > 0) await sleep(remaining);
      }
    },

    /**
     * Chooses a new password with a link: the link and every other waiting one of the account are used, the password
     * replaced, every session and lockout ended, and a new session started, all or nothing.
     */
    async complete(
      token: string,
      password: string,
      { client, browserId }: EventSource & Pick<SessionOrigin, "browserId"> = {},
    ): Promise<ResetResult> {
      const checked = await check(token);
      if (checked.outcome !== "valid") return checked;
      const passwordHash = await hashNewPassword(password, [checked.username]);
      const done = await db.transaction(async (tx) => {
        const now = clock.now();
        const [claimed] = await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(and(eq(passwordResets.id, checked.resetId), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
          .returning({ id: passwordResets.id });
        if (!claimed) return false;
        await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(and(eq(passwordResets.adminId, checked.adminId), isNull(passwordResets.usedAt)));
        const account = { id: checked.adminId, username: checked.username };
        const ended = await replacePassword(tx, account, passwordHash, now);
        const person = { id: account.id, name: account.username };
        await securityLog.record(
          { kind: "password-reset", actor: person, subject: person, client, detail: { sessionsEnded: ended } },
          tx,
        );
        return true;
      });
      if (!done) return { outcome: "used" };
      logger.info({ adminId: checked.adminId }, "password reset with a link; every session ended");
      // A link in the mail is one factor: an account with a second step still answers it before it has a session.
      if (secondStep && (await secondStep.has(checked.adminId))) {
        const pending = await secondStep.begin(checked.adminId, {
          returnTo: "/admin",
          clientAddress: client?.clientAddress ?? "",
          userAgent: client?.userAgent ?? "",
        });
        const { adminId, username } = checked;
        return { outcome: "second-step", adminId, username, pendingToken: pending.token, expiresAt: pending.expiresAt };
      }
      const session = await sessions.create(checked.adminId, {
        clientAddress: client?.clientAddress ?? "",
        userAgent: client?.userAgent ?? "",
        signedInWith: "reset link",
        ...(browserId === undefined ? {} : { browserId }),
      });
      return { outcome: "reset", adminId: checked.adminId, username: checked.username, ...session };
    },

    /** Forgets links that expired a week ago (until then a used or expired link is answered as such); how many. */
    async pruneExpired(): Promise<number> {
      const weekAgo = new Date(clock.now().getTime() - 7 * 24 * 60 * 60_000);
      const removed = await db
        .delete(passwordResets)
        .where(lt(passwordResets.expiresAt, weekAgo))
        .returning({ id: passwordResets.id });
      return removed.length;
    },

    /** Resolves when the reset mails started so far are sent or have failed (tests, shutdown). */
    async settled(): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
