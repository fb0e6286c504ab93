import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { admins, loginAttempts, sessions } from "../../db/schema";

/**
 * Sets an account's password (already hashed) and ends every one of its sessions and any lockout on its name: what
 * a password chosen without the old one (the shell's reset, a reset link) must do. Runs in the caller's transaction.
 * Returns how many sessions ended.
 */
export async function replacePassword(
  tx: Database,
  admin: { id: number; username: string },
  passwordHash: string,
  now: Date,
): Promise<number> {
  await tx.update(admins).set({ passwordHash, updatedAt: now }).where(eq(admins.id, admin.id));
  await tx.delete(loginAttempts).where(eq(loginAttempts.username, admin.username.toLowerCase()));
  const ended = await tx.delete(sessions).where(eq(sessions.adminId, admin.id)).returning({ id: sessions.adminId });
  return ended.length;
}
