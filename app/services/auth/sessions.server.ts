import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gt, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { admins, authors, sessions, staffBrowsers } from "../../db/schema";
import type { StaffRole } from "../../domain/permissions";
import type { Clock } from "../clock.server";
import type { EventClient, EventPerson, SecurityLog } from "../security/security-log.server";

/** The spec's session length: 24 hours from sign-in, however busy the session is. */
export const SESSION_DURATION_MS = 86_400_000;

/** A session unused for 12 hours has ended (ASVS 3.3.2's idle timeout). */
export const SESSION_IDLE_MS = 12 * 60 * 60_000;

/**
 * How stale a session's `last_used_at` may be before a request writes it again: a page with its data requests
 * costs one write a minute, not one per request. The idle limit is counted from the stored value, so a session can
 * end up to this much before twelve hours of real idleness, never after.
 */
export const LAST_USED_PRECISION_MS = 60_000;

/** The signed-in staff member, as a valid session row says. */
export interface AdminSession {
  adminId: number;
  username: string;
  /** Their author profile's name: the byline and how the admin area greets them. */
  displayName: string;
  role: StaffRole;
  authorId: number;
  expiresAt: Date;
  /** When it ends unless used again: the earlier of `expiresAt` and 12 hours after its last use. */
  endsAt: Date;
  /** The session's public handle (`sessions.id`): names it in the owner's list, never signs in. */
  sessionId: number;
}

/** Only this hash is stored: a copy of the sessions table cannot be used to sign in. */
export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The SHA-256 of a browser's long-lived id: all `staff_browsers` keeps of it. */
export function hashBrowserId(browserId: string): string {
  return createHash("sha256").update(`browser:${browserId}`).digest("hex");
}

/** A browser id is 32 random bytes in base64url; anything else a cookie says is ignored and replaced. */
const BROWSER_ID = /^[A-Za-z0-9_-]{43}$/;

/** What a new session records of where it began, for its owner's list of sessions. */
export interface SessionOrigin {
  userAgent: string;
  clientAddress: string;
  /** How the person signed in: "password", "password and app code", "passkey", "recovery code", "reset link", "invitation". */
  signedInWith: string;
  /**
   * The id the browser's long-lived cookie carries, or null when it has none (a first visit, cookies cleared). A
   * sign-in from a browser the account has not used before, when it has used another, is announced by mail
   * (`onNewBrowser`). Absent: the session's browser is not looked at (the shell, tests).
   */
  browserId?: string | null;
}

/** A new session: the token for the session cookie, and the browser id for the browser cookie (when one was asked). */
export interface StartedSession {
  token: string;
  expiresAt: Date;
  sessionId: number;
  /** The browser's id to (re)write in its long-lived cookie; absent when the origin named no browser. */
  browserId?: string;
}

/** A sign-in from a browser the account has not used before, though it has used another one. */
export interface NewBrowserSignIn {
  adminId: number;
  sessionId: number;
  at: Date;
  userAgent: string;
  clientAddress: string;
  signedInWith: string;
}

/** One of a person's active sessions, as their Profile lists it. */
export interface ListedSession {
  id: number;
  createdAt: Date;
  lastUsedAt: Date;
  expiresAt: Date;
  userAgent: string;
  clientAddress: string;
  signedInWith: string;
  /** The session the list was asked from: "This browser". */
  current: boolean;
}

interface SessionDependencies {
  db: Database;
  clock: Clock;
  /** Where ending sessions is recorded; absent in tests of the session rules alone. */
  securityLog?: Pick<SecurityLog, "record">;
  /** Called (not awaited) after a session began in a browser new to an account that has used another. */
  onNewBrowser?: (signIn: NewBrowserSignIn) => void;
}

/**
 * Admin sessions: a random 256-bit token for the cookie, its hash in the database; they end 24 hours after sign-in
 * and after 12 hours without use. Each has a public id by which its owner sees and ends it.
 */
