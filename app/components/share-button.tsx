import { Check, Share2, TriangleAlert } from "lucide-react";
import { useEffect, useState } from "react";

/** The spec's 3 seconds before the button returns to idle. */
export const SHARE_STATUS_MS = 3_000;

type ShareState = "idle" | "shared" | "copied" | "error";

const LABELS: Record<ShareState, string> = { idle: "Share", shared: "Shared!", copied: "Copied!", error: "Couldn't share" };

/**
 * Shares the article with the system share sheet when the browser has one, otherwise copies the link.
 * A reader who closes the share sheet has not met an error; the button simply returns to idle.
 */
export function ShareButton({ url, title, text }: { url: string; title: string; text: string }) {
  const [state, setState] = useState<ShareState>("idle");

  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), SHARE_STATUS_MS);
    return () => clearTimeout(timer);
  }, [state]);

  async function share() {
    try {
      if (typeof navigator.share === "function") {
        await navigator.share({ url, title, text });
        setState("shared");
      } else {
        await navigator.clipboard.writeText(url);
        setState("copied");
      }
    } catch (error) {
      setState(error instanceof DOMException && error.name === "AbortError" ? "idle" : "error");
    }
  }

  const Icon = state === "error" ? TriangleAlert : state === "idle" ? Share2 : Check;
  return (
    <button
      type="button"
      onClick={() => void share()}
      className="inline-flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
    >
      <Icon aria-hidden className="size-4" />
      <span aria-live="polite">{LABELS[state]}</span>
    </button>
  );
}
