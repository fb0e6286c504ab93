import { asc, count, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { admins, authors, loginAttempts, sessions } from "../../db/schema";
import type { Clock } from "../index.server";
import { hashPassword } from "./passwords.server";

/** PostgreSQL's unique_violation: the same name created at the same moment by someone else. */
const UNIQUE_VIOLATION = "23505";

/** A domain error with a stable code, so callers never read message text. */
export class AdminAccountError extends Error {
  constructor(
    readonly code: "ADMIN_EXISTS" | "ADMIN_NOT_FOUND",
    message: string,
  ) {
    super(message);
  }
}

export interface AdminListing {
  id: number;
  username: string;
  authorName: string;
  createdAt: Date;
}

/** Admin accounts: each has a scrypt password hash and an author profile used for the articles they write. */
export function createAdminService({ db, clock }: { db: Database; clock: Clock }) {
  async function countAdmins(): Promise<number> {
    const [row] = await db.select({ value: count() }).from(admins);
    return row?.value ?? 0;
  }

  /** Inserts the admin and their author profile (an author of the same name is reused). */
  async function insertAdmin(tx: Database, username: string, passwordHash: string): Promise<void> {
    const [author] = await tx
      .insert(authors)
      .values({ name: username, role: "Editor" })
      .onConflictDoUpdate({ target: authors.name, set: { name: username } })
      .returning({ id: authors.id });
    if (!author) throw new Error("Failed to create the admin's author profile.");
    await tx.insert(admins).values({ username, passwordHash, authorId: author.id });
  }

  async function findByUsername(username: string) {
    const [admin] = await db
      .select()
      .from(admins)
      .where(eq(sql`lower(${admins.username})`, username.trim().toLowerCase()));
    return admin;
  }

  return {
    countAdmins,
    findByUsername,

    /**
     * Creates the first admin from ADMIN_USERNAME / ADMIN_PASSWORD when no admin exists yet.
     * Never overwrites an existing admin. Returns whether one was created.
     */
    async ensureInitialAdmin(initial: { username: string; password: string } | undefined): Promise<boolean> {
      if (!initial || (await countAdmins()) > 0) return false;
      const passwordHash = await hashPassword(initial.password);
      return db.transaction(async (tx) => {
        // Lock the table so two instances starting together cannot both create a first admin.
        await tx.execute(sql`lock table ${admins} in share row exclusive mode`);
        const [existing] = await tx.select({ value: count() }).from(admins);
        if ((existing?.value ?? 0) > 0) return false;
        await insertAdmin(tx, initial.username, passwordHash);
        return true;
      });
    },

    /** `npm run admin -- create NAME`: a new admin, or ADMIN_EXISTS when the name is taken (in any letter case). */
    async createAdmin(rawUsername: string, password: string): Promise<void> {
      const username = rawUsername.trim();
      const taken = () => new AdminAccountError("ADMIN_EXISTS", `An admin named "${username}" already exists.`);
      const passwordHash = await hashPassword(password);
      try {
        await insertNew();
      } catch (error) {
        if (causeCode(error) === UNIQUE_VIOLATION) throw taken();
        throw error;
      }
      async function insertNew() {
        await db.transaction(async (tx) => {
          const [existing] = await tx
            .select({ id: admins.id })
            .from(admins)
            .where(eq(sql`lower(${admins.username})`, username.toLowerCase()))
            .for("update");
          if (existing) throw taken();
          await insertAdmin(tx, username, passwordHash);
        });
      }
    },

    /**
     * Sets a new password, signs the admin out everywhere and lifts a lockout on the name.
     * Returns the username as stored and how many sessions were ended.
     */
    async changePassword(username: string, password: string): Promise<{ username: string; endedSessions: number }> {
      const admin = await findByUsername(username);
      if (!admin) throw new AdminAccountError("ADMIN_NOT_FOUND", `There is no admin named "${username}".`);
      const passwordHash = await hashPassword(password);
      return db.transaction(async (tx) => {
        await tx.update(admins).set({ passwordHash, updatedAt: clock.now() }).where(eq(admins.id, admin.id));
        await tx.delete(loginAttempts).where(eq(loginAttempts.username, admin.username.toLowerCase()));
        const ended = await tx.delete(sessions).where(eq(sessions.adminId, admin.id)).returning({ id: sessions.adminId });
        return { username: admin.username, endedSessions: ended.length };
      });
    },

    async list(): Promise<AdminListing[]> {
      return db
        .select({ id: admins.id, username: admins.username, authorName: authors.name, createdAt: admins.createdAt })
        .from(admins)
        .innerJoin(authors, eq(authors.id, admins.authorId))
        .orderBy(asc(sql`lower(${admins.username})`));
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;

/** The SQLSTATE of a database error, also when a driver wraps it in a `cause`. */
function causeCode(error: unknown): string | undefined {
  for (let current = error; current instanceof Error || (typeof current === "object" && current !== null);) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
