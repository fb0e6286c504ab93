import { describe, expect, it } from "vitest";
import type { Category } from "../../domain/sections";
import { composeDraft, gatherNews, readReply, usedNews } from "./article-generator.server";
import { buildArticlePrompt } from "./article-prompt.server";
import { GenerationError } from "./generation-errors.server";
import type { NewsItem } from "./news-feeds/feed-parser.server";

/** The pure steps of the generation flow; the whole flow runs in generation.integration.test.ts. */

const NOW = new Date("2026-11-20T12:00:00.000Z");

function item(outlet: string, title: string, daysAgo: number): NewsItem {
  return {
    outlet,
    title,
    url: `https://${outlet.toLowerCase().replace(/\W+/g, "-")}.example/${daysAgo}`,
    publishedAt: new Date(NOW.getTime() - daysAgo * 86_400_000),
    summary: `${title}, as reported.`,
    feedCategories: ["Security"],
    tags: [],
  };
}

const NEWS = [
  item("Wire One", "Hospital chain discloses ransomware attack on patient records", 1),
  item("Daily Byte", "Regulator opens inquiry into the hospital ransomware breach", 2),
  item("Wire One", "Security firms publish indicators for the new ransomware strain", 3),
];

const words = (count: number) => Array.from({ length: count }, (_, index) => `word${index}`).join(" ");

const reply = {
  title: "Hospital chain's ransomware breach draws a regulator's inquiry within days",
  excerpt:
    "A ransomware attack exposed patient records at a hospital chain, and a regulator has already opened an inquiry into what went wrong.",
  content: `## **What happened**\n\n${words(900)}`,
  usedItems: [2, 1, 2],
};

describe("gatherNews", () => {
  it("returns the reader's items, and NO_RECENT_NEWS_FOUND without any when there are none", async () => {
    expect(await gatherNews({ recentNews: async () => NEWS }, { category: "Security" })).toBe(NEWS);
    const none = gatherNews({ recentNews: async () => [] }, { category: "Cloud", topic: "quantum toaster" });
    await expect(none).rejects.toMatchObject({ code: "NO_RECENT_NEWS_FOUND" });
    await expect(none).rejects.toThrow(/^NO_RECENT_NEWS_FOUND: /);
  });
});

describe("readReply", () => {
  it("reads an article reply and turns the model's NO_RECENT_NEWS_FOUND answer into that error with its suggestions", () => {
    expect(readReply(JSON.stringify({ ...reply, used_items: [1] }))).toMatchObject({
      kind: "article",
      title: reply.title,
      usedItems: [1],
    });
    const noNews = JSON.stringify({
      error: "NO_RECENT_NEWS_FOUND",
      message: "Nothing this week.",
      suggestions: ["Try Security"],
    });
    let thrown: unknown;
    try {
      readReply(noNews);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(GenerationError);
    expect(thrown).toMatchObject({
      code: "NO_RECENT_NEWS_FOUND",
      message: "NO_RECENT_NEWS_FOUND: Nothing this week.",
      details: { suggestions: ["Try Security"] },
    });
  });
});

describe("usedNews", () => {
  it("keeps the items the model named, once each, in its order, and ignores numbers it was never given", () => {
    expect(usedNews(NEWS, [2, 1, 2, 9]).map((news) => news.title)).toEqual([NEWS[1]?.title, NEWS[0]?.title]);
  });

  it("falls back to every item it was shown when it named none of them", () => {
    expect(usedNews(NEWS, [])).toEqual(NEWS);
    expect(usedNews(NEWS, [0, 7])).toEqual(NEWS);
  });
});

describe("composeDraft", () => {
  it("cites the outlets of the items used, links them, picks the cover by keyword and clamps the read time", () => {
    const draft = composeDraft(reply, { category: "Security", provider: "openai", news: NEWS });
    expect(draft).toMatchObject({
      title: reply.title,
      category: "Security",
      sources: "Daily Byte, Wire One",
      readTime: 5,
      image: "/images/stock/security-protection.svg",
    });
    expect(draft.sourceLinks).toEqual([
      { outlet: "Daily Byte", title: NEWS[1]?.title, url: NEWS[1]?.url, publishedAt: NEWS[1]?.publishedAt.toISOString() },
      { outlet: "Wire One", title: NEWS[0]?.title, url: NEWS[0]?.url, publishedAt: NEWS[0]?.publishedAt.toISOString() },
    ]);
    // A heading first gets a one-line intro, from the excerpt.
    expect(draft.content.startsWith("## ")).toBe(false);
  });

  it("refuses a draft the editor could not save, such as a title longer than the editor allows", () => {
    expect(() =>
      composeDraft({ ...reply, title: "T".repeat(400) }, { category: "AI" as Category, provider: "openai", news: NEWS }),
    ).toThrow(/^Invalid response structure: title: /);
  });
});

describe("buildArticlePrompt", () => {
  it("states the spec's rules and lists the items, numbered, as the only facts", () => {
    const prompt = buildArticlePrompt({
      tagline: "harbour news",
      category: "Security",
      topic: "ransomware",
      news: NEWS,
      now: NOW,
    });
    // The newsroom's tagline (its settings) says what kind of journalist writes.
    expect(prompt).toMatch(/^You are a journalist at a newsroom that publishes harbour news\. /);
    for (const rule of [
      "Title: 60-80 characters",
      "Excerpt: 120-150 characters",
      "Body: 800-1200 words",
      '"## **Heading**"',
      "Never invent quotes",
      "Expert Analysis",
      "No citation markers such as [1]",
      "NO_RECENT_NEWS_FOUND",
      "used_items",
    ]) {
      expect(prompt).toContain(rule);
    }
    expect(prompt).toContain('Security news about "ransomware"');
    expect(prompt).toContain("between 2026-11-13 and 2026-11-20");
    expect(prompt).toContain(`[1] Wire One — ${NEWS[0]?.title} (2026-11-19)\n${NEWS[0]?.url}`);
    expect(prompt).toContain(`[3] Wire One — ${NEWS[2]?.title}`);
  });
});
