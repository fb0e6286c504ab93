import { describe, expect, it } from "vitest";
import { convertMarkdown } from "../articles/markdown.server";
import {
  boldCompanyNames,
  cleanUpContent,
  DEFAULT_INTRO,
  inlineCodeSpans,
  neutralizeUnsafeLinks,
  normalizeBlockquotes,
  normalizeHeadings,
  normalizeLineEndings,
  normalizeLists,
  normalizeQuotes,
  normalizeSpacing,
  prependIntro,
  splitFencedCode,
  stripCitationMarkers,
  stripHtml,
  stripSourceParentheticals,
  unescapeLiteralEscapes,
} from "./content-cleanup.server";

describe("splitFencedCode", () => {
  it("separates fenced blocks, fences included, as CommonMark closes them", () => {
    expect(splitFencedCode("a\n```js\nx = 1\n```\nb\n~~~~\n~~~\n~~~~")).toEqual([
      { code: false, text: "a" },
      { code: true, text: "```js\nx = 1\n```" },
      { code: false, text: "b" },
      { code: true, text: "~~~~\n~~~\n~~~~" },
    ]);
    expect(splitFencedCode("a\n```\nnever closed")).toEqual([
      { code: false, text: "a" },
      { code: true, text: "```\nnever closed" },
    ]);
    expect(splitFencedCode("``` not `a` fence")).toEqual([{ code: false, text: "``` not `a` fence" }]);
  });
});

describe("inlineCodeSpans", () => {
  it("pairs backtick runs of the same length, never across a blank line", () => {
    expect(inlineCodeSpans("a `x` b ``y ` z`` c")).toEqual([
      [2, 5],
      [8, 17],
    ]);
    expect(inlineCodeSpans("`open\n\nclosed`")).toEqual([]);
    expect(inlineCodeSpans("``` ` ``")).toEqual([]);
  });
});

describe("normalizeLineEndings", () => {
  it("turns \\r\\n, \\r and line separators into \\n", () => {
    expect(normalizeLineEndings("a\r\nb\rc\u2028d")).toBe("a\nb\nc\nd");
  });
});

describe("unescapeLiteralEscapes", () => {
  it("unescapes a body escaped twice", () => {
    expect(unescapeLiteralEscapes('Intro\\n\\n## **Head**\\n\\tHe said \\"yes\\" and it\\\'s done.')).toBe(
      'Intro\n\n## **Head**\n He said "yes" and it\'s done.',
    );
  });

  it("leaves code and markdown's own escapes alone when the body has real line breaks", () => {
    const text = 'Line one\\nstill one\nUse `printf("\\n")`.\n```c\nputs("\\n");\n```\n\\*not italic\\*';
    expect(unescapeLiteralEscapes(text)).toBe(
      'Line one\nstill one\nUse `printf("\\n")`.\n```c\nputs("\\n");\n```\n\\*not italic\\*',
    );
  });
});

describe("stripHtml", () => {
  it("removes <script> with its content and <img onerror>", () => {
    expect(stripHtml('Hello<script>alert("x")</script> world <img src=x onerror="alert(1)"> end')).toBe("Hello world  end");
    expect(stripHtml("<SCRIPT type='text/javascript'>\nsteal()\n</SCRIPT>Safe")).toBe("Safe");
    expect(stripHtml('<svg onload="alert(1)"><circle/></svg>text<style>p{}</style><iframe src="x"></iframe>')).toBe("text");
  });

  it("cannot be tricked into rebuilding a tag", () => {
    expect(stripHtml("<scr<script></script>ipt>alert(1)</script>")).not.toMatch(/<script/i);
    expect(stripHtml("<<img src=x onerror=alert(1)>img src=x onerror=alert(1)>")).not.toMatch(/<img/i);
  });

  it("drops an opening tag cut off before its >", () => {
    expect(stripHtml("Before\n<img src=x onerror=alert(1)")).toBe("Before\n");
  });

  it("keeps the underline without attributes, and the text of other tags", () => {
    expect(stripHtml('<u onclick="x()">key</u> point in <span class="a">a span</span> and <mark>mark</mark>')).toBe(
      "<u>key</u> point in a span and mark",
    );
  });

  it("turns common formatting into markdown", () => {
    expect(
      stripHtml(
        '<h2>Title</h2><p>One <strong>bold</strong> and <em>soft</em><br>line <a href="https://example.com/a">link</a></p>',
      ),
    ).toBe("\n\n## Title\n\n\n\nOne **bold** and *soft*\nline [link](https://example.com/a)\n\n");
    expect(stripHtml('<ul><li>a</li><li>b</li></ul><a href="javascript:alert(1)">x</a>')).toBe("\n\n\n- a\n- b\n\nx");
  });

  it("leaves comparisons and fenced code alone, and removes comments", () => {
    expect(stripHtml("if a < b and c > d <!-- hidden -->")).toBe("if a < b and c > d ");
    expect(stripHtml("```html\n<div>example</div>\n```")).toBe("```html\n<div>example</div>\n```");
  });
});

