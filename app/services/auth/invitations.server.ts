import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { admins, authors, staffInvitations } from "../../db/schema";
import { ROLE_LABELS, type StaffRole } from "../../domain/permissions";
import type { Clock } from "../clock.server";
import { createSecurityLog, type EventSource, type SecurityLog } from "../security/security-log.server";
import type { Logger } from "../logger.server";
import { describeMailError, type Mailer } from "../mail/mailer.server";
import { renderEmail, messageSite, type MailSite } from "../mail/render-email.server";
import type { AdminService } from "./admins.server";
import { createOneTimeLinks } from "./one-time-links.server";

/** An invitation link works once, for 24 hours. */
export const INVITATION_LIFETIME_MS = 24 * 60 * 60_000;

export interface InvitationInput {
  name: string;
  email: string;
  role: StaffRole;
}

/** What an invitation link says, checked against its signature and its row. */
export type InvitationCheck =
  | { outcome: "valid"; id: number; name: string; email: string; role: StaffRole }
  | { outcome: "expired" }
  | { outcome: "used" }
  /** Malformed, altered, revoked or never issued. */
  | { outcome: "invalid" };

export interface PendingInvitation {
  id: number;
  name: string;
  email: string;
  role: StaffRole;
  expiresAt: Date;
  createdAt: Date;
}

/** "an Editor", "an Author", "a Contributor". */
export function roleWithArticle(role: StaffRole): string {
  const label = ROLE_LABELS[role];
  return `${/^[AEIOU]/.test(label) ? "an" : "a"} ${label}`;
}

/**
 * Staff invitations. The link is `{SITE_URL}/auth/invite/{token}`, a one-time link (one-time-links.server.ts).
 * Accepting is one conditional UPDATE (not yet used, not expired) in the transaction that
 * creates the account, so a link works exactly once even when opened twice at the same moment.
 */
export function createInvitationService({
  db,
  clock,
  logger,
  mailer,
  admins: accounts,
  site,
  securityLog = createSecurityLog({ db, clock }),
}: {
  db: Database;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  admins: AdminService;
  site: MailSite;
  /** Where invitations sent and accepted are recorded. */
  securityLog?: SecurityLog;
}) {
  const links = createOneTimeLinks(db, { keyName: "invitation-link-key", purpose: "invite" });

  async function check(token: string): Promise<InvitationCheck> {
    const parts = await links.read(token);
    if (!parts) return { outcome: "invalid" };
    const [row] = await db.select().from(staffInvitations).where(eq(staffInvitations.id, parts.id));
    if (!row || !links.matches(row.tokenHash, parts.secret)) return { outcome: "invalid" };
    if (row.acceptedAt) return { outcome: "used" };
    if (row.expiresAt.getTime() <= clock.now().getTime()) return { outcome: "expired" };
    return { outcome: "valid", id: row.id, name: row.name, email: row.email, role: row.role };
  }

  return {
    check,

    /**
     * Records an invitation and sends it. The link is returned as well, to be shown once to the administrator
     * (to copy when mail does not arrive); `mailed` says whether the mailer accepted the message.
     */
    async invite(
      input: InvitationInput,
      invitedBy: number,
      by: EventSource = {},
    ): Promise<{ link: string; mailed: boolean; id: number }> {
      const now = clock.now();
      const { secret, hash } = links.newSecret();
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(staffInvitations)
          .values({
            ...input,
            tokenHash: hash,
            invitedBy,
            expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS),
            createdAt: now,
          })
          .returning({ id: staffInvitations.id });
        if (!inserted) throw new Error("The invitation was not saved.");
        await securityLog.record(
          { kind: "invitation-sent", ...by, detail: { name: input.name, email: input.email, role: input.role } },
          tx,
        );
        return inserted;
      });
      const link = `${site.url}/auth/invite/${await links.token(row.id, secret)}`;

      const [inviter] = await db
        .select({ name: authors.name })
        .from(admins)
        .innerJoin(authors, eq(authors.id, admins.authorId))
        .where(eq(admins.id, invitedBy));
      let mailed = false;
      try {
        const { InvitationEmail, invitationSubject } = await import("~/emails/invitation-email");
        const content = await renderEmail(
          InvitationEmail({
            ...messageSite(site),
            name: input.name,
            invitedBy: inviter?.name ?? "An administrator",
            roleWithArticle: roleWithArticle(input.role),
            acceptUrl: link,
            validHours: INVITATION_LIFETIME_MS / 3_600_000,
          }),
        );
        await mailer.send({
          to: input.email,
          subject: invitationSubject(site.name),
          ...content,
          headers: {},
          messageId: `<invite-${row.id}-${now.getTime().toString(36)}@${new URL(site.url).hostname}>`,
        });
        mailed = true;
        logger.info({ invitationId: row.id }, "staff invitation sent");
      } catch (error) {
        logger.warn({ invitationId: row.id, reason: describeMailError(error) }, "a staff invitation was not mailed");
      }
      return { link, mailed, id: row.id };
    },

    /** Invitations not yet accepted and still valid, newest first. */
    async pending(): Promise<PendingInvitation[]> {
      return db
        .select({
          id: staffInvitations.id,
          name: staffInvitations.name,
          email: staffInvitations.email,
          role: staffInvitations.role,
          expiresAt: staffInvitations.expiresAt,
          createdAt: staffInvitations.createdAt,
        })
        .from(staffInvitations)
        .where(and(isNull(staffInvitations.acceptedAt), gt(staffInvitations.expiresAt, clock.now())))
        .orderBy(desc(staffInvitations.createdAt));
    },

    /** Withdraws an invitation: its link stops working. */
    async revoke(id: number): Promise<void> {
      await db.delete(staffInvitations).where(and(eq(staffInvitations.id, id), isNull(staffInvitations.acceptedAt)));
    },

    /**
     * Accepts an invitation with the username and password the person chose: the account (with the invited
     * name as its byline and the invited role) and the use of the link happen together or not at all.
     */
    async accept(
      token: string,
      { username, password }: { username: string; password: string },
      { client }: EventSource = {},
    ): Promise<Exclude<InvitationCheck, { outcome: "valid" }> | { outcome: "accepted"; adminId: number }> {
      const checked = await check(token);
      if (checked.outcome !== "valid") return checked;
      return db.transaction(async (tx) => {
        const now = clock.now();
        const [claimed] = await tx
          .update(staffInvitations)
          .set({ acceptedAt: now })
          .where(
            and(eq(staffInvitations.id, checked.id), isNull(staffInvitations.acceptedAt), gt(staffInvitations.expiresAt, now)),
          )
          .returning({ id: staffInvitations.id });
        if (!claimed) return { outcome: "used" as const };
        const adminId = await accounts.createAccount(
          { username, password, role: checked.role, displayName: checked.name, email: checked.email },
          tx,
        );
        await tx.update(staffInvitations).set({ acceptedBy: adminId }).where(eq(staffInvitations.id, checked.id));
        // The invitation reached this address, so it is the person's: a password reset may be mailed there.
        await tx.update(admins).set({ emailVerifiedAt: now }).where(eq(admins.id, adminId));
        const person = { id: adminId, name: username.trim() };
        await securityLog.record(
          { kind: "invitation-accepted", actor: person, subject: person, client, detail: { role: checked.role } },
          tx,
        );
        return { outcome: "accepted" as const, adminId };
      });
    },
  };
}

export type InvitationService = ReturnType<typeof createInvitationService>;
