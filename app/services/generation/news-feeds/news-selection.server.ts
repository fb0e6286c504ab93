import type { Category, SpecCategory } from "../../../domain/sections";
import { CATEGORY_KEYWORDS } from "./category-keywords.server";
import type { NewsItem } from "./feed-parser.server";
import { feedCovers } from "./outlets.server";

/** The news window of the spec: the past 7 days. */
export const NEWS_WINDOW_DAYS = 7;
/** Items dated this far in the future still count: publishers' clocks and time zones drift a little. */
export const NEWS_CLOCK_SKEW_MS = 15 * 60_000;
/** How many items go into one prompt by default. */
export const DEFAULT_NEWS_LIMIT = 12;

const DAY_MS = 24 * 60 * 60_000;

/** Words a topic can carry that say nothing about its subject. */
const STOP_WORDS = new Set(
  (
    "a an the and or but nor of in on at to for from by with about into over under as is are was were be been being " +
    "this that these those it its their his her our your my new news latest recent update updates story stories " +
    "article articles report reports today week weekly this year vs versus via how what why who when where which"
  ).split(" "),
);

function words(text: string): string[] {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Simple plural tolerance: the forms a word may take, so that "chip" finds "chips", "patch" "patches", "battery" "batteries". */
function pluralForms(word: string): Set<string> {
  const forms = new Set([word, `${word}s`, `${word}es`]);
  if (word.length > 3) {
    if (word.endsWith("y")) forms.add(`${word.slice(0, -1)}ies`);
    if (word.endsWith("ies")) forms.add(`${word.slice(0, -3)}y`);
    if (word.endsWith("es")) forms.add(word.slice(0, -2));
    if (word.endsWith("s") && !word.endsWith("ss")) forms.add(word.slice(0, -1));
  }
  return forms;
}

function itemWords(item: NewsItem): string[] {
  return words([item.title, item.summary, ...item.tags].join(" "));
}

/** True when the text's words contain the phrase's words side by side. */
function containsPhrase(text: readonly string[], phrase: readonly Set<string>[]): boolean {
  if (phrase.length === 0) return false;
  for (let start = 0; start + phrase.length <= text.length; start++) {
    if (phrase.every((forms, offset) => forms.has(text[start + offset] ?? ""))) return true;
  }
  return false;
}

/** Each keyword list's phrases as word forms, made once per list (a section's list is the same array until it changes). */
const KEYWORD_FORMS = new WeakMap<readonly string[], Set<string>[][]>();
function keywordForms(keywords: readonly string[]): Set<string>[][] {
  let forms = KEYWORD_FORMS.get(keywords);
  if (!forms) KEYWORD_FORMS.set(keywords, (forms = keywords.map((keyword) => words(keyword).map(pluralForms))));
  return forms;
}

/** The section a generation is for, as the feeds name it (by name or address) and the words that show an item is about it. */
export interface NewsSection {
  name: string;
  slug: string;
  keywords: readonly string[];
}

/** One of the specification's sections as a fresh install has it (the tests' and the demo's). */
export function specSection(name: Category): NewsSection {
  return { name, slug: name.toLowerCase(), keywords: CATEGORY_KEYWORDS[name as SpecCategory] ?? [] };
}

/** The significant words of a topic, without stop words; empty when the topic says nothing specific. */
export function topicWords(topic: string | undefined): string[] {
  const significant = words(topic ?? "").filter((word) => !STOP_WORDS.has(word) && (word.length > 1 || /\d/.test(word)));
  return [...new Set(significant)];
}

function matchesSection(item: NewsItem, section: NewsSection, text: readonly string[]): boolean {
  if (!feedCovers(item.feedCategories, section)) return false;
  if (item.feedCategories.length === 1) return true;
  return keywordForms(section.keywords).some((phrase) => containsPhrase(text, phrase));
}

function matchesTopic(text: readonly string[], topic: readonly string[]): boolean {
  const present = new Set(text);
  return topic.every((word) => [...pluralForms(word)].some((form) => present.has(form)));
}

/** The same page: host without "www.", path without a trailing slash, no fragment, no tracking parameters. */
function urlKey(url: string): string {
  const parsed = new URL(url);
  for (const name of [...parsed.searchParams.keys()]) {
    if (/^(utm_|fbclid$|gclid$|ref$|cmpid$)/i.test(name)) parsed.searchParams.delete(name);
  }
  parsed.searchParams.sort();
  const path = parsed.pathname.replace(/\/+$/, "");
  return `${parsed.hostname.replace(/^www\./, "")}${path}${parsed.search}`;
}

function titleKey(title: string): string {
  return words(title)
    .filter((word) => !STOP_WORDS.has(word))
    .join(" ");
}

/** The same headline, give or take a word or two: equal after normalising, or 80% of the words shared. */
function nearlySameTitle(a: string, b: string): boolean {
  if (a === b) return true;
  const left = new Set(a.split(" "));
  const right = new Set(b.split(" "));
  if (left.size < 4 || right.size < 4) return false;
  const shared = [...left].filter((word) => right.has(word)).length;
  return shared / (left.size + right.size - shared) >= 0.8;
}

export interface NewsSelection {
  category: Category;
  /** The section's addresses and keywords; the specification's section of that name when left out. */
  section?: NewsSection;
  /** Optional: every significant word must appear in the item's title, summary or tags. */
  topic?: string;
  now: Date;
  /** Defaults to DEFAULT_NEWS_LIMIT. */
  limit?: number;
}

/**
 * The items a generation may use: published in the past NEWS_WINDOW_DAYS (not in the future beyond
 * a small clock skew), about the category and the topic, without duplicates, newest first.
 *
 * An item is about the category when its feed covers the category, and either the feed covers only
 * that section or the item's own words name it (the section's keywords).
 */
export function selectRecentNews(
  items: readonly NewsItem[],
  { category, section = specSection(category), topic, now, limit = DEFAULT_NEWS_LIMIT }: NewsSelection,
): NewsItem[] {
  const oldest = now.getTime() - NEWS_WINDOW_DAYS * DAY_MS;
  const newest = now.getTime() + NEWS_CLOCK_SKEW_MS;
  const wanted = topicWords(topic);
  const matching = items
    .filter((item) => {
      const time = item.publishedAt.getTime();
      if (!(time >= oldest && time <= newest)) return false;
      const text = itemWords(item);
      return matchesSection(item, section, text) && matchesTopic(text, wanted);
    })
    .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime());

  const chosen: NewsItem[] = [];
  const urls = new Set<string>();
  const titles: string[] = [];
  for (const item of matching) {
    if (chosen.length >= limit) break;
    const url = urlKey(item.url);
    const title = titleKey(item.title);
    if (urls.has(url) || titles.some((seen) => nearlySameTitle(seen, title))) continue;
    urls.add(url);
    titles.push(title);
    chosen.push(item);
  }
  return chosen;
}

/**
 * The items as the prompt lists them, numbered so that the model can say which it used:
 * "[1] Outlet — Title (YYYY-MM-DD)", then the URL, then the summary; a blank line between items.
 */
export function formatNewsForPrompt(items: readonly NewsItem[]): string {
  return items
    .map((item, index) =>
      [`[${index + 1}] ${item.outlet} — ${item.title} (${item.publishedAt.toISOString().slice(0, 10)})`, item.url, item.summary]
        .filter(Boolean)
        .join("\n"),
    )
    .join("\n\n");
}
