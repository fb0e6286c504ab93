import { data, redirect } from "react-router";
import { requestContext, servicesContext } from "~/context";
import { endPasskeyCookie, passkeyTokenIn } from "~/services/auth/passkey-cookie.server";
import { browserIdIn } from "~/services/auth/session-cookie.server";
import { sessionCookies } from "./start-session.server";
import { readForm, retryAfterHeader } from "~/utils/http";
import { adminReturnPath } from "~/utils/admin-return-path";
import { LOGIN_MESSAGES, waitMessage } from "~/validation/admin";
import { PASSKEY_MESSAGES } from "~/validation/passkeys";
import type { RouteHandle } from "~/route-handle";
import type { Route } from "./+types/passkey-verify";

export const handle = { access: "staff", cache: false, allow: "POST" } satisfies RouteHandle;

/** Keeps the 429's Retry-After next to the Set-Cookie. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

/** What a passkey sign-in answers when it does not sign in. */
export interface PasskeySignInAnswer {
  error: string;
}

/** There is no page here: a visit goes to the sign-in screen. */
export function loader() {
  return redirect("/admin");
}

/**
 * The browser's answer to "Sign in with a passkey" (the `answer` field, WebAuthn's JSON): checked once against the
 * challenge bound to this browser's passkey cookie. Success starts a session and goes back to the admin page the
 * screen was on; anything else answers a plain sentence (401, 403 for a suspended account, 429 over the
 * per-address budget).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { passkeySignIn, site, logger } = context.get(servicesContext);
  const { clientAddress, userAgent } = context.get(requestContext);
  const browserId = await browserIdIn(request.headers.get("Cookie"), site.url);
  const form = await readForm(request);
  const browserToken = (await passkeyTokenIn(request.headers.get("Cookie"), site.url)) ?? "";
  try {
    const result = await passkeySignIn.signIn({
      browserToken,
      answer: form.get("answer"),
      client: { clientAddress, userAgent, browserId },
    });
    switch (result.outcome) {
      case "signed-in": {
        const headers = await sessionCookies(site.url, result);
        headers.append("Set-Cookie", await endPasskeyCookie(site.url));
        return redirect(adminReturnPath(form.get("returnTo")), { status: 303, headers });
      }
      case "refused":
        return data<PasskeySignInAnswer>({ error: PASSKEY_MESSAGES.signInFailed }, 401);
      case "suspended":
        return data<PasskeySignInAnswer>({ error: LOGIN_MESSAGES.suspended }, 403);
      case "limited":
        return data<PasskeySignInAnswer>(
          { error: waitMessage(LOGIN_MESSAGES.limited, result.retryAfterMs) },
          { status: 429, headers: retryAfterHeader(result.retryAfterMs) },
        );
    }
  } catch (error) {
    logger.error({ err: error }, "passkey sign-in failed");
    return data<PasskeySignInAnswer>({ error: LOGIN_MESSAGES.failed }, 500);
  }
}
