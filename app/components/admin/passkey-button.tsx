import { KeyRound } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { waitMessage } from "~/validation/admin";
import { useHydrated } from "../use-hydrated";
import { answerWithPasskey, browserCanUsePasskeys } from "./passkey-ceremony";

/** What a passkey answer's route says when it does not sign in: a sentence, with "N minutes" when there is a wait. */
export interface PasskeyAnswerData {
  error: string;
  retryAfterMs?: number;
}

/**
 * A button that answers with a passkey: asks `optionsUrl` for a challenge, runs the browser's ceremony, and posts the
 * answer (the `answer` field, with `fields`) to `answerUrl`, whose success redirects. Rendered only once the page runs
 * JavaScript in a browser that has WebAuthn (`fallback` otherwise, nothing by default); a refusal is said in a sentence.
 */
export function PasskeyButton({
  label,
  optionsUrl,
  answerUrl,
  fields = {},
  fallback = null,
  className = "",
}: {
  label: string;
  optionsUrl: string;
  answerUrl: string;
  fields?: Record<string, string>;
  fallback?: ReactNode;
  className?: string;
}) {
  const fetcher = useFetcher<PasskeyAnswerData>();
  // False on the server and while hydrating, so the server's HTML (and a page without JavaScript) has no button.
  const supported = useHydrated() && browserCanUsePasskeys();
  const [problem, setProblem] = useState<string | undefined>();
  const [waiting, setWaiting] = useState(false);
  if (!supported) return fallback;

  const busy = waiting || fetcher.state !== "idle";
  const answer = fetcher.data;
  const message = problem ?? (answer?.retryAfterMs ? waitMessage(answer.error, answer.retryAfterMs) : answer?.error);

  async function run() {
    setProblem(undefined);
    setWaiting(true);
    const result = await answerWithPasskey(optionsUrl);
    setWaiting(false);
    if ("error" in result) {
      setProblem(result.error);
      return;
    }
    await fetcher.submit({ ...fields, answer: result.answer }, { method: "post", action: answerUrl });
  }

  return (
    <div className={`space-y-3 ${className}`}>
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
        onClick={() => void run()}
        disabled={busy}
        className="inline-flex w-full items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-semibold text-slate-900 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
      >
        <KeyRound aria-hidden className="size-5" />
        {busy ? "Checking your passkey..." : label}
      </button>
    </div>
  );
}
