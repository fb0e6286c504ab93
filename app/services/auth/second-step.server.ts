import { eq, isNotNull } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { admins, passkeys, pendingSignIns, sessions as sessionRows } from "../../db/schema";
import type { StaffRole } from "../../domain/permissions";
import type { EventClient, EventPerson, EventSource, SecurityLog } from "../security/security-log.server";
import { AdminAccountError } from "./admins.server";
import type { AuthenticatorApp, AuthenticatorSetup } from "./authenticator-app.server";
import { verifyPassword } from "./passwords.server";
import type { RecoveryCodes } from "./recovery-codes.server";
import { needsSecondStep, secondStepMethods, type SecondStepSignIn } from "./second-step-sign-in.server";
import type { SessionService } from "./sessions.server";

/** The person changing their own second step, and from where. */
export interface SecondStepActor {
  adminId: number;
  username: string;
  client: EventClient;
}

/** Whether to end the person's other sessions with a change (Profile's checkbox, checked by default), and which to keep. */
export interface OtherSessions {
  endOthers: boolean;
  /** The hash of the session the change is made in. */
  keepTokenHash: string;
}

/** What Profile's section shows of a person's second step. */
export interface SecondStepSummary {
  appEnabledAt: Date | null;
  settingUp: boolean;
  recoveryCodesLeft: number;
  passkeys: number;
  /** The person's role must use a second step (Settings). */
  required: boolean;
}

interface Dependencies {
  db: Database;
  app: AuthenticatorApp;
  recoveryCodes: RecoveryCodes;
  sessions: Pick<SessionService, "revokeOthers">;
  securityLog: SecurityLog;
  /** The roles that must use a second step, as the settings in force say. */
  requiredRoles: () => readonly StaffRole[];
  /** The second screen of a sign-in. */
  signIn: SecondStepSignIn;
}

/**
 * A person's second step (an authenticator app, recovery codes, passkeys counted): set-up and removal in Profile,
 * the per-role requirement, an administrator's reset, and the second screen of a sign-in (second-step-sign-in.server.ts).
 * Every change is in the security log.
 */
