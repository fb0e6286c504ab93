/**
 * The one address rule, shared by the browser and the server: a single plain mailbox. It keeps the spec's
 * shape (text, @, text, dot, text) and refuses everything that lets one field name several recipients or
 * a display name: RFC 5322's specials other than `@` and `.` (`, ; : < > " ( ) [ ] \`), whitespace and
 * control characters, so `1,victim@example.com` or the group `x:victim@example.com;` never reach the mailer.
 * Addresses are compared case-insensitively; the services store them lower-cased.
 */
const MAILBOX_CHARACTER = String.raw`[^\s@,;:<>"()[\]\\\p{Cc}]`;

export const EMAIL_PATTERN = new RegExp(`^${MAILBOX_CHARACTER}+@${MAILBOX_CHARACTER}+\\.${MAILBOX_CHARACTER}+$`, "u");

/** RFC 5321's limit on a forward path, which the spec's form never exceeded. */
export const EMAIL_MAX_LENGTH = 254;

/** True for one plain mailbox of at most 254 characters. */
export function isPlainMailbox(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

/** The form of an address that is stored and compared: trimmed and lower-cased. */
export function normalizedEmail(value: string): string {
  return value.trim().toLowerCase();
}
