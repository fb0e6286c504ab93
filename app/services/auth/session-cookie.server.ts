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
