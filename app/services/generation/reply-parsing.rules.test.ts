import { describe, expect, it } from "vitest";
import { GenerationError } from "./generation-errors.server";
import {
  DEFAULT_NO_RECENT_NEWS_MESSAGE,
  extractOutermostObject,
  FALLBACK_NOTICES,
  fallbackTitleAndExcerpt,
  MAX_REPLY_LENGTH,
  parseModelReply,
  repairContentField,
  stripCodeFences,
} from "./reply-parsing.server";

/*
 * The repair chain's rules one by one, with the exact text each step gives back (found by `npm run test:mutation`:
 * each case below fails when one of the rules is changed).
 */

describe("stripCodeFences, exactly", () => {
  it("takes a fence only at a line's start, and one closing right after the object as well", () => {
    expect(stripCodeFences('Here:```json\n{"a":1}')).toBe('Here:```json\n{"a":1}');
    expect(stripCodeFences('```json{"a":1}```')).toBe('{"a":1}');
    expect(stripCodeFences('~ roughly this:\n{"a":1}')).toBe('~ roughly this:\n{"a":1}');
    expect(stripCodeFences('x{"content":"a\n```js\ncode\n```\n"}')).toBe('x{"content":"a\n```js\ncode\n```\n"}');
  });

  it("leaves single backticks and tildes after the object alone", () => {
    expect(stripCodeFences('{"a":1} ~ `note`')).toBe('{"a":1} ~ `note`');
  });

  it("gives nothing back for a reply that is only an opening fence", () => {
    expect(stripCodeFences("Sorry:\n```")).toBe("");
  });
});

describe("extractOutermostObject, exactly", () => {
  it("is null without an opening brace, even when a closing one is there", () => {
    expect(extractOutermostObject("no object }")).toBeNull();
  });

  it("takes an object that starts after one character, nested objects included", () => {
    expect(extractOutermostObject('x{"a":1}')).toBe('{"a":1}');
    expect(extractOutermostObject('{"a":{"b":1},"c":2} and then')).toBe('{"a":{"b":1},"c":2}');
  });
});

describe("repairContentField, exactly", () => {
  it("leaves valid JSON as it is", () => {
    expect(repairContentField('{"a":1}')).toBe('{"a":1}');
    expect(repairContentField('{"a":"x" ,"b":"y"}')).toBe('{"a":"x" ,"b":"y"}');
    expect(repairContentField('{"a":"x" }')).toBe('{"a":"x" }');
  });

  it("drops a trailing comma right before a closing brace", () => {
    expect(repairContentField('{"a":1,}')).toBe('{"a":1}');
  });

  it("lets a quote end a string at the end of a cut-off reply", () => {
    expect(repairContentField('{"a":"b"')).toBe('{"a":"b"');
    expect(repairContentField('{"a":"x",')).toBe('{"a":"x",');
  });

  it("escapes raw line breaks as \\n and other control characters as \\u00XX", () => {
    expect(repairContentField('{"a":"x\ny"}')).toBe('{"a":"x\\ny"}');
    expect(repairContentField('{"a":"x\u0001"}')).toBe('{"a":"x\\u0001"}');
  });
});

describe("fallbackTitleAndExcerpt, exactly", () => {
  it("reads escapes leniently and drops a backslash the cut left at the end", () => {
    expect(fallbackTitleAndExcerpt('{"title": "Caf\\u00e9 opens", "excerpt": "Tab\\there", "content": "Cut off \\')).toEqual({
      title: "Café opens",
      excerpt: "Tab\there",
      content: "Cut off",
      notice: FALLBACK_NOTICES.partialContent,
    });
  });

  it("reads keys in any case, unquoted, each on its own line, and trims the values", () => {
    expect(fallbackTitleAndExcerpt('{\nTitle: "  The title  "\nexcerpt: "The excerpt"\ncontent:"Body"}')).toEqual({
      title: "The title",
      excerpt: "The excerpt",
      content: "Body",
      notice: FALLBACK_NOTICES.partialContent,
    });
  });

  it("ends the content at its closing quote however the next key or the closing brace is spaced", () => {
    const head = '{"title": "T", "excerpt": "E", ';
    const content = (rest: string) => fallbackTitleAndExcerpt(head + rest)?.content;
    expect(content('"content" : "Body one." ,\n  "used_items": [1]')).toBe("Body one.");
    expect(content('"content": "Body two.", "used_items" : [1]')).toBe("Body two.");
    expect(content('"content": "Body three."}')).toBe("Body three.");
    expect(content('"content": "Body four." \n}\n```\n')).toBe("Body four.");
    expect(content('"content": "Body five."}\n```  ')).toBe("Body five.");
    expect(content('"content": "A "quoted"} word.'.replace("word.", 'word." , "x": 1'))).toBe('A "quoted"} word.');
  });
});

describe("parseModelReply, exactly", () => {
  it("cuts a no-recent-news message at 1,000 characters and each suggestion at 300", () => {
    const parsed = parseModelReply(
      JSON.stringify({ error: "NO_RECENT_NEWS_FOUND", message: "m".repeat(1_500), suggestions: ["s".repeat(400), "Try chips"] }),
    );
    expect(parsed).toEqual({ kind: "no-recent-news", message: "m".repeat(1_000), suggestions: ["s".repeat(300), "Try chips"] });
  });

  it("recognises the no-recent-news code in a reply that is not JSON, quoted or not, spaced or not", () => {
    for (const text of [
      "{error:'NO_RECENT_NEWS_FOUND'",
      '{"error" :"NO_RECENT_NEWS_FOUND"',
      "{'error': 'NO_RECENT_NEWS_FOUND',",
    ]) {
      expect(parseModelReply(text), text).toEqual({
        kind: "no-recent-news",
        message: DEFAULT_NO_RECENT_NEWS_MESSAGE,
        suggestions: [],
      });
    }
  });

  it("reads only the first 200,000 characters of a reply", () => {
    const head = '{"title":"T","excerpt":"E","content":"';
    const parsed = parseModelReply(`${head}${"x".repeat(250_000)}"}`);
    expect(parsed).toEqual({
      kind: "article",
      title: "T",
      excerpt: "E",
      content: "x".repeat(MAX_REPLY_LENGTH - head.length),
      notice: FALLBACK_NOTICES.partialContent,
      usedItems: [],
    });
  });

  it("answers a reply that is not text at all with INVALID_JSON", () => {
    let error: unknown;
    try {
      parseModelReply(undefined as unknown as string);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(GenerationError);
    expect((error as GenerationError).code).toBe("INVALID_JSON");
  });
});
