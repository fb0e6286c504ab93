import { randomBytes } from "node:crypto";
import { createCookie } from "react-router";
import { CHALLENGE_LIFETIME_MS } from "./webauthn-challenges.server";

/**
 * The sign-in page's own token for "Sign in with a passkey": a random value in a short-lived httpOnly cookie, set when
 * the page asks for options. The challenge is bound to its hash, so only this browser can answer it; nothing else
 * reads it, and it signs nobody in by itself.
 */
export const PASSKEY_COOKIE_NAME = "byline_passkey";

function passkeyCookie(siteUrl: string) {
  const secure = siteUrl.startsWith("https:");
  return createCookie(secure ? `__Host-${PASSKEY_COOKIE_NAME}` : PASSKEY_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "strict",
    secure,
    path: "/",
    maxAge: CHALLENGE_LIFETIME_MS / 1000,
  });
}

const TOKEN = /^[\w-]{43}$/;

/** The token a `Cookie` header carries, or null. */
export async function passkeyTokenIn(cookieHeader: string | null, siteUrl: string): Promise<string | null> {
  if (!cookieHeader) return null;
  const value: unknown = await passkeyCookie(siteUrl)
    .parse(cookieHeader)
    .catch(() => null);
  return typeof value === "string" && TOKEN.test(value) ? value : null;
}

/** The browser's token (the one it has, or a new one) and the Set-Cookie that keeps it five more minutes. */
export async function passkeyToken(cookieHeader: string | null, siteUrl: string): Promise<{ token: string; setCookie: string }> {
  const token = (await passkeyTokenIn(cookieHeader, siteUrl)) ?? randomBytes(32).toString("base64url");
  return { token, setCookie: await passkeyCookie(siteUrl).serialize(token) };
}

/** The Set-Cookie that removes the token, once it has been used. */
export function endPasskeyCookie(siteUrl: string): Promise<string> {
  return passkeyCookie(siteUrl).serialize("", { maxAge: 0, expires: new Date(0) });
}