describe("neutralizeUnsafeLinks", () => {
  it("keeps only the text of links that run script", () => {
    expect(
      neutralizeUnsafeLinks("[click](javascript:alert(1)) ![img](data:text/html,x) [ok](https://a.b) <javascript:alert(1)>"),
    ).toBe("click img [ok](https://a.b) ");
    expect(neutralizeUnsafeLinks("[ref]: vbscript:msgbox\ntext")).toBe("\ntext");
    expect(
      neutralizeUnsafeLinks("[a](&#106;avascript:alert(1)) [b]( JAVASCRIPT:x) [c](/article/1) [d](#top) [e](mailto:a@b.c)"),
    ).toBe("a b [c](/article/1) [d](#top) [e](mailto:a@b.c)");
    expect(neutralizeUnsafeLinks("<https://a.b/c> <mailto:a@b.c> <vbscript:x>\n[ok]: https://a.b")).toBe(
      "<https://a.b/c> <mailto:a@b.c> \n[ok]: https://a.b",
    );
  });
});

describe("stripCitationMarkers", () => {
  it.each([
    ["Apple rose [1].", "Apple rose."],
    ["Apple rose [1][2] today.", "Apple rose today."],
    ["Apple rose [1, 3] today.", "Apple rose today."],
    ["Apple rose [2-4].", "Apple rose."],
    ["Apple rose【1】 today【4†source】.", "Apple rose today."],
    ["Apple rose[^1].", "Apple rose."],
  ])("%j becomes %j", (text, expected) => {
    expect(stripCitationMarkers(text)).toBe(expected);
  });

  it("keeps links, reference definitions and code", () => {
    const text = "See [1](https://a.b) and [text][1].\n[1]: https://a.b\nUse `arr[1]`.";
    expect(stripCitationMarkers(text)).toBe(text);
  });
});

describe("stripSourceParentheticals", () => {
  it.each([
    ["Revenue rose 5% (Source: TechCrunch).", "Revenue rose 5%."],
    ["Revenue rose (Sources: Reuters, Bloomberg) again.", "Revenue rose again."],
    ["The deal closed (according to Reuters).", "The deal closed."],
    ["The phone ships in May (via The Verge).", "The phone ships in May."],
    ["It shipped (as reported by Wired) late.", "It shipped late."],
    ["It shipped [Source: Wired].", "It shipped."],
  ])("%j becomes %j", (text, expected) => {
    expect(stripSourceParentheticals(text)).toBe(expected);
  });

  it("keeps parentheticals that say something", () => {
    const text =
      "Sales rose (up 5% on last year) and (according to the filing, which was published on Tuesday after the market closed, margins shrank).";
    expect(stripSourceParentheticals(text)).toBe(text);
  });
});

describe("normalizeQuotes", () => {
  it("straightens curly quotes and apostrophes, not code", () => {
    expect(normalizeQuotes("“Great,” said Apple’s chief. ‘Fine’ `“x”`")).toBe("\"Great,\" said Apple's chief. 'Fine' `“x”`");
  });
});

describe("normalizeLists", () => {
  it("turns bullets into '- ' and '1)' into '1. ', keeping nesting and rules", () => {
    expect(normalizeLists("• one\n●two\n* three\n  + nested\n-   spaced\n1) first\n2. second\n* * *\n**bold** line")).toBe(
      "- one\n- two\n- three\n  - nested\n- spaced\n1. first\n2. second\n* * *\n**bold** line",
    );
  });
});

