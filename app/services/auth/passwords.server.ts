import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { loadPasswordScorer, MIN_PASSWORD_SCORE, type PasswordScorer } from "../../utils/password-strength";
import { WEAK_PASSWORD_MESSAGE } from "../../validation/admin";
import { AdminAccountError } from "./account-error.server";

/** scrypt parameters: N=2^15, r=8, p=1 (about 30 ms and 32 MiB per hash). */
const PARAMS = { N: 32_768, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;

function deriveKey(password: string, salt: Buffer, { N, r, p }: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** Hashes a password as `scrypt$N$r$p$salt$hash` (base64url parts). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await deriveKey(password, salt, PARAMS);
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** Checks a password against a stored hash in constant time; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const key = await deriveKey(password, Buffer.from(salt, "base64url"), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let scorer: Promise<PasswordScorer> | undefined;

/**
 * Hashes a password someone chose (a new account, a change, a reset), after refusing one too easy to guess
 * (AdminAccountError WEAK_PASSWORD): a common or leaked password, a keyboard pattern, or the person's own name, by the
 * same estimate the strength meter shows (utils/password-strength.ts). OWASP ASVS 4.0.3, 2.1.7.
 */
export async function hashNewPassword(password: string, personal: readonly string[] = []): Promise<string> {
  scorer ??= loadPasswordScorer().catch((error: unknown) => {
    scorer = undefined;
    throw error;
  });
  if ((await scorer)(password, personal).score < MIN_PASSWORD_SCORE) {
    throw new AdminAccountError("WEAK_PASSWORD", WEAK_PASSWORD_MESSAGE);
  }
  return hashPassword(password);
}
