import { describe, expect, it } from "vitest";
import { CATEGORIES, CATEGORY_SUBTITLES } from "../domain/sections";
import { contrast, DARK_BACKGROUND } from "../utils/colour";
import {
  ADDRESS,
  addressFromName,
  badgeColourProblem,
  badgeTones,
  defaultSections,
  keywordList,
  SectionInput,
  sectionPath,
  sectionStyle,
} from "./sections";

const valid = {
  name: "Climate",
  slug: "climate",
  description: "Heat, weather and the energy transition.",
  colour: "#166534",
  cover: "",
  keywords: "climate, emissions\nheat wave",
  explore: "0",
};

describe("section addresses", () => {
  it.each(["ai", "climate", "eu-ai-act", "a", "x1", "a".repeat(60)])("accepts %s", (slug) => {
    expect(ADDRESS.test(slug)).toBe(true);
  });

  it.each(["", "AI", "-ai", "ai-", "a b", "ai/..", "caf\u00e9", "a".repeat(61), "ai\n", "javascript:"])("refuses %j", (slug) => {
    expect(ADDRESS.test(slug)).toBe(false);
  });

  it("suggests an address from a name", () => {
    expect(addressFromName("Climate & Energy")).toBe("climate-energy");
    expect(addressFromName("  Économie  ")).toBe("economie");
    expect(addressFromName("EU AI Act")).toBe("eu-ai-act");
    expect(addressFromName("!!!")).toBe("");
  });
});

describe("the section form", () => {
  it("reads a valid section, keywords as a list", () => {
    const parsed = SectionInput.parse(valid);
    expect(parsed).toEqual({ ...valid, keywords: ["climate", "emissions", "heat wave"], explore: 0 });
  });

  it("answers each bad field with a sentence", () => {
    const result = SectionInput.safeParse({
      ...valid,
      name: " ",
      slug: "Climate News",
      colour: "#ffee00",
      cover: "javascript:alert(1)",
      explore: "9",
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(messages).toEqual({
      name: "Please enter the section's name.",
      slug: "Use 1 to 60 lower-case letters, digits and hyphens, not starting or ending with a hyphen.",
      colour: expect.stringMatching(
        /^This colour reaches \d+(\.\d+)?:1 on its badge in the light theme; text needs 4\.5:1\. Choose a darker colour\.$/,
      ),
      cover: expect.any(String),
      explore: "Choose a place on the home page's strip, or none.",
    });
  });

  it("refuses control characters in the name", () => {
    expect(SectionInput.safeParse({ ...valid, name: "Cli\u0007mate" }).success).toBe(false);
  });
});

describe("badge colours", () => {
  it("makes every default badge readable in both themes", () => {
    for (const section of defaultSections({})) {
      const tones = badgeTones(section.colour);
      expect(contrast(tones.light.text, tones.light.background), section.name).toBeGreaterThanOrEqual(4.5);
      expect(contrast(tones.dark.text, tones.dark.background), section.name).toBeGreaterThanOrEqual(4.5);
      expect(contrast(tones.dark.text, DARK_BACKGROUND), section.name).toBeGreaterThanOrEqual(4.5);
      expect(badgeColourProblem(section.colour)).toBeNull();
    }
  });

  it("refuses a colour too light to read, and anything but a hex value", () => {
    expect(badgeColourProblem("#facc15")).toMatch(/^This colour reaches/);
    expect(badgeColourProblem("red")).toBe("Enter the colour as a hex value such as #5b21b6.");
    expect(badgeColourProblem("#12345")).toBe("Enter the colour as a hex value such as #5b21b6.");
  });

  it("writes one rule per section and theme", () => {
    const style = sectionStyle([{ id: 3, colour: "#5b21b6" }]);
    expect(style).toMatch(
      /^\.section-badge-3\{background-color:#[0-9a-f]{6};color:#5b21b6\}@media screen\{\.dark \.section-badge-3\{/,
    );
  });
});

describe("the specification's sections", () => {
  it("are the seven categories with their subtitles, addresses and the home page's three", () => {
    const sections = defaultSections({ AI: ["ai"] });
    expect(sections.map((section) => section.name)).toEqual([...CATEGORIES]);
    expect(sections.map((section) => section.slug)).toEqual([
      "ai",
      "mobile",
      "startups",
      "cloud",
      "gadgets",
      "software",
      "security",
    ]);
    expect(sections.every((section) => section.description === CATEGORY_SUBTITLES[section.name as "AI"])).toBe(true);
    expect(
      sections
        .filter((section) => section.explore > 0)
        .sort((a, b) => a.explore - b.explore)
        .map((s) => s.name),
    ).toEqual(["AI", "Startups", "Mobile"]);
    expect(sections[0]!.keywords).toEqual(["ai"]);
  });

  it("give a section's path by name, a renamed one by its lower-cased name", () => {
    const sections = [{ name: "Artificial Intelligence", slug: "ai" }];
    expect(sectionPath(sections, "Artificial Intelligence")).toBe("/category/ai");
    expect(sectionPath(sections, "Climate")).toBe("/category/climate");
  });

  it("read keywords one per line or between commas, once each, in lower case", () => {
    expect(keywordList("AI, Machine learning\n\nai\n  LLM ,")).toEqual(["ai", "machine learning", "llm"]);
  });
});
