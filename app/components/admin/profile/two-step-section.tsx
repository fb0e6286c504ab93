import { Form, useNavigation } from "react-router";
import { PasswordInput } from "~/components/ui/password-input";
import { LocalTime } from "~/components/local-time";
import { SUBMIT_CLASS } from "~/components/ui/button";
import { CARD_CLASS } from "~/components/ui/field";
import { INPUT_CLASS } from "~/components/ui/text-input";
import { SECOND_STEP_TEXTS } from "~/validation/second-step";

/** Where the section's forms post (app/routes/admin/two-step.tsx). */
export const TWO_STEP_ACTION = "/admin/profile/two-step";

/** What the section shows of a person's second step, as a loader sends it. */
export interface TwoStepSummaryData {
  appEnabledAt: string | null;
  settingUp: boolean;
  recoveryCodesLeft: number;
  passkeys: number;
  required: boolean;
}

/** An authenticator app being set up: its QR code and the same secret written out, for its owner only. */
export interface TwoStepSetupData {
  qrCode: string;
  secret: string;
}

const SECONDARY =
  "rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800";

/** "Sign out my other sessions", checked by default, for every change of the second step. */
function EndOthers({ id }: { id: string }) {
  return (
    <label htmlFor={id} className="flex items-center gap-2 text-sm">
      <input id={id} type="checkbox" name="endOthers" defaultChecked />
      Sign out my other sessions
    </label>
  );
}

/**
 * Profile's "Two-step sign-in": the authenticator app (set up with a QR code and the secret written out, confirmed
 * with a first code; removed with the current password), and the recovery codes (how many are left; new ones replace
 * them all and are shown once). Every form posts to /admin/profile/two-step and works without JavaScript.
 */
export function TwoStepSection({
  summary,
  setup,
  codes,
  error,
  owed = false,
}: {
  summary: TwoStepSummaryData;
  setup?: TwoStepSetupData | null;
  /** Recovery codes just made, shown this once. */
  codes?: readonly string[] | null;
  error?: string | null;
  /** The person's role requires a second step and they have none yet. */
  owed?: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const hasSecondStep = summary.appEnabledAt !== null || summary.passkeys > 0;
  return (
    <section id="two-step" aria-labelledby="two-step-heading" className={CARD_CLASS}>
      <h3 id="two-step-heading" className="text-lg font-bold">
        Two-step sign-in
      </h3>
      {owed ? (
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
          {SECOND_STEP_TEXTS.required}
        </p>
      ) : null}
      <div role="alert" className="empty:hidden">
        {error ? (
          <p className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
            {error}
          </p>
        ) : null}
      </div>

      {codes && codes.length > 0 ? <RecoveryCodeList codes={codes} /> : null}

      <ul className="space-y-1 text-sm">
        <li>
          Authenticator app:{" "}
          {summary.appEnabledAt ? (
            <>
              on since <LocalTime value={summary.appEnabledAt} />
            </>
          ) : (
            "not set up"
          )}
        </li>
        {hasSecondStep ? (
          <li>
            Recovery codes left: {summary.recoveryCodesLeft} of 10
            {summary.recoveryCodesLeft <= 2 ? ". Make new ones before you run out." : ""}
          </li>
        ) : null}
        {summary.required && !owed ? <li>Your role must use a second step at sign-in.</li> : null}
      </ul>

      {setup ? (
        <AppSetup setup={setup} busy={busy} />
      ) : summary.appEnabledAt ? null : (
        <Form method="post" action={TWO_STEP_ACTION}>
          <input type="hidden" name="intent" value="start" />
          <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
            With an app such as Google Authenticator, 1Password or Aegis, signing in asks for a 6-digit code after the password,
            so a stolen password alone cannot open your account.
          </p>
          <button type="submit" disabled={busy} className={SUBMIT_CLASS}>
            Set up an authenticator app
          </button>
        </Form>
      )}

      {hasSecondStep && !setup ? (
        <div className="grid gap-4 md:grid-cols-2">
          <Form
            method="post"
            action={TWO_STEP_ACTION}
            className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
          >
            <input type="hidden" name="intent" value="replace-codes" />
            <p className="text-sm">New recovery codes replace all of your current ones.</p>
            <EndOthers id="two-step-codes-end-others" />
            <button type="submit" disabled={busy} className={SECONDARY}>
              Make new recovery codes
            </button>
          </Form>
          {summary.appEnabledAt ? (
            <Form
              method="post"
              action={TWO_STEP_ACTION}
              className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
            >
              <input type="hidden" name="intent" value="remove" />
              <div>
                <label htmlFor="two-step-remove-password" className="mb-1 block text-sm font-medium">
                  Current password
                </label>
                <PasswordInput
                  id="two-step-remove-password"
                  what="current password"
                  name="password"
                  required
                  autoComplete="current-password"
                />
              </div>
              <EndOthers id="two-step-remove-end-others" />
              <button type="submit" disabled={busy} className={`${SECONDARY} text-red-700 dark:text-red-400`}>
                Remove the authenticator app
              </button>
            </Form>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function AppSetup({ setup, busy }: { setup: TwoStepSetupData; busy: boolean }) {
  return (
    <div className="space-y-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <h4 className="font-semibold">Set up your authenticator app</h4>
      <ol className="list-decimal space-y-4 pl-5 text-sm">
        <li>
          <p>Scan this QR code with the app.</p>
          <img
            src={setup.qrCode}
            alt="QR code for your authenticator app"
            width={240}
            height={240}
            className="mt-2 size-48 rounded bg-white sm:size-60"
          />
        </li>
        <li>
          <label htmlFor="two-step-key" className="block">
            Or type this set-up key into the app (time-based, 6 digits):
          </label>
          <textarea
            id="two-step-key"
            readOnly
            rows={2}
            value={setup.secret}
            onFocus={(event) => event.currentTarget.select()}
            className={`${INPUT_CLASS} mt-1 resize-none font-mono`}
          />
        </li>
        <li>
          <Form method="post" action={TWO_STEP_ACTION} className="space-y-3">
            <input type="hidden" name="intent" value="confirm" />
            <div>
              <label htmlFor="two-step-code" className="mb-1 block font-medium">
                Code from the app
              </label>
              <input
                id="two-step-code"
                name="code"
                required
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9 ]{6,7}"
                maxLength={7}
                className={`${INPUT_CLASS} max-w-40 font-mono tracking-widest`}
              />
            </div>
            <EndOthers id="two-step-confirm-end-others" />
            <button type="submit" disabled={busy} className={SUBMIT_CLASS}>
              Turn on
            </button>
          </Form>
        </li>
      </ol>
      <Form method="post" action={TWO_STEP_ACTION}>
        <input type="hidden" name="intent" value="cancel" />
        <button type="submit" className="text-sm text-blue-700 underline hover:text-blue-900 dark:text-blue-300">
          Cancel the set-up
        </button>
      </Form>
    </div>
  );
}

function RecoveryCodeList({ codes }: { codes: readonly string[] }) {
  return (
    <div className="space-y-2 rounded-lg border border-emerald-300 bg-emerald-50 p-4 dark:border-emerald-800 dark:bg-emerald-950">
      <h4 id="recovery-codes-heading" className="font-semibold">
        Your recovery codes
      </h4>
      <p className="text-sm">
        Shown only now. Keep them somewhere safe, away from your phone: each one signs you in once if you lose the app.
      </p>
      <ul aria-labelledby="recovery-codes-heading" className="grid grid-cols-1 gap-1 font-mono text-base sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}
