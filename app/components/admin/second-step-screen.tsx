import { ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { SUBMIT_CLASS } from "~/components/ui/button";
import { INPUT_CLASS } from "~/components/ui/text-input";
import { SECOND_STEP_TEXTS } from "~/validation/second-step";
import { waitMessage } from "~/validation/admin";
import { AuthAlert, AuthCard } from "./auth-card";

/** What the second screen offers: the code field when there is an app or a recovery code, a passkey when there is one. */
export interface SecondStepOffer {
  code: boolean;
  passkey: boolean;
}

/** What the second screen's action answers when it does not sign in. */
export interface SecondStepActionData {
  error: string;
  /** No sign-in waits any more (expired, locked, too many wrong codes): only "Sign in again" is left. */
  ended?: boolean;
  /** A lockout or the address budget: the message with "N minutes", and how long. */
  retryAfterMs?: number;
}

/**
 * The second screen of a sign-in (/auth/second-step): the code from the authenticator app or a recovery code, posted
 * as a plain form. `passkey` is where a "Use a passkey" button goes for an account with one.
 */
export function SecondStepScreen({
  offer,
  ended,
  result,
  passkey,
}: {
  offer: SecondStepOffer;
  /** The loader found no sign-in waiting. */
  ended: boolean;
  result?: SecondStepActionData | undefined;
  passkey?: ReactNode;
}) {
  const navigation = useNavigation();
  const over = ended || result?.ended === true;
  const error = result?.retryAfterMs ? waitMessage(result.error, result.retryAfterMs) : result?.error;
  return (
    <AuthCard
      icon={ShieldCheck}
      title={SECOND_STEP_TEXTS.heading}
      intro={over ? undefined : "Your password was right. To finish signing in, confirm it is you."}
    >
      <AuthAlert text={error ?? (ended ? SECOND_STEP_TEXTS.expired : undefined)} />
      {over ? null : (
        <div className="space-y-6">
          {offer.code ? (
            <Form method="post" className="space-y-4">
              <input type="hidden" name="intent" value="code" />
              <div>
                <label htmlFor="second-step-code" className="mb-1 block text-sm font-medium">
                  {SECOND_STEP_TEXTS.codeLabel}
                </label>
                <input
                  id="second-step-code"
                  name="code"
                  required
                  maxLength={64}
                  autoComplete="one-time-code"
                  autoCapitalize="none"
                  spellCheck={false}
                  autoFocus
                  aria-describedby="second-step-code-hint"
                  className={`${INPUT_CLASS} font-mono tracking-wider`}
                />
                <p id="second-step-code-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                  The 6 digits your app shows now. Lost your phone? A recovery code works once instead.
                </p>
              </div>
              <button type="submit" disabled={navigation.state === "submitting"} className={`${SUBMIT_CLASS} w-full`}>
                {navigation.state === "submitting" ? "Checking..." : "Verify"}
              </button>
            </Form>
          ) : null}
          {passkey}
        </div>
      )}
      <Form method="post" className="mt-6 text-center text-sm">
        <input type="hidden" name="intent" value="cancel" />
        <button type="submit" className="text-blue-700 underline hover:text-blue-900 dark:text-blue-300">
          {over ? "Sign in again" : "Cancel and sign in again"}
        </button>
      </Form>
    </AuthCard>
  );
}
