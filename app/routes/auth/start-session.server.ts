import type { RouterContextProvider } from "react-router";
import { requestContext, servicesContext } from "~/context";
import { browserIdIn, rememberBrowserCookie, startSessionCookie } from "~/services/auth/session-cookie.server";
import type { SessionOrigin, StartedSession } from "~/services/auth/sessions.server";

interface RouteArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/**
 * Where a sign-in comes from, as `sessions.create` takes it: the client's address and browser, how the person signed
 * in, and the id the browser's long-lived cookie carries (null without one), so a browser new to the account is
 * announced by mail. Every way of signing in passes this: the password, a second step, a passkey, a reset link, an
 * invitation.
 */
export async function sessionOrigin(args: RouteArgs, signedInWith: string): Promise<SessionOrigin> {
  const { clientAddress, userAgent } = args.context.get(requestContext);
  const { site } = args.context.get(servicesContext);
  return { clientAddress, userAgent, signedInWith, browserId: await browserIdIn(args.request.headers.get("Cookie"), site.url) };
}

/** The Set-Cookie headers a new session sends: its session cookie, and the browser's id for 400 more days. */
export async function sessionCookies(siteUrl: string, session: Omit<StartedSession, "sessionId">): Promise<Headers> {
  const headers = new Headers();
  headers.append("Set-Cookie", await startSessionCookie(siteUrl, session.token, session.expiresAt));
  if (session.browserId) headers.append("Set-Cookie", await rememberBrowserCookie(siteUrl, session.browserId));
  return headers;
}

/**
 * Starts a session for someone who has just proved who they are (a second step, a passkey, an invitation): the
 * session, the "New sign-in" mail when the browser is new to the account, and the headers for the redirect.
 */
export async function startSession(args: RouteArgs, adminId: number, signedInWith: string): Promise<Headers> {
  const { sessions, site } = args.context.get(servicesContext);
  const session = await sessions.create(adminId, await sessionOrigin(args, signedInWith));
  return sessionCookies(site.url, session);
}
