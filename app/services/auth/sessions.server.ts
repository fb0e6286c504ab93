import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, lte, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { admins, authors, sessions } from "../../db/schema";
import type { StaffRole } from "../../domain/permissions";
import type { Clock } from "../clock.server";

/** The spec's session length: 24 hours. */
export const SESSION_DURATION_MS = 86_400_000;

/** The signed-in staff member, as a valid session row says. */
export interface AdminSession {
  adminId: number;
  username: string;
  /** Their author profile's name: the byline and how the admin area greets them. */
  displayName: string;
  role: StaffRole;
  authorId: number;
  expiresAt: Date;
}

/** Only this hash is stored: a copy of the sessions table cannot be used to sign in. */
export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** What a new session records of where it began, for its owner's list of sessions. */
export interface SessionOrigin {
  userAgent: string;
  clientAddress: string;
  /** How the person signed in: "password", "password and app code", "passkey", "recovery code", "reset link", "invitation". */
  signedInWith: string;
}

/** Admin sessions: a random 256-bit token for the cookie, its hash in the database, 24 hours. */
export function createSessionService({ db, clock }: { db: Database; clock: Clock }) {
  return {
    /** Starts a new session with a fresh token; the caller puts the token in the cookie. */
    async create(adminId: number, origin: Partial<SessionOrigin> = {}): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString("base64url");
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + SESSION_DURATION_MS);
      await db
        .insert(sessions)
        .values({ tokenHash: hashSessionToken(token), adminId, expiresAt, createdAt: now, lastUsedAt: now, ...origin });
      return { token, expiresAt };
    },

    /** The session for a cookie's token, or null. An expired session is deleted on sight; a suspended account has none. */
    async find(token: string): Promise<AdminSession | null> {
      const tokenHash = hashSessionToken(token);
      const [row] = await db
        .select({
          adminId: admins.id,
          username: admins.username,
          displayName: authors.name,
          role: admins.role,
          authorId: admins.authorId,
          expiresAt: sessions.expiresAt,
        })
        .from(sessions)
        .innerJoin(admins, eq(admins.id, sessions.adminId))
        .innerJoin(authors, eq(authors.id, admins.authorId))
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(admins.suspendedAt)));
      if (!row) return null;
      if (row.expiresAt.getTime() <= clock.now().getTime()) {
        await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
        return null;
      }
      return row;
    },

    /** Sign Out: the row goes, so the token is worthless even if someone kept a copy. */
    async revoke(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, hashSessionToken(token)));
    },

    /** Ends every session of an admin but the one whose token hash is `keepTokenHash`; returns how many ended. */
    async revokeOthers(adminId: number, keepTokenHash: string): Promise<number> {
      const removed = await db
        .delete(sessions)
        .where(and(eq(sessions.adminId, adminId), ne(sessions.tokenHash, keepTokenHash)))
        .returning({ adminId: sessions.adminId });
      return removed.length;
    },

    /** Signs an admin out everywhere, as after a password change. */
    async revokeAllFor(adminId: number): Promise<number> {
      const removed = await db.delete(sessions).where(eq(sessions.adminId, adminId)).returning({ adminId: sessions.adminId });
      return removed.length;
    },

    /** Active sessions per admin id, for `npm run admin -- list`. */
    async countActive(): Promise<Map<number, number>> {
      const rows = await db
        .select({ adminId: sessions.adminId, active: sql<number>`count(*)::int` })
        .from(sessions)
        .where(sql`${sessions.expiresAt} > ${clock.now().toISOString()}::timestamptz`)
        .groupBy(sessions.adminId);
      return new Map(rows.map((row) => [row.adminId, row.active]));
    },

    /** Deletes every expired session; returns how many. */
    async pruneExpired(): Promise<number> {
      const removed = await db
        .delete(sessions)
        .where(lte(sessions.expiresAt, clock.now()))
        .returning({ adminId: sessions.adminId });
      return removed.length;
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
