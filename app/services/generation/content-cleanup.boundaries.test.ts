import { describe, expect, it } from "vitest";
import {
  boldCompanyNames,
  cleanUpContent,
  inlineCodeSpans,
  neutralizeUnsafeLinks,
  normalizeBlockquotes,
  normalizeHeadings,
  normalizeLists,
  normalizeSpacing,
  prependIntro,
  splitFencedCode,
  stripCitationMarkers,
  stripHtml,
  stripSourceParentheticals,
  unescapeLiteralEscapes,
} from "./content-cleanup.server";

/*
 * The clean-up rules at their edges, with the exact text each gives: the input just inside and just outside what
 * a rule recognises (a quantifier's bound, an anchor, a space that may or may not be there). Each case was found by
 * `npm run test:mutation`: it fails when that part of the rule is changed.
 */

describe("fenced code, at its edges", () => {
  it("closes a fence only with a line of the same character, at least as long, with nothing but spaces after it", () => {
    expect(splitFencedCode("```\ncode ```\n``` still code\n~~~\n```")).toEqual([
      { code: true, text: "```\ncode ```\n``` still code\n~~~\n```" },
    ]);
    expect(splitFencedCode("~~~\ncode\n~~~\nafter")).toEqual([
      { code: true, text: "~~~\ncode\n~~~" },
      { code: false, text: "after" },
    ]);
    expect(splitFencedCode("```\ncode\n```  \nafter")).toEqual([
      { code: true, text: "```\ncode\n```  " },
      { code: false, text: "after" },
    ]);
  });

  it("opens a tilde fence whose info string has a backtick (a backtick fence with one is inline code)", () => {
    expect(splitFencedCode("~~~ a`b\ncode\n~~~")).toEqual([{ code: true, text: "~~~ a`b\ncode\n~~~" }]);
    expect(splitFencedCode("``` a`b\ntext")).toEqual([{ code: false, text: "``` a`b\ntext" }]);
  });
});

describe("inline code spans, at their edges", () => {
  it("ends a span at a blank line, even one holding spaces, and only at a blank line between its backticks", () => {
    expect(inlineCodeSpans("`a\n  \nb`")).toEqual([]);
    expect(inlineCodeSpans("`a\nb\nc`")).toEqual([[0, 7]]);
    expect(inlineCodeSpans("`a`\n\n`b`")).toEqual([
      [0, 3],
      [5, 8],
    ]);
  });

  it("unescapes everything, code too, in a text without a real line break", () => {
    expect(unescapeLiteralEscapes("Run `a\\nb` now")).toBe("Run `a\nb` now");
  });
});

describe("stripHtml, at its edges", () => {
  it("turns tags with attributes or spaces into their markdown", () => {
    expect(stripHtml("a<br />b")).toBe("a\nb");
    expect(stripHtml('<h2 class="x">Title</h2>')).toBe("\n\n## Title\n\n");
    expect(stripHtml('<strong class="x">A</strong> <em class="y">B</em>')).toBe("**A** *B*");
    expect(stripHtml('<ul><li class="x">A</li></ul>')).toBe("\n\n\n- A\n\n");
    expect(stripHtml('<p class="x">A</p>')).toBe("\n\nA\n\n");
  });

  it("keeps a link's address and its trimmed label, whatever the spacing and attributes of the tag", () => {
    expect(stripHtml('<a class="x" href="https://example.com/a">Label</a>')).toBe("[Label](https://example.com/a)");
    expect(stripHtml('<a href = "https://example.com/b"> Label </a>')).toBe("[Label](https://example.com/b)");
    expect(stripHtml('<a href="http://example.com/c">Label</a>')).toBe("[Label](http://example.com/c)");
    expect(stripHtml('<a href="https://example.com/d" target="_blank">Label</a >')).toBe("[Label](https://example.com/d)");
  });

  it("removes a comment the reply never closed, to the end", () => {
    expect(stripHtml("Keep <!-- cut off")).toBe("Keep ");
  });

  it("drops the private-use characters it uses to keep underlines, so a reply cannot forge one", () => {
    expect(stripHtml("x\uE000u\uE001y")).toBe("xuy");
  });
});

