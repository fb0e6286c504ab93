import { z } from "zod";
import { allowedText, NOT_ALLOWED } from "./text";

/** The sign-in form at /admin, checked in the browser and again by the login action. */
export const LoginForm = z.object({
  username: z
    .string()
    .trim()
    .min(1, "Please enter your username")
    .max(100, "Invalid username or password")
    .check(allowedText("The username")),
  password: z
    .string()
    .min(1, "Please enter your password")
    .max(1000, "Invalid username or password")
    .check(allowedText("The password")),
});

export type LoginForm = z.infer<typeof LoginForm>;

/** An admin's username: what the CLI and ADMIN_USERNAME accept. Compared case-insensitively. */
export const AdminUsername = z
  .string()
  .trim()
  .min(2, "must be 2 to 50 characters")
  .max(50, "must be 2 to 50 characters")
  .regex(/^[A-Za-z0-9._@-]+$/, "may use only letters, digits and . _ @ -")
  .check(allowedText("The username", { message: NOT_ALLOWED })); // the CLI prints "The username " before it

/** The shortest new password, counted with runs of spaces as one (OWASP ASVS 4.0.3, 2.1.1), and the longest (2.1.2). */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * An admin's new password: long enough to resist guessing, with no rule on which characters it holds. The server also
 * refuses one that is too easy to guess (services/auth/passwords.server.ts `hashNewPassword`, WEAK_PASSWORD_MESSAGE).
 */
export const AdminPassword = z
  .string()
  .refine(
    (value) => value.replace(/\s{2,}/g, " ").length >= PASSWORD_MIN_LENGTH,
    `must be at least ${PASSWORD_MIN_LENGTH} characters`,
  )
  .refine((value) => value.length <= PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .check(allowedText("The password", { message: NOT_ALLOWED }));

/** What a new password too easy to guess gets (a common password, a keyboard row, a name repeated). */
export const WEAK_PASSWORD_MESSAGE =
  "This password is too easy to guess: it is a common one or follows a simple pattern. Add a few words, or choose another.";

/** The spec's sign-in texts. */
export const LOGIN_MESSAGES = {
  invalid: "Invalid username or password",
  failed: "Authentication failed",
  suspended: "This account is suspended. Ask an administrator to reactivate it.",
  limited: "Too many sign-in attempts from your network. Try again in N minutes.",
  locked: "Account temporarily locked. Try again in N minutes.",
} as const;

/**
 * What a form says when sending it found the session ended (decision 036): the article editor's words, and `page`'s
 * for the other forms that hold typed text (a correction note, the profile, an invitation).
 */
export const SIGNED_OUT_TEXTS = {
  notSaved: "Not saved: your session has ended. Sign in again, then save; what you wrote is still here.",
  button: "Sign in again",
  heading: "Sign in again",
  text: "Your session has ended. Sign in to go on; the article stays as you left it.",
  /** In the editor's preview and an image upload, answered 401; the dialog opens over the page. */
  preview: "No preview: your session has ended. Sign in again, then try again; what you wrote is still here.",
  upload: "Not uploaded: your session has ended. Sign in again, then choose the file again.",
  page: {
    notSaved: "Not done: your session has ended. Sign in again, then send it again; what you typed is still here.",
    text: "Your session has ended. Sign in to go on; this page stays as you left it.",
  },
} as const;

/** "Account temporarily locked. Try again in 15 minutes." with the minutes rounded up, never below 1. */
export function waitMessage(template: string, retryAfterMs: number): string {
  const minutes = minutesLeft(retryAfterMs);
  return template.replace("N minutes", minutes === 1 ? "1 minute" : `${minutes} minutes`);
}

export function minutesLeft(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 60_000));
}
