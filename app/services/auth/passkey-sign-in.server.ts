import { and, eq } from "drizzle-orm";
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import type { Database } from "../../db/client.server";
import { admins, passkeys } from "../../db/schema";
import { AuthenticationAnswer, parseAnswer } from "../../validation/passkeys";
import type { Clock } from "../clock.server";
import type { RateLimiter, RateLimitPolicy } from "../rate-limits/rate-limiter.server";
import type { EventClient, SecurityLog } from "../security/security-log.server";
import type { AdminService } from "./admins.server";
import { LOGIN_ADDRESS_LIMIT } from "./login.server";
import { relyingParty, userHandle } from "./passkeys.server";
import type { SessionService } from "./sessions.server";
import { bindingHash, CHALLENGE_LIFETIME_MS, type ChallengeStore } from "./webauthn-challenges.server";

/**
 * Passkey requests from one client address: each hands out a challenge (a row for five minutes), so a script cannot
 * ask for thousands; far above what a person signing in ever needs.
 */
export const PASSKEY_OPTIONS_LIMIT: RateLimitPolicy = { bucket: "passkey-options", limit: 60, windowMs: 15 * 60_000 };

export type PasskeySignInResult =
  | { outcome: "signed-in"; adminId: number; username: string; token: string; expiresAt: Date }
  /** The answer did not check out: no live challenge for this browser, an unknown passkey, a bad signature. */
  | { outcome: "refused" }
  /** A valid passkey of an account an administrator has suspended. */
  | { outcome: "suspended" }
  | { outcome: "limited"; retryAfterMs: number };

/** A second step's answer: whether the pending sign-in's account answered with one of its passkeys. */
export type PasskeyStepResult = { outcome: "verified"; passkeyName: string } | { outcome: "refused" };

interface PasskeySignInDependencies {
  db: Database;
  clock: Clock;
  site: { url: string };
  challenges: ChallengeStore;
  sessions: Pick<SessionService, "create">;
  admins: Pick<AdminService, "recordSignIn">;
  securityLog: Pick<SecurityLog, "record">;
  rateLimiter: RateLimiter;
}

/** Whose passkey answered, when it checked out. */
interface CheckedAnswer {
  passkey: { id: number; name: string };
  admin: { id: number; username: string; suspendedAt: Date | null };
}

/**
 * Signing in with a passkey: alone on the sign-in screen (a discoverable credential with user verification is both
 * factors), or as the second step after a password. Either way the browser first asks for options, which hands it a
 * challenge bound to a token only it holds (the sign-in page's own cookie, or the pending sign-in's); the answer is
 * checked once against that challenge, SITE_URL's origin and host, the passkey's public key and its signature counter,
 * which must go up when the authenticator keeps one.
 */
