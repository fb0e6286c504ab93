import { z } from "zod";
import { CORRECTION_KINDS, type CorrectionKind as Kind } from "../domain/history";
import { FormId } from "./form-id";
import { allowedText } from "./text";

/**
 * The Corrections page's forms: add a correction or an update to a published article, and delete one.
 * No Node APIs here: the page checks the note in the browser with the same schema.
 */

/** What the reader sees as the note's heading, and what the form calls each kind. */
export const CORRECTION_HEADINGS: Record<Kind, string> = { correction: "Correction", update: "Updated" };
export const CORRECTION_KIND_LABELS: Record<Kind, string> = { correction: "Correction", update: "Update" };

export const CORRECTION_NOTE_MAX = 500;

export const CORRECTION_TEXTS = {
  kind: "Choose Correction or Update.",
  noteRequired: "Write the note readers will see.",
  noteTooLong: `The note must be at most ${CORRECTION_NOTE_MAX} characters.`,
  notPublished: "Only a published article can have corrections and updates.",
  missing: "This article no longer exists; another admin may have deleted it.",
  correctionMissing: "This note was already deleted.",
  added: { correction: "Correction added.", update: "Update added." } satisfies Record<Kind, string>,
  deleted: "Note deleted.",
  failed: "The note could not be saved. Please try again.",
} as const;

/**
 * The note: one paragraph of plain text, trimmed, 1 to 500 characters. Line breaks typed in the textarea become
 * spaces; any other control character is refused.
 */
export const CorrectionNote = z.preprocess(
  (value) => (typeof value === "string" ? value.replace(/\r\n?|\n/g, " ") : value),
  z
    .string({ error: CORRECTION_TEXTS.noteRequired })
    .trim()
    .min(1, CORRECTION_TEXTS.noteRequired)
    .max(CORRECTION_NOTE_MAX, CORRECTION_TEXTS.noteTooLong)
    .check(allowedText("The note")),
);

export const CorrectionKind = z.enum(CORRECTION_KINDS, { error: CORRECTION_TEXTS.kind });

export const CorrectionForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add"),
    kind: CorrectionKind,
    note: CorrectionNote,
    /** The checkbox "Notify newsletter readers who received this story": "on" when ticked. */
    notify: z
      .literal("on")
      .optional()
      .transform((value) => value === "on"),
  }),
  z.object({
    intent: z.literal("delete"),
    correctionId: FormId,
  }),
]);
export type CorrectionForm = z.infer<typeof CorrectionForm>;

/** "Notify newsletter readers who received this story (3 people)". */
export function notifyLabel(recipients: number): string {
  return `Notify newsletter readers who received this story (${recipients.toLocaleString("en-US")} ${recipients === 1 ? "person" : "people"})`;
}