export function createSecondStep({ db, app, recoveryCodes, sessions, securityLog, requiredRoles, signIn }: Dependencies) {
  const person = (actor: SecondStepActor): EventPerson => ({ id: actor.adminId, name: actor.username });

  async function endOthersIf(actor: SecondStepActor, others: OtherSessions): Promise<number> {
    return others.endOthers ? sessions.revokeOthers(actor.adminId, others.keepTokenHash) : 0;
  }

  return {
    ...signIn,

    methods: (adminId: number) => secondStepMethods(db, adminId),

    /** Whether the account has a second step (an app, or at least one passkey). */
    async has(adminId: number): Promise<boolean> {
      return needsSecondStep(await secondStepMethods(db, adminId));
    },

    /** The ids of every account with a second step (an app or a passkey), for the Staff tab. */
    async holders(): Promise<Set<number>> {
      const [withApp, withPasskey] = await Promise.all([
        db.select({ id: admins.id }).from(admins).where(isNotNull(admins.totpSecret)),
        db.selectDistinct({ id: passkeys.adminId }).from(passkeys),
      ]);
      return new Set([...withApp, ...withPasskey].map((row) => row.id));
    },

    /**
     * Whether this signed-in person still owes the second step their role requires: the admin guard then lets them
     * do nothing but set it up. Costs a query only for a role that requires one.
     */
    async owed({ adminId, role }: { adminId: number; role: StaffRole }): Promise<boolean> {
      if (!requiredRoles().includes(role)) return false;
      return !needsSecondStep(await secondStepMethods(db, adminId));
    },

    async summary({ adminId, role }: { adminId: number; role: StaffRole }): Promise<SecondStepSummary> {
      const [status, methods] = await Promise.all([app.status(adminId), secondStepMethods(db, adminId)]);
      return {
        appEnabledAt: status.enabledAt,
        settingUp: status.settingUp,
        recoveryCodesLeft: methods.recoveryCodes,
        passkeys: methods.passkeys,
        required: requiredRoles().includes(role),
      };
    },

    startAppSetup: (adminId: number) => app.startSetup(adminId),

    cancelAppSetup: (adminId: number) => app.cancelSetup(adminId),

    appSetup: (adminId: number, label: { issuer: string; account: string }): Promise<AuthenticatorSetup | null> =>
      app.setup(adminId, label),

    /**
     * Confirms the app with its first code: ten new recovery codes, returned once to show, replace any earlier ones.
     * Null for a wrong code.
     */
    async confirmApp(actor: SecondStepActor, code: string, others: OtherSessions) {
      const codes = await db.transaction(async (tx) => {
        if (!(await app.confirm(actor.adminId, code, tx))) return null;
        const made = await recoveryCodes.replace(actor.adminId, tx);
        await securityLog.record(
          {
            kind: "second-step-added",
            actor: person(actor),
            subject: person(actor),
            client: actor.client,
            detail: { method: "app" },
          },
          tx,
        );
        return made;
      });
      if (!codes) return null;
      return { codes, endedSessions: await endOthersIf(actor, others) };
    },

    /** Removes the app once the current password is given; recovery codes go too unless a passkey remains. */
    async removeApp(actor: SecondStepActor, password: string, others: OtherSessions) {
      const [row] = await db.select({ passwordHash: admins.passwordHash }).from(admins).where(eq(admins.id, actor.adminId));
      if (!row || !(await verifyPassword(password, row.passwordHash))) {
        throw new AdminAccountError("WRONG_PASSWORD", "The current password is not right.");
      }
      const removed = await db.transaction(async (tx) => {
        if (!(await app.remove(actor.adminId, tx))) return false;
        const [passkey] = await tx.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.adminId, actor.adminId)).limit(1);
        if (!passkey) await recoveryCodes.removeAll(actor.adminId, tx);
        await securityLog.record(
          {
            kind: "second-step-removed",
            actor: person(actor),
            subject: person(actor),
            client: actor.client,
            detail: { method: "app" },
          },
          tx,
        );
        return true;
      });
      return { removed, endedSessions: removed ? await endOthersIf(actor, others) : 0 };
    },

    /** "Make new recovery codes": ten new ones replace them all, returned once to show. Only with a second step. */
    async replaceRecoveryCodes(actor: SecondStepActor, others: OtherSessions) {
      if (!needsSecondStep(await secondStepMethods(db, actor.adminId))) return null;
      const codes = await db.transaction(async (tx) => {
        const made = await recoveryCodes.replace(actor.adminId, tx);
        await securityLog.record(
          { kind: "recovery-codes-replaced", actor: person(actor), subject: person(actor), client: actor.client },
          tx,
        );
        return made;
      });
      return { codes, endedSessions: await endOthersIf(actor, others) };
    },

    /**
     * Someone who lost every factor: their app, recovery codes and passkeys are removed, their waiting sign-ins and
     * sessions end. `actor` is the administrator (null from the server's shell). Returns how many sessions ended.
     */
    async reset(subjectId: number, { actor = null, client = null }: EventSource) {
      return db.transaction(async (tx) => {
        const [subject] = await tx
          .select({ id: admins.id, username: admins.username })
          .from(admins)
          .where(eq(admins.id, subjectId))
          .for("update");
        if (!subject) throw new AdminAccountError("ADMIN_NOT_FOUND", "That staff member no longer exists.");
        await app.remove(subject.id, tx);
        await recoveryCodes.removeAll(subject.id, tx);
        const removedPasskeys = await tx.delete(passkeys).where(eq(passkeys.adminId, subject.id)).returning({ id: passkeys.id });
        await tx.delete(pendingSignIns).where(eq(pendingSignIns.adminId, subject.id));
        const ended = await tx.delete(sessionRows).where(eq(sessionRows.adminId, subject.id)).returning({ id: sessionRows.id });
        await securityLog.record(
          {
            kind: "second-step-reset",
            actor,
            subject: { id: subject.id, name: subject.username },
            client,
            detail: { passkeys: removedPasskeys.length, by: actor ? "administrator" : "shell" },
          },
          tx,
        );
        return { username: subject.username, endedSessions: ended.length };
      });
    },
  };
}

export type SecondStep = ReturnType<typeof createSecondStep>;