describe("normalizeHeadings", () => {
  it("turns headings of any level into '## **Heading**'", () => {
    expect(normalizeHeadings("# Big\n### *Small* ###\n## **Done**\n##NoSpace\n#### The **Mixed** One:\n## C#")).toBe(
      "## **Big**\n## **Small**\n## **Done**\n## **NoSpace**\n## **The Mixed One**\n## **C#**",
    );
  });

  it("turns a bold line after a blank line, and '===' underlines, into headings", () => {
    expect(normalizeHeadings("Intro.\n\n**What it means**\nText.\n\n**Key points:**\n- a\n\nTitle\n===\nBody")).toBe(
      "Intro.\n\n## **What it means**\nText.\n\n## **Key points**\n- a\n\n## **Title**\nBody",
    );
  });

  it("leaves bold sentences, bold inside a paragraph, 'Heading:' lines, hashtags and code alone", () => {
    const text =
      "\n**This is a bold sentence.**\nText **bold** more.\n\n**A** and **B**\nKey takeaways:\n#1 priority\n```\n# comment\n```";
    expect(normalizeHeadings(text)).toBe(text);
  });

  it("drops empty headings", () => {
    expect(normalizeHeadings("a\n##\n### ****\nb")).toBe("a\nb");
  });
});

describe("normalizeBlockquotes", () => {
  it("writes quote lines as '> text'", () => {
    expect(normalizeBlockquotes(">Quote\n>   spaced\n>  \n> > nested")).toBe("> Quote\n> spaced\n>\n> > nested");
  });
});

describe("boldCompanyNames", () => {
  it("bolds each company's first mention only", () => {
    expect(boldCompanyNames("Apple and Google met. Apple's chief and Google's too.\nNvidia then NVIDIA.")).toBe(
      "**Apple** and **Google** met. Apple's chief and Google's too.\n**Nvidia** then NVIDIA.",
    );
  });

  it("never bolds inside headings, links, URLs, code or a word", () => {
    const text =
      "## **Apple strikes back**\n[Apple news](https://apple.com/Apple) https://example.com/Microsoft `Meta` <u>x</u> pineapple Applebee's Metadata Meta-analysis apple.com";
    expect(boldCompanyNames(text)).toBe(text);
    expect(boldCompanyNames(`${text}\nThen Apple spoke.`)).toBe(`${text}\nThen **Apple** spoke.`);
  });

  it("does not double-bold, and a bold first mention counts", () => {
    expect(boldCompanyNames("**Microsoft** said. Microsoft agreed. **Tesla and Intel** too; Intel, AMD.")).toBe(
      "**Microsoft** said. Microsoft agreed. **Tesla and Intel** too; Intel, **AMD**.",
    );
    expect(boldCompanyNames("*Samsung* phones; Samsung.")).toBe("*Samsung* phones; **Samsung**.");
  });

  it("leaves fenced code alone", () => {
    expect(boldCompanyNames("```\nApple\n```\nApple")).toBe("```\nApple\n```\n**Apple**");
  });
});

describe("normalizeSpacing", () => {
  it("trims trailing spaces, collapses blank lines, and spaces headings, lists and quotes", () => {
    expect(normalizeSpacing("\n\nIntro.   \n## **Head**\nText\n\n\n\nMore\n- a\n- b\n  continued\nAfter\n> quote\nEnd\n\n")).toBe(
      "Intro.\n\n## **Head**\n\nText\n\nMore\n\n- a\n- b\n  continued\n\nAfter\n\n> quote\n\nEnd",
    );
  });

  it("keeps code blocks as they are, with a blank line around them", () => {
    expect(normalizeSpacing("Text\n```\nline   \n\n\n\nx\n```\nMore")).toBe("Text\n\n```\nline   \n\n\n\nx\n```\n\nMore");
  });
});

describe("prependIntro", () => {
  it("adds one line before a body that starts with a heading", () => {
    expect(prependIntro("## **Head**\n\nText", "The excerpt,\nover two lines.")).toBe(
      "The excerpt, over two lines.\n\n## **Head**\n\nText",
    );
    expect(prependIntro("## **Head**", undefined)).toBe(`${DEFAULT_INTRO}\n\n## **Head**`);
    expect(prependIntro("## **Head**", "## - A heading-like excerpt")).toBe("A heading-like excerpt\n\n## **Head**");
    expect(prependIntro("## **Head**", "```js fenced")).toBe("js fenced\n\n## **Head**");
    expect(prependIntro("Text first.\n\n## **Head**", "Excerpt")).toBe("Text first.\n\n## **Head**");
  });
});

