import { requestContext, servicesContext } from "~/context";
import { passkeyToken } from "~/services/auth/passkey-cookie.server";
import { retryAfterHeader } from "~/utils/http";
import { LOGIN_MESSAGES, waitMessage } from "~/validation/admin";
import type { RouteHandle } from "~/route-handle";
import type { Route } from "./+types/passkey-options";

export const handle = { access: "staff", cache: false, allow: "POST" } satisfies RouteHandle;

/** Only posts are taken here. */
export function loader(): never {
  throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST", "Content-Type": "text/plain" } });
}

/**
 * "Sign in with a passkey" asks here first: the options for the browser's ceremony, with a challenge bound to this
 * browser's own short-lived cookie (set or renewed by this answer), so no other browser can answer it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { passkeySignIn, site } = context.get(servicesContext);
  const { clientAddress } = context.get(requestContext);
  const allowed = await passkeySignIn.mayAskForOptions(clientAddress);
  if (!allowed.allowed) {
    return Response.json(
      { error: waitMessage(LOGIN_MESSAGES.limited, allowed.retryAfterMs) },
      { status: 429, headers: { ...retryAfterHeader(allowed.retryAfterMs), "Cache-Control": "no-store" } },
    );
  }
  const { token, setCookie } = await passkeyToken(request.headers.get("Cookie"), site.url);
  const options = await passkeySignIn.signInOptions(token);
  return Response.json({ options }, { headers: { "Set-Cookie": setCookie, "Cache-Control": "no-store" } });
}