export function createSessionService({ db, clock, securityLog, onNewBrowser }: SessionDependencies) {
  /** Still valid at `now`: neither past its 24 hours nor unused for 12. */
  const activeAt = (now: Date) =>
    and(gt(sessions.expiresAt, now), gt(sessions.lastUsedAt, new Date(now.getTime() - SESSION_IDLE_MS)));

  /**
   * Records the browser a session began in, and says whether the account is new to it though it has used another:
   * the account's browsers are locked first, so two sign-ins at once from one new browser announce it once.
   */
  async function seeBrowser(adminId: number, browserId: string, now: Date): Promise<boolean> {
    const browserHash = hashBrowserId(browserId);
    return db.transaction(async (tx) => {
      await tx.select({ id: admins.id }).from(admins).where(eq(admins.id, adminId)).for("update");
      const known = await tx
        .select({ browserHash: staffBrowsers.browserHash })
        .from(staffBrowsers)
        .where(eq(staffBrowsers.adminId, adminId));
      await tx
        .insert(staffBrowsers)
        .values({ adminId, browserHash, firstSeenAt: now, lastSeenAt: now })
        .onConflictDoUpdate({ target: [staffBrowsers.adminId, staffBrowsers.browserHash], set: { lastSeenAt: now } });
      return known.length > 0 && !known.some((row) => row.browserHash === browserHash);
    });
  }

  /** Ends every session of an admin but the one whose token hash is `keepTokenHash`; how many ended. */
  async function revokeOthers(adminId: number, keepTokenHash: string): Promise<number> {
    const removed = await db
      .delete(sessions)
      .where(and(eq(sessions.adminId, adminId), ne(sessions.tokenHash, keepTokenHash)))
      .returning({ adminId: sessions.adminId });
    return removed.length;
  }

  /** The owner's username, for the log. */
  async function person(adminId: number): Promise<EventPerson> {
    const [row] = await db.select({ name: admins.username }).from(admins).where(eq(admins.id, adminId));
    return { id: adminId, name: row?.name ?? "" };
  }

  return {
    /**
     * Starts a new session with a fresh token; the caller puts the token in the session cookie and, when the origin
     * named the browser, `browserId` in the browser cookie. A browser new to an account that has used another is
     * announced through `onNewBrowser`.
     */
    async create(adminId: number, origin: Partial<SessionOrigin> = {}): Promise<StartedSession> {
      const { browserId: givenBrowser, ...where } = origin;
      const token = randomBytes(32).toString("base64url");
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + SESSION_DURATION_MS);
      const [row] = await db
        .insert(sessions)
        .values({ tokenHash: hashSessionToken(token), adminId, expiresAt, createdAt: now, lastUsedAt: now, ...where })
        .returning({ id: sessions.id, signedInWith: sessions.signedInWith });
      if (!row) throw new Error("The session was not saved.");
      const started: StartedSession = { token, expiresAt, sessionId: row.id };
      if (givenBrowser === undefined) return started;
      const browserId = givenBrowser && BROWSER_ID.test(givenBrowser) ? givenBrowser : randomBytes(32).toString("base64url");
      if (await seeBrowser(adminId, browserId, now)) {
        onNewBrowser?.({
          adminId,
          sessionId: row.id,
          at: now,
          userAgent: where.userAgent ?? "",
          clientAddress: where.clientAddress ?? "",
          signedInWith: row.signedInWith,
        });
      }
      return { ...started, browserId };
    },

    /**
     * The session for a cookie's token, or null. A session past its 24 hours or unused for 12 is deleted on sight; a
     * suspended account has none. Its last use is written only when the stored one is over a minute old, in one
     * conditional UPDATE; `touch: false` (the session banner's check, which runs every minute in an open tab) reads
     * it without counting as use.
     */
    async find(token: string, { touch = true }: { touch?: boolean } = {}): Promise<AdminSession | null> {
      const tokenHash = hashSessionToken(token);
      const [row] = await db
        .select({
          adminId: admins.id,
          username: admins.username,
          displayName: authors.name,
          role: admins.role,
          authorId: admins.authorId,
          expiresAt: sessions.expiresAt,
          sessionId: sessions.id,
          lastUsedAt: sessions.lastUsedAt,
        })
        .from(sessions)
        .innerJoin(admins, eq(admins.id, sessions.adminId))
        .innerJoin(authors, eq(authors.id, admins.authorId))
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(admins.suspendedAt)));
      if (!row) return null;
      const now = clock.now();
      if (row.expiresAt.getTime() <= now.getTime() || row.lastUsedAt.getTime() <= now.getTime() - SESSION_IDLE_MS) {
        await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
        return null;
      }
      let lastUsed = row.lastUsedAt;
      if (touch && now.getTime() - row.lastUsedAt.getTime() > LAST_USED_PRECISION_MS) {
        lastUsed = now;
        await db
          .update(sessions)
          .set({ lastUsedAt: now })
          .where(
            and(eq(sessions.tokenHash, tokenHash), lte(sessions.lastUsedAt, new Date(now.getTime() - LAST_USED_PRECISION_MS))),
          );
      }
      const { lastUsedAt: _lastUsedAt, ...session } = row;
      const endsAt = new Date(Math.min(row.expiresAt.getTime(), lastUsed.getTime() + SESSION_IDLE_MS));
      return { ...session, endsAt };
    },

    /**
     * A change of privilege (a new password, a second step added): the session gets a new token, keeping its row's
     * id, start, limits and where it began. The old token stops working at once. Null when the token has no session.
     */
    async rotate(token: string): Promise<{ token: string; expiresAt: Date } | null> {
      const next = randomBytes(32).toString("base64url");
      const [row] = await db
        .update(sessions)
        .set({ tokenHash: hashSessionToken(next) })
        .where(and(eq(sessions.tokenHash, hashSessionToken(token)), activeAt(clock.now())))
        .returning({ expiresAt: sessions.expiresAt });
      return row ? { token: next, expiresAt: row.expiresAt } : null;
    },

    /** A person's active sessions, the newest use first; `currentToken` marks the one asking. */
    async list(adminId: number, currentToken: string | null): Promise<ListedSession[]> {
      const currentHash = currentToken ? hashSessionToken(currentToken) : "";
      const rows = await db
        .select({
          id: sessions.id,
          tokenHash: sessions.tokenHash,
          createdAt: sessions.createdAt,
          lastUsedAt: sessions.lastUsedAt,
          expiresAt: sessions.expiresAt,
          userAgent: sessions.userAgent,
          clientAddress: sessions.clientAddress,
          signedInWith: sessions.signedInWith,
        })
        .from(sessions)
        .where(and(eq(sessions.adminId, adminId), activeAt(clock.now())))
        .orderBy(sql`${sessions.lastUsedAt} desc`, asc(sessions.id));
      return rows
        .map(({ tokenHash, ...session }) => ({ ...session, current: tokenHash === currentHash }))
        .sort((a, b) => Number(b.current) - Number(a.current));
    },

    /** Ends one of the person's own sessions by its public id; false when they have no such session. */
    async endOne(input: { actor: EventPerson; sessionId: number; client: EventClient }): Promise<boolean> {
      const [ended] = await db
        .delete(sessions)
        .where(and(eq(sessions.adminId, input.actor.id), eq(sessions.id, input.sessionId)))
        .returning({ id: sessions.id });
      if (!ended) return false;
      await securityLog?.record({
        kind: "session-ended",
        actor: input.actor,
        subject: input.actor,
        client: input.client,
        detail: { which: "one", sessionId: ended.id },
      });
      return true;
    },

    /** "Sign out all other sessions": every session of the person but the one `keepToken` opens; how many ended. */
    async endOthers(input: { actor: EventPerson; keepToken: string; client: EventClient }): Promise<number> {
      const ended = await revokeOthers(input.actor.id, hashSessionToken(input.keepToken));
      if (ended > 0) {
        await securityLog?.record({
          kind: "session-ended",
          actor: input.actor,
          subject: input.actor,
          client: input.client,
          detail: { which: "all others", count: ended },
        });
      }
      return ended;
    },

    /** Sign Out: the row goes, so the token is worthless even if someone kept a copy; recorded when it was a session. */
    async signOut(token: string, client: EventClient): Promise<void> {
      const [ended] = await db
        .delete(sessions)
        .where(eq(sessions.tokenHash, hashSessionToken(token)))
        .returning({ adminId: sessions.adminId, id: sessions.id });
      if (!ended || !securityLog) return;
      const owner = await person(ended.adminId);
      await securityLog.record({ kind: "sign-out", actor: owner, subject: owner, client, detail: { sessionId: ended.id } });
    },

    /** Deletes the session a token opens, without recording anything. */
    async revoke(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, hashSessionToken(token)));
    },

    revokeOthers,

    /** Signs an admin out everywhere, as after a password change. */
    async revokeAllFor(adminId: number): Promise<number> {
      const removed = await db.delete(sessions).where(eq(sessions.adminId, adminId)).returning({ adminId: sessions.adminId });
      return removed.length;
    },

    /** Active sessions per admin id, for `npm run admin -- list` and the Staff tab. */
    async countActive(): Promise<Map<number, number>> {
      const rows = await db
        .select({ adminId: sessions.adminId, active: sql<number>`count(*)::int` })
        .from(sessions)
        .where(activeAt(clock.now()))
        .groupBy(sessions.adminId);
      return new Map(rows.map((row) => [row.adminId, row.active]));
    },

    /** Deletes every session past its 24 hours or unused for 12; returns how many. */
    async pruneExpired(): Promise<number> {
      const now = clock.now();
      const removed = await db
        .delete(sessions)
        .where(or(lte(sessions.expiresAt, now), lte(sessions.lastUsedAt, new Date(now.getTime() - SESSION_IDLE_MS))))
        .returning({ adminId: sessions.adminId });
      return removed.length;
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
