import { data, redirect } from "react-router";
import { PasskeySecondStep } from "~/components/admin/passkey-second-step";
import { SecondStepScreen, type SecondStepActionData } from "~/components/admin/second-step-screen";
import { requestContext, servicesContext } from "~/context";
import type { RouteHandle } from "~/route-handle";
import { endPendingSignInCookie, pendingSignInTokenIn } from "~/services/auth/pending-sign-in-cookie.server";
import { browserIdIn } from "~/services/auth/session-cookie.server";
import { endedAnswer, secondStepAnswer } from "./second-step-answer.server";
import { readForm } from "~/utils/http";
import { adminMeta } from "~/utils/seo";
import { LOGIN_MESSAGES } from "~/validation/admin";
import { SECOND_STEP_TEXTS, SecondStepForm } from "~/validation/second-step";
import type { Route } from "./+types/second-step";

export const handle = { access: "staff", cache: false } satisfies RouteHandle;

/** Keeps the action's Retry-After and both of its Set-Cookie values. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta: Route.MetaFunction = () => adminMeta("Second step");

/**
 * The second screen of a sign-in: only reached with the pending sign-in cookie a right password set. It shows what the
 * account can answer with (an app or recovery code, a passkey), never who the account is.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { secondStep, site } = context.get(servicesContext);
  const token = await pendingSignInTokenIn(request.headers.get("Cookie"), site.url);
  const pending = token ? await secondStep.pending(token) : null;
  if (!pending) return { ended: true, offer: { code: false, passkey: false } };
  const { methods } = pending;
  return { ended: false, offer: { code: methods.app || methods.recoveryCodes > 0, passkey: methods.passkeys > 0 } };
}

/**
 * A code from the app or a recovery code: success ends the pending sign-in and starts a NEW session; each attempt
 * counts towards the account's lockout and the address budget and answers after the spec's delay.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { secondStep, site, logger } = context.get(servicesContext);
  const { clientAddress, userAgent } = context.get(requestContext);
  const client = { clientAddress, userAgent, browserId: await browserIdIn(request.headers.get("Cookie"), site.url) };
  const token = await pendingSignInTokenIn(request.headers.get("Cookie"), site.url);
  const form = Object.fromEntries(await readForm(request));
  if (form.intent === "cancel") {
    if (token) await secondStep.cancel(token);
    return redirect("/admin", { status: 303, headers: { "Set-Cookie": await endPendingSignInCookie(site.url) } });
  }
  if (!token) return endedAnswer(site.url, { error: SECOND_STEP_TEXTS.expired }, { status: 401 });
  const parsed = SecondStepForm.safeParse({ code: form.code ?? "" });
  if (!parsed.success)
    return data<SecondStepActionData>({ error: parsed.error.issues[0]?.message ?? SECOND_STEP_TEXTS.wrong }, 400);
  try {
    const result = await secondStep.attemptCode({ token, code: parsed.data.code, client });
    return await secondStepAnswer(site.url, result, SECOND_STEP_TEXTS.wrong);
  } catch (error) {
    logger.error({ err: error }, "a second step failed");
    return data<SecondStepActionData>({ error: LOGIN_MESSAGES.failed }, 500);
  }
}

export default function SecondStepPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SecondStepScreen
      offer={loaderData.offer}
      ended={loaderData.ended}
      result={actionData}
      passkey={loaderData.offer.passkey ? <PasskeySecondStep /> : undefined}
    />
  );
}
