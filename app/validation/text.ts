import { z } from "zod";

/*
 * Text that may reach the database. PostgreSQL refuses a NUL byte in text, which would fail the query (a 500)
 * instead of being answered as bad input, and a lone UTF-16 surrogate has no UTF-8 form (the drivers would
 * silently store U+FFFD instead).
 * Other control characters (the rest of C0, DEL and C1) have no place in a title, a name or a search:
 * they are invisible, they break terminals, logs and CSV files, and nobody types them on purpose.
 * Multi-line fields (an article's content, a message) keep tab, line feed and carriage return.
 */

/** Every C0 control, DEL and every C1 control. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f]/;
/** The same without tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- as above
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export type TextLines = "single-line" | "multi-line";

/** True when the text holds no character that `lines` forbids (see above). */
export function isAllowedText(value: string, lines: TextLines = "single-line"): boolean {
  const forbidden = lines === "multi-line" ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN;
  return !forbidden.test(value) && !LONE_SURROGATE.test(value);
}

/** The rule's words without a subject, for messages that put the field's name first themselves (the CLI, the import). */
export const NOT_ALLOWED = "contains characters that are not allowed";

/** "The title contains characters that are not allowed." */
export function notAllowedMessage(field: string): string {
  return `${field} ${NOT_ALLOWED}.`;
}

export interface AllowedTextOptions {
  /** Single-line by default: no control character at all. */
  lines?: TextLines;
  /** Another wording than `notAllowedMessage(field)`, for callers that add the field themselves (the CLI). */
  message?: string;
}

/**
 * The check every text field of every schema carries, placed after `.trim()` so that surrounding
 * whitespace is trimmed rather than refused:
 *   z.string().trim().max(300, "...").check(allowedText("The title"))
 */
export function allowedText(field: string, { lines = "single-line", message }: AllowedTextOptions = {}) {
  return z.refine<string>((value) => isAllowedText(value, lines), message ?? notAllowedMessage(field));
}

/**
 * The first `max` UTF-16 units of a text, one fewer when the cut would split a surrogate pair (an emoji,
 * say), so that cutting never makes a text the database refuses.
 */
export function cutText(value: string, max: number): string {
  if (value.length <= max) return value;
  const code = value.charCodeAt(max - 1);
  return value.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}