export function createPasskeySignIn({
  db,
  clock,
  site,
  challenges,
  sessions,
  admins: adminService,
  securityLog,
  rateLimiter,
}: PasskeySignInDependencies) {
  async function options(
    binding: { bindingHash: string; adminId: number | null },
    allow: { credentialId: string; transports: string[] }[] = [],
  ): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const options = await generateAuthenticationOptions({
      rpID: relyingParty(site.url).id,
      userVerification: "required",
      timeout: CHALLENGE_LIFETIME_MS,
      allowCredentials: allow.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
    });
    await challenges.issue({ purpose: "authentication", ...binding }, options.challenge);
    return options;
  }

  /**
   * Checks an answer against the challenge bound to `token` (taken first, so it is used once whatever follows) and
   * the passkey it names, of `adminId` when given (a second step). Signing in with a passkey alone, a known
   * passkey's failure is in the security log here; a second step's failure is recorded by the second screen's attempt.
   */
  async function check(token: string, answerText: unknown, client: EventClient, adminId?: number): Promise<CheckedAnswer | null> {
    const alone = adminId === undefined;
    const challenge = await challenges.take({ purpose: "authentication", bindingHash: bindingHash(token), adminId });
    const answer = parseAnswer(AuthenticationAnswer, answerText);
    if (!answer) return null;
    const [found] = await db
      .select({
        passkey: {
          id: passkeys.id,
          name: passkeys.name,
          credentialId: passkeys.credentialId,
          publicKey: passkeys.publicKey,
          signCount: passkeys.signCount,
          transports: passkeys.transports,
        },
        admin: { id: admins.id, username: admins.username, suspendedAt: admins.suspendedAt },
      })
      .from(passkeys)
      .innerJoin(admins, eq(admins.id, passkeys.adminId))
      .where(and(eq(passkeys.credentialId, answer.id), adminId === undefined ? undefined : eq(passkeys.adminId, adminId)));
    if (!found) {
      if (alone) {
        await securityLog.record({ kind: "sign-in-failed", client, detail: { method: "passkey", reason: "unknown passkey" } });
      }
      return null;
    }
    const refuse = async (reason: string) => {
      if (!alone) return null;
      await securityLog.record({
        kind: "second-step-failed",
        subject: { id: found.admin.id, name: found.admin.username },
        client,
        detail: { method: "passkey", name: found.passkey.name, reason },
      });
      return null;
    };
    if (!challenge) return refuse("no live challenge");
    const rp = relyingParty(site.url);
    const handle = answer.response.userHandle;
    if (handle !== undefined && handle !== isoBase64URL.fromBuffer(userHandle(rp.id, found.admin.id))) {
      return refuse("another account's user handle");
    }
    const verified = await verifyAuthenticationResponse({
      response: answer as AuthenticationResponseJSON,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: found.passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(found.passkey.publicKey),
        counter: found.passkey.signCount,
        transports: found.passkey.transports,
      },
    }).catch(() => null);
    if (!verified?.verified) return refuse("not verified");
    const { newCounter, credentialBackedUp } = verified.authenticationInfo;
    // Conditional on the counter this check read: of two answers racing with the same counter, one wins.
    const [updated] = await db
      .update(passkeys)
      .set({ signCount: newCounter, lastUsedAt: clock.now(), backedUp: credentialBackedUp })
      .where(and(eq(passkeys.id, found.passkey.id), eq(passkeys.signCount, found.passkey.signCount)))
      .returning({ id: passkeys.id });
    if (!updated) return refuse("signature counter");
    return { passkey: { id: found.passkey.id, name: found.passkey.name }, admin: found.admin };
  }

  return {
    /** Options for the sign-in screen's "Sign in with a passkey": any of this site's passkeys may answer. */
    signInOptions(browserToken: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
      return options({ bindingHash: bindingHash(browserToken), adminId: null });
    },

    /** Whether a client address may ask for options now (PASSKEY_OPTIONS_LIMIT). */
    async mayAskForOptions(clientAddress: string) {
      return rateLimiter.hit(PASSKEY_OPTIONS_LIMIT, clientAddress);
    },

    /**
     * Signs in with a passkey alone: the answer to the challenge bound to `browserToken`. Every attempt counts
     * towards the per-address sign-in budget (LOGIN_ADDRESS_LIMIT) shared with the password form.
     */
    async signIn(input: {
      browserToken: string;
      answer: unknown;
      /** The client, and the id its browser's long-lived cookie carries (for the new-browser mail). */
      client: EventClient & { browserId?: string | null };
    }): Promise<PasskeySignInResult> {
      const budget = await rateLimiter.hit(LOGIN_ADDRESS_LIMIT, input.client.clientAddress);
      if (!budget.allowed) return { outcome: "limited", retryAfterMs: budget.retryAfterMs };
      const checked = await check(input.browserToken, input.answer, input.client);
      if (!checked) return { outcome: "refused" };
      const { admin, passkey } = checked;
      const person = { id: admin.id, name: admin.username };
      if (admin.suspendedAt) {
        await securityLog.record({
          kind: "sign-in-failed",
          subject: person,
          client: input.client,
          detail: { method: "passkey", name: passkey.name, reason: "suspended" },
        });
        return { outcome: "suspended" };
      }
      const { browserId, ...client } = input.client;
      const session = await sessions.create(admin.id, { ...client, signedInWith: "passkey", browserId });
      await adminService.recordSignIn(admin.id);
      await securityLog.record({
        kind: "sign-in",
        actor: person,
        subject: person,
        client: input.client,
        detail: { method: "passkey", name: passkey.name },
      });
      return { outcome: "signed-in", adminId: admin.id, username: admin.username, ...session };
    },

    /**
     * Options for the second step of a pending sign-in (`pendingToken` is its cookie's token): only the account's own
     * passkeys may answer. Null when the account has none.
     */
    async secondStepOptions(input: {
      pendingToken: string;
      adminId: number;
    }): Promise<PublicKeyCredentialRequestOptionsJSON | null> {
      const own = await db
        .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
        .from(passkeys)
        .where(eq(passkeys.adminId, input.adminId));
      if (own.length === 0) return null;
      return options({ bindingHash: bindingHash(input.pendingToken), adminId: input.adminId }, own);
    },

    /**
     * Checks a pending sign-in's passkey answer: the `check` of the second screen's attempt, which counts a failure
     * towards the lockout, records it, and completes the sign-in on success.
     */
    async checkSecondStep(input: {
      pendingToken: string;
      adminId: number;
      answer: unknown;
      client: EventClient;
    }): Promise<PasskeyStepResult> {
      const checked = await check(input.pendingToken, input.answer, input.client, input.adminId);
      return checked ? { outcome: "verified", passkeyName: checked.passkey.name } : { outcome: "refused" };
    },
  };
}

export type PasskeySignIn = ReturnType<typeof createPasskeySignIn>;
