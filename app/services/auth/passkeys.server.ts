import { createHash } from "node:crypto";
import { and, asc, count, eq, sql } from "drizzle-orm";
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import type { Database } from "../../db/client.server";
import { admins, passkeys, recoveryCodes } from "../../db/schema";
import { knownTransports, PASSKEY_MESSAGES, type RegistrationAnswer } from "../../validation/passkeys";
import type { Clock } from "../clock.server";
import type { EventClient, SecurityLog } from "../security/security-log.server";
import { causeCode } from "./admins.server";
import { verifyPassword } from "./passwords.server";
import { hashSessionToken, type SessionService } from "./sessions.server";
import { bindingHash, CHALLENGE_LIFETIME_MS, type ChallengeStore } from "./webauthn-challenges.server";

/** Why a passkey change was refused; `message` is the sentence the person reads. */
export type PasskeyErrorCode = "EXPIRED" | "REFUSED" | "ALREADY_REGISTERED" | "NOT_FOUND" | "WRONG_PASSWORD";

export class PasskeyError extends Error {
  constructor(
    readonly code: PasskeyErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "PasskeyError";
  }
}

/** The relying party: SITE_URL's host is its id (a passkey works on that host and its subdomains), its origin the expected one. */
export function relyingParty(siteUrl: string): { id: string; origin: string } {
  const url = new URL(siteUrl);
  return { id: url.hostname, origin: url.origin };
}

/**
 * The WebAuthn user handle of an account: the same on every registration, so an authenticator keeps one passkey per
 * account and site rather than one per attempt, and saying nothing about the person (a hash, not the username).
 */
export function userHandle(rpId: string, adminId: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array(createHash("sha256").update(`byline passkey user\n${rpId}\n${adminId}`).digest());
}

/**
 * The public-key algorithms offered and accepted: EdDSA, ES256 and RS256 (the library's default set without the
 * post-quantum one, which some runtimes offer and no authenticator here makes).
 */
export const PASSKEY_ALGORITHMS = [-8, -7, -257];

/** How many passkeys the admin row in the query has. */
const countOwnPasskeys = sql`select count(*) from ${passkeys} where ${passkeys.adminId} = ${admins.id}`;

/** What the log adds when the change ended the person's other sessions. */
function endedDetail(endedSessions: number): { otherSessionsEnded?: number } {
  return endedSessions > 0 ? { otherSessionsEnded: endedSessions } : {};
}

/** A passkey as its owner sees it in Profile. */
export interface PasskeyListing {
  id: number;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  /** Whether the authenticator said it is synced between devices. */
  backedUp: boolean;
}

/** The signed-in person asking: their account and the session cookie's token (what the challenge is bound to). */
export interface PasskeyOwner {
  adminId: number;
  username: string;
  displayName: string;
  sessionToken: string;
}

interface PasskeyDependencies {
  db: Database;
  clock: Clock;
  site: { url: string; readonly name: string };
  challenges: ChallengeStore;
  sessions: Pick<SessionService, "revokeOthers">;
  securityLog: Pick<SecurityLog, "record">;
}

/**
 * Passkeys in Profile: each person adds one or more (a discoverable credential with user verification, so the passkey
 * alone signs in), names them, and removes them with their current password. Adding and removing are in the security
 * log and may end the person's other sessions. Signing in with one is passkey-sign-in.server.ts.
 */
