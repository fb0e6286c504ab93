import { describe, expect, it } from "vitest";
import { ArticleTagNames, TAG_TEXTS, TagAction, tagFieldErrors, TagName } from "./tags";

function names(tags: string[], tagEntry = "") {
  return ArticleTagNames.safeParse({ tags, tagEntry });
}

describe("a tag name", () => {
  it("is trimmed and its inner spaces made one", () => {
    expect(TagName.parse("  EU   AI Act ")).toBe("EU AI Act");
  });

  it.each([
    ["", TAG_TEXTS.nameMissing],
    ["   ", TAG_TEXTS.nameMissing],
    ["x".repeat(51), TAG_TEXTS.nameLong],
    ["---", TAG_TEXTS.nameNoLetters],
    ["Open\u0000AI", "A tag name contains characters that are not allowed."],
  ])("refuses %j with a sentence", (value, message) => {
    const parsed = TagName.safeParse(value);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });
});

describe("an article's tags", () => {
  it("joins the chips and what is still typed, comma-separated, skipping empties and repeats in any case", () => {
    const parsed = names(["OpenAI", " EU AI Act "], "openai, Chips,, ,chips");
    expect(parsed.data).toEqual(["OpenAI", "EU AI Act", "Chips"]);
  });

  it("allows ten and refuses the eleventh", () => {
    const ten = Array.from({ length: 10 }, (_, index) => `Topic ${index + 1}`);
    expect(names(ten).success).toBe(true);
    const eleven = names(ten, "Topic 11");
    expect(eleven.success).toBe(false);
    expect(eleven.error?.issues[0]?.message).toBe(TAG_TEXTS.tooMany);
  });

  it("refuses a bad name among them with its sentence", () => {
    expect(names(["OpenAI", "x".repeat(60)]).error?.issues[0]?.message).toBe(TAG_TEXTS.nameLong);
  });
});

describe("the Tags tab's changes", () => {
  it("reads a rename, a merge and a delete", () => {
    expect(TagAction.parse({ intent: "rename", id: "3", name: " EU AI Act ", slug: "eu-ai-act" })).toEqual({
      intent: "rename",
      id: 3,
      name: "EU AI Act",
      slug: "eu-ai-act",
    });
    expect(TagAction.parse({ intent: "merge", id: "3", into: "4" })).toEqual({ intent: "merge", id: 3, into: 4 });
    expect(TagAction.parse({ intent: "delete", id: "3" })).toEqual({ intent: "delete", id: 3 });
  });

  it("names the field of a refused change with its sentence", () => {
    const merge = TagAction.safeParse({ intent: "merge", id: "3", into: "x" });
    expect(merge.success).toBe(false);
    expect(tagFieldErrors(merge.error!)).toEqual({ into: TAG_TEXTS.unknownTarget });
    const rename = TagAction.safeParse({ intent: "rename", id: "3", name: " ", slug: "Bad" });
    expect(tagFieldErrors(rename.error!)).toEqual({ name: TAG_TEXTS.nameMissing, slug: TAG_TEXTS.slugForm });
  });

  it.each(["EU-AI", "eu ai", "eu--ai", "", "a".repeat(61), "../admin", "é"])("refuses the address %j", (slug) => {
    const parsed = TagAction.safeParse({ intent: "rename", id: "3", name: "EU AI Act", slug });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(TAG_TEXTS.slugForm);
  });
});
