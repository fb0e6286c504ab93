import { KeyRound } from "lucide-react";
import { useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { useHydrated } from "../use-hydrated";
import { answerWithPasskey, browserCanUsePasskeys } from "./passkey-ceremony";

/** Where the sign-in screen asks for a passkey challenge, and where it posts the answer. */
export const PASSKEY_SIGN_IN_OPTIONS = "/auth/passkey/options";
export const PASSKEY_SIGN_IN = "/auth/passkey/verify";

/**
 * "Sign in with a passkey" on the sign-in screen: a passkey alone signs in. Offered only once the page runs JavaScript
 * in a browser that has WebAuthn; without them the password form is all there is. Success goes back to the admin page
 * the screen is on, signed in; anything else says why in a sentence.
 */
export function PasskeySignIn() {
  const location = useLocation();
  // As the password form: after a post without JavaScript the page is /auth/login, and the dashboard is next.
  const returnTo = location.pathname.startsWith("/admin") ? `${location.pathname}${location.search}` : "/admin";
  const fetcher = useFetcher<{ error: string }>();
  // False on the server and while hydrating, so the server's HTML (and a page without JavaScript) has no button.
  const supported = useHydrated() && browserCanUsePasskeys();
  const [problem, setProblem] = useState<string | undefined>();
  const [waiting, setWaiting] = useState(false);
  if (!supported) return null;

  const busy = waiting || fetcher.state !== "idle";
  const message = problem ?? fetcher.data?.error;

  async function signIn() {
    setProblem(undefined);
    setWaiting(true);
    const result = await answerWithPasskey(PASSKEY_SIGN_IN_OPTIONS);
    setWaiting(false);
    if ("error" in result) {
      setProblem(result.error);
      return;
    }
    await fetcher.submit({ answer: result.answer, returnTo }, { method: "post", action: PASSKEY_SIGN_IN });
  }

  return (
    <div className="mt-6 space-y-3 border-t border-slate-200 pt-6 dark:border-slate-800">
      {message ? (
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          {message}
        </p>
      ) : null}
      <p role="status" className={waiting ? "text-center text-sm text-slate-600 dark:text-slate-400" : "sr-only"}>
        {waiting ? "Follow your browser's prompt to use your passkey." : ""}
      </p>
      <button
        type="button"
        onClick={() => void signIn()}
        disabled={busy}
        className="inline-flex w-full items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-semibold text-slate-900 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
      >
        <KeyRound aria-hidden className="size-5" />
        {busy ? "Checking your passkey..." : "Sign in with a passkey"}
      </button>
    </div>
  );
}
