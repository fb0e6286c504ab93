import { describe, expect, it } from "vitest";
import { GenerationError, INVALID_JSON_MESSAGE, INVALID_STRUCTURE_MESSAGE } from "./generation-errors.server";
import {
  DEFAULT_NO_RECENT_NEWS_MESSAGE,
  extractOutermostObject,
  FALLBACK_NOTICES,
  fallbackTitleAndExcerpt,
  parseModelReply,
  repairContentField,
  stripCodeFences,
} from "./reply-parsing.server";

const reply = {
  title: "Chip makers race to 2 nm as demand for AI accelerators keeps climbing",
  excerpt: "Three foundries promise the next node within a year, betting billions that demand for AI chips holds.",
  content: "Foundries are spending billions.\n\n## **The race**\n\nTSMC leads.",
};
const json = JSON.stringify(reply);

/** The GenerationError a call throws. */
function thrown(call: () => unknown): GenerationError {
  try {
    call();
  } catch (error) {
    if (error instanceof GenerationError) return error;
    throw error;
  }
  throw new Error("Expected a GenerationError");
}

describe("stripCodeFences", () => {
  it("takes the JSON out of a fenced block, with or without a language and words around it", () => {
    expect(stripCodeFences('```json\n{"a": 1}\n```')).toBe('{"a": 1}');
    expect(stripCodeFences('```\n{"a": 1}\n```\n')).toBe('{"a": 1}');
    expect(stripCodeFences('Here is the article:\n\n```JSON\n{"a": 1}\n```\n\nLet me know!')).toBe('{"a": 1}');
    expect(stripCodeFences('~~~json\n{"a": 1}\n~~~')).toBe('{"a": 1}');
  });

  it("strips an opening fence whose closing fence was cut off", () => {
    expect(stripCodeFences('```json\n{"title": "A", "content": "cut')).toBe('{"title": "A", "content": "cut');
  });

  it("leaves a code block inside the content alone, and text without fences as it is", () => {
    const inner = '{"content": "Run this:\n```js\nlet a = {};\n```\nDone."}';
    expect(stripCodeFences(inner)).toBe(inner);
    expect(stripCodeFences(`\`\`\`json\n${inner}\n\`\`\``)).toBe(inner);
    expect(stripCodeFences(`  ${json}  `)).toBe(json);
  });
});

describe("extractOutermostObject", () => {
  it("takes the first complete object out of surrounding words", () => {
    expect(extractOutermostObject(`Sure! ${json} Hope this helps {smile}`)).toBe(json);
  });

  it("does not count braces inside strings", () => {
    const text = '{"content": "a } brace and a \\" quote {", "title": "x"} trailing }';
    expect(extractOutermostObject(text)).toBe('{"content": "a } brace and a \\" quote {", "title": "x"}');
  });

  it("falls back to the last brace when the braces never balance, and null without any", () => {
    expect(extractOutermostObject('x {"a": "b" { } y')).toBe('{"a": "b" { }');
    expect(extractOutermostObject("no object here")).toBeNull();
    expect(extractOutermostObject("only { an opening")).toBeNull();
  });
});

describe("repairContentField", () => {
  it("escapes raw line breaks and tabs inside strings", () => {
    const broken = '{"title": "T", "content": "Line one\n\n## **Two**\r\n\tIndented"}';
    expect(JSON.parse(repairContentField(broken))).toEqual({ title: "T", content: "Line one\n\n## **Two**\r\n\tIndented" });
  });

  it("escapes quotes that do not end the string", () => {
    const broken = '{"title": "Apple\'s "Vision" headset", "excerpt": "E", "content": "He said "it is "great"" and left."}';
    expect(JSON.parse(repairContentField(broken))).toEqual({
      title: 'Apple\'s "Vision" headset',
      excerpt: "E",
      content: 'He said "it is "great"" and left.',
    });
  });

  it("removes trailing commas, outside strings only", () => {
    const broken = '{"content": "a, }", "used_items": [1, 2, ], }';
    expect(JSON.parse(repairContentField(broken))).toEqual({ content: "a, }", used_items: [1, 2] });
  });

  it("repairs escapes JSON does not know", () => {
    const broken = '{"content": "It\\\'s \\$5 \\u00e9 \\uZZ and C:\\\\dir\\q"}';
    expect(JSON.parse(repairContentField(broken))).toEqual({ content: "It's \\$5 é \\uZZ and C:\\dir\\q" });
  });

  it("leaves valid JSON as it is", () => {
    expect(repairContentField(json)).toBe(json);
  });
});

describe("fallbackTitleAndExcerpt", () => {
  it("recovers the title, excerpt and whatever content a cut-off reply holds", () => {
    const cut = `{"title": "${reply.title}",\n"excerpt": "${reply.excerpt}",\n"content": "Foundries are spending \\"billions\\".\\n\\n## **The race**\\n\\nTSMC le`;
    expect(fallbackTitleAndExcerpt(cut)).toEqual({
      title: reply.title,
      excerpt: reply.excerpt,
      content: 'Foundries are spending "billions".\n\n## **The race**\n\nTSMC le',
      notice: FALLBACK_NOTICES.partialContent,
    });
  });

  it("stops the content at its closing quote", () => {
    const garbled = `{title: "T", excerpt: "E", "content": "Body "quoted" text", "used_items": [1,, }`;
    expect(fallbackTitleAndExcerpt(garbled)).toMatchObject({ title: "T", excerpt: "E", content: 'Body "quoted" text' });
  });

  it("uses the excerpt as the content when none can be recovered", () => {
    expect(fallbackTitleAndExcerpt('{"title": "T", "excerpt": "The excerpt.", "content": ')).toEqual({
      title: "T",
      excerpt: "The excerpt.",
      content: "The excerpt.",
      notice: FALLBACK_NOTICES.excerptOnly,
    });
  });

  it("gives null without both a title and an excerpt, and ignores look-alike keys", () => {
    expect(fallbackTitleAndExcerpt('{"title": "T", "content": "x')).toBeNull();
    expect(fallbackTitleAndExcerpt('{"subtitle": "S", "excerpt": "E", "content": "x')).toBeNull();
    expect(fallbackTitleAndExcerpt("just some prose")).toBeNull();
  });

  it("notices say the reply was incomplete", () => {
    expect(FALLBACK_NOTICES.partialContent).toContain("incomplete");
    expect(FALLBACK_NOTICES.excerptOnly).toContain("incomplete");
  });
});

