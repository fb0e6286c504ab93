import { PasskeyButton } from "./passkey-button";

/** Where the second screen asks for a passkey challenge, and where it posts the answer. */
export const PASSKEY_SECOND_STEP_OPTIONS = "/auth/passkey/second-step/options";
export const PASSKEY_SECOND_STEP = "/auth/passkey/second-step";

/**
 * "Use a passkey" on the second screen of a sign-in, for an account with one: the waiting account's own passkeys
 * answer, and success finishes the sign-in. The ceremony needs JavaScript; without it the screen says so.
 */
export function PasskeySecondStep() {
  return (
    <PasskeyButton
      label="Use a passkey"
      optionsUrl={PASSKEY_SECOND_STEP_OPTIONS}
      answerUrl={PASSKEY_SECOND_STEP}
      fallback={
        <p className="text-sm text-slate-600 dark:text-slate-400">Using your passkey here needs JavaScript in this browser.</p>
      }
    />
  );
}
