import { data, redirect } from "react-router";
import type { PasskeyAnswerData } from "~/components/admin/passkey-button";
import { requestContext, servicesContext } from "~/context";
import type { RouteHandle } from "~/route-handle";
import { pendingSignInTokenIn } from "~/services/auth/pending-sign-in-cookie.server";
import { browserIdIn } from "~/services/auth/session-cookie.server";
import { endedAnswer, secondStepAnswer } from "./second-step-answer.server";
import { readForm } from "~/utils/http";
import { LOGIN_MESSAGES } from "~/validation/admin";
import { PASSKEY_MESSAGES } from "~/validation/passkeys";
import { SECOND_STEP_PATH, SECOND_STEP_TEXTS } from "~/validation/second-step";
import type { Route } from "./+types/passkey-second-step";

export const handle = { access: "staff", cache: false, allow: "POST" } satisfies RouteHandle;

/** Keeps the 429's Retry-After next to the Set-Cookie values. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

/** There is no page here: a visit goes to the second screen. */
export function loader() {
  return redirect(SECOND_STEP_PATH);
}

/**
 * "Use a passkey" on the second screen: the browser's answer, checked against the challenge bound to the pending
 * sign-in and the waiting account's own passkeys, as one attempt of the second screen (the lockout, the address
 * budget, the spec's delay, the log). Success ends the pending sign-in and starts a new session.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { passkeySignIn, secondStep, site, logger } = context.get(servicesContext);
  const { clientAddress, userAgent } = context.get(requestContext);
  const browserId = await browserIdIn(request.headers.get("Cookie"), site.url);
  const client = { clientAddress, userAgent };
  const form = await readForm(request);
  const token = await pendingSignInTokenIn(request.headers.get("Cookie"), site.url);
  if (!token) return endedAnswer(site.url, { error: SECOND_STEP_TEXTS.expired }, { status: 401 });
  try {
    const result = await secondStep.attempt({
      token,
      method: "passkey",
      client: { ...client, browserId },
      check: async (adminId) =>
        (await passkeySignIn.checkSecondStep({ pendingToken: token, adminId, answer: form.get("answer"), client })).outcome ===
        "verified",
    });
    return await secondStepAnswer(site.url, result, PASSKEY_MESSAGES.secondStepFailed);
  } catch (error) {
    logger.error({ err: error }, "a passkey second step failed");
    return data<PasskeyAnswerData>({ error: LOGIN_MESSAGES.failed }, 500);
  }
}
