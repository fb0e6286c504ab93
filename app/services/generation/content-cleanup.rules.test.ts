import { describe, expect, it } from "vitest";
import { normalizeHeadings, prependIntro } from "./content-cleanup.server";

/*
 * Heading and intro rules with the exact text each gives (found by `npm run test:mutation`: each case fails
 * when one of these rules is changed).
 */

describe("normalizeHeadings, exactly", () => {
  it("makes a heading of text underlined with ===, but not of a list item, a quote or indented code", () => {
    expect(normalizeHeadings("Plain words\n===")).toBe("## **Plain words**");
    expect(normalizeHeadings("1234. Not a list\n===")).toBe("## **1234. Not a list**");
    for (const line of ["- item", "* item", "12. item", "3) item", "> quoted", "-", "    indented code"]) {
      expect(normalizeHeadings(`${line}\n===`), line).toBe(`${line}\n===`);
    }
  });

  it("makes a heading of a bold line of up to 100 characters that is not a sentence", () => {
    expect(normalizeHeadings(`**${"a".repeat(100)}**`)).toBe(`## **${"a".repeat(100)}**`);
    expect(normalizeHeadings(`**${"a".repeat(101)}**`)).toBe(`**${"a".repeat(101)}**`);
    expect(normalizeHeadings("**A sentence.**")).toBe("**A sentence.**");
    expect(normalizeHeadings("**Why. It matters**")).toBe("## **Why. It matters**");
  });
});

describe("prependIntro, exactly", () => {
  it("puts the excerpt as one plain line before a body that starts with a heading, without list or heading marks", () => {
    expect(prependIntro("## **Start**", "## 12. - The intro")).toBe("The intro\n\n## **Start**");
    expect(prependIntro("## **Start**", "123) Intro")).toBe("Intro\n\n## **Start**");
    expect(prependIntro("## **Start**", "-  Intro")).toBe("Intro\n\n## **Start**");
    expect(prependIntro("## **Start**", "The 2025 budget")).toBe("The 2025 budget\n\n## **Start**");
  });
});
