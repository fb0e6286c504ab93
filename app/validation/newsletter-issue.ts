import { z } from "zod";
import { DATABASE_INT_MAX } from "../utils/database-limits";
import { GENERATION_FORM_TEXTS } from "./generation";
import { allowedText } from "./text";

/**
 * The Newsletter Management tab's two forms: Generate Newsletter (model and, when the server holds no
 * key, the provider key, checked by the same rules as article generation) and Send Newsletter (the
 * draft being sent). No Node APIs here.
 */

/** Spec 001's text for sending before generating. */
export const NOT_GENERATED_TEXT = "Please generate newsletter content first";

export const NewsletterForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("generate"),
    model: z
      .string({ error: GENERATION_FORM_TEXTS.model })
      .trim()
      .min(1, GENERATION_FORM_TEXTS.model)
      .check(allowedText("The AI model")),
    apiKey: z
      .string()
      .trim()
      .check(allowedText("The API key"))
      .optional()
      .transform((value) => (value === "" ? undefined : value)),
  }),
  z.object({
    intent: z.literal("send"),
    draftId: z.coerce
      .number({ error: NOT_GENERATED_TEXT })
      .int(NOT_GENERATED_TEXT)
      .positive(NOT_GENERATED_TEXT)
      .max(DATABASE_INT_MAX, NOT_GENERATED_TEXT),
  }),
]);
export type NewsletterForm = z.infer<typeof NewsletterForm>;

/** "Sending the newsletter to 1,000 active subscribers." */
export function sendingText(recipients: number): string {
  return `Sending the newsletter to ${recipients.toLocaleString("en-US")} active ${recipients === 1 ? "subscriber" : "subscribers"}.`;
}
