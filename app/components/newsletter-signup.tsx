import { Mail } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useFetcher, useLocation, useSearchParams } from "react-router";
import {
  isNewsletterOutcome,
  isNewsletterSuccess,
  NEWSLETTER_MESSAGES,
  NewsletterSignup as NewsletterSignupSchema,
  newsletterOutcomeOf,
  type NewsletterOutcome,
} from "~/validation/newsletter";

/** The spec's 3 seconds for the success message. */
export const NEWSLETTER_SUCCESS_MS = 3_000;

export const NEWSLETTER_ANCHOR = "newsletter";

/** What the sign-up action answers a script. */
export interface NewsletterActionData {
  outcome: NewsletterOutcome;
}

/**
 * The newsletter sign-up block. A real form posting to /newsletter: without JavaScript the action
 * redirects back here with the outcome in the URL; with it, the post happens in place and the
 * success message shows for 3 seconds while the field is cleared.
 */
export function NewsletterSignup({ variant = "wide" }: { variant?: "wide" | "sidebar" }) {
  const fetcher = useFetcher<NewsletterActionData>();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  // A message from the browser's own check (or from the URL after a post without JavaScript)...
  const [localOutcome, setLocalOutcome] = useState<NewsletterOutcome | null>(() => {
    const fromUrl = searchParams.get("newsletter");
    return isNewsletterOutcome(fromUrl) ? fromUrl : null;
  });
  // ...or the action's answer, until it is dismissed.
  const [dismissedAnswer, setDismissedAnswer] = useState<NewsletterActionData | undefined>(undefined);
  const answer = fetcher.state === "idle" && fetcher.data !== dismissedAnswer ? fetcher.data : undefined;
  const outcome = answer?.outcome ?? localOutcome;
  const inputRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const messageId = useId();
  const busy = fetcher.state !== "idle";

  // Success clears the field.
  useEffect(() => {
    if (isNewsletterSuccess(answer?.outcome) && inputRef.current) inputRef.current.value = "";
  }, [answer]);

  // "Thanks for subscribing!" (with "Check your inbox to confirm." under double opt-in) shows for 3 seconds.
  useEffect(() => {
    if (!isNewsletterSuccess(outcome)) return;
    const timer = setTimeout(() => {
      setDismissedAnswer(fetcher.data);
      setLocalOutcome(null);
    }, NEWSLETTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [outcome, fetcher.data]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = NewsletterSignupSchema.safeParse({ email: form.get("email") ?? "" });
    setDismissedAnswer(fetcher.data);
    if (!parsed.success) {
      setLocalOutcome(newsletterOutcomeOf(parsed.error));
      inputRef.current?.focus();
      return;
    }
    setLocalOutcome(null);
    form.set("email", parsed.data.email);
    form.delete("returnTo"); // in place: the action answers with data instead of a redirect
    void fetcher.submit(form, { method: "post", action: "/newsletter" });
  }

  const isError = outcome !== null && !isNewsletterSuccess(outcome);
  const returnTo = `${location.pathname}${stripOutcome(location.search)}`;
  const wide = variant === "wide";

  return (
    <section
      id={NEWSLETTER_ANCHOR}
      aria-labelledby={headingId}
      className={`scroll-mt-24 rounded-2xl bg-gradient-to-br from-blue-700 to-indigo-800 text-white shadow-lg ${wide ? "p-6 sm:p-10" : "p-6"}`}
    >
      <div className={wide ? "mx-auto max-w-2xl text-center" : ""}>
        <Mail aria-hidden className={`size-8 text-blue-100 ${wide ? "mx-auto" : ""}`} />
        <h2 id={headingId} className="mt-3 text-xl font-bold sm:text-2xl">
          Stay in the loop
        </h2>
        <p className="mt-2 text-sm text-blue-50">
          A weekly digest every Sunday: the stories that mattered, summarised with AI and picked by our editors. No spam;
          unsubscribe with one click.
        </p>
        <form
          method="post"
          action="/newsletter"
          onSubmit={submit}
          noValidate
          className={`mt-5 flex gap-2 ${wide ? "flex-col sm:flex-row" : "flex-col"}`}
        >
          <input type="hidden" name="returnTo" value={returnTo} />
          <label htmlFor={`${messageId}-email`} className="sr-only">
            Email address
          </label>
          <input
            ref={inputRef}
            id={`${messageId}-email`}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            aria-invalid={isError || undefined}
            aria-describedby={messageId}
            className="min-w-0 flex-1 rounded-lg border border-white/30 bg-white px-4 py-2.5 text-slate-900 placeholder:text-slate-500 focus:ring-2 focus:ring-white focus:outline-none"
          />
          <button
            type="submit"
            disabled={busy}
            className="rounded-lg bg-slate-900 px-5 py-2.5 font-semibold text-white hover:bg-slate-800 focus:ring-2 focus:ring-white focus:outline-none disabled:opacity-70"
          >
            {busy ? "Subscribing..." : "Subscribe"}
          </button>
        </form>
        <p id={messageId} role="status" className="mt-3 min-h-5 text-sm font-medium">
          {outcome ? (
            <span className={isError ? "rounded bg-red-50 px-2 py-0.5 text-red-800" : "text-white"}>
              {NEWSLETTER_MESSAGES[outcome]}
            </span>
          ) : null}
        </p>
      </div>
    </section>
  );
}

/** The current query without a previous sign-up outcome. */
function stripOutcome(search: string): string {
  const params = new URLSearchParams(search);
  params.delete("newsletter");
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}
