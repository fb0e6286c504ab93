import { count, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { admins, authors } from "../../db/schema";
import { hashPassword } from "./passwords.server";

export function createAdminService({ db }: { db: Database }) {
  async function countAdmins(): Promise<number> {
    const [row] = await db.select({ value: count() }).from(admins);
    return row?.value ?? 0;
  }

  return {
    countAdmins,

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
        const [author] = await tx
          .insert(authors)
          .values({ name: initial.username, role: "Editor" })
          .onConflictDoUpdate({ target: authors.name, set: { name: initial.username } })
          .returning({ id: authors.id });
        if (!author) throw new Error("Failed to create the admin's author profile.");
        await tx.insert(admins).values({ username: initial.username, passwordHash, authorId: author.id });
        return true;
      });
    },

    async findByUsername(username: string) {
      const [admin] = await db
        .select()
        .from(admins)
        .where(eq(sql`lower(${admins.username})`, username.toLowerCase()));
      return admin;
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
