import { createCookie } from "react-router";
import { SESSION_DURATION_MS, type AdminSession, type SessionService } from "./sessions.server";

/**
 * The staff session cookie: its one name, how it is written and cleared, and how a request's `Cookie` header is
 * read back to a signed-in person. The admin guard (routes/admin/guard.server.ts), the sign-in and invitation
 * routes, the request plan (server/request-plan.ts), the page cache's signed-in check (server/app.ts) and the view
 * beacon (server/view-beacon.ts) all take it from here.
 */

/** The cookie's name on plain http; over https it carries the `__Host-` prefix (no Domain, path /, Secure). */
export const SESSION_COOKIE_NAME = "byline_session";

/** The session cookie: httpOnly, SameSite=Lax, 24 hours; Secure with the `__Host-` prefix when the site is served over https. */
function sessionCookie(siteUrl: string) {
  const secure = siteUrl.startsWith("https:");
  return createCookie(secure ? `__Host-${SESSION_COOKIE_NAME}` : SESSION_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    maxAge: SESSION_DURATION_MS / 1000,
  });
}

/** The long-lived cookie that names a browser to the accounts signed in from it (the "New sign-in" mail). */
export const BROWSER_COOKIE_NAME = "byline_browser";

/** 400 days, the longest a browser keeps a cookie (RFC 6265bis); each sign-in writes it again. */
const BROWSER_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;

/** The browser cookie: a random id, httpOnly, SameSite=Lax; Secure with the `__Host-` prefix over https. */
function browserCookie(siteUrl: string) {
  const secure = siteUrl.startsWith("https:");
  return createCookie(secure ? `__Host-${BROWSER_COOKIE_NAME}` : BROWSER_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    maxAge: BROWSER_COOKIE_MAX_AGE_S,
  });
}

/** The browser id a `Cookie` header carries, or null (the sessions service refuses any other shape and makes a new one). */
export async function browserIdIn(cookieHeader: string | null | undefined, siteUrl: string): Promise<string | null> {
  if (!cookieHeader) return null;
  const value: unknown = await browserCookie(siteUrl).parse(cookieHeader);
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** The Set-Cookie value that keeps a browser's id for 400 more days. */
export function rememberBrowserCookie(siteUrl: string, browserId: string): Promise<string> {
  return browserCookie(siteUrl).serialize(browserId);
}

/** The session token a `Cookie` header carries, or null. */
export async function sessionTokenIn(cookieHeader: string | null | undefined, siteUrl: string): Promise<string | null> {
  if (!cookieHeader) return null;
  const value: unknown = await sessionCookie(siteUrl).parse(cookieHeader);
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** The Set-Cookie value that starts a session in the browser. */
export function startSessionCookie(siteUrl: string, token: string, expiresAt: Date): Promise<string> {
  return sessionCookie(siteUrl).serialize(token, { expires: expiresAt });
}

/** The Set-Cookie value that removes the session cookie. */
export function endSessionCookie(siteUrl: string): Promise<string> {
  return sessionCookie(siteUrl).serialize("", { maxAge: 0, expires: new Date(0) });
}

/**
 * The signed-in person a request's `Cookie` header names, or null, without answering anything: for the page cache's
 * check and the view beacon, which does not count staff. No cookie costs no query.
 */
export async function findSignedInAdmin(
  cookieHeader: string | undefined,
  { site, sessions }: { site: { url: string }; sessions: Pick<SessionService, "find"> },
): Promise<AdminSession | null> {
  const token = await sessionTokenIn(cookieHeader, site.url);
  return token ? sessions.find(token) : null;
}
