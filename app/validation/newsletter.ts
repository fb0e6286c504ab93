import { z } from "zod";
import { checkNewsletterEmail, NEWSLETTER_MESSAGES, type NewsletterOutcome } from "./newsletter-rules";

export {
  isNewsletterOutcome,
  isNewsletterSuccess,
  NEWSLETTER_MESSAGES,
  type NewsletterActionData,
  type NewsletterOutcome,
} from "./newsletter-rules";

/**
 * The newsletter sign-up form, checked by the action: one plain mailbox (validation/email.ts), with the spec's
 * two messages. The browser applies the same rule (`checkNewsletterEmail`) for instant feedback.
 */
export const NewsletterSignup = z.object({
  email: z.string().transform((value, context) => {
    const check = checkNewsletterEmail(value);
    if (check.ok) return check.email;
    context.addIssue({ code: "custom", message: NEWSLETTER_MESSAGES[check.outcome] });
    return z.NEVER;
  }),
});

export type NewsletterSignup = z.infer<typeof NewsletterSignup>;

/** The outcome for a failed parse: an empty field or a malformed address. */
export function newsletterOutcomeOf(error: z.ZodError): NewsletterOutcome {
  return error.issues.some((issue) => issue.message === NEWSLETTER_MESSAGES.required) ? "required" : "invalid";
}
