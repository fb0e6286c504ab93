import { z } from "zod";
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from "./email";

/**
 * The newsletter sign-up form, checked in the browser for instant feedback and again by the action: one plain
 * mailbox (validation/email.ts), with the spec's two messages.
 */
export const NewsletterSignup = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Please enter your email address")
    .max(EMAIL_MAX_LENGTH, "Please enter a valid email address")
    .regex(EMAIL_PATTERN, "Please enter a valid email address"),
});

export type NewsletterSignup = z.infer<typeof NewsletterSignup>;

/**
 * The sign-up block's outcomes, also carried in the URL when the form posts without JavaScript. `subscribed`
 * is the spec's immediate sign-up (NEWSLETTER_DOUBLE_OPT_IN=false); `checkInbox` is the same thanks with double
 * opt-in, whatever the address's state was (a new, pending, unsubscribed or active address all read alike).
 */
export const NEWSLETTER_MESSAGES = {
  subscribed: "Thanks for subscribing!",
  checkInbox: "Thanks for subscribing! Check your inbox to confirm.",
  required: "Please enter your email address",
  invalid: "Please enter a valid email address",
  limited: "Too many sign-up attempts from your network. Please try again in a few minutes.",
  failed: "Failed to subscribe. Please try again later.",
} as const;

export type NewsletterOutcome = keyof typeof NEWSLETTER_MESSAGES;

/** The outcomes that thank the reader: shown for 3 seconds, the field cleared. */
export function isNewsletterSuccess(outcome: NewsletterOutcome | null | undefined): boolean {
  return outcome === "subscribed" || outcome === "checkInbox";
}

export function isNewsletterOutcome(value: string | null): value is NewsletterOutcome {
  return value !== null && Object.hasOwn(NEWSLETTER_MESSAGES, value);
}

/** The outcome for a failed parse: an empty field or a malformed address. */
export function newsletterOutcomeOf(error: z.ZodError): NewsletterOutcome {
  return error.issues.some((issue) => issue.message === NEWSLETTER_MESSAGES.required) ? "required" : "invalid";
}
