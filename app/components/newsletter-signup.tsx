import { Mail } from "lucide-react";
import { useId } from "react";
import { useLocation, useSearchParams } from "react-router";
import {
  isNewsletterOutcome,
  isNewsletterSuccess,
  NEWSLETTER_ANCHOR,
  NEWSLETTER_MESSAGES,
  type NewsletterOutcome,
} from "~/validation/newsletter-rules";
import { IslandTemplate } from "~/components/island-template";

export { NEWSLETTER_ANCHOR } from "~/validation/newsletter-rules";

const ERROR_MESSAGE_CLASS = "rounded bg-red-50 px-2 py-0.5 text-red-800";
const SUCCESS_MESSAGE_CLASS = "text-white";

/**
 * The newsletter sign-up block. A real form posting to /newsletter: without JavaScript the action redirects
 * back here with the outcome in the URL, shown below the form. With JavaScript the islands script
 * (islands/newsletter-signup.ts) checks the field at once and posts in place; the success message shows for
 * 3 seconds while the field is cleared.
 */
export function NewsletterSignup({ variant = "wide" }: { variant?: "wide" | "sidebar" }) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const fromUrl = searchParams.get("newsletter");
  const outcome: NewsletterOutcome | null = isNewsletterOutcome(fromUrl) ? fromUrl : null;
  const headingId = useId();
  const messageId = useId();
  const isError = outcome !== null && !isNewsletterSuccess(outcome);
  const returnTo = `${location.pathname}${stripOutcome(location.search)}`;
  const wide = variant === "wide";

  return (
    <section
      id={NEWSLETTER_ANCHOR}
      aria-labelledby={headingId}
      className={`scroll-mt-24 rounded-2xl bg-gradient-to-br from-blue-700 to-indigo-800 text-white shadow-lg print:hidden ${wide ? "p-6 sm:p-10" : "p-6"}`}
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
          noValidate
          data-newsletter-signup=""
          className={`mt-5 flex gap-2 ${wide ? "flex-col sm:flex-row" : "flex-col"}`}
        >
          <input type="hidden" name="returnTo" value={returnTo} />
          <label htmlFor={`${messageId}-email`} className="sr-only">
            Email address
          </label>
          <input
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
            data-busy-label="Subscribing..."
            className="rounded-lg bg-slate-900 px-5 py-2.5 font-semibold text-white hover:bg-slate-800 focus:ring-2 focus:ring-white focus:outline-none disabled:opacity-70"
          >
            Subscribe
          </button>
        </form>
        <p id={messageId} role="status" data-outcome={outcome ?? undefined} className="mt-3 min-h-5 text-sm font-medium">
          {outcome ? (
            <span className={isError ? ERROR_MESSAGE_CLASS : SUCCESS_MESSAGE_CLASS}>{NEWSLETTER_MESSAGES[outcome]}</span>
          ) : null}
        </p>
        <IslandTemplate data-message="error">
          <span className={ERROR_MESSAGE_CLASS} />
        </IslandTemplate>
        <IslandTemplate data-message="success">
          <span className={SUCCESS_MESSAGE_CLASS} />
        </IslandTemplate>
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
