import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Time-based one-time passwords (RFC 6238) as authenticator apps make them: HMAC-SHA1 over the number of 30-second
 * steps since the Unix epoch, six digits, and one step of drift accepted either side. Pure functions: the service in
 * authenticator-app.server.ts keeps the secret and the last accepted step.
 */
export const TOTP = { stepSeconds: 30, digits: 6, drift: 1, secretBytes: 20 } as const;

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32 without padding, as otpauth:// addresses carry a secret. */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** The bytes of a base32 text; spaces, dashes, padding and case are ignored. Throws on any other character. */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, "");
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error("Not a base32 text.");
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new random secret of 160 bits (RFC 4226's recommended length), base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(TOTP.secretBytes));
}

/** The secret in groups of four, as a person types it into an app by hand. */
export function groupedSecret(secret: string): string {
  return (secret.match(/.{1,4}/g) ?? []).join(" ");
}

/** The 30-second step an instant falls in. */
export function totpStep(at: Date, stepSeconds: number = TOTP.stepSeconds): number {
  return Math.floor(at.getTime() / 1000 / stepSeconds);
}

/** HOTP (RFC 4226) of one counter value: the code an app shows during that step. `key` is the raw secret. */
export function hotp(key: Uint8Array, counter: number, digits: number = TOTP.digits, algorithm = "sha1"): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The code an app with this base32 secret shows at `at`. */
export function totpCode(secret: string, at: Date): string {
  return hotp(base32Decode(secret), totpStep(at));
}

/**
 * The step whose code `code` is, within one step of drift either side of `at`, or null. Each candidate is compared
 * in constant time; the newest matching step wins. Whether that step was already used is the caller's question.
 */
export function matchingStep(secret: string, code: string, at: Date): number | null {
  const typed = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(typed)) return null;
  const key = base32Decode(secret);
  const current = totpStep(at);
  let found: number | null = null;
  for (let step = current - TOTP.drift; step <= current + TOTP.drift; step++) {
    if (timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(typed))) found = step;
  }
  return found;
}

/** The otpauth:// address the set-up's QR code carries (Google Authenticator's key URI format). */
export function otpauthUri({ issuer, account, secret }: { issuer: string; account: string; secret: string }): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({
    secret,
    issuer,
    algorithm: "SHA1",
    digits: String(TOTP.digits),
    period: String(TOTP.stepSeconds),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}
