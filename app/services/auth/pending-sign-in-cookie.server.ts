import { createCookie } from "react-router";
import { PENDING_SIGN_IN_MS } from "./second-step-sign-in.server";

/**
 * The cookie of a sign-in waiting for its second step: a separate, short-lived, httpOnly cookie that gives access to
 * nothing but the second screen (/auth/second-step). SameSite=Strict: only this site's own sign-in form leads there.
 */
export const PENDING_SIGN_IN_COOKIE_NAME = "byline_sign_in";

function pendingSignInCookie(siteUrl: string) {
  const secure = siteUrl.startsWith("https:");
  return createCookie(secure ? `__Host-${PENDING_SIGN_IN_COOKIE_NAME}` : PENDING_SIGN_IN_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "strict",
    secure,
    path: "/",
    maxAge: PENDING_SIGN_IN_MS / 1000,
  });
}

/** The pending sign-in's token a `Cookie` header carries, or null. */
export async function pendingSignInTokenIn(cookieHeader: string | null | undefined, siteUrl: string): Promise<string | null> {
  if (!cookieHeader) return null;
  const value: unknown = await pendingSignInCookie(siteUrl).parse(cookieHeader);
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** The Set-Cookie value that starts the second screen. */
export function startPendingSignInCookie(siteUrl: string, token: string, expiresAt: Date): Promise<string> {
  return pendingSignInCookie(siteUrl).serialize(token, { expires: expiresAt });
}

/** The Set-Cookie value that removes it (the sign-in completed, ended or was given up). */
export function endPendingSignInCookie(siteUrl: string): Promise<string> {
  return pendingSignInCookie(siteUrl).serialize("", { maxAge: 0, expires: new Date(0) });
}
