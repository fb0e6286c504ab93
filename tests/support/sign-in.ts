import { SESSION_COOKIE_NAME } from "../../app/services/auth/session-cookie.server";

/**
 * Signs in over HTTP as a browser's form would (a same-origin POST to /auth/login) and returns the session cookie
 * as `name=value`, for the `Cookie` header of the requests that follow. Throws, with the status and the answer,
 * when the sign-in does not succeed. `clientAddress` is the X-Forwarded-For the sign-in comes from (the server trusts
 * it from loopback), so a test's failed sign-ins never lock out another test's address.
 */
export async function signInOverHttp(
  serverUrl: string,
  account: { username: string; password: string },
  clientAddress = "198.51.100.80",
): Promise<string> {
  const response = await fetch(`${serverUrl}/auth/login`, {
    method: "POST",
    body: new URLSearchParams({ username: account.username, password: account.password, returnTo: "/admin" }),
    headers: { Origin: new URL(serverUrl).origin, "X-Forwarded-For": clientAddress },
    redirect: "manual",
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .find((pair) => pair.startsWith(`${SESSION_COOKIE_NAME}=`) && pair.length > SESSION_COOKIE_NAME.length + 1);
  if (response.status !== 303 || !cookie) throw new Error(`Sign-in failed with ${response.status}: ${await response.text()}`);
  return cookie;
}
