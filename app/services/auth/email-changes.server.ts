import { and, count, desc, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { admins, authors, emailChanges } from "../../db/schema";
import type { Clock } from "../clock.server";
import type { Logger } from "../logger.server";
import { describeMailError, type Mailer } from "../mail/mailer.server";
import { messageSite, renderEmail, type MailSite } from "../mail/render-email.server";
import type { EventClient, EventPerson, SecurityLog } from "../security/security-log.server";
import { createOneTimeLinks } from "./one-time-links.server";

/** A confirmation link works once, for 24 hours. */
export const EMAIL_CHANGE_LIFETIME_MS = 24 * 60 * 60_000;

/** At most 3 confirmation mails per account an hour, counting only links still waiting to be used. */
export const EMAIL_CHANGES_PER_ACCOUNT = { limit: 3, windowMs: 60 * 60_000 } as const;

/** What the Profile shows of a person's address. */
export interface EmailStatus {
  email: string;
  verified: boolean;
  /** The newest address waiting for its confirmation link to be followed, if any. */
  pending: string | null;
}

export type EmailChangeRequest =
  | { outcome: "sent"; email: string }
  /** Three links are waiting from the last hour: the earlier one still works. */
  | { outcome: "held-back"; email: string }
  | { outcome: "unchanged" }
  | { outcome: "taken" };

export type EmailChangeCheck =
  { outcome: "valid"; username: string; email: string } | { outcome: "expired" } | { outcome: "used" } | { outcome: "invalid" };

export type EmailChangeResult =
  Exclude<EmailChangeCheck, { outcome: "valid" }> | { outcome: "taken" } | { outcome: "changed"; adminId: number; email: string };

/** Another account with this address (in any letter case): no two accounts share one. */
function otherAccountWith(email: string, adminId: number) {
  return and(sql`lower(${admins.email}) = ${email.toLowerCase()}`, ne(admins.id, adminId));
}

/**
 * A person's own e-mail address: adding or changing it mails a one-time link (`/auth/email/{token}`, 24 hours) to the
 * new address; following it (a page with one button) makes it the account's verified address, and the old address,
 * when there was one, is told. At most three links waiting an hour; an address another account has is refused, when
 * asked and again when confirmed. Mails go out after the answer.
 */
export function createEmailChangeService({
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
  site: MailSite;
  securityLog: Pick<SecurityLog, "record">;
}) {
  const links = createOneTimeLinks(db, { keyName: "email-change-link-key", purpose: "email-change" });
  const inFlight = new Set<Promise<void>>();

  function later(work: () => Promise<void>, what: string, adminId: number): void {
    const sending = work()
      .catch((error: unknown) => logger.warn({ adminId, reason: describeMailError(error) }, `${what} was not mailed`))
      .finally(() => inFlight.delete(sending));
    inFlight.add(sending);
  }

  async function account(adminId: number) {
    const [row] = await db
      .select({ username: admins.username, email: admins.email, name: authors.name, verifiedAt: admins.emailVerifiedAt })
      .from(admins)
      .innerJoin(authors, eq(authors.id, admins.authorId))
      .where(eq(admins.id, adminId));
    return row;
  }

  function messageId(kind: string, id: number, now: Date): string {
    return `<${kind}-${id}-${now.getTime().toString(36)}@${new URL(site.url).hostname}>`;
  }

  async function check(token: string) {
    const parts = await links.read(token);
    if (!parts) return { outcome: "invalid" as const };
    const [row] = await db
      .select({
        tokenHash: emailChanges.tokenHash,
        adminId: emailChanges.adminId,
        email: emailChanges.email,
        expiresAt: emailChanges.expiresAt,
        usedAt: emailChanges.usedAt,
        username: admins.username,
        suspendedAt: admins.suspendedAt,
      })
      .from(emailChanges)
      .innerJoin(admins, eq(admins.id, emailChanges.adminId))
      .where(eq(emailChanges.id, parts.id));
    if (!row || !links.matches(row.tokenHash, parts.secret)) return { outcome: "invalid" as const };
    if (row.usedAt || row.suspendedAt) return { outcome: "used" as const };
    if (row.expiresAt.getTime() <= clock.now().getTime()) return { outcome: "expired" as const };
    return { outcome: "valid" as const, changeId: parts.id, adminId: row.adminId, username: row.username, email: row.email };
  }

  return {
    /** The address, whether it is verified, and the one waiting for confirmation. */
    async status(adminId: number): Promise<EmailStatus> {
      const now = clock.now();
      const [current] = await db
        .select({ email: admins.email, verifiedAt: admins.emailVerifiedAt })
        .from(admins)
        .where(eq(admins.id, adminId));
      const [waiting] = await db
        .select({ email: emailChanges.email })
        .from(emailChanges)
        .where(and(eq(emailChanges.adminId, adminId), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, now)))
        .orderBy(desc(emailChanges.createdAt), desc(emailChanges.id))
        .limit(1);
      const email = current?.email ?? "";
      return { email, verified: email !== "" && Boolean(current?.verifiedAt), pending: waiting?.email ?? null };
    },

    /** Asks to make `email` (already normalised) the person's address: a link to it, unless held back or refused. */
    async request(input: { actor: EventPerson; email: string; client: EventClient }): Promise<EmailChangeRequest> {
      const { actor, email, client } = input;
      const now = clock.now();
      const { secret, hash } = links.newSecret();
      const hourAgo = new Date(now.getTime() - EMAIL_CHANGES_PER_ACCOUNT.windowMs);
      // The account's row is locked first, so requests at once (on any instance) count each other's links.
      const decided = await db.transaction(async (tx) => {
        const [me] = await tx
          .select({ email: admins.email, verifiedAt: admins.emailVerifiedAt })
          .from(admins)
          .where(eq(admins.id, actor.id))
          .for("update");
        if (!me) throw new Error("The account is gone.");
        if (me.verifiedAt && me.email.toLowerCase() === email) return { outcome: "unchanged" as const };
        const [taken] = await tx.select({ id: admins.id }).from(admins).where(otherAccountWith(email, actor.id)).limit(1);
        if (taken) return { outcome: "taken" as const };
        const [waiting] = await tx
          .select({ count: count() })
          .from(emailChanges)
          .where(
            and(
              eq(emailChanges.adminId, actor.id),
              isNull(emailChanges.usedAt),
              gt(emailChanges.expiresAt, now),
              gt(emailChanges.createdAt, hourAgo),
            ),
          );
        if ((waiting?.count ?? 0) >= EMAIL_CHANGES_PER_ACCOUNT.limit) return { outcome: "held-back" as const, email };
        const [row] = await tx
          .insert(emailChanges)
          .values({
            adminId: actor.id,
            email,
            tokenHash: hash,
            expiresAt: new Date(now.getTime() + EMAIL_CHANGE_LIFETIME_MS),
            createdAt: now,
          })
          .returning({ id: emailChanges.id });
        if (!row) throw new Error("The e-mail change was not saved.");
        await securityLog.record({ kind: "email-change-requested", actor, subject: actor, client, detail: { email } }, tx);
        return { outcome: "sent" as const, email, id: row.id };
      });
      if (decided.outcome !== "sent") return decided;
      later(
        async () => {
          const person = await account(actor.id);
          if (!person) return;
          const token = await links.token(decided.id, secret);
          const { AddressConfirmationEmail, addressConfirmationSubject } = await import("~/emails/address-change-email");
          const content = await renderEmail(
            AddressConfirmationEmail({
              ...messageSite(site),
              name: person.name,
              username: person.username,
              confirmUrl: `${site.url}/auth/email/${token}`,
              validHours: EMAIL_CHANGE_LIFETIME_MS / 3_600_000,
            }),
          );
          await mailer.send({
            to: email,
            subject: addressConfirmationSubject(site.name),
            ...content,
            headers: {},
            messageId: messageId("email-confirm", decided.id, now),
          });
          logger.info({ adminId: actor.id }, "e-mail confirmation link sent");
        },
        "an e-mail confirmation link",
        actor.id,
      );
      return { outcome: "sent", email };
    },

    /** What a confirmation link says, for the page it opens (which changes nothing). */
    async check(token: string): Promise<EmailChangeCheck> {
      const checked = await check(token);
      return checked.outcome === "valid" ? { outcome: "valid", username: checked.username, email: checked.email } : checked;
    },

    /**
     * Follows a confirmation link: the address becomes the account's, verified; this link and every other waiting
     * one of the account are used up, all or nothing. The old address is told afterwards.
     */
    async confirm(token: string, client: EventClient): Promise<EmailChangeResult> {
      const checked = await check(token);
      if (checked.outcome !== "valid") return checked;
      const now = clock.now();
      const done = await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ email: admins.email, verifiedAt: admins.emailVerifiedAt })
          .from(admins)
          .where(eq(admins.id, checked.adminId))
          .for("update");
        const [claimed] = await tx
          .update(emailChanges)
          .set({ usedAt: now })
          .where(and(eq(emailChanges.id, checked.changeId), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, now)))
          .returning({ id: emailChanges.id });
        if (!before || !claimed) return { outcome: "used" as const };
        const [taken] = await tx
          .select({ id: admins.id })
          .from(admins)
          .where(otherAccountWith(checked.email, checked.adminId))
          .limit(1);
        if (taken) return { outcome: "taken" as const };
        await tx
          .update(emailChanges)
          .set({ usedAt: now })
          .where(and(eq(emailChanges.adminId, checked.adminId), isNull(emailChanges.usedAt)));
        await tx
          .update(admins)
          .set({ email: checked.email, emailVerifiedAt: now, updatedAt: now })
          .where(eq(admins.id, checked.adminId));
        const person = { id: checked.adminId, name: checked.username };
        await securityLog.record(
          {
            kind: "email-changed",
            actor: person,
            subject: person,
            client,
            detail: { email: checked.email, previous: before.email },
          },
          tx,
        );
        return { outcome: "changed" as const, previous: before.email };
      });
      if (done.outcome !== "changed") return done;
      const previous = done.previous;
      if (previous !== "" && previous.toLowerCase() !== checked.email) {
        later(
          async () => {
            const person = await account(checked.adminId);
            if (!person) return;
            const { AddressChangedEmail, addressChangedSubject } = await import("~/emails/address-change-email");
            const content = await renderEmail(
              AddressChangedEmail({
                ...messageSite(site),
                name: person.name,
                username: person.username,
                newAddress: checked.email,
              }),
            );
            await mailer.send({
              to: previous,
              subject: addressChangedSubject(site.name),
              ...content,
              headers: {},
              messageId: messageId("email-changed", checked.changeId, now),
            });
          },
          "an e-mail change notice",
          checked.adminId,
        );
      }
      logger.info({ adminId: checked.adminId }, "e-mail address changed");
      return { outcome: "changed", adminId: checked.adminId, email: checked.email };
    },

    /** Forgets links that expired a week ago (until then a used or expired link is answered as such); how many. */
    async pruneExpired(): Promise<number> {
      const weekAgo = new Date(clock.now().getTime() - 7 * 24 * 60 * 60_000);
      const removed = await db.delete(emailChanges).where(lt(emailChanges.expiresAt, weekAgo)).returning({ id: emailChanges.id });
      return removed.length;
    },

    /** Resolves when the mails started so far are sent or have failed (tests, shutdown). */
    async settled(): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}

export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
