import { data, redirect } from "react-router";
import { endPendingSignInCookie } from "~/services/auth/pending-sign-in-cookie.server";
import type { SecondStepResult } from "~/services/auth/second-step-sign-in.server";
import { retryAfterHeader } from "~/utils/http";
import { LOGIN_MESSAGES } from "~/validation/admin";
import { SECOND_STEP_TEXTS } from "~/validation/second-step";
import { sessionCookies } from "./start-session.server";

/** What the second screen's forms read back: a sentence, whether the sign-in is over, and how long to wait. */
export interface SecondStepAnswer {
  error: string;
  /** No sign-in waits any more (expired, locked, too many wrong answers): only "Sign in again" is left. */
  ended?: boolean;
  retryAfterMs?: number;
}

/** An answer that ends the pending sign-in: its cookie goes with it. */
export async function endedAnswer(siteUrl: string, answer: SecondStepAnswer, init: ResponseInit) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await endPendingSignInCookie(siteUrl));
  return data<SecondStepAnswer>({ ...answer, ended: true }, { ...init, headers });
}

/**
 * The answer to one attempt of the second step, whichever way it was made (a code, a recovery code, a passkey):
 * signed in, the new session's cookies and back to the page the sign-in began on; otherwise the sentence, with the
 * pending sign-in ended when it is over. `wrong` is what a wrong answer of this kind is told.
 */
export async function secondStepAnswer(siteUrl: string, result: SecondStepResult, wrong: string) {
  switch (result.outcome) {
    case "signed-in": {
      const headers = await sessionCookies(siteUrl, result);
      headers.append("Set-Cookie", await endPendingSignInCookie(siteUrl));
      return redirect(result.returnTo, { status: 303, headers });
    }
    case "wrong":
      return data<SecondStepAnswer>({ error: wrong }, 401);
    case "expired":
      return endedAnswer(siteUrl, { error: SECOND_STEP_TEXTS.expired }, { status: 401 });
    case "locked":
      return endedAnswer(
        siteUrl,
        { error: LOGIN_MESSAGES.locked, retryAfterMs: result.retryAfterMs },
        { status: 429, headers: retryAfterHeader(result.retryAfterMs) },
      );
    case "limited":
      return data<SecondStepAnswer>(
        { error: LOGIN_MESSAGES.limited, retryAfterMs: result.retryAfterMs },
        { status: 429, headers: retryAfterHeader(result.retryAfterMs) },
      );
  }
}
