import { and, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { admins, authors, sessions } from "../../db/schema";
import { formatDateTime } from "../../utils/dates";
import { describeUserAgent } from "../../utils/user-agent";
import type { Clock } from "../clock.server";
import type { Logger } from "../logger.server";
import { describeMailError, type Mailer } from "../mail/mailer.server";
import { messageSite, renderEmail, type MailSite } from "../mail/render-email.server";
import type { EventClient, SecurityLog } from "../security/security-log.server";
import { createOneTimeLinks } from "./one-time-links.server";
import { SESSION_IDLE_MS, type NewBrowserSignIn } from "./sessions.server";

/** What a mailed "end that session" link says. */
export type EndLinkCheck =
  | {
      outcome: "valid";
      username: string;
      session: { createdAt: Date; userAgent: string; clientAddress: string; signedInWith: string };
    }
  /** The session has ended already (signed out, expired, ended from the Profile or by this link). */
  | { outcome: "ended" }
  /** Malformed, altered or not ours. */
  | { outcome: "invalid" };

/**
 * The "New sign-in to {publication}" mail: sent, after the sign-in was answered, to the verified address of an
 * account that signed in from a browser it had not used though it had used another. Its link
 * (`/auth/sessions/end/{token}`) opens a page with one button that ends that session. The link is a one-time link
 * of its own key and purpose whose id is the session's public id; nothing of it is stored, since the session itself
 * is what it uses up: once that session has ended, the link has nothing left to do.
 */
export function createSignInAlerts({
  db,
  clock,
  logger,
  mailer,
  site,
  securityLog,
}: {
  db: Database;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  site: MailSite & { timeZone: string };
  securityLog: Pick<SecurityLog, "record">;
}) {
  const links = createOneTimeLinks(db, { keyName: "session-end-link-key", purpose: "end-session" });
  /** Mails being rendered and sent after the sign-in was answered. */
  const inFlight = new Set<Promise<void>>();

  async function mail(signIn: NewBrowserSignIn): Promise<void> {
    try {
      const [account] = await db
        .select({ username: admins.username, email: admins.email, name: authors.name })
        .from(admins)
        .innerJoin(authors, eq(authors.id, admins.authorId))
        .where(and(eq(admins.id, signIn.adminId), isNotNull(admins.emailVerifiedAt), sql`${admins.email} <> ''`));
      if (!account) return;
      const { NewSignInEmail, newSignInSubject } = await import("~/emails/new-sign-in-email");
      const token = await links.token(signIn.sessionId, links.newSecret().secret);
      const content = await renderEmail(
        NewSignInEmail({
          ...messageSite(site),
          name: account.name,
          username: account.username,
          time: formatDateTime(signIn.at, site.timeZone),
          browser: describeUserAgent(signIn.userAgent),
          address: signIn.clientAddress,
          endUrl: `${site.url}/auth/sessions/end/${token}`,
          resetUrl: `${site.url}/auth/forgot`,
        }),
      );
      await mailer.send({
        to: account.email,
        subject: newSignInSubject(site.name),
        ...content,
        headers: {},
        messageId: `<sign-in-${signIn.sessionId}-${signIn.at.getTime().toString(36)}@${new URL(site.url).hostname}>`,
      });
      logger.info({ adminId: signIn.adminId }, "new sign-in notice sent");
    } catch (error) {
      logger.warn({ adminId: signIn.adminId, reason: describeMailError(error) }, "a new sign-in notice was not mailed");
    }
  }

  /** The session a link names, while it lasts. */
  async function sessionFor(token: string) {
    const parts = await links.read(token);
    if (!parts) return { outcome: "invalid" as const };
    const now = clock.now();
    const [row] = await db
      .select({
        id: sessions.id,
        adminId: sessions.adminId,
        username: admins.username,
        createdAt: sessions.createdAt,
        userAgent: sessions.userAgent,
        clientAddress: sessions.clientAddress,
        signedInWith: sessions.signedInWith,
      })
      .from(sessions)
      .innerJoin(admins, eq(admins.id, sessions.adminId))
      .where(
        and(
          eq(sessions.id, parts.id),
          gt(sessions.expiresAt, now),
          gt(sessions.lastUsedAt, new Date(now.getTime() - SESSION_IDLE_MS)),
          isNull(admins.suspendedAt),
        ),
      );
    return row ? { outcome: "valid" as const, row } : { outcome: "ended" as const };
  }

  return {
    /** Announces a sign-in from a new browser; the mail goes out after the caller answers. */
    newBrowser(signIn: NewBrowserSignIn): void {
      const sending = mail(signIn).finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    },

    /** What a mailed link would end, for the page it opens (which changes nothing). */
    async check(token: string): Promise<EndLinkCheck> {
      const found = await sessionFor(token);
      if (found.outcome !== "valid") return found;
      const { username, createdAt, userAgent, clientAddress, signedInWith } = found.row;
      return { outcome: "valid", username, session: { createdAt, userAgent, clientAddress, signedInWith } };
    },

    /** The page's button: ends the session the link names, and records it. */
    async end(token: string, client: EventClient): Promise<"ended" | "already-ended" | "invalid"> {
      const found = await sessionFor(token);
      if (found.outcome === "invalid") return "invalid";
      if (found.outcome === "ended") return "already-ended";
      const [ended] = await db.delete(sessions).where(eq(sessions.id, found.row.id)).returning({ id: sessions.id });
      if (!ended) return "already-ended";
      const owner = { id: found.row.adminId, name: found.row.username };
      await securityLog.record({
        kind: "session-ended",
        actor: owner,
        subject: owner,
        client,
        detail: { which: "mailed link", sessionId: ended.id },
      });
      logger.info({ adminId: owner.id }, "a session was ended from the new sign-in notice");
      return "ended";
    },

    /** Resolves when the notices started so far are sent or have failed (tests, shutdown). */
    async settled(): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}

export type SignInAlerts = ReturnType<typeof createSignInAlerts>;
