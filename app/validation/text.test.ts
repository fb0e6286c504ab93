import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AdminPassword, AdminUsername, LoginForm } from "./admin";
import { ArticleInput } from "./article";
import { ArticleImportRow } from "./article-import";
import { parseArticleListQuery } from "./article-list";
import { checkContactMessage } from "./contact";
import { GenerationRequest } from "./generation";
import { NewsletterForm } from "./newsletter-issue";
import { parseSearchQuery, SearchQuery } from "./search";
import { allowedText, cutText, isAllowedText, notAllowedMessage } from "./text";

const NUL = "\u0000";
/** One of each kind the rule refuses everywhere: NUL, another C0 control, escape, DEL, a C1 control, lone surrogates. */
const REFUSED_EVERYWHERE = [NUL, "\u0001", "\u001b", "\u007f", "\u0085", "\u009f", "\ud800", "\udfff", "a\ud83dz"];
/** Allowed in multi-line fields only. */
const LINE_CHARACTERS = ["\t", "\n", "\r"];

describe("isAllowedText", () => {
  it.each(REFUSED_EVERYWHERE)("refuses %j in single-line and multi-line text", (character) => {
    expect(isAllowedText(`before${character}after`)).toBe(false);
    expect(isAllowedText(`before${character}after`, "multi-line")).toBe(false);
  });

  it.each(LINE_CHARACTERS)("allows %j only in multi-line text", (character) => {
    expect(isAllowedText(`one${character}two`)).toBe(false);
    expect(isAllowedText(`one${character}two`, "multi-line")).toBe(true);
  });

  it.each(["", "Plain words", "naïve café — “quotes” 😀 日本語", "\u00a0no-break space", "\u2028"])("allows %j", (text) => {
    expect(isAllowedText(text)).toBe(true);
    expect(isAllowedText(text, "multi-line")).toBe(true);
  });
});

describe("allowedText", () => {
  const Title = z.string().trim().check(allowedText("The title"));

  it("says which field holds characters that are not allowed, in a plain sentence", () => {
    expect(notAllowedMessage("The title")).toBe("The title contains characters that are not allowed.");
    expect(Title.safeParse(`a${NUL}b`).error?.issues[0]?.message).toBe("The title contains characters that are not allowed.");
  });

  it("checks after trimming, so surrounding line breaks are trimmed rather than refused", () => {
    expect(Title.parse("  Title\r\n")).toBe("Title");
  });

  it("takes another wording for callers that name the field themselves", () => {
    const Name = z.string().check(allowedText("ignored", { message: "contains characters that are not allowed" }));
    expect(Name.safeParse(NUL).error?.issues[0]?.message).toBe("contains characters that are not allowed");
  });
});

describe("cutText", () => {
  it("cuts to the length, one fewer rather than split a surrogate pair", () => {
    expect(cutText("abcdef", 3)).toBe("abc");
    expect(cutText("ab", 3)).toBe("ab");
    expect(cutText("ab😀", 3)).toBe("ab");
    expect(isAllowedText(cutText("a".repeat(199) + "😀", 200))).toBe(true);
  });
});

/** The first message a schema gives for a value. */
function firstMessage(schema: z.ZodType, value: unknown): string | undefined {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error(`${JSON.stringify(value)} was accepted.`);
  return parsed.error.issues[0]?.message;
}

const article = {
  title: "Chip makers race to 2 nm",
  excerpt: "Three foundries promise the next node.",
  content: "## The race\n\nFoundries\tare spending.\r\n",
  category: "Gadgets",
  readTime: "6",
  sources: "The Verge",
  image: "",
};

