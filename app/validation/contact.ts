import { z } from "zod";
import { contactIssues, type ContactSubject } from "./contact-rules";

export {
  checkContactMessage,
  CONTACT_INVALID_EMAIL_MESSAGE,
  CONTACT_REQUIRED_MESSAGE,
  CONTACT_SUBJECTS,
  type ContactCheck,
  type ContactField,
  type ContactSubject,
} from "./contact-rules";

/** A text field; anything that is not a string (a field missing from the form) counts as empty. */
const textField = z.string().trim().catch("");

/**
 * The contact form as a schema: the rule of contact-rules.ts (which the browser runs without zod), each issue's
 * path naming the field it concerns.
 */
export const ContactMessage = z
  .object({
    name: textField,
    email: textField,
    subject: textField,
    message: textField,
  })
  .superRefine((value, context) => {
    for (const issue of contactIssues(value)) context.addIssue({ code: "custom", message: issue.message, path: [issue.field] });
  })
  .transform((value) => ({ ...value, subject: value.subject as ContactSubject }));

export type ContactMessage = z.output<typeof ContactMessage>;