describe("neutralizeUnsafeLinks, at its edges", () => {
  it("keeps links to http(s), relative and bracketed addresses, with spaces around them", () => {
    for (const link of [
      "[a](http://example.com)",
      "[a]( https://example.com)",
      "[a](<https://example.com/a>)",
      "[a](about.html)",
      "[a](docs/a:b)",
    ]) {
      expect(neutralizeUnsafeLinks(link), link).toBe(link);
    }
  });

  it("keeps only the label of a script link, parentheses in it or a bracket inside its scheme", () => {
    expect(neutralizeUnsafeLinks("[a](javascript:alert(12))")).toBe("a");
    expect(neutralizeUnsafeLinks("[a](h<ttps://example.com)")).toBe("a");
  });

  it("removes a script definition without a space or with a title, and leaves a mid-line lookalike", () => {
    expect(neutralizeUnsafeLinks("[a]:javascript:alert(1)")).toBe("");
    expect(neutralizeUnsafeLinks('[a]: javascript:alert(1) "Title"')).toBe("");
    expect(neutralizeUnsafeLinks("See [note]: javascript:x")).toBe("See [note]: javascript:x");
  });
});

describe("Perplexity's markers, at their edges", () => {
  it("removes markers with or without a space, with two-digit numbers and spaces around commas", () => {
    expect(stripCitationMarkers("Growth[1].")).toBe("Growth.");
    expect(stripCitationMarkers("Growth [12].")).toBe("Growth.");
    expect(stripCitationMarkers("Growth [1 ,3].")).toBe("Growth.");
    expect(stripCitationMarkers("Growth [1, 23].")).toBe("Growth.");
    expect(stripCitationMarkers("Growth [^12].")).toBe("Growth.");
  });

  it("removes source parentheticals with or without a space before them or their colon", () => {
    expect(stripSourceParentheticals("Sales rose(Source: Reuters).")).toBe("Sales rose.");
    expect(stripSourceParentheticals("Sales rose (Source : Reuters).")).toBe("Sales rose.");
    expect(stripSourceParentheticals("Sales rose[Source: Reuters].")).toBe("Sales rose.");
    expect(stripSourceParentheticals("Sales rose [Source : Reuters].")).toBe("Sales rose.");
    expect(stripSourceParentheticals("Sales rose (reported by Reuters).")).toBe("Sales rose.");
    expect(stripSourceParentheticals("Sales rose (citing Reuters).")).toBe("Sales rose.");
  });

  it("applies to a provider named with spaces or capitals", () => {
    expect(cleanUpContent("Growth [1].", { provider: " Perplexity " })).toBe("Growth.");
  });
});

describe("lists and quotes, at their edges", () => {
  it("rewrites bullets and numbers only at the start of a line, indented or not, up to three digits", () => {
    expect(normalizeLists("Price • Value")).toBe("Price • Value");
    expect(normalizeLists("Wave 2) begins")).toBe("Wave 2) begins");
    expect(normalizeLists("  • Nested")).toBe("  - Nested");
    expect(normalizeLists("  1) Nested")).toBe("  1. Nested");
    expect(normalizeLists("12) Twelfth")).toBe("12. Twelfth");
    expect(normalizeLists("1)  Two spaces")).toBe("1. Two spaces");
  });

  it("rewrites a quote mark only at the start of a line", () => {
    expect(normalizeBlockquotes("5 > 3 holds")).toBe("5 > 3 holds");
    expect(normalizeBlockquotes("x > ")).toBe("x > ");
  });
});

describe("normalizeHeadings, at its edges", () => {
  it("keeps # and _ inside a heading's words and removes only the trailing colon and closing #s", () => {
    expect(normalizeHeadings("## Issue #5 fixed")).toBe("## **Issue #5 fixed**");
    expect(normalizeHeadings("## Why snake_case wins")).toBe("## **Why snake_case wins**");
    expect(normalizeHeadings("## Update: what changed:")).toBe("## **Update: what changed**");
    expect(normalizeHeadings("## Title ##  ")).toBe("## **Title**");
    expect(normalizeHeadings("## *_Title_*")).toBe("## **Title**");
    expect(normalizeHeadings("## _Key takeaways: _")).toBe("## **Key takeaways**");
    expect(normalizeHeadings("  *Plain words*\n===")).toBe("## **Plain words**");
  });

  it("drops a heading with no words, and leaves a bold line with no words", () => {
    expect(normalizeHeadings("Text\n### ###\nMore")).toBe("Text\nMore");
    expect(normalizeHeadings("Intro\n\n__\n===\nBody")).toBe("Intro\n\nBody");
    expect(normalizeHeadings("**:**")).toBe("**:**");
  });
});

