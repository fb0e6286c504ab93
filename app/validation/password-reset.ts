import { z } from "zod";
import { AdminPassword } from "./admin";
import { EMAIL_MAX_LENGTH } from "./email";
import { allowedText } from "./text";

/** What the reset pages say. The answer to a request is the same whether or not an account matches. */
export const RESET_TEXTS = {
  requested: "If an account matches, we have sent a link to its e-mail address.",
  limited: "Too many reset requests from your network. Please try again in a few minutes.",
  expired: "This reset link has expired. Please ask for a new one.",
  used: "This reset link has already been used. Please ask for a new one if you still need it.",
  invalid: "This reset link is not valid. Check that you copied all of it, or ask for a new one.",
  failed: "Your password could not be changed. Please try again.",
} as const;

/** "Forgot your password?": the username or the e-mail address of the account. */
export const ForgotPasswordForm = z.object({
  identifier: z
    .string()
    .trim()
    .min(1, "Please enter your username or e-mail address.")
    .max(EMAIL_MAX_LENGTH, `The username or e-mail address can be at most ${EMAIL_MAX_LENGTH} characters.`)
    .check(allowedText("The username or e-mail address")),
});

/** A new password from a reset link (the CLI's rules), typed twice. */
export const ResetPasswordForm = z
  .object({ password: z.string().pipe(AdminPassword), confirm: z.string() })
  .refine((value) => value.password === value.confirm, { message: "The two passwords differ.", path: ["confirm"] });
