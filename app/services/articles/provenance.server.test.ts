import { describe, expect, it } from "vitest";
import { rewrittenPercent } from "./provenance.server";

const draft = { title: "Acme ships a new chip", excerpt: "It is fast.", content: "The chip is fast and cheap." };

describe("rewrittenPercent", () => {
  it("is 0 for the text as the model wrote it, and when editors only add words", () => {
    expect(rewrittenPercent(draft, draft)).toBe(0);
    expect(rewrittenPercent(draft, { ...draft, content: `${draft.content}\n\nA new paragraph by the editor.` })).toBe(0);
  });

  it("counts the model's words that did not survive, over all of them", () => {
    // 14 words; "fast and cheap" becomes "quick": 3 of 14 removed, 21%.
    expect(rewrittenPercent(draft, { ...draft, content: "The chip is quick." })).toBe(21);
  });

  it("is 100 when nothing of the model's text is left, and ignores letter case and punctuation", () => {
    expect(rewrittenPercent(draft, { title: "Other", excerpt: "Entirely", content: "Different prose here." })).toBe(100);
    expect(
      rewrittenPercent(draft, { title: "ACME ships a new chip!", excerpt: "It is fast", content: "The chip is fast, and cheap" }),
    ).toBe(0);
  });

  it("is 0 for an empty original", () => {
    expect(rewrittenPercent({ title: "", excerpt: "", content: "" }, draft)).toBe(0);
  });
});