describe("boldCompanyNames, at its edges", () => {
  it("does not count a name inside a link as its first mention, and counts a bold spelling for the company", () => {
    expect(boldCompanyNames("[The Apple event](https://example.com) Apple said")).toBe(
      "[The Apple event](https://example.com) **Apple** said",
    );
    expect(boldCompanyNames("**NVIDIA** chips. Nvidia said")).toBe("**NVIDIA** chips. Nvidia said");
  });
});

describe("normalizeSpacing, at its edges", () => {
  it("keeps consecutive lines of text together, and a line after a list's paragraph with it", () => {
    expect(normalizeSpacing("Line one\nLine two")).toBe("Line one\nLine two");
    expect(normalizeSpacing("- item\n\nText one\nText two")).toBe("- item\n\nText one\nText two");
  });

  it("knows a heading, an item and a quote only by how their line starts", () => {
    expect(normalizeSpacing("Text\n# Title\nMore")).toBe("Text\n\n# Title\n\nMore");
    expect(normalizeSpacing("Line one\nUse ## for headings\nLine three")).toBe("Line one\nUse ## for headings\nLine three");
    expect(normalizeSpacing("Costs went up\nPrices - a lot\nEnd")).toBe("Costs went up\nPrices - a lot\nEnd");
    expect(normalizeSpacing("Text\n5 > 3 here")).toBe("Text\n5 > 3 here");
  });

  it("starts a list at an indented item, a three-digit number or an item with two spaces", () => {
    expect(normalizeSpacing("Intro\n  - nested first")).toBe("Intro\n\n  - nested first");
    expect(normalizeSpacing("Intro\n12. Item")).toBe("Intro\n\n12. Item");
    expect(normalizeSpacing("Intro\n1. Item")).toBe("Intro\n\n1. Item");
    expect(normalizeSpacing("Intro\n-  Two spaces")).toBe("Intro\n\n-  Two spaces");
  });

  it("ends a list at a line that is not indented by two spaces or a tab", () => {
    expect(normalizeSpacing("- item\nwrapped  text")).toBe("- item\n\nwrapped  text");
    expect(normalizeSpacing("- item\n one space")).toBe("- item\n\n one space");
  });

  it("counts a line of Unicode spaces as blank, and puts one blank line between two code blocks", () => {
    expect(normalizeSpacing("A\n\u2003\nB")).toBe("A\n\nB");
    expect(normalizeSpacing("```\na\n```\n\n\n```\nb\n```")).toBe("```\na\n```\n\n```\nb\n```");
    expect(normalizeSpacing("Text\n```\ncode never closed\n")).toBe("Text\n\n```\ncode never closed");
  });
});

describe("the intro, at its edges", () => {
  it("takes the marks off the start of the excerpt only, after spaces and line breaks, and joins its lines", () => {
    expect(prependIntro("## **Start**", "  - Intro")).toBe("Intro\n\n## **Start**");
    expect(prependIntro("## **Start**", "``` Intro")).toBe("Intro\n\n## **Start**");
    expect(prependIntro("## **Start**", "##Intro")).toBe("Intro\n\n## **Start**");
    expect(prependIntro("## **Start**", "1.  - Intro")).toBe("Intro\n\n## **Start**");
    expect(prependIntro("## **Start**", "-  > Intro")).toBe("Intro\n\n## **Start**");
    expect(prependIntro("## **Start**", "Two  spaces\n\nhere")).toBe("Two spaces here\n\n## **Start**");
    expect(prependIntro("## **Start**", "Why C# matters")).toBe("Why C# matters\n\n## **Start**");
    expect(prependIntro("## **Start**", "`npm` ships")).toBe("`npm` ships\n\n## **Start**");
    expect(prependIntro("## **Start**", "~40% faster")).toBe("~40% faster\n\n## **Start**");
  });

  it("is added only before a heading, not a hashtag, and after the blank lines a reply starts with", () => {
    expect(prependIntro("#hashtag trends", "Intro")).toBe("#hashtag trends");
    expect(cleanUpContent("\n\n## Start\nBody", { provider: "openai", excerpt: "Intro line" })).toBe(
      "Intro line\n\n## **Start**\n\nBody",
    );
  });
});
