import { requestContext, servicesContext } from "~/context";
import { pendingSignInTokenIn } from "~/services/auth/pending-sign-in-cookie.server";
import { retryAfterHeader } from "~/utils/http";
import { LOGIN_MESSAGES, waitMessage } from "~/validation/admin";
import { SECOND_STEP_TEXTS } from "~/validation/second-step";
import type { RouteHandle } from "~/route-handle";
import type { Route } from "./+types/passkey-second-step-options";

export const handle = { access: "staff", cache: false, allow: "POST" } satisfies RouteHandle;

/** Only posts are taken here. */
export function loader(): never {
  throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST", "Content-Type": "text/plain" } });
}

/**
 * The second screen's "Use a passkey" asks here first: options naming only the waiting account's passkeys, with a
 * challenge bound to the pending sign-in's cookie, so only this browser, in this sign-in, can answer it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { passkeySignIn, secondStep, site } = context.get(servicesContext);
  const { clientAddress } = context.get(requestContext);
  const noStore = { "Cache-Control": "no-store" };
  const allowed = await passkeySignIn.mayAskForOptions(clientAddress);
  if (!allowed.allowed) {
    return Response.json(
      { error: waitMessage(LOGIN_MESSAGES.limited, allowed.retryAfterMs) },
      { status: 429, headers: { ...retryAfterHeader(allowed.retryAfterMs), ...noStore } },
    );
  }
  const token = await pendingSignInTokenIn(request.headers.get("Cookie"), site.url);
  const pending = token ? await secondStep.pending(token) : null;
  const options =
    token && pending ? await passkeySignIn.secondStepOptions({ pendingToken: token, adminId: pending.adminId }) : null;
  if (!options) return Response.json({ error: SECOND_STEP_TEXTS.expired }, { status: 401, headers: noStore });
  return Response.json({ options }, { headers: noStore });
}
