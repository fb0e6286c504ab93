import { describe, expect, it } from "vitest";
import { SPEC_SECTIONS } from "~/services/sections/sections.server";
import { parseEditorForm } from "./article-editing.server";

function editorForm(category: string): FormData {
  const form = new FormData();
  const fields = {
    title: "Chip makers race to 2 nm",
    excerpt: "Three foundries promise the next node within a year.",
    content: "## The race\n\nFoundries are spending billions.",
    category,
    readTime: "6",
    sources: "",
    image: "",
  };
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

describe("the editor form's section", () => {
  it("takes one of the newsroom's sections by its exact name", () => {
    const parsed = parseEditorForm(editorForm("Gadgets"), SPEC_SECTIONS);
    expect(parsed.ok && parsed.input.category).toBe("Gadgets");
  });

  it.each(["Nope", "ai", "Science"])("refuses %j, a name no section has, and keeps what was typed", (category) => {
    const parsed = parseEditorForm(editorForm(category), SPEC_SECTIONS);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.result.fieldErrors).toEqual({ category: "Please choose a category." });
    expect(parsed.result.values?.category).toBe(category);
  });
});
