import { z } from "zod";
import { allowedText } from "./text";

/** The second screen of a sign-in (app/routes/auth/second-step.tsx). */
export const SECOND_STEP_PATH = "/auth/second-step";

/** What the second screen and the two-step set-up say. */
export const SECOND_STEP_TEXTS = {
  heading: "Second step",
  codeLabel: "Code from your authenticator app, or a recovery code",
  wrong: "That code is not right. Try the newest code in your app, or a recovery code.",
  expired: "This sign-in has ended: it waited more than 5 minutes, or too many codes were wrong. Sign in again.",
  empty: "Please enter the code from your app, or a recovery code.",
  setupWrong: "That code is not right. Check the time on your phone, and enter the newest code the app shows.",
  setupEmpty: "Please enter the 6-digit code your app shows.",
  required: "Your role must use a second step at sign-in. Set up an authenticator app (or a passkey) to go on.",
} as const;

/** What the second screen takes: six digits from the app, or a recovery code (sixteen letters and digits). */
export const SecondStepForm = z.object({
  code: z.string().trim().min(1, SECOND_STEP_TEXTS.empty).max(64, SECOND_STEP_TEXTS.wrong).check(allowedText("The code")),
});

/** Confirming the app in set-up: its first code, and whether to end the other sessions (checked by default). */
export const ConfirmAppForm = z.object({
  code: z
    .string()
    .trim()
    .transform((value) => value.replace(/\s/g, ""))
    .pipe(
      z
        .string()
        .min(1, SECOND_STEP_TEXTS.setupEmpty)
        .regex(/^\d{6}$/, SECOND_STEP_TEXTS.setupWrong),
    ),
  endOthers: z.literal("on").optional(),
});

/** Removing the app: the current password, and whether to end the other sessions. */
export const RemoveAppForm = z.object({
  // No password can hold a control character (AdminPassword refuses them), so none is accepted here either.
  password: z
    .string()
    .min(1, "Please enter your current password.")
    .max(1000, "The current password is not right.")
    .check(allowedText("The current password")),
  endOthers: z.literal("on").optional(),
});

/** Making new recovery codes: whether to end the other sessions. */
export const ReplaceCodesForm = z.object({ endOthers: z.literal("on").optional() });

/** The two-step set-up's actions. */
export const TwoStepIntent = z.enum(["start", "confirm", "cancel", "remove", "replace-codes"], {
  error: "Unknown two-step action.",
});
