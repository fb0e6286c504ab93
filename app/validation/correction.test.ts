import { describe, expect, it } from "vitest";
import { CorrectionForm, notifyLabel } from "./correction";

describe("the Corrections page's forms", () => {
  it("reads an added note with its kind, and the notify checkbox only when ticked", () => {
    expect(CorrectionForm.parse({ intent: "add", kind: "update", note: "  New facts.\r\nMore.  ", notify: "on" })).toEqual({
      intent: "add",
      kind: "update",
      note: "New facts. More.",
      notify: true,
    });
    expect(CorrectionForm.parse({ intent: "add", kind: "correction", note: "Wrong date." })).toMatchObject({ notify: false });
  });

  it("answers a missing kind, an empty note and a control character with a plain sentence", () => {
    const message = (input: Record<string, string>) => CorrectionForm.safeParse(input).error?.issues[0]?.message;
    expect(message({ intent: "add", kind: "erratum", note: "x" })).toBe("Choose Correction or Update.");
    expect(message({ intent: "add", kind: "update" })).toBe("Write the note readers will see.");
    expect(message({ intent: "add", kind: "update", note: "a\u0000b" })).toBe(
      "The note contains characters that are not allowed.",
    );
    expect(message({ intent: "add", kind: "update", note: "x".repeat(501) })).toBe("The note must be at most 500 characters.");
  });

  it("reads a delete by the note's id", () => {
    expect(CorrectionForm.parse({ intent: "delete", correctionId: "12" })).toEqual({ intent: "delete", correctionId: 12 });
    expect(CorrectionForm.safeParse({ intent: "delete", correctionId: "x" }).success).toBe(false);
    expect(CorrectionForm.safeParse({ intent: "delete", correctionId: "2147483647" }).success).toBe(true);
    expect(CorrectionForm.safeParse({ intent: "delete", correctionId: "2147483648" }).success, "past an integer column").toBe(
      false,
    );
  });

  it("counts the people to notify in words", () => {
    expect(notifyLabel(1)).toBe("Notify newsletter readers who received this story (1 person)");
    expect(notifyLabel(1200)).toBe("Notify newsletter readers who received this story (1,200 people)");
  });
});
