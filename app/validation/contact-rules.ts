import { EMAIL_PATTERN } from "./email";
import { isAllowedText, notAllowedMessage } from "./text";

/*
 * The contact form's rule without zod, so the reader pages' islands script checks the form with it (the form
 * makes no server call; the schema in contact.ts applies the same rule).
 */

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

export const CONTACT_FIELDS = ["name", "email", "subject", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export type ContactMessage = Record<Exclude<ContactField, "subject">, string> & { subject: ContactSubject };

/** How the "not allowed" message names each field; only the message may hold line breaks and tabs. */
const FIELD_NAMES = { name: "Your name", email: "Your email address", subject: "The subject", message: "Your message" } as const;

export interface ContactIssue {
  field: ContactField;
  message: string;
}

/**
 * The problems of trimmed fields, in the order they are reported. A field with control characters is refused
 * first. Every field is required; the e-mail address is checked only once all four are filled in, so an
 * incomplete form always gets the "required" message first.
 */
export function contactIssues(value: Record<ContactField, string>): ContactIssue[] {
  const unreadable = CONTACT_FIELDS.filter(
    (field) => !isAllowedText(value[field], field === "message" ? "multi-line" : "single-line"),
  );
  if (unreadable.length > 0) return unreadable.map((field) => ({ field, message: notAllowedMessage(FIELD_NAMES[field]) }));
  const missing: ContactField[] = CONTACT_FIELDS.filter((field) => value[field] === "");
  if (!(CONTACT_SUBJECTS as readonly string[]).includes(value.subject) && !missing.includes("subject")) missing.push("subject");
  const issues = missing.map((field) => ({ field, message: CONTACT_REQUIRED_MESSAGE }));
  if (missing.length === 0 && !EMAIL_PATTERN.test(value.email)) {
    issues.push({ field: "email", message: CONTACT_INVALID_EMAIL_MESSAGE });
  }
  return issues;
}

export type ContactCheck = { ok: true; value: ContactMessage } | { ok: false; message: string; fields: ContactField[] };

/** A text field; anything that is not a string (a field missing from the form) counts as empty. */
function textField(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

/** Checks the form's raw values and returns either the clean message or the one text to show and the fields at fault. */
export function checkContactMessage(input: Record<ContactField, unknown>): ContactCheck {
  const value = {
    name: textField(input.name),
    email: textField(input.email),
    subject: textField(input.subject),
    message: textField(input.message),
  };
  const issues = contactIssues(value);
  if (issues.length === 0) return { ok: true, value: { ...value, subject: value.subject as ContactSubject } };
  return { ok: false, message: issues[0]?.message ?? CONTACT_REQUIRED_MESSAGE, fields: issues.map((issue) => issue.field) };
}
