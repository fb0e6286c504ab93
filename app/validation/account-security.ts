import { z } from "zod";
import { FormId } from "./form-id";
import { EMAIL_MAX_LENGTH, isPlainMailbox, normalizedEmail } from "./email";

/** What the Profile's e-mail section and the confirmation page say. */
export const EMAIL_CHANGE_TEXTS = {
  sent: "We sent a confirmation link to {email}. The address changes when you follow it; the link works for 24 hours.",
  heldBack: "We sent a confirmation link a few minutes ago; it is still valid. Please use the link in that message.",
  unchanged: "That is already your verified address.",
  taken: "That address belongs to another account. Please use another one.",
  changed: "Your e-mail address is now {email}.",
  expired: "This confirmation link has expired. Please ask for a new one in your Profile.",
  used: "This confirmation link has already been used. Ask for a new one in your Profile if you still need it.",
  invalid: "This confirmation link is not valid. Check that you copied all of it, or ask for a new one in your Profile.",
  failed: "The address could not be changed. Please try again.",
} as const;

/** What the Profile's sessions section and the mailed link's page say. */
export const SESSION_TEXTS = {
  endedOne: "That session has ended: the browser it was in is signed out.",
  endedOthers: "Signed out of {count} other session{s}.",
  noOthers: "There were no other sessions to end.",
  gone: "That session had already ended.",
  endedByLink: "That session has ended: the browser it was in is signed out.",
  linkEnded: "That session has already ended, so there is nothing to do.",
  linkInvalid: "This link is not valid. Check that you copied all of it.",
} as const;

/** A new e-mail address for one's own account: one plain mailbox, stored lower-cased. */
export const EmailChangeForm = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Please enter an e-mail address.")
    .max(EMAIL_MAX_LENGTH, "Please enter a valid email address.")
    .refine(isPlainMailbox, "Please enter a valid email address.")
    .transform(normalizedEmail),
});

/** The Profile's sessions section: end one of one's own sessions by its public id, or every other one. */
export const SessionAction = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("end"), id: FormId }),
  z.object({ intent: z.literal("end-others") }),
]);
