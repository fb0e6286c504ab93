import { and, asc, count, eq, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { admins, articles, authors, sessions } from "../../db/schema";
import { isReservedByline } from "../../domain/bylines";
import type { ProfileLink, StaffRole } from "../../domain/permissions";
import type { SecurityEventKind } from "../../domain/security-events";
import { RESERVED_BYLINE_MESSAGE } from "../../validation/staff";
import type { Clock } from "../clock.server";
import { createSecurityLog, type EventSource, type SecurityLog } from "../security/security-log.server";
import { AdminAccountError } from "./account-error.server";
import { replacePassword } from "./password-change.server";
import { hashNewPassword, verifyPassword } from "./passwords.server";

/** PostgreSQL's unique_violation: the same name created at the same moment by someone else. */
const UNIQUE_VIOLATION = "23505";

export { AdminAccountError } from "./account-error.server";

/** The role line a new profile starts with, by role; people change it in their profile. */
export const DEFAULT_ROLE_LINE: Record<StaffRole, string> = {
  administrator: "Editor",
  editor: "Editor",
  author: "Staff Writer",
  contributor: "Contributor",
};

export interface AdminListing {
  id: number;
  username: string;
  authorName: string;
  role: StaffRole;
  email: string;
  createdAt: Date;
  lastSignInAt: Date | null;
  suspendedAt: Date | null;
  /** Articles they sign or approved: a person with any is suspended, never deleted. */
  articleCount: number;
}

export interface NewAccount {
  username: string;
  password: string;
  role: StaffRole;
  /** The byline; the username when not given. */
  displayName?: string;
  email?: string;
}

export interface Profile {
  displayName: string;
  roleLine: string;
  bio: string;
  avatar: string;
  links: ProfileLink[];
}

/**
 * Staff accounts (administrators, editors, authors, contributors): a password hash, a role, and an author
 * profile that signs the articles they write. Every rule that keeps the newsroom administrable lives here:
 * the last active administrator cannot be demoted, suspended or deleted, and a person with articles is
 * suspended rather than deleted.
 */
export function createAdminService({
  db,
  clock,
  onPublicChange = async () => {},
  securityLog = createSecurityLog({ db, clock }),
}: {
  db: Database;
  clock: Clock;
  /** Called after a byline changed (name, role line, avatar, bio, links), so readers' pages are read again. */
  onPublicChange?: () => Promise<unknown>;
  /** Where role changes, suspensions, deletions and the shell's password changes are recorded. */
  securityLog?: SecurityLog;
}) {
  /** Records an event about `target` in the change's transaction. */
  function recordAbout(
    tx: Database,
    target: { id: number; username: string },
    kind: SecurityEventKind,
    by: EventSource,
    detail?: Record<string, string>,
  ) {
    return securityLog.record({ kind, ...by, subject: { id: target.id, name: target.username }, detail }, tx);
  }

  /** Refuses a display name kept for articles without a staff author ("Staff", "Correspondent"). */
  function refuseReservedByline(displayName: string): void {
    if (isReservedByline(displayName)) throw new AdminAccountError("NAME_RESERVED", RESERVED_BYLINE_MESSAGE);
  }

  async function countAdmins(): Promise<number> {
    const [row] = await db.select({ value: count() }).from(admins);
    return row?.value ?? 0;
  }

  /**
   * Inserts the account and its author profile. An author of the same name is reused only when no account
   * owns it yet (an imported byline becomes the person's own); otherwise the name is taken. A reserved byline is
   * never a person's.
   */
  async function insertAccount(
    tx: Database,
    { username, role, displayName = username, email = "" }: Omit<NewAccount, "password">,
    passwordHash: string,
  ): Promise<number> {
    refuseReservedByline(displayName);
    const [existing] = await tx
      .select({ id: authors.id, owner: admins.id })
      .from(authors)
      .leftJoin(admins, eq(admins.authorId, authors.id))
      .where(eq(authors.name, displayName))
      .limit(1)
      .for("update", { of: authors });
    if (existing?.owner != null)
      throw new AdminAccountError("NAME_TAKEN", `Another staff member already signs as "${displayName}".`);
    const authorId =
      existing?.id ??
      (await tx.insert(authors).values({ name: displayName, role: DEFAULT_ROLE_LINE[role] }).returning({ id: authors.id }))[0]
        ?.id;
    if (authorId === undefined) throw new Error("Failed to create the author profile.");
    const [row] = await tx.insert(admins).values({ username, passwordHash, authorId, role, email }).returning({ id: admins.id });
    if (!row) throw new Error("Failed to create the account.");
    return row.id;
  }

  async function findByUsername(username: string) {
    const [admin] = await db
      .select()
      .from(admins)
      .where(eq(sql`lower(${admins.username})`, username.trim().toLowerCase()));
    return admin;
  }

  async function findById(id: number) {
    const [admin] = await db.select().from(admins).where(eq(admins.id, id));
    if (!admin) throw new AdminAccountError("ADMIN_NOT_FOUND", "That staff member no longer exists.");
    return admin;
  }

  /**
   * Refuses a change that would leave no active administrator. Runs inside the change's transaction with
   * the administrators locked, so two administrators demoting each other at once cannot both succeed.
   */
  async function keepAnAdministrator(tx: Database, leaving: number): Promise<void> {
    const others = await tx
      .select({ id: admins.id })
      .from(admins)
      .where(and(eq(admins.role, "administrator"), isNull(admins.suspendedAt), ne(admins.id, leaving)))
      .for("update");
    if (others.length === 0)
      throw new AdminAccountError("LAST_ADMINISTRATOR", "The newsroom needs at least one active administrator.");
  }

  /** Creates an account, or ADMIN_EXISTS when the username is taken (in any letter case). */
  async function createAccount(account: NewAccount, tx: Database = db): Promise<number> {
    const username = account.username.trim();
    const taken = () => new AdminAccountError("ADMIN_EXISTS", `An account named "${username}" already exists.`);
    const passwordHash = await hashNewPassword(account.password, [username, account.displayName ?? username]);
    try {
      return await tx.transaction(async (inner) => {
        const [existing] = await inner
          .select({ id: admins.id })
          .from(admins)
          .where(eq(sql`lower(${admins.username})`, username.toLowerCase()))
          .for("update");
        if (existing) throw taken();
        return insertAccount(inner, { ...account, username }, passwordHash);
      });
    } catch (error) {
      if (causeCode(error) === UNIQUE_VIOLATION) throw taken();
      throw error;
    }
  }

  return {
    countAdmins,
    findByUsername,
    createAccount,

    /**
     * Creates the first administrator from ADMIN_USERNAME / ADMIN_PASSWORD when no account exists yet.
     * Never overwrites an existing one. Returns whether one was created.
     */
    async ensureInitialAdmin(initial: { username: string; password: string } | undefined): Promise<boolean> {
      if (!initial || (await countAdmins()) > 0) return false;
      const passwordHash = await hashNewPassword(initial.password, [initial.username]);
      return db.transaction(async (tx) => {
        // Lock the table so two instances starting together cannot both create a first admin.
        await tx.execute(sql`lock table ${admins} in share row exclusive mode`);
        const [existing] = await tx.select({ value: count() }).from(admins);
        if ((existing?.value ?? 0) > 0) return false;
        await insertAccount(tx, { username: initial.username, role: "administrator" }, passwordHash);
        return true;
      });
    },

    /** `npm run admin -- create NAME [--role ROLE]`: an administrator unless another role is named. */
    async createAdmin(username: string, password: string, role: StaffRole = "administrator"): Promise<void> {
      await createAccount({ username, password, role });
    },

    /**
     * Sets a new password, signs the person out everywhere and lifts a lockout on the name.
     * Returns the username as stored and how many sessions were ended.
     */
    async changePassword(username: string, password: string): Promise<{ username: string; endedSessions: number }> {
      const admin = await findByUsername(username);
      if (!admin) throw new AdminAccountError("ADMIN_NOT_FOUND", `There is no account named "${username}".`);
      const passwordHash = await hashNewPassword(password, [admin.username]);
      const endedSessions = await db.transaction(async (tx) => {
        const ended = await replacePassword(tx, admin, passwordHash, clock.now());
        await recordAbout(tx, admin, "password-reset", {}, { by: "the server's shell" });
        return ended;
      });
      return { username: admin.username, endedSessions };
    },

    /**
     * A person changes their own password: the current one must match. Unless they say otherwise (`endOthers`
     * false), their other sessions end; the one they are using (`keepSession`, a token hash) stays, and the caller
     * gives it a new token (`sessions.rotate`). Returns how many sessions ended.
     */
    async changeOwnPassword(
      adminId: number,
      current: string,
      next: string,
      { keepSession, endOthers = true }: { keepSession: string; endOthers?: boolean },
    ): Promise<number> {
      const admin = await findById(adminId);
      if (!(await verifyPassword(current, admin.passwordHash)))
        throw new AdminAccountError("WRONG_PASSWORD", "The current password is not right.");
      const passwordHash = await hashNewPassword(next, [admin.username]);
      return db.transaction(async (tx) => {
        await tx.update(admins).set({ passwordHash, updatedAt: clock.now() }).where(eq(admins.id, adminId));
        if (!endOthers) return 0;
        const ended = await tx
          .delete(sessions)
          .where(and(eq(sessions.adminId, adminId), ne(sessions.tokenHash, keepSession)))
          .returning({ id: sessions.id });
        return ended.length;
      });
    },

    async recordSignIn(adminId: number): Promise<void> {
      await db.update(admins).set({ lastSignInAt: clock.now() }).where(eq(admins.id, adminId));
    },

    /** Everyone on the staff, by username, with what the Staff tab shows. */
    async list(): Promise<AdminListing[]> {
      const signed = db
        .select({ authorId: articles.authorId, n: count().as("signed") })
        .from(articles)
        .groupBy(articles.authorId)
        .as("signed_counts");
      const approved = db
        .select({ approvedBy: articles.approvedBy, n: count().as("approved") })
        .from(articles)
        .groupBy(articles.approvedBy)
        .as("approved_counts");
      const rows = await db
        .select({
          id: admins.id,
          username: admins.username,
          authorName: authors.name,
          role: admins.role,
          email: admins.email,
          createdAt: admins.createdAt,
          lastSignInAt: admins.lastSignInAt,
          suspendedAt: admins.suspendedAt,
          articleCount: sql<number>`coalesce(${signed.n}, 0) + coalesce(${approved.n}, 0)`.mapWith(Number),
        })
        .from(admins)
        .innerJoin(authors, eq(authors.id, admins.authorId))
        .leftJoin(signed, eq(signed.authorId, admins.authorId))
        .leftJoin(approved, eq(approved.approvedBy, admins.id))
        .orderBy(asc(sql`lower(${admins.username})`));
      return rows;
    },

    /**
     * Gives a person another role; the last active administrator keeps theirs. A change of privilege ends every
     * session of theirs, so they sign in again with the new role (ASVS 3.2.1). Returns how many sessions ended.
     */
    async changeRole(adminId: number, role: StaffRole, by: EventSource = {}): Promise<number> {
      return db.transaction(async (tx) => {
        const [target] = await tx.select().from(admins).where(eq(admins.id, adminId)).for("update");
        if (!target) throw new AdminAccountError("ADMIN_NOT_FOUND", "That staff member no longer exists.");
        if (target.role === role) return 0;
        if (target.role === "administrator") await keepAnAdministrator(tx, adminId);
        await tx.update(admins).set({ role, updatedAt: clock.now() }).where(eq(admins.id, adminId));
        await recordAbout(tx, target, "role-changed", by, { from: target.role, to: role });
        const ended = await tx.delete(sessions).where(eq(sessions.adminId, adminId)).returning({ id: sessions.id });
        return ended.length;
      });
    },

    /** Suspends a person: every session of theirs ends at once; their articles and byline stay. */
    async suspend(adminId: number, by: EventSource = {}): Promise<number> {
      return db.transaction(async (tx) => {
        const [target] = await tx.select().from(admins).where(eq(admins.id, adminId)).for("update");
        if (!target) throw new AdminAccountError("ADMIN_NOT_FOUND", "That staff member no longer exists.");
        if (target.role === "administrator") await keepAnAdministrator(tx, adminId);
        await tx
          .update(admins)
          .set({ suspendedAt: target.suspendedAt ?? clock.now(), updatedAt: clock.now() })
          .where(eq(admins.id, adminId));
        const ended = await tx.delete(sessions).where(eq(sessions.adminId, adminId)).returning({ id: sessions.adminId });
        if (!target.suspendedAt) await recordAbout(tx, target, "account-suspended", by);
        return ended.length;
      });
    },

    async reactivate(adminId: number, by: EventSource = {}): Promise<void> {
      await db.transaction(async (tx) => {
        const [target] = await tx
          .update(admins)
          .set({ suspendedAt: null, updatedAt: clock.now() })
          .where(and(eq(admins.id, adminId), isNotNull(admins.suspendedAt)))
          .returning({ id: admins.id, username: admins.username });
        if (target) return recordAbout(tx, target, "account-restored", by);
        const [exists] = await tx.select({ id: admins.id }).from(admins).where(eq(admins.id, adminId));
        if (!exists) throw new AdminAccountError("ADMIN_NOT_FOUND", "That staff member no longer exists.");
      });
    },

    /** Deletes a person who has no articles (signed or approved), with their author profile. */
    async remove(adminId: number, by: EventSource = {}): Promise<void> {
      await db.transaction(async (tx) => {
        const [target] = await tx.select().from(admins).where(eq(admins.id, adminId)).for("update");
        if (!target) throw new AdminAccountError("ADMIN_NOT_FOUND", "That staff member no longer exists.");
        if (target.role === "administrator") await keepAnAdministrator(tx, adminId);
        const [used] = await tx
          .select({ n: count() })
          .from(articles)
          .where(or(eq(articles.authorId, target.authorId), eq(articles.approvedBy, adminId)));
        if ((used?.n ?? 0) > 0)
          throw new AdminAccountError("HAS_ARTICLES", "They have articles, so their byline must stay: suspend them instead.");
        await tx.delete(admins).where(eq(admins.id, adminId));
        await tx.delete(authors).where(eq(authors.id, target.authorId));
        await recordAbout(tx, target, "account-deleted", by);
      });
    },

    async profile(adminId: number): Promise<Profile & { username: string; email: string; role: StaffRole }> {
      const [row] = await db
        .select({
          username: admins.username,
          email: admins.email,
          role: admins.role,
          displayName: authors.name,
          roleLine: authors.role,
          bio: authors.bio,
          avatar: authors.avatar,
          links: authors.links,
        })
        .from(admins)
        .innerJoin(authors, eq(authors.id, admins.authorId))
        .where(eq(admins.id, adminId));
      if (!row) throw new AdminAccountError("ADMIN_NOT_FOUND", "That staff member no longer exists.");
      return row;
    },

    /**
     * Saves a person's own profile: the byline they sign with, its role line, bio, avatar and links. A reserved
     * byline is refused, so nobody can take the name that imports and AI drafts are signed with.
     */
    async updateProfile(adminId: number, profile: Profile): Promise<void> {
      refuseReservedByline(profile.displayName);
      const admin = await findById(adminId);
      try {
        await db
          .update(authors)
          .set({
            name: profile.displayName,
            role: profile.roleLine,
            bio: profile.bio,
            avatar: profile.avatar,
            links: profile.links,
          })
          .where(eq(authors.id, admin.authorId));
      } catch (error) {
        if (causeCode(error) === UNIQUE_VIOLATION)
          throw new AdminAccountError("NAME_TAKEN", `Another author already signs as "${profile.displayName}".`);
        throw error;
      }
      await onPublicChange();
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;

/** The SQLSTATE of a database error, also when a driver wraps it in a `cause`. */
export function causeCode(error: unknown): string | undefined {
  for (let current = error; current instanceof Error || (typeof current === "object" && current !== null);) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
