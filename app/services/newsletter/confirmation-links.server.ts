import { createHmac, timingSafeEqual } from "node:crypto";
import type { Database } from "../../db/client.server";
import type { Clock } from "../clock.server";
import { storedSigningKey } from "./signing-key.server";

/** The app_secrets row holding the key that signs confirmation links (apart from the unsubscribe key). */
const SECRET_NAME = "confirmation-link-key";
/** 16 bytes of HMAC-SHA256, as for unsubscribe links. */
const SIGNATURE_BYTES = 16;
/**
 * How long a confirmation link works: a week covers a reader who signs up on Friday and reads mail on
 * Monday, and a message sitting in a spam folder, while a link found in an old mailbox no longer counts as
 * consent (docs/decisions/013-double-opt-in.md).
 */
export const CONFIRMATION_LINK_LIFETIME_MS = 7 * 24 * 60 * 60_000;
/** Clocks of two instances may differ a little; a link "issued" further in the future than this is forged. */
const CLOCK_SKEW_MS = 5 * 60_000;

/** What a confirmation token says, once its signature checks out. */
export type ConfirmationCheck =
  | { outcome: "valid"; subscriberId: number; issuedAt: Date }
  /** Signed by us, but older than the link's lifetime. */
  | { outcome: "expired"; subscriberId: number }
  /** Malformed, altered or signed with another key. */
  | { outcome: "invalid" };

function signature(key: Buffer, subscriberId: number, issuedAtMs: number): Buffer {
  return createHmac("sha256", key).update(`confirm:${subscriberId}:${issuedAtMs}`).digest().subarray(0, SIGNATURE_BYTES);
}

/**
 * Sign-up confirmation links: `{SITE_URL}/newsletter/confirm/{token}`, where the token carries the subscriber's
 * id and the moment the link was issued (milliseconds, base 36) and an HMAC of both, so it cannot be made for
 * another subscriber nor made younger. The key lives in the database like the unsubscribe links' key.
 */
export function createConfirmationLinks({ db, clock, siteUrl }: { db: Database; clock: Clock; siteUrl: string }) {
  const signingKey = storedSigningKey(db, SECRET_NAME);

  async function tokenFor(subscriberId: number, issuedAt: Date): Promise<string> {
    const issuedAtMs = issuedAt.getTime();
    const signed = signature(await signingKey(), subscriberId, issuedAtMs).toString("base64url");
    return `${subscriberId.toString(36)}.${issuedAtMs.toString(36)}.${signed}`;
  }

  return {
    tokenFor,

    /** The absolute link for a message. */
    async linkFor(subscriberId: number, issuedAt: Date): Promise<string> {
      return `${siteUrl}/newsletter/confirm/${await tokenFor(subscriberId, issuedAt)}`;
    },

    /** Checks the signature first, then the age against the clock. */
    async verify(token: string): Promise<ConfirmationCheck> {
      const match = /^([0-9a-z]{1,8})\.([0-9a-z]{1,11})\.([A-Za-z0-9_-]{22})$/.exec(token);
      if (!match?.[1] || !match[2] || !match[3]) return { outcome: "invalid" };
      const subscriberId = Number.parseInt(match[1], 36);
      const issuedAtMs = Number.parseInt(match[2], 36);
      if (!Number.isSafeInteger(subscriberId) || subscriberId <= 0 || !Number.isSafeInteger(issuedAtMs)) {
        return { outcome: "invalid" };
      }
      // One spelling only: the numbers as we write them, and the signature's unused bits zero.
      if (subscriberId.toString(36) !== match[1] || issuedAtMs.toString(36) !== match[2]) return { outcome: "invalid" };
      const given = Buffer.from(match[3], "base64url");
      if (given.toString("base64url") !== match[3]) return { outcome: "invalid" };
      const expected = signature(await signingKey(), subscriberId, issuedAtMs);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { outcome: "invalid" };
      const now = clock.now().getTime();
      if (issuedAtMs > now + CLOCK_SKEW_MS) return { outcome: "invalid" };
      if (now - issuedAtMs > CONFIRMATION_LINK_LIFETIME_MS) return { outcome: "expired", subscriberId };
      return { outcome: "valid", subscriberId, issuedAt: new Date(issuedAtMs) };
    },
  };
}

export type ConfirmationLinks = ReturnType<typeof createConfirmationLinks>;