describe("every form refuses control characters with a plain message", () => {
  it.each([
    ["title", "The title contains characters that are not allowed."],
    ["excerpt", "The excerpt contains characters that are not allowed."],
    ["content", "The content contains characters that are not allowed."],
    ["sources", "The list of sources contains characters that are not allowed."],
    ["image", "The image address contains characters that are not allowed."],
  ] as const)("the article editor's %s", (field, message) => {
    const value = field === "image" ? `https://img.example/a${NUL}.png` : `${article[field]}${NUL}`;
    expect(firstMessage(ArticleInput, { ...article, [field]: value })).toBe(message);
  });

  it("the article editor keeps line breaks and tabs in the excerpt and content, not in the title", () => {
    expect(ArticleInput.safeParse({ ...article, excerpt: "One\r\ntwo" }).success).toBe(true);
    expect(ArticleInput.parse(article).content).toBe("## The race\n\nFoundries\tare spending.");
    expect(firstMessage(ArticleInput, { ...article, title: "One\ttwo" })).toBe(
      "The title contains characters that are not allowed.",
    );
  });

  it("the sign-in form", () => {
    expect(firstMessage(LoginForm, { username: `ed${NUL}`, password: "secret" })).toBe(
      "The username contains characters that are not allowed.",
    );
    expect(firstMessage(LoginForm, { username: "editor", password: `pass\u0085word` })).toBe(
      "The password contains characters that are not allowed.",
    );
  });

  it("the admin CLI's username and password", () => {
    expect(AdminUsername.safeParse(`editor${NUL}`).success).toBe(false);
    expect(firstMessage(AdminPassword, `long enough${NUL}`)).toBe("contains characters that are not allowed");
  });

  it("the contact form, naming the field", () => {
    const form = { name: "Ada", email: "ada@example.com", subject: "Feedback", message: "Hello\r\n\tthere" };
    expect(checkContactMessage(form)).toMatchObject({ ok: true });
    expect(checkContactMessage({ ...form, email: `ada${NUL}@example.com` })).toEqual({
      ok: false,
      message: "Your email address contains characters that are not allowed.",
      fields: ["email"],
    });
    expect(checkContactMessage({ ...form, message: `Hi${NUL}` })).toMatchObject({
      message: "Your message contains characters that are not allowed.",
    });
  });

  it("the generator form", () => {
    const form = { category: "AI", model: "gpt-4o", count: "1" };
    expect(firstMessage(GenerationRequest, { ...form, topic: `chips${NUL}` })).toBe(
      "The topic contains characters that are not allowed.",
    );
    expect(firstMessage(GenerationRequest, { ...form, model: `gpt${NUL}` })).toBe(
      "The AI model contains characters that are not allowed.",
    );
    expect(firstMessage(GenerationRequest, { ...form, apiKey: `sk-${"a".repeat(20)}\u007f` })).toBe(
      "The API key contains characters that are not allowed.",
    );
  });

  it("the newsletter generation form", () => {
    expect(firstMessage(NewsletterForm, { intent: "generate", model: `gpt${NUL}` })).toBe(
      "The AI model contains characters that are not allowed.",
    );
    expect(firstMessage(NewsletterForm, { intent: "generate", model: "gpt-4o", apiKey: "sk\u001b" })).toBe(
      "The API key contains characters that are not allowed.",
    );
  });

  it("the search, on the page and the JSON API alike", () => {
    expect(parseSearchQuery(`https://byline.example/search?query=${encodeURIComponent(`ai${NUL}`)}`)).toEqual({
      ok: false,
      error: "Your search contains characters that are not allowed.",
    });
    expect(parseSearchQuery("https://byline.example/search?query=%20quantum%20")).toEqual({ ok: true, query: "quantum" });
    expect(SearchQuery.safeParse("a".repeat(199) + "😀").data).toBe("a".repeat(199));
  });

  it("Article Management's search falls back to no search, as its other malformed filters do", () => {
    expect(parseArticleListQuery(new URLSearchParams({ q: `ai${NUL}`, status: "draft" }))).toEqual({
      q: "",
      category: undefined,
      status: "draft",
      page: 1,
    });
  });

  it("an import row, naming the field", () => {
    const row = { title: "T", excerpt: "E", content: "C", category: "AI" };
    for (const field of ["title", "excerpt", "content", "author", "sources", "image"] as const) {
      const parsed = ArticleImportRow.safeParse({ ...row, [field]: field === "image" ? `/x${NUL}.png` : `x${NUL}` });
      expect(parsed.error?.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`)).toContain(
        `${field} contains characters that are not allowed`,
      );
    }
  });
});
