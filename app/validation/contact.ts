import { z } from "zod";
import { EMAIL_PATTERN } from "./email";
import { isAllowedText, notAllowedMessage } from "./text";

/** The subjects a reader can pick on the contact form, in the spec's order. */
export const CONTACT_SUBJECTS = [
  "General Inquiry",
  "Story Tip",
  "Press Inquiry",
  "Technical Issue",
  "Partnership Opportunity",
  "Feedback",
  "Other",
] as const;

export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

export const CONTACT_REQUIRED_MESSAGE = "Please fill in all required fields.";
export const CONTACT_INVALID_EMAIL_MESSAGE = "Please enter a valid email address.";

const REQUIRED_FIELDS = ["name", "email", "subject", "message"] as const;

/** How the "not allowed" message names each field; only the message may hold line breaks and tabs. */
const FIELD_NAMES = { name: "Your name", email: "Your email address", subject: "The subject", message: "Your message" } as const;

/** A text field; anything that is not a string (a field missing from the form) counts as empty. */
const textField = z.string().trim().catch("");

/**
 * The contact form. A field with control characters is refused first. Every field is required; the e-mail address is checked only once all
 * four are filled in, so an incomplete form always gets the "required" message first.
 * Each issue's path names the field it concerns.
 */
export const ContactMessage = z
  .object({
    name: textField,
    email: textField,
    subject: textField,
    message: textField,
  })
  .superRefine((value, context) => {
    const unreadable = REQUIRED_FIELDS.filter(
      (field) => !isAllowedText(value[field], field === "message" ? "multi-line" : "single-line"),
    );
    for (const field of unreadable) {
      context.addIssue({ code: "custom", message: notAllowedMessage(FIELD_NAMES[field]), path: [field] });
    }
    if (unreadable.length > 0) return;
    const missing = REQUIRED_FIELDS.filter((field) => value[field] === "");
    if (!(CONTACT_SUBJECTS as readonly string[]).includes(value.subject) && !missing.includes("subject")) missing.push("subject");
    for (const field of missing) context.addIssue({ code: "custom", message: CONTACT_REQUIRED_MESSAGE, path: [field] });
    if (missing.length === 0 && !EMAIL_PATTERN.test(value.email)) {
      context.addIssue({ code: "custom", message: CONTACT_INVALID_EMAIL_MESSAGE, path: ["email"] });
    }
  })
  .transform((value) => ({ ...value, subject: value.subject as ContactSubject }));

export type ContactMessage = z.output<typeof ContactMessage>;
export type ContactField = (typeof REQUIRED_FIELDS)[number];

export type ContactCheck = { ok: true; value: ContactMessage } | { ok: false; message: string; fields: ContactField[] };

/** Checks the form's raw values and returns either the clean message or the one text to show and the fields at fault. */
export function checkContactMessage(input: Record<keyof ContactMessage, unknown>): ContactCheck {
  const result = ContactMessage.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const fields = result.error.issues
    .map((issue) => issue.path[0])
    .filter((field): field is ContactField => (REQUIRED_FIELDS as readonly unknown[]).includes(field));
  return { ok: false, message: result.error.issues[0]?.message ?? CONTACT_REQUIRED_MESSAGE, fields };
}