describe("parseModelReply", () => {
  it("reads a clean reply, trimming the fields", () => {
    expect(parseModelReply(JSON.stringify({ ...reply, title: `  ${reply.title} ` }))).toEqual({
      kind: "article",
      ...reply,
      usedItems: [],
    });
  });

  it("reads a fenced reply with words around it", () => {
    expect(parseModelReply(`Here you go:\n\`\`\`json\n${JSON.stringify(reply, null, 2)}\n\`\`\`\nEnjoy.`)).toEqual({
      kind: "article",
      ...reply,
      usedItems: [],
    });
  });

  it("repairs raw line breaks and unescaped quotes in the content", () => {
    const broken = `{\n  "title": "${reply.title}",\n  "excerpt": "${reply.excerpt}",\n  "content": "He said "yes".\n\n## **Next**\n\nMore.",\n}`;
    expect(parseModelReply(broken)).toEqual({
      kind: "article",
      title: reply.title,
      excerpt: reply.excerpt,
      content: 'He said "yes".\n\n## **Next**\n\nMore.',
      usedItems: [],
    });
  });

  it("reads the news items the model used, once each, and ignores an invalid list", () => {
    expect(parseModelReply(JSON.stringify({ ...reply, used_items: [2, 5, 2] }))).toMatchObject({ usedItems: [2, 5] });
    for (const invalid of [[0], [1.5], ["1"], "1,2", { 1: true }, [-1], null]) {
      expect(parseModelReply(JSON.stringify({ ...reply, used_items: invalid }))).toMatchObject({
        kind: "article",
        usedItems: [],
      });
    }
  });

  it("falls back to the title and excerpt of a cut-off reply, with a notice", () => {
    const cut = `\`\`\`json\n{"title": "${reply.title}", "excerpt": "${reply.excerpt}", "content": "Foundries are spending bil`;
    expect(parseModelReply(cut)).toEqual({
      kind: "article",
      title: reply.title,
      excerpt: reply.excerpt,
      content: "Foundries are spending bil",
      usedItems: [],
      notice: FALLBACK_NOTICES.partialContent,
    });
  });

  it("reads the no-recent-news answer", () => {
    const answer = {
      error: "NO_RECENT_NEWS_FOUND",
      message: "No verified news about robot lawyers this week.",
      suggestions: ["Try legal tech", 42, "  Try   AI regulation ", "", "a", "b", "c", "d"],
    };
    expect(parseModelReply(JSON.stringify(answer))).toEqual({
      kind: "no-recent-news",
      message: "No verified news about robot lawyers this week.",
      suggestions: ["Try legal tech", "Try AI regulation", "a", "b", "c"],
    });
    expect(parseModelReply('{"error": "NO_RECENT_NEWS_FOUND"}')).toEqual({
      kind: "no-recent-news",
      message: DEFAULT_NO_RECENT_NEWS_MESSAGE,
      suggestions: [],
    });
    expect(parseModelReply('{"error": "NO_RECENT_NEWS_FOUND", "message": "cut off')).toEqual({
      kind: "no-recent-news",
      message: DEFAULT_NO_RECENT_NEWS_MESSAGE,
      suggestions: [],
    });
  });

  it.each([
    ["a missing content", { title: "T", excerpt: "E" }],
    ["an empty title", { title: "  ", excerpt: "E", content: "C" }],
    ["a content that is not text", { title: "T", excerpt: "E", content: ["C"] }],
    ["another error code", { error: "SOMETHING_ELSE", message: "x" }],
    ["an array", [reply]],
  ])("refuses %s with the spec's structure text", (_, value) => {
    const error = thrown(() => parseModelReply(JSON.stringify(value)));
    expect(error.code).toBe("INVALID_STRUCTURE");
    expect(error.message).toBe(INVALID_STRUCTURE_MESSAGE);
  });

  it.each(["", "   ", "I cannot help with that.", "```json\n```", '{"title": "only a title"', "null", '"a string"', "42"])(
    "refuses %j with the spec's parse-failure text",
    (text) => {
      const error = thrown(() => parseModelReply(text));
      expect(error.code).toBe("INVALID_JSON");
      expect(error.message).toBe(INVALID_JSON_MESSAGE);
    },
  );

  it("keeps only the expected fields of an untrusted reply", () => {
    const parsed = parseModelReply(`{"__proto__": {"polluted": true}, "constructor": 1, "script": "<script>", ${json.slice(1)}`);
    expect(Object.keys(parsed).sort()).toEqual(["content", "excerpt", "kind", "title", "usedItems"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
