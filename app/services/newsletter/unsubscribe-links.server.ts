import { createHmac, timingSafeEqual } from "node:crypto";
import type { Database } from "../../db/client.server";
import { storedSigningKey } from "./signing-key.server";

/** The app_secrets row holding the key that signs unsubscribe links. */
const SECRET_NAME = "unsubscribe-link-key";
/** 16 bytes of HMAC-SHA256: far beyond guessing, short enough for a tidy link. */
const SIGNATURE_BYTES = 16;

function signature(key: Buffer, subscriberId: number): Buffer {
  return createHmac("sha256", key).update(`unsubscribe:${subscriberId}`).digest().subarray(0, SIGNATURE_BYTES);
}

function tokenWith(key: Buffer, subscriberId: number): string {
  return `${subscriberId.toString(36)}.${signature(key, subscriberId).toString("base64url")}`;
}

/**
 * Personal unsubscribe links: `{SITE_URL}/unsubscribe/{token}`, where the token is the subscriber's id
 * and an HMAC of it, so the link works without a login and cannot be forged for someone else. The key
 * is made on first use and kept in the database, so every instance signs and checks alike and links
 * in sent mail keep working across restarts (docs/decisions/010-newsletter-delivery.md).
 */
export function createUnsubscribeLinks({ db, siteUrl }: { db: Database; siteUrl: string }) {
  const signingKey = storedSigningKey(db, SECRET_NAME);

  return {
    async tokenFor(subscriberId: number): Promise<string> {
      return tokenWith(await signingKey(), subscriberId);
    },

    /** A function that makes absolute links without awaiting, for sending many messages. */
    async linkMaker(): Promise<(subscriberId: number) => string> {
      const loaded = await signingKey();
      return (subscriberId) => `${siteUrl}/unsubscribe/${tokenWith(loaded, subscriberId)}`;
    },

    /** The subscriber a token was made for, or null for a malformed or forged token. */
    async verify(token: string): Promise<number | null> {
      const match = /^([0-9a-z]{1,8})\.([A-Za-z0-9_-]{22})$/.exec(token);
      if (!match?.[1] || !match[2]) return null;
      const subscriberId = Number.parseInt(match[1], 36);
      if (!Number.isSafeInteger(subscriberId) || subscriberId <= 0) return null;
      const given = Buffer.from(match[2], "base64url");
      // One spelling only: the last character's unused bits must be zero, as our own encoding writes them.
      if (given.toString("base64url") !== match[2]) return null;
      const expected = signature(await signingKey(), subscriberId);
      return given.length === expected.length && timingSafeEqual(given, expected) ? subscriberId : null;
    },
  };
}

export type UnsubscribeLinks = ReturnType<typeof createUnsubscribeLinks>;
