import { and, asc, eq, gt, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { admins, authors, securityEvents, securityNotices, type SecurityEventRow } from "../../db/schema";
import type { SecurityEventKind } from "../../domain/security-events";
import { formatDateTime } from "../../utils/dates";
import { describeUserAgent } from "../../utils/user-agent";
import type { Clock } from "../clock.server";
import type { Logger } from "../logger.server";
import { describeMailError, type Mailer } from "../mail/mailer.server";
import { messageSite, renderEmail, type MailSite } from "../mail/render-email.server";
import { createPoller } from "../poller.server";

/** How often every instance looks for events to tell their owners about. */
export const NOTICE_POLL_MS = 5_000;

/** Events older than this when first seen are not mailed (a restored backup, a log from before notices existed). */
const NOTICE_HORIZON_MS = 24 * 60 * 60_000;

/** At most this many notices a round. */
const NOTICE_BATCH = 20;

/** What each notified kind tells the owner, from the event's detail. */
const NOTICES: Partial<Record<SecurityEventKind, (detail: SecurityEventRow["detail"]) => string | null>> = {
  "password-changed": () => "Your password was changed.",
  "password-reset": (detail) =>
    detail.by === "the server's shell"
      ? "Your password was changed from the server's shell."
      : "Your password was reset with a link mailed to this address.",
  "second-step-added": (detail) => `A second sign-in step was added to your account: ${stepName(detail)}.`,
  "second-step-removed": (detail) => `A second sign-in step was removed from your account: ${stepName(detail)}.`,
  "second-step-reset": () =>
    "An administrator removed every second sign-in step of your account. Set one up again in your Profile.",
  "recovery-codes-replaced": () => "New recovery codes were made for your account; the old ones no longer work.",
  "recovery-code-used": () => "A recovery code was used to sign in to your account. It cannot be used again.",
  // OWASP ASVS 2.8.5: a reused code is refused, logged and told to the holder.
  "second-step-failed": (detail) =>
    detail.reason === "reused-code"
      ? "Someone tried to sign in with a code from your authenticator app that had already been used, so it was refused."
      : null,
};

const NOTIFIED_KINDS = Object.keys(NOTICES);

function stepName(detail: SecurityEventRow["detail"]): string {
  if (detail.method === "passkey") return typeof detail.name === "string" ? `the passkey "${detail.name}"` : "a passkey";
  return "an authenticator app";
}

/**
 * Security notices (OWASP ASVS 2.2.3, 2.5.5, 2.8.5): a change to how someone signs in (a password changed or reset,
 * a second step added, removed or reset, recovery codes replaced or used, a reused app code) is mailed to the account's
 * verified address with when, the browser and the address. The security log is the outbox: every instance polls it
 * for notified kinds, and a notice is claimed with one insert, so each event is mailed once, whatever wrote it.
 */
export function createSecurityNotices({
  db,
  clock,
  logger,
  mailer,
  site,
  pollMs = NOTICE_POLL_MS,
}: {
  db: Database;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  site: MailSite & { timeZone: string };
  pollMs?: number;
}) {
  /** The newest unclaimed events of notified kinds, claimed by this instance. */
  async function claim(): Promise<SecurityEventRow[]> {
    const horizon = new Date(clock.now().getTime() - NOTICE_HORIZON_MS);
    const waiting = await db
      .select({ id: securityEvents.id })
      .from(securityEvents)
      .leftJoin(securityNotices, eq(securityNotices.eventId, securityEvents.id))
      .where(
        and(
          inArray(securityEvents.kind, NOTIFIED_KINDS),
          gt(securityEvents.occurredAt, horizon),
          isNotNull(securityEvents.subjectId),
          isNull(securityNotices.eventId),
        ),
      )
      .orderBy(asc(securityEvents.id))
      .limit(NOTICE_BATCH);
    if (waiting.length === 0) return [];
    const claimed = await db
      .insert(securityNotices)
      .values(waiting.map(({ id }) => ({ eventId: id, status: "sending", updatedAt: clock.now() })))
      .onConflictDoNothing()
      .returning({ eventId: securityNotices.eventId });
    if (claimed.length === 0) return [];
    return db
      .select()
      .from(securityEvents)
      .where(
        inArray(
          securityEvents.id,
          claimed.map((row) => row.eventId),
        ),
      )
      .orderBy(asc(securityEvents.id));
  }

  async function settle(eventId: number, status: "sent" | "failed" | "skipped"): Promise<void> {
    await db.update(securityNotices).set({ status, updatedAt: clock.now() }).where(eq(securityNotices.eventId, eventId));
  }

  async function send(event: SecurityEventRow): Promise<void> {
    const what = NOTICES[event.kind as SecurityEventKind]?.(event.detail) ?? null;
    const [owner] = await db
      .select({ username: admins.username, email: admins.email, name: authors.name })
      .from(admins)
      .innerJoin(authors, eq(authors.id, admins.authorId))
      .where(and(eq(admins.id, event.subjectId ?? -1), isNotNull(admins.emailVerifiedAt), ne(admins.email, "")));
    if (!what || !owner) return settle(event.id, "skipped");
    try {
      const { SecurityNoticeEmail, securityNoticeSubject } = await import("~/emails/security-notice-email");
      const content = await renderEmail(
        SecurityNoticeEmail({
          ...messageSite(site),
          name: owner.name,
          username: owner.username,
          what,
          when: formatDateTime(event.occurredAt, site.timeZone),
          browser: event.userAgent
            ? describeUserAgent(event.userAgent)
            : event.clientAddress
              ? "Unknown browser"
              : "The server's shell",
          address: event.clientAddress,
        }),
      );
      await mailer.send({
        to: owner.email,
        subject: securityNoticeSubject(site.name),
        ...content,
        headers: {},
        messageId: `<security-${event.id}@${new URL(site.url).hostname}>`,
      });
      await settle(event.id, "sent");
      logger.info({ eventId: event.id, kind: event.kind }, "security notice sent");
    } catch (error) {
      await settle(event.id, "failed");
      logger.warn({ eventId: event.id, reason: describeMailError(error) }, "a security notice was not mailed");
    }
  }

  /** One round: claims what is waiting and mails it; returns how many events it handled. */
  async function sendDue(): Promise<number> {
    const events = await claim();
    for (const event of events) await send(event);
    return events.length;
  }

  const poller = createPoller({
    work: sendDue,
    intervalMs: pollMs,
    logger,
    failure: "could not send security notices; will try again",
  });

  return {
    sendDue,
    start: () => poller.start(),
    stop: () => poller.stop(),
    /** Forgets the notices of events the log no longer keeps; returns how many. */
    async pruneOld(): Promise<number> {
      const removed = await db
        .delete(securityNotices)
        .where(sql`not exists (select 1 from ${securityEvents} where ${securityEvents.id} = ${securityNotices.eventId})`)
        .returning({ eventId: securityNotices.eventId });
      return removed.length;
    },
  };
}

export type SecurityNotices = ReturnType<typeof createSecurityNotices>;
