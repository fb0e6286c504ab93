import type { Category } from "../../domain/sections";
import type { NewsItem } from "./news-feeds/feed-parser.server";
import { formatNewsForPrompt } from "./news-feeds/news-selection.server";

/** Spec section 5: the prompt's limits. */
export const ARTICLE_TARGETS = {
  titleCharacters: [60, 80],
  excerptCharacters: [120, 150],
  bodyWords: [800, 1200],
} as const;

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * The one user message that asks for an article. The fetched news items are the only facts the model may
 * use; it lists the numbers of those it used, so the draft cites the outlets it really drew on.
 */
export function buildArticlePrompt({
  tagline,
  category,
  topic,
  news,
  now,
  earlierCoverage = [],
}: {
  /** What the newsroom publishes (the settings' tagline, "technology news"): the journalist the model is asked to be. */
  tagline: string;
  category: Category;
  topic: string | undefined;
  news: readonly NewsItem[];
  now: Date;
  /** Stories this site already ran on the news' subjects: context, so a follow-up does not retell them. */
  earlierCoverage?: ReadonlyArray<{ title: string; excerpt: string }>;
}): string {
  const [titleMin, titleMax] = ARTICLE_TARGETS.titleCharacters;
  const [excerptMin, excerptMax] = ARTICLE_TARGETS.excerptCharacters;
  const [wordsMin, wordsMax] = ARTICLE_TARGETS.bodyWords;
  const weekAgo = new Date(now.getTime() - 7 * 24 * 60 * 60_000);
  const subject = topic ? `${category} news about "${topic}"` : `${category} news`;
  return [
    `You are a journalist at a newsroom that publishes ${tagline}. Write one original news article from real ${subject} of the past 7 days.`,
    "",
    `The numbered news items below were published by trusted outlets between ${isoDay(weekAgo)} and ${isoDay(now)}.`,
    "They are the only facts you may use. Do not add facts, figures, names, dates or events from anywhere else.",
    "",
    "NEWS ITEMS",
    formatNewsForPrompt([...news]),
    "",
    ...(earlierCoverage.length > 0
      ? [
          "EARLIER COVERAGE ON THIS SITE",
          "These stories were already published here. Do not retell them. If the news items continue one of them, write the follow-up: report only what is new, and mention the earlier story in one sentence at most.",
          ...earlierCoverage.map((story) => (story.excerpt ? `- ${story.title}: ${story.excerpt}` : `- ${story.title}`)),
          "",
        ]
      : []),
    "RULES",
    `- Title: ${titleMin}-${titleMax} characters, specific and factual.`,
    `- Excerpt: ${excerptMin}-${excerptMax} characters, one sentence that sums up the news.`,
    `- Body: ${wordsMin}-${wordsMax} words of markdown. Start with an introductory paragraph, not a heading.`,
    '- Headings in the form "## **Heading**".',
    "- Never invent quotes. Quote a person only with words that appear in the news items, and say which outlet reported them.",
    '- Add an "## **Expert Analysis**" section only if the news items contain real quotes from experts; otherwise leave it out.',
    "- No citation markers such as [1], no source notes in parentheses, no HTML, no links in the body.",
    `- If the items do not hold enough real, recent ${subject} for an accurate article, do not write one. Reply instead with`,
    '  {"error": "NO_RECENT_NEWS_FOUND", "message": "why", "suggestions": ["a broader topic", "..."]}',
    "",
    "Reply with one JSON object and nothing else:",
    '{"title": "...", "excerpt": "...", "content": "the markdown body", "used_items": [the numbers of the news items you used]}',
  ].join("\n");
}
