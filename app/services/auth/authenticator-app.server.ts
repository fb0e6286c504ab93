import { and, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import QRCode from "qrcode";
import type { Database } from "../../db/client.server";
import { admins } from "../../db/schema";
import type { Clock } from "../clock.server";
import { groupedSecret, matchingStep, newTotpSecret, otpauthUri } from "./totp.server";

/** What the set-up screen shows its owner, and only them: the QR code and the same secret written out. */
export interface AuthenticatorSetup {
  /** A data: PNG of the otpauth:// address (the CSP allows `img-src data:`). */
  qrCode: string;
  /** The secret in groups of four, to type into an app by hand. */
  secret: string;
}

/**
 * The authenticator app of a staff account (RFC 6238): a secret shown once in set-up and confirmed with a first code,
 * then codes accepted once each. The last accepted 30-second step is kept on the account, and a code is accepted by
 * ONE conditional UPDATE that only succeeds for a later step, so a reused code and two requests racing with the same
 * code both fail.
 */
export function createAuthenticatorApp({ db, clock }: { db: Database; clock: Clock }) {
  async function secrets(adminId: number) {
    const [row] = await db
      .select({ secret: admins.totpSecret, pending: admins.totpPendingSecret, enabledAt: admins.totpEnabledAt })
      .from(admins)
      .where(eq(admins.id, adminId));
    return row;
  }

  return {
    /** Whether the account has an app, and since when. */
    async status(adminId: number): Promise<{ enabledAt: Date | null; settingUp: boolean }> {
      const row = await secrets(adminId);
      return { enabledAt: row?.secret ? row.enabledAt : null, settingUp: Boolean(row?.pending) };
    },

    /** Begins (or begins again) a set-up: a new secret waits for its first code; an app already in use keeps working. */
    async startSetup(adminId: number): Promise<void> {
      await db.update(admins).set({ totpPendingSecret: newTotpSecret(), updatedAt: clock.now() }).where(eq(admins.id, adminId));
    },

    /** Gives up a set-up under way: the waiting secret is forgotten; an app already in use keeps working. */
    async cancelSetup(adminId: number): Promise<void> {
      await db.update(admins).set({ totpPendingSecret: null, updatedAt: clock.now() }).where(eq(admins.id, adminId));
    },

    /** The set-up screen's QR code and secret, or null when no set-up is under way. */
    async setup(adminId: number, { issuer, account }: { issuer: string; account: string }): Promise<AuthenticatorSetup | null> {
      const row = await secrets(adminId);
      if (!row?.pending) return null;
      const uri = otpauthUri({ issuer, account, secret: row.pending });
      return {
        qrCode: await QRCode.toDataURL(uri, { errorCorrectionLevel: "M", margin: 2, width: 240 }),
        secret: groupedSecret(row.pending),
      };
    },

    /**
     * Confirms a set-up with the app's first code: the waiting secret becomes the account's, its step counts as used.
     * False for a wrong code (or no set-up under way). In the caller's transaction when given.
     */
    async confirm(adminId: number, code: string, executor: Database = db): Promise<boolean> {
      const [row] = await executor
        .select({ pending: admins.totpPendingSecret })
        .from(admins)
        .where(eq(admins.id, adminId))
        .for("update");
      if (!row?.pending) return false;
      const now = clock.now();
      const step = matchingStep(row.pending, code, now);
      if (step === null) return false;
      const changed = await executor
        .update(admins)
        .set({ totpSecret: row.pending, totpPendingSecret: null, totpEnabledAt: now, totpLastStep: step, updatedAt: now })
        .where(and(eq(admins.id, adminId), eq(admins.totpPendingSecret, row.pending)))
        .returning({ id: admins.id });
      return changed.length === 1;
    },

    /**
     * Accepts a code of the account's app once: "wrong" when it is wrong or too old, "reused" when its step (or a later
     * one) was used already, which the second screen logs and tells the owner of (OWASP ASVS 2.8.5).
     */
    async accept(adminId: number, code: string): Promise<"accepted" | "wrong" | "reused"> {
      const row = await secrets(adminId);
      if (!row?.secret) return "wrong";
      const step = matchingStep(row.secret, code, clock.now());
      if (step === null) return "wrong";
      const accepted = await db
        .update(admins)
        .set({ totpLastStep: step })
        .where(
          and(
            eq(admins.id, adminId),
            eq(admins.totpSecret, row.secret),
            or(isNull(admins.totpLastStep), lt(admins.totpLastStep, step)),
          ),
        )
        .returning({ id: admins.id });
      return accepted.length === 1 ? "accepted" : "reused";
    },

    /** Removes the app (and any set-up under way); true when there was either. In the caller's transaction when given. */
    async remove(adminId: number, executor: Database = db): Promise<boolean> {
      const removed = await executor
        .update(admins)
        .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: clock.now() })
        .where(and(eq(admins.id, adminId), or(isNotNull(admins.totpSecret), isNotNull(admins.totpPendingSecret))))
        .returning({ id: admins.id });
      return removed.length === 1;
    },
  };
}

export type AuthenticatorApp = ReturnType<typeof createAuthenticatorApp>;
