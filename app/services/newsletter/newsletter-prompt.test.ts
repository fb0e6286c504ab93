import { describe, expect, it } from "vitest";
import { buildNewsletterPrompt, OPENING_LENGTH, parseDigestReply, plainOpening } from "./newsletter-prompt.server";

const ARTICLES = [
  {
    id: 41,
    title: "Lumen Labs releases a compact reasoning model",
    category: "AI",
    excerpt: "The model runs on a single GPU.",
    opening: "Lumen Labs said on Tuesday...",
    publishedAt: new Date("2026-11-20T08:00:00Z"),
  },
  {
    id: 7,
    title: "Harborline outage traced to an expired certificate",
    category: "Cloud",
    excerpt: "Nobody was watching the renewal.",
    opening: "For six hours on Monday...",
    publishedAt: null,
  },
];

describe("buildNewsletterPrompt", () => {
  it("asks for the spec's 50-70 character subject, an intro and one summary per article id, as JSON", () => {
    const prompt = buildNewsletterPrompt({
      siteName: "Byline",
      tagline: "technology news",
      articles: ARTICLES,
      provider: "openai",
    });
    expect(prompt).toMatch(/^You are the editor of Byline, a newsroom that publishes technology news, writing /);
    expect(prompt).toContain("50 to 70 characters");
    expect(prompt).toContain('"summaries": [{ "id": 123, "summary"');
    expect(prompt).toContain(
      "[1] id: 41\nTitle: Lumen Labs releases a compact reasoning model\nCategory: AI\nPublished: 2026-11-20",
    );
    expect(prompt).toContain("[2] id: 7\nTitle: Harborline outage traced to an expired certificate\nCategory: Cloud\nExcerpt:");
    expect(prompt).toContain("Do not write a call to action, a sign-off or an unsubscribe line");
    expect(prompt).not.toContain("real-time");
  });

  it("asks Perplexity models for real-time context, as the spec says", () => {
    const prompt = buildNewsletterPrompt({
      siteName: "Byline",
      tagline: "technology news",
      articles: ARTICLES,
      provider: "perplexity",
    });
    expect(prompt).toContain("You have real-time web search");
  });
});

describe("parseDigestReply", () => {
  const reply = { subject: "A week of chips and clouds", intro: "Welcome!", summaries: [{ id: 41, summary: "It is small." }] };

  it("reads the JSON, also inside a code fence or with words around it", () => {
    expect(parseDigestReply(JSON.stringify(reply))).toEqual(reply);
    expect(parseDigestReply("Here you go:\n```json\n" + JSON.stringify(reply) + "\n```")).toEqual(reply);
  });

  it("takes ids given as strings and strips any HTML the model wrote", () => {
    const parsed = parseDigestReply(
      JSON.stringify({ intro: "<p>Welcome <b>back</b></p>", summaries: [{ id: "41", summary: "<script>x</script>Small." }] }),
    );
    expect(parsed).toEqual({ subject: undefined, intro: "Welcome back", summaries: [{ id: 41, summary: "xSmall." }] });
  });

  it("refuses a reply that is not the object asked for", () => {
    expect(parseDigestReply("I cannot help with that.")).toBeNull();
    expect(parseDigestReply(JSON.stringify({ subject: "Only a subject" }))).toBeNull();
    expect(parseDigestReply(JSON.stringify({ intro: "Hi", summaries: [] }))).toBeNull();
    expect(parseDigestReply("{ not json")).toBeNull();
  });
});

describe("plainOpening", () => {
  it("turns markdown into prose and cuts it at a word", () => {
    expect(plainOpening("## Heading\n\nSome **bold** and a [link](https://x.example).\n\n![img](a.png)")).toBe(
      "Heading Some bold and a link.",
    );
    const long = plainOpening("word ".repeat(400));
    expect(long.length).toBeLessThanOrEqual(OPENING_LENGTH + 1);
    expect(long.endsWith("word…")).toBe(true);
  });
});
