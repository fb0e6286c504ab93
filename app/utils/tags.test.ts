import { describe, expect, it } from "vitest";
import { normaliseTagName, TAG_SLUG_MAX_LENGTH, TAG_SLUG_PATTERN, tagNameKey, tagSlug, uniqueTagSlug } from "./tags";

describe("tag addresses", () => {
  it.each([
    ["EU AI Act", "eu-ai-act"],
    ["OpenAI", "openai"],
    ["  Apple   Vision Pro ", "apple-vision-pro"],
    ["Café Crème", "cafe-creme"],
    ["Straße", "strasse"],
    ["Ørsted & Æther", "orsted-aether"],
    ["Łódź", "lodz"],
    ["C++", "c"],
    ["Node.js 22", "node-js-22"],
    ["--Wi-Fi 7--", "wi-fi-7"],
    ["日本", "tag"],
    ["🚀", "tag"],
  ])("makes %j into %j", (name, slug) => {
    expect(tagSlug(name)).toBe(slug);
    expect(slug).toMatch(TAG_SLUG_PATTERN);
  });

  it("keeps an address to 60 characters, ending on a whole word where it can", () => {
    const slug = tagSlug("The European Union's artificial intelligence act and its many implementing regulations");
    expect(slug.length).toBeLessThanOrEqual(TAG_SLUG_MAX_LENGTH);
    expect(slug).toBe("the-european-union-s-artificial-intelligence-act-and-its");
    expect(tagSlug("x".repeat(80))).toBe("x".repeat(60));
  });

  it("appends -2, -3 to a taken address, still within 60 characters", () => {
    const taken = new Set(["openai", "openai-2"]);
    expect(uniqueTagSlug("openai", (slug) => taken.has(slug))).toBe("openai-3");
    expect(uniqueTagSlug("anthropic", (slug) => taken.has(slug))).toBe("anthropic");
    const long = "a".repeat(60);
    const next = uniqueTagSlug(long, (slug) => slug === long);
    expect(next).toBe(`${"a".repeat(58)}-2`);
    expect(next).toMatch(TAG_SLUG_PATTERN);
  });

  it("refuses what the address rule refuses", () => {
    for (const bad of ["", "EU", "eu_ai", "eu--ai", "-eu", "eu-", "eu ai", "é"]) expect(bad).not.toMatch(TAG_SLUG_PATTERN);
  });
});

describe("tag names", () => {
  it("are trimmed with inner spaces made one, and the same whatever the case", () => {
    expect(normaliseTagName("  EU   AI\tAct ")).toBe("EU AI Act");
    expect(tagNameKey("OpenAI")).toBe(tagNameKey(" openai "));
  });
});