describe("cleanUpContent", () => {
  const perplexityReply = [
    "# Apple’s new chip\r",
    "Apple unveiled its M5 chip on Tuesday [1][2]. The company said it is “twice as fast” (Source: TechCrunch).\r",
    "**Why it matters**\r",
    "• Faster AI features, according to Apple【3】\r",
    "• Longer battery life (via The Verge)\r",
    "\r",
    "\r",
    "\r",
    ">Analysts expect Samsung and Google to respond.   \r",
    'Read more <a href="https://example.com/m5">here</a><script>alert(1)</script><img src=x onerror=alert(1)>.',
  ].join("\n");

  it("cleans a Perplexity body end to end", () => {
    expect(cleanUpContent(perplexityReply, { provider: "perplexity", excerpt: "Apple’s M5 chip doubles speed [1]." })).toBe(
      [
        "**Apple**'s M5 chip doubles speed.",
        "",
        "## **Apple's new chip**",
        "",
        'Apple unveiled its M5 chip on Tuesday. The company said it is "twice as fast".',
        "",
        "## **Why it matters**",
        "",
        "- Faster AI features, according to Apple",
        "- Longer battery life",
        "",
        "> Analysts expect **Samsung** and **Google** to respond.",
        "",
        "Read more [here](https://example.com/m5).",
      ].join("\n"),
    );
  });

  it("keeps citation-like text for other providers, and cleans the rest", () => {
    const cleaned = cleanUpContent(perplexityReply, { provider: "openai" });
    expect(cleaned).toContain("on Tuesday [1][2].");
    expect(cleaned).toContain("(Source: TechCrunch)");
    expect(cleaned.startsWith(`${DEFAULT_INTRO}\n\n## **Apple's new chip**`)).toBe(true);
    expect(cleaned).not.toMatch(/<script|<img|onerror=/i);
  });

  it("never lets script survive, even after markdown rendering", () => {
    const attacks = [
      "<script>alert(1)</script>",
      "<img src=x onerror=alert(1)>",
      '<a href="javascript:alert(1)">x</a>',
      "[x](javascript:alert(1))",
      "<scr<script>ipt>alert(1)</scr</script>ipt>",
      "<iframe src=//evil></iframe>",
      '<u onmouseover="alert(1)">u</u>',
      "<img src=x onerror=alert(1)",
    ];
    for (const attack of attacks) {
      const cleaned = cleanUpContent(`Intro ${attack} end.`, { provider: "openai" });
      expect(cleaned).not.toMatch(/<script|<img|<iframe|onerror|onmouseover|javascript:/i);
      expect(convertMarkdown(cleaned)).not.toMatch(/<script|<img|<iframe|onerror|onmouseover|javascript:/i);
    }
  });

  it("changes nothing when run twice", () => {
    const once = cleanUpContent(perplexityReply, { provider: "perplexity", excerpt: "Apple’s M5 chip doubles speed." });
    expect(cleanUpContent(once, { provider: "perplexity", excerpt: "Apple’s M5 chip doubles speed." })).toBe(once);
    const openai = cleanUpContent(perplexityReply, { provider: "openai" });
    expect(cleanUpContent(openai, { provider: "openai" })).toBe(openai);
  });

  // A pattern that backtracks for ever never returns: the run stops here instead of passing. How long these take is
  // not judged (a busy machine says nothing about the patterns).
  it("comes back from hostile text with the text kept (no regular expression backtracks for ever)", () => {
    const hostile = [
      "` `` ```` ".repeat(2000),
      "<a b=".repeat(5000),
      "<a ".repeat(5000),
      "[1, ".repeat(5000),
      "[a](".repeat(5000),
      "**".repeat(10000) + "x",
      '"title": "x'.repeat(2000),
    ];
    for (const text of hostile) {
      const cleaned = cleanUpContent(text, { provider: "perplexity", excerpt: text.slice(0, 200) });
      expect(cleaned.slice(0, 40), "the hostile text comes back, not dropped").toBe(text.slice(0, 40));
      expect(cleaned.length).toBeGreaterThan(0.99 * text.length);
    }
  });

  it("unescapes a body escaped twice", () => {
    expect(cleanUpContent("Intro line.\\n\\n### Details\\n\\n1) one\\n2) two", { provider: "openai" })).toBe(
      "Intro line.\n\n## **Details**\n\n1. one\n2. two",
    );
  });
});
