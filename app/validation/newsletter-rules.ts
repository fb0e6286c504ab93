import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from "./email";

/*
 * The newsletter sign-up's rule and words without zod, so the reader pages' islands script can check the field
 * in the browser with the very rule the action's schema (newsletter.ts) applies, without shipping zod.
 */

/** The sign-up block's id: the header's Subscribe links and the no-JavaScript redirect go to `#newsletter`. */
export const NEWSLETTER_ANCHOR = "newsletter";

/** The spec's 3 seconds for the success message. */
export const NEWSLETTER_SUCCESS_MS = 3_000;

/**
 * The sign-up block's outcomes, also carried in the URL when the form posts without JavaScript. `subscribed`
 * is the spec's immediate sign-up (NEWSLETTER_DOUBLE_OPT_IN=false); `checkInbox` is the same thanks with double
 * opt-in (a new, pending, unsubscribed or active address read alike), except that a reader whose confirmation link
 * is still waiting to be used is told so rather than promised a message the throttle holds back: `linkStillValid`
 * within 10 minutes of it, `linksToday` past the day's three.
 */
export const NEWSLETTER_MESSAGES = {
  subscribed: "Thanks for subscribing!",
  checkInbox: "Thanks for subscribing! Check your inbox to confirm.",
  linkStillValid: "We sent a confirmation link a few minutes ago; it is still valid.",
  linksToday: "We sent several confirmation links to this address today; the last one is still valid.",
  required: "Please enter your email address",
  invalid: "Please enter a valid email address",
  limited: "Too many sign-up attempts from your network. Please try again in a few minutes.",
  failed: "Failed to subscribe. Please try again later.",
} as const;

export type NewsletterOutcome = keyof typeof NEWSLETTER_MESSAGES;

/** What the sign-up action answers a script. */
export interface NewsletterActionData {
  outcome: NewsletterOutcome;
}

/** The outcomes that thank the reader or point to the link they have: shown for 3 seconds, the field cleared. */
export function isNewsletterSuccess(outcome: NewsletterOutcome | null | undefined): boolean {
  return outcome === "subscribed" || outcome === "checkInbox" || outcome === "linkStillValid" || outcome === "linksToday";
}

export function isNewsletterOutcome(value: string | null): value is NewsletterOutcome {
  return value !== null && Object.hasOwn(NEWSLETTER_MESSAGES, value);
}

export type NewsletterEmailCheck = { ok: true; email: string } | { ok: false; outcome: "required" | "invalid" };

/** The sign-up field: one plain mailbox (validation/email.ts), trimmed; empty and malformed have their own messages. */
export function checkNewsletterEmail(value: string): NewsletterEmailCheck {
  const email = value.trim();
  if (email === "") return { ok: false, outcome: "required" };
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) return { ok: false, outcome: "invalid" };
  return { ok: true, email };
}
