import { createHash } from "node:crypto";
import { and, eq, lte } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { webauthnChallenges } from "../../db/schema";
import type { Clock } from "../clock.server";

/** How long a browser has to answer a passkey request. */
export const CHALLENGE_LIFETIME_MS = 5 * 60_000;

/** "registration": adding a passkey in Profile; "authentication": signing in with one. */
export type ChallengePurpose = "registration" | "authentication";

/** The SHA-256 (hex) of the token a challenge is bound to: the session's, the pending sign-in's or the sign-in page's. */
export function bindingHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** What a challenge was bound to when it was handed out. */
export interface ChallengeBinding {
  purpose: ChallengePurpose;
  /** bindingHash of the token that asked. */
  bindingHash: string;
  /** The account it is for, when one is known (registration, a second step). */
  adminId?: number | null;
}

/**
 * WebAuthn challenges, in the database so any instance can check the answer: random (the library's 32 bytes), single use (taken
 * with one DELETE ... RETURNING, so two answers racing cannot both succeed), expiring after five minutes and bound to
 * the token that asked for it. A browser holds one live challenge per purpose: asking again replaces it.
 */
export function createChallengeStore({ db, clock }: { db: Database; clock: Clock }) {
  return {
    /**
     * Keeps `challenge` (base64url, the random one the options carry) for `binding`, replacing the one that binding
     * held.
     */
    async issue(binding: ChallengeBinding, challenge: string): Promise<void> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        await tx
          .delete(webauthnChallenges)
          .where(and(eq(webauthnChallenges.bindingHash, binding.bindingHash), eq(webauthnChallenges.purpose, binding.purpose)));
        await tx.insert(webauthnChallenges).values({
          challenge,
          purpose: binding.purpose,
          adminId: binding.adminId ?? null,
          bindingHash: binding.bindingHash,
          expiresAt: new Date(now.getTime() + CHALLENGE_LIFETIME_MS),
          createdAt: now,
        });
      });
    },

    /**
     * Takes the challenge `binding` holds, once: the row is deleted whatever happens next, so an answer can be
     * checked against it only one time. Null when there is none (never asked, already answered, asked from another
     * browser) or when it has expired.
     */
    async take(binding: ChallengeBinding): Promise<{ challenge: string; adminId: number | null } | null> {
      const [row] = await db
        .delete(webauthnChallenges)
        .where(and(eq(webauthnChallenges.bindingHash, binding.bindingHash), eq(webauthnChallenges.purpose, binding.purpose)))
        .returning({
          challenge: webauthnChallenges.challenge,
          adminId: webauthnChallenges.adminId,
          expiresAt: webauthnChallenges.expiresAt,
        });
      if (!row || row.expiresAt.getTime() <= clock.now().getTime()) return null;
      if (binding.adminId !== undefined && binding.adminId !== null && row.adminId !== binding.adminId) return null;
      return { challenge: row.challenge, adminId: row.adminId };
    },

    /** Forgets the challenges nobody answered in time; returns how many. */
    async pruneExpired(): Promise<number> {
      const removed = await db
        .delete(webauthnChallenges)
        .where(lte(webauthnChallenges.expiresAt, clock.now()))
        .returning({ id: webauthnChallenges.id });
      return removed.length;
    },
  };
}

export type ChallengeStore = ReturnType<typeof createChallengeStore>;
