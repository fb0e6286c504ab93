import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Database } from "../../db/client.server";
import { storedSigningKey } from "../newsletter/signing-key.server";

const SIGNATURE_BYTES = 16;
const SECRET_BYTES = 24;
const TOKEN = /^([0-9a-z]{1,8})\.([A-Za-z0-9_-]{32})\.([A-Za-z0-9_-]{22})$/;

/** A new link's secret and the SHA-256 hash of it, which is all the database keeps. */
export interface LinkSecret {
  secret: string;
  hash: string;
}

/**
 * Links that work once for staff (an invitation, a password reset): `{id}.{secret}.{signature}`, where `id` is
 * the row's id in base 36, the secret is random and only its SHA-256 hash is stored, and an HMAC under a key kept in
 * app_secrets lets a tampered link be refused before any database look-up. Each purpose has its own key, so a link
 * made for one can never be read as another. Every comparison takes the same time whatever it finds.
 */
export function createOneTimeLinks(db: Database, { keyName, purpose }: { keyName: string; purpose: string }) {
  const signingKey = storedSigningKey(db, keyName);
  const sign = (key: Buffer, id: number, secret: string) =>
    createHmac("sha256", key).update(`${purpose}:${id}:${secret}`).digest().subarray(0, SIGNATURE_BYTES);
  const hashOf = (secret: string) => createHash("sha256").update(secret).digest("hex");

  return {
    /** A fresh secret for a new row. */
    newSecret(): LinkSecret {
      const secret = randomBytes(SECRET_BYTES).toString("base64url");
      return { secret, hash: hashOf(secret) };
    },

    /** The token of the row `id` with that secret, for the link's path. */
    async token(id: number, secret: string): Promise<string> {
      return `${id.toString(36)}.${secret}.${sign(await signingKey(), id, secret).toString("base64url")}`;
    },

    /** The row id and secret a token names, or null when it is malformed or its signature is not ours. */
    async read(token: string): Promise<{ id: number; secret: string } | null> {
      const match = TOKEN.exec(token);
      if (!match?.[1] || !match[2] || !match[3]) return null;
      const id = Number.parseInt(match[1], 36);
      if (!Number.isSafeInteger(id) || id <= 0 || id.toString(36) !== match[1]) return null;
      const given = Buffer.from(match[3], "base64url");
      if (given.toString("base64url") !== match[3]) return null;
      return timingSafeEqual(given, sign(await signingKey(), id, match[2])) ? { id, secret: match[2] } : null;
    },

    /** Whether a secret is the one whose hash a row keeps. */
    matches(storedHash: string, secret: string): boolean {
      const stored = Buffer.from(storedHash, "hex");
      const given = Buffer.from(hashOf(secret), "hex");
      return stored.length === given.length && timingSafeEqual(stored, given);
    },
  };
}

export type OneTimeLinks = ReturnType<typeof createOneTimeLinks>;
