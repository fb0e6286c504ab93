import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { recoveryCodes } from "../../db/schema";
import type { Clock } from "../clock.server";

/** Ten at a time, each four groups of four characters: about 79 bits of chance each. */
export const RECOVERY_CODES = { count: 10, groups: 4, groupLength: 4 } as const;

/** Lower-case letters and digits that cannot be mistaken for one another (no 0/o, 1/l/i). */
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** A new recovery code as it is shown: "k3mq-7xwd-pr2h-eb9t". */
export function newRecoveryCode(): string {
  const groups: string[] = [];
  for (let group = 0; group < RECOVERY_CODES.groups; group++) {
    let part = "";
    for (let index = 0; index < RECOVERY_CODES.groupLength; index++) part += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(part);
  }
  return groups.join("-");
}

/** What is compared: the code in lower case without spaces or dashes, however it was typed. */
export function normaliseRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/** Whether typed text has a recovery code's shape (sixteen letters and digits once spaces and dashes are gone). */
export function looksLikeRecoveryCode(typed: string): boolean {
  return normaliseRecoveryCode(typed).length === RECOVERY_CODES.groups * RECOVERY_CODES.groupLength;
}

function digest(salt: string, normalised: string): Buffer {
  return createHash("sha256").update(`${salt}:${normalised}`).digest();
}

/** Only this is stored: a random salt of its own and the SHA-256 of the salted code (ASVS 2.6.2). */
export function hashRecoveryCode(code: string): string {
  const salt = randomBytes(8).toString("hex");
  return `${salt}:${digest(salt, normaliseRecoveryCode(code)).toString("hex")}`;
}

export function recoveryCodeMatches(typed: string, stored: string): boolean {
  const [salt, hex] = stored.split(":");
  if (!salt || !hex) return false;
  const expected = Buffer.from(hex, "hex");
  const actual = digest(salt, normaliseRecoveryCode(typed));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Recovery codes for a lost authenticator: shown once, stored hashed, each usable once. */
export function createRecoveryCodes({ db, clock }: { db: Database; clock: Clock }) {
  return {
    /** Replaces every code of the account with ten new ones, returned once to show; in the caller's transaction when given. */
    async replace(adminId: number, executor: Database = db): Promise<string[]> {
      const codes = Array.from({ length: RECOVERY_CODES.count }, newRecoveryCode);
      const now = clock.now();
      await executor.delete(recoveryCodes).where(eq(recoveryCodes.adminId, adminId));
      await executor
        .insert(recoveryCodes)
        .values(codes.map((code) => ({ adminId, codeHash: hashRecoveryCode(code), createdAt: now })));
      return codes;
    },

    /**
     * Uses one code: true when it was one of the account's unused codes, which is then used, by a conditional UPDATE
     * on `used_at`, so two requests with the same code cannot both succeed.
     */
    async use(adminId: number, typed: string): Promise<boolean> {
      if (!looksLikeRecoveryCode(typed)) return false;
      const unused = await db
        .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.adminId, adminId), isNull(recoveryCodes.usedAt)));
      const match = unused.find((row) => recoveryCodeMatches(typed, row.codeHash));
      if (!match) return false;
      const used = await db
        .update(recoveryCodes)
        .set({ usedAt: clock.now() })
        .where(and(eq(recoveryCodes.id, match.id), isNull(recoveryCodes.usedAt)))
        .returning({ id: recoveryCodes.id });
      return used.length === 1;
    },

    /** How many unused codes the account has left. */
    async remaining(adminId: number): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.adminId, adminId), isNull(recoveryCodes.usedAt)));
      return row?.value ?? 0;
    },

    /** Removes every code of the account (the app removed, or an administrator's reset). */
    async removeAll(adminId: number, executor: Database = db): Promise<number> {
      const removed = await executor
        .delete(recoveryCodes)
        .where(eq(recoveryCodes.adminId, adminId))
        .returning({ id: sql<number>`${recoveryCodes.id}` });
      return removed.length;
    },
  };
}

export type RecoveryCodes = ReturnType<typeof createRecoveryCodes>;
