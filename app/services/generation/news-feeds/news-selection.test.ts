import { describe, expect, it } from "vitest";
import type { Category } from "../../../domain/sections";
import type { NewsItem } from "./feed-parser.server";
import { formatNewsForPrompt, selectRecentNews, topicWords } from "./news-selection.server";

const now = new Date("2025-06-10T12:00:00.000Z");
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

function newsItem(title: string, overrides: Partial<NewsItem> = {}): NewsItem {
  return {
    outlet: "Outlet",
    title,
    url: `https://news.test/${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`,
    publishedAt: new Date(now.getTime() - HOUR),
    summary: "",
    feedCategories: ["AI"],
    tags: [],
    ...overrides,
  };
}

const titles = (items: NewsItem[]) => items.map((item) => item.title);

describe("selectRecentNews", () => {
  it("keeps items of the past 7 days, the edge included, and none from the future beyond a small skew", () => {
    const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
    const items = [
      newsItem("Exactly seven days", { publishedAt: at(-7 * DAY) }),
      newsItem("Seven days and a second", { publishedAt: at(-7 * DAY - 1000) }),
      newsItem("Eight days", { publishedAt: at(-8 * DAY) }),
      newsItem("Ten minutes ahead", { publishedAt: at(10 * 60_000) }),
      newsItem("An hour ahead", { publishedAt: at(HOUR) }),
      newsItem("Now", { publishedAt: now }),
    ];
    expect(titles(selectRecentNews(items, { category: "AI", now }))).toEqual(["Ten minutes ahead", "Now", "Exactly seven days"]);
  });

  it("takes every item of a one-category feed, and from wider feeds only items whose words name the category", () => {
    const wide: Category[] = ["AI", "Security", "Cloud"];
    const items = [
      newsItem("Quarterly results beat estimates", { feedCategories: ["Security"] }),
      newsItem("Quarterly results miss estimates", { feedCategories: wide }),
      newsItem("Hospital network breached by attackers", { feedCategories: wide }),
      newsItem("Chrome fixes actively exploited bug", { feedCategories: wide, summary: "Google shipped a patch on Tuesday." }),
      newsItem("Earnings call", { feedCategories: wide, tags: ["Cybersecurity"] }),
      newsItem("New CVE-2025-1234 in routers", { feedCategories: wide }),
      newsItem("Zero-day in VPN appliances", { feedCategories: wide }),
      newsItem("Ransomware hits retailer", { feedCategories: ["AI", "Cloud"] }),
    ];
    expect(titles(selectRecentNews(items, { category: "Security", now }))).toEqual([
      "Quarterly results beat estimates",
      "Hospital network breached by attackers",
      "Chrome fixes actively exploited bug",
      "Earnings call",
      "New CVE-2025-1234 in routers",
      "Zero-day in VPN appliances",
    ]);
    expect(titles(selectRecentNews([newsItem("AI chips sell out", { feedCategories: wide })], { category: "AI", now }))).toEqual([
      "AI chips sell out",
    ]);
  });

  it("needs every significant word of the topic, ignoring case, stop words and simple plurals", () => {
    const items = [
      newsItem("Nvidia ships its fastest chip", { publishedAt: new Date(now.getTime() - 1 * HOUR) }),
      newsItem("NVIDIA earnings", {
        summary: "Demand for its GPUs keeps growing.",
        publishedAt: new Date(now.getTime() - 2 * HOUR),
      }),
      newsItem("Battery makers and Nvidia", { tags: ["Chips"], publishedAt: new Date(now.getTime() - 3 * HOUR) }),
      newsItem("New phone batteries", { summary: "From Nvidia", publishedAt: new Date(now.getTime() - 4 * HOUR) }),
      newsItem("Intel chips", { publishedAt: new Date(now.getTime() - 5 * HOUR) }),
    ];
    expect(topicWords("The latest news about Nvidia's new CHIPS")).toEqual(["nvidia", "chips"]);
    expect(titles(selectRecentNews(items, { category: "AI", topic: "The latest news about Nvidia's new CHIPS", now }))).toEqual([
      "Nvidia ships its fastest chip",
      "Battery makers and Nvidia",
    ]);
    expect(titles(selectRecentNews(items, { category: "AI", topic: "battery nvidia", now }))).toEqual([
      "Battery makers and Nvidia",
      "New phone batteries",
    ]);
    expect(titles(selectRecentNews(items, { category: "AI", topic: "  the latest news ", now }))).toHaveLength(5);
    expect(selectRecentNews(items, { category: "AI", topic: "quantum", now })).toEqual([]);
  });

  it("drops the same page or the same headline told twice, keeping the newest, and lists newest first", () => {
    const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);
    const items = [
      newsItem("OpenAI signs a deal with Oracle for cloud capacity", {
        url: "https://www.a.test/story/?utm_source=rss",
        publishedAt: ago(3),
      }),
      newsItem("OpenAI signs a deal with Oracle for cloud capacity", { url: "https://a.test/story#top", publishedAt: ago(5) }),
      newsItem("OpenAI signs deal with Oracle for more cloud capacity!", {
        outlet: "Other",
        url: "https://b.test/x",
        publishedAt: ago(4),
      }),
      newsItem("Same page, other headline", { url: "https://A.test/story?utm_medium=feed", publishedAt: ago(6) }),
      newsItem("OpenAI signs a deal with Microsoft for chips", { url: "https://c.test/y", publishedAt: ago(1) }),
    ];
    expect(selectRecentNews(items, { category: "AI", now }).map(({ title, url }) => ({ title, url }))).toEqual([
      { title: "OpenAI signs a deal with Microsoft for chips", url: "https://c.test/y" },
      { title: "OpenAI signs a deal with Oracle for cloud capacity", url: "https://www.a.test/story/?utm_source=rss" },
    ]);
  });

  it("caps the list at the limit, 12 by default", () => {
    const items = Array.from({ length: 15 }, (_, index) =>
      newsItem(`Story number ${index}`, { publishedAt: new Date(now.getTime() - (index + 1) * HOUR) }),
    );
    expect(titles(selectRecentNews(items, { category: "AI", now }))).toEqual(titles(items.slice(0, 12)));
    expect(titles(selectRecentNews(items, { category: "AI", now, limit: 3 }))).toEqual([
      "Story number 0",
      "Story number 1",
      "Story number 2",
    ]);
  });
});

describe("formatNewsForPrompt", () => {
  it("numbers the items with outlet, title, date, link and summary", () => {
    const items = [
      newsItem("Anthropic releases Claude 5", {
        outlet: "TechCrunch",
        url: "https://techcrunch.test/claude-5",
        publishedAt: new Date("2025-06-09T23:30:00Z"),
        summary: "The model tops coding benchmarks.",
      }),
      newsItem("No summary here", {
        outlet: "Wired",
        url: "https://wired.test/x",
        publishedAt: new Date("2025-06-08T01:00:00Z"),
      }),
    ];
    expect(formatNewsForPrompt(items)).toBe(
      [
        "[1] TechCrunch — Anthropic releases Claude 5 (2025-06-09)",
        "https://techcrunch.test/claude-5",
        "The model tops coding benchmarks.",
        "",
        "[2] Wired — No summary here (2025-06-08)",
        "https://wired.test/x",
      ].join("\n"),
    );
    expect(formatNewsForPrompt([])).toBe("");
  });
});