export function createPasskeyService({ db, clock, site, challenges, sessions, securityLog }: PasskeyDependencies) {
  const registrationBinding = (owner: PasskeyOwner) => ({
    purpose: "registration" as const,
    bindingHash: bindingHash(owner.sessionToken),
    adminId: owner.adminId,
  });

  async function endOtherSessions(owner: PasskeyOwner, endOthers: boolean): Promise<number> {
    return endOthers ? sessions.revokeOthers(owner.adminId, hashSessionToken(owner.sessionToken)) : 0;
  }

  return {
    /** The person's passkeys, oldest first. */
    async list(adminId: number): Promise<PasskeyListing[]> {
      return db
        .select({
          id: passkeys.id,
          name: passkeys.name,
          createdAt: passkeys.createdAt,
          lastUsedAt: passkeys.lastUsedAt,
          backedUp: passkeys.backedUp,
        })
        .from(passkeys)
        .where(eq(passkeys.adminId, adminId))
        .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
    },

    /** Whether the account has a passkey (a second step: with one, a password alone gives no session). */
    async hasPasskey(adminId: number): Promise<boolean> {
      const [row] = await db.select({ total: count() }).from(passkeys).where(eq(passkeys.adminId, adminId));
      return (row?.total ?? 0) > 0;
    },

    /**
     * What the browser needs to create a passkey: a discoverable credential with user verification, none of the
     * person's existing ones again, and a challenge bound to this session that lasts five minutes.
     */
    async registrationOptions(owner: PasskeyOwner): Promise<PublicKeyCredentialCreationOptionsJSON> {
      const rp = relyingParty(site.url);
      const existing = await db
        .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
        .from(passkeys)
        .where(eq(passkeys.adminId, owner.adminId));
      const options = await generateRegistrationOptions({
        rpName: site.name,
        rpID: rp.id,
        userName: owner.username,
        userDisplayName: owner.displayName,
        userID: userHandle(rp.id, owner.adminId),
        timeout: CHALLENGE_LIFETIME_MS,
        attestationType: "none",
        excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports })),
        authenticatorSelection: { residentKey: "required", requireResidentKey: true, userVerification: "required" },
        supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
        extensions: { credProps: true },
      });
      await challenges.issue(registrationBinding(owner), options.challenge);
      return options;
    },

    /**
     * Keeps the passkey the browser made, once its answer checks out against this session's challenge (taken, so it
     * answers once), SITE_URL's origin and host, and user verification. A credential registered before, to
     * anyone, is refused.
     */
    async register(input: {
      owner: PasskeyOwner;
      name: string;
      answer: RegistrationAnswer;
      endOthers: boolean;
      client: EventClient;
    }): Promise<{ name: string; endedSessions: number }> {
      const { owner, name, answer } = input;
      const rp = relyingParty(site.url);
      const challenge = await challenges.take(registrationBinding(owner));
      if (!challenge) throw new PasskeyError("EXPIRED", PASSKEY_MESSAGES.expired);
      const verified = await verifyRegistrationResponse({
        response: answer as RegistrationResponseJSON,
        expectedChallenge: challenge.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserPresence: true,
        requireUserVerification: true,
        supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
      }).catch(() => null);
      if (!verified?.verified) throw new PasskeyError("REFUSED", PASSKEY_MESSAGES.refused);
      const { credential, credentialBackedUp } = verified.registrationInfo;
      const [taken] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.credentialId, credential.id));
      if (taken) throw new PasskeyError("ALREADY_REGISTERED", PASSKEY_MESSAGES.alreadyRegistered);
      try {
        await db.insert(passkeys).values({
          adminId: owner.adminId,
          credentialId: credential.id,
          publicKey: isoBase64URL.fromBuffer(credential.publicKey),
          signCount: credential.counter,
          transports: knownTransports(answer.response.transports),
          backedUp: credentialBackedUp,
          name,
          createdAt: clock.now(),
        });
      } catch (error) {
        // Two registrations of one credential at once: the unique index decides, and the second reads as above.
        if (causeCode(error) === "23505") throw new PasskeyError("ALREADY_REGISTERED", PASSKEY_MESSAGES.alreadyRegistered);
        throw error;
      }
      const endedSessions = await endOtherSessions(owner, input.endOthers);
      const person = { id: owner.adminId, name: owner.username };
      await securityLog.record({
        kind: "second-step-added",
        actor: person,
        subject: person,
        client: input.client,
        detail: { method: "passkey", name, ...endedDetail(endedSessions) },
      });
      return { name, endedSessions };
    },

    /**
     * Removes one of the person's own passkeys, once their current password is right. With it the last second step
     * gone (no passkey left, no app), the recovery codes go too.
     */
    async remove(input: {
      owner: PasskeyOwner;
      id: number;
      currentPassword: string;
      endOthers: boolean;
      client: EventClient;
    }): Promise<{ name: string; endedSessions: number }> {
      const { owner } = input;
      const [account] = await db.select({ passwordHash: admins.passwordHash }).from(admins).where(eq(admins.id, owner.adminId));
      if (!account || !(await verifyPassword(input.currentPassword, account.passwordHash))) {
        throw new PasskeyError("WRONG_PASSWORD", PASSKEY_MESSAGES.wrongPassword);
      }
      const removed = await db.transaction(async (tx) => {
        const [row] = await tx
          .delete(passkeys)
          .where(and(eq(passkeys.id, input.id), eq(passkeys.adminId, owner.adminId)))
          .returning({ name: passkeys.name });
        if (!row) return null;
        // The last second step gone (no passkey left, no app): recovery codes, which stand in for one, go too.
        const [left] = await tx
          .select({ app: sql<boolean>`${admins.totpSecret} is not null`, passkeys: sql<number>`(${countOwnPasskeys})::int` })
          .from(admins)
          .where(eq(admins.id, owner.adminId));
        if (left && !left.app && left.passkeys === 0)
          await tx.delete(recoveryCodes).where(eq(recoveryCodes.adminId, owner.adminId));
        return row;
      });
      if (!removed) throw new PasskeyError("NOT_FOUND", PASSKEY_MESSAGES.removed);
      const endedSessions = await endOtherSessions(owner, input.endOthers);
      const person = { id: owner.adminId, name: owner.username };
      await securityLog.record({
        kind: "second-step-removed",
        actor: person,
        subject: person,
        client: input.client,
        detail: { method: "passkey", name: removed.name, ...endedDetail(endedSessions) },
      });
      return { name: removed.name, endedSessions };
    },
  };
}

export type PasskeyService = ReturnType<typeof createPasskeyService>;
