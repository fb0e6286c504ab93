import { lookup as dnsLookup } from "node:dns/promises";
import { readFile } from "node:fs/promises";
import { BlockList, isIP } from "node:net";
import { XMLParser } from "fast-xml-parser";
import { z } from "zod";
import type { Category, SpecCategory } from "../../utils/categories";
import type { Clock } from "../clock.server";
import type { Logger } from "../logger.server";

/*
 * News grounding. Generation may only use facts from the trusted outlets'
 * own RSS and Atom feeds: the server reads them, keeps the items of the past 7 days that match the
 * category and the topic, and hands them to the model as the only allowed facts. No matching item
 * means NO_RECENT_NEWS_FOUND without a model call (decided by the generator, not here).
 *
 * The outlets come from NEWS_FEEDS_FILE, a JSON array that operators and tests write by hand:
 *   [{ "outlet": "Name", "homepage": "https://...", "showcase": true,
 *      "feeds": [{ "url": "https://.../feed", "categories": ["AI", "Startups"] }] }]
 * `showcase` marks the outlets listed on the generator tab; `categories` names sections by name or address, and a feed
 * without it covers every section.
 * Feeds are fetched only from public addresses, following at most MAX_FEED_REDIRECTS redirects;
 * `"allowPrivateAddresses": true` on an outlet (or on one of its feeds) lets them reach loopback,
 * link-local and private networks too, for a feed on the intranet (and for the tests' fake feed server).
 */

/** The news window of the spec: the past 7 days. */
export const NEWS_WINDOW_DAYS = 7;
/** Items dated this far in the future still count: publishers' clocks and time zones drift a little. */
export const NEWS_CLOCK_SKEW_MS = 15 * 60_000;
/** How many items go into one prompt by default. */
export const DEFAULT_NEWS_LIMIT = 12;
/** Summaries are cut to about this many characters. */
export const NEWS_SUMMARY_LENGTH = 400;
/** A feed answer larger than this is refused. */
export const MAX_FEED_BYTES = 5 * 1024 * 1024;
/** How many redirects a feed request follows at most. */
export const MAX_FEED_REDIRECTS = 3;
/** How many feeds are fetched at once. */
export const FEED_CONCURRENCY = 6;

export const FEED_USER_AGENT = "Byline/1.0 (+news grounding)";
export const FEED_ACCEPT = "application/rss+xml, application/atom+xml, application/xml;q=0.9, */*;q=0.8";

const DAY_MS = 24 * 60 * 60_000;

// ---------------------------------------------------------------------------------------------
// The outlets file

function isHttpUrl(value: string): boolean {
  return URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
}

const HttpUrl = z
  .string({ error: "must be an http:// or https:// URL" })
  .trim()
  .refine(isHttpUrl, "must be an http:// or https:// URL");

const AllowPrivateAddresses = z.boolean({ error: "must be true or false" });

const FeedEntry = z.strictObject(
  {
    url: HttpUrl,
    allowPrivateAddresses: AllowPrivateAddresses.optional(),
    // Sections by name or address ("AI", "ai"): the newsroom's own list is in the database, so a name no section has
    // simply matches nothing (the start-up log names it, see unknownFeedSections).
    categories: z
      .array(z.string({ error: "must be a section's name or address" }).trim().min(1, "must be a section's name or address"), {
        error: "must be a list of sections",
      })
      .min(1, "must list at least one section, or be left out to cover every section")
      .optional(),
  },
  { error: 'must be an object with a "url"' },
);

const OutletEntry = z.strictObject(
  {
    outlet: z.string({ error: "must be the outlet's name" }).trim().min(1, "must be the outlet's name"),
    homepage: HttpUrl,
    showcase: z.boolean({ error: "must be true or false" }).default(false),
    allowPrivateAddresses: AllowPrivateAddresses.default(false),
    feeds: z.array(FeedEntry, { error: "must be a list of feeds" }).min(1, "must list at least one feed"),
  },
  { error: 'must be an object with "outlet", "homepage" and "feeds"' },
);

/** The NEWS_FEEDS_FILE format: a JSON array of outlets with unique names. */
export const NewsOutletsFile = z
  .array(OutletEntry, { error: "must be a JSON array of outlets" })
  .min(1, "must list at least one outlet")
  .superRefine((outlets, context) => {
    const seen = new Map<string, number>();
    outlets.forEach((entry, index) => {
      const key = entry.outlet.toLowerCase();
      const first = seen.get(key);
      if (first === undefined) seen.set(key, index);
      else context.addIssue({ code: "custom", path: [index, "outlet"], message: `repeats the name of entry [${first}]` });
    });
  });

export interface NewsFeed {
  url: string;
  /** The sections this feed covers, by name or address as the file gives them; empty for every section. */
  categories: Category[];
  /** May be fetched from (and redirected to) loopback, link-local and private addresses: the file says so. */
  allowPrivateAddresses: boolean;
}

export interface NewsOutlet {
  outlet: string;
  homepage: string;
  /** Listed on the generator tab as a trusted news source. */
  showcase: boolean;
  feeds: NewsFeed[];
}

export class NewsFeedsFileError extends Error {
  readonly code = "INVALID_NEWS_FEEDS_FILE";
}

function issuePath(path: readonly PropertyKey[]): string {
  return path
    .map((part) => (typeof part === "number" ? `[${part}]` : `.${String(part)}`))
    .join("")
    .replace(/^\./, "");
}

/** Parses the outlets of a NEWS_FEEDS_FILE text; `path` only names the file in error messages. */
export function parseNewsOutlets(text: string, path: string): NewsOutlet[] {
  if (!text.trim()) throw new NewsFeedsFileError(`The news feeds file ${path} is empty.`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message.replace(/\s+/g, " ") : String(error);
    throw new NewsFeedsFileError(`The news feeds file ${path} is not valid JSON: ${detail}`);
  }
  const parsed = NewsOutletsFile.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issuePath(issue?.path ?? []);
    const problem =
      issue?.code === "unrecognized_keys" ? `has an unknown field "${issue.keys[0] ?? ""}"` : (issue?.message ?? "is invalid");
    const index = issue?.path[0];
    const entry = typeof index === "number" && Array.isArray(json) ? (json[index] as { outlet?: unknown } | null) : undefined;
    const name = typeof entry?.outlet === "string" && entry.outlet.trim() ? ` (outlet "${entry.outlet.trim()}")` : "";
    throw new NewsFeedsFileError(`Invalid news feeds file ${path}: ${where ? `${where} ` : ""}${problem}${name}.`);
  }
  return parsed.data.map((entry) => ({
    outlet: entry.outlet,
    homepage: entry.homepage,
    showcase: entry.showcase,
    feeds: entry.feeds.map((feed) => ({
      url: feed.url,
      categories: feed.categories ? [...new Set(feed.categories)] : [],
      allowPrivateAddresses: feed.allowPrivateAddresses ?? entry.allowPrivateAddresses,
    })),
  }));
}

/** Reads NEWS_FEEDS_FILE. Throws a NewsFeedsFileError whose one-line message names the file and the problem. */
export async function loadNewsOutlets(path: string): Promise<NewsOutlet[]> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === "ENOENT" ? "the file does not exist" : code === "EISDIR" ? "it is a directory" : (code ?? String(error));
    throw new NewsFeedsFileError(`Cannot read the news feeds file ${path}: ${reason}.`);
  }
  return parseNewsOutlets(text, path);
}

// ---------------------------------------------------------------------------------------------
// Parsing RSS 2.0, Atom 1.0 and RSS 1.0 (RDF)

export interface NewsItem {
  outlet: string;
  title: string;
  /** The article on the outlet's site; always http(s). */
  url: string;
  publishedAt: Date;
  /** Plain text, at most about NEWS_SUMMARY_LENGTH characters; may be empty. */
  summary: string;
  /** The categories of the feed the item came from. */
  feedCategories: Category[];
  /** The item's own categories or subjects, as the outlet wrote them. */
  tags: string[];
}

export class FeedParseError extends Error {
  readonly code = "UNPARSEABLE_FEED";
}

const LIST_TAGS = new Set(["item", "entry", "link", "category", "dc:subject"]);

/*
 * Entities are decoded by us, not by the parser: the five XML ones and numeric references only.
 * DOCTYPE entity definitions are never expanded (no entity-expansion bombs) and a DOCTYPE that
 * declares external entities makes the parser refuse the document. CDATA is kept apart so that
 * its text is not decoded twice; HTML inside it (or escaped in text) is reduced by htmlToText.
 */
const feedParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  cdataPropName: "#cdata",
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (tagName) => LIST_TAGS.has(tagName),
  // Text that may hold markup is kept raw, so that mixed content (Atom xhtml) keeps its order.
  stopNodes: ["*.title", "*.description", "*.summary", "*.content", "*.content:encoded"],
});

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  laquo: "«",
  raquo: "»",
  bull: "•",
  middot: "·",
  copy: "©",
  reg: "®",
  trade: "™",
  euro: "€",
  pound: "£",
  eacute: "é",
  egrave: "è",
  aacute: "á",
  oacute: "ó",
  uuml: "ü",
  ouml: "ö",
  auml: "ä",
};
const XML_ENTITIES = new Set(["amp", "lt", "gt", "quot", "apos"]);

function decodeEntities(text: string, names: "xml" | "html"): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (whole, name: string) => {
    if (name.startsWith("#")) {
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    const lower = name.toLowerCase();
    if (names === "xml" && !XML_ENTITIES.has(name)) return whole;
    return NAMED_ENTITIES[name] ?? NAMED_ENTITIES[lower] ?? whole;
  });
}

type XmlNode = unknown;

function first(node: XmlNode): XmlNode {
  return Array.isArray(node) ? node[0] : node;
}

/** Raw element content (of a stop node): CDATA sections as they are, entities decoded elsewhere; tags stay for htmlToText. */
function decodeMarkup(raw: string): string {
  return raw
    .split(/(<!\[CDATA\[[\s\S]*?\]\]>)/)
    .map((part) => (part.startsWith("<![CDATA[") ? part.slice(9, -3) : decodeEntities(part, "xml")))
    .join("");
}

/** All the text inside an element: text decoded, CDATA as is, child elements (Atom's xhtml content) included. */
function allText(value: unknown): string {
  if (typeof value === "string") return decodeMarkup(value);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return value.map(allText).join(" ");
  if (value && typeof value === "object") {
    return Object.entries(value)
      .filter(([key]) => !key.startsWith("@_"))
      .map(([key, child]) => (key === "#cdata" ? (Array.isArray(child) ? child.join("") : String(child)) : allText(child)))
      .join(" ");
  }
  return "";
}

/** The text of an element (the first one when there are several). */
function textOf(node: XmlNode): string {
  return allText(first(node)).trim();
}

function attributeOf(node: XmlNode, name: string): string {
  const value = first(node);
  if (!value || typeof value !== "object") return "";
  const attribute = (value as Record<string, unknown>)[`@_${name}`];
  return typeof attribute === "string" ? decodeEntities(attribute, "xml").trim() : "";
}

function listOf(node: XmlNode): XmlNode[] {
  if (node === undefined || node === null || node === "") return [];
  return Array.isArray(node) ? node : [node];
}

/** Markup reduced to plain text: no tags, no scripts or styles, entities decoded, whitespace collapsed. */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<!--[\s\S]*?-->/g, " ")
      .replace(/<(script|style|iframe|noscript)\b[\s\S]*?<\/\1\s*>/gi, " ")
      .replace(/<\/?[a-z][^>]*>/gi, " "),
    "html",
  )
    .replace(/\s+/g, " ")
    .replace(/\s+([.,;:!?])/g, "$1")
    .trim();
}

function cutSummary(text: string): string {
  if (text.length <= NEWS_SUMMARY_LENGTH) return text;
  const cut = text.slice(0, NEWS_SUMMARY_LENGTH);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > NEWS_SUMMARY_LENGTH * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?-]+$/, "")}…`;
}

function absoluteHttpUrl(value: string, base?: string): string | undefined {
  const candidate = value.trim();
  if (!candidate) return undefined;
  const url = URL.canParse(candidate)
    ? new URL(candidate)
    : base && URL.canParse(candidate, base)
      ? new URL(candidate, base)
      : null;
  return url && /^https?:$/.test(url.protocol) ? url.href : undefined;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
/** Offsets in minutes of the zone names seen in real feeds; an unknown name is read as UTC. */
const ZONES: Record<string, number> = {
  UT: 0,
  UTC: 0,
  GMT: 0,
  Z: 0,
  EST: -300,
  EDT: -240,
  CST: -360,
  CDT: -300,
  MST: -420,
  MDT: -360,
  PST: -480,
  PDT: -420,
  BST: 60,
  CET: 60,
  CEST: 120,
  EET: 120,
  EEST: 180,
  JST: 540,
  AEST: 600,
  AEDT: 660,
};

function offsetMinutes(zone: string | undefined): number {
  if (!zone) return 0;
  const numeric = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  if (numeric) return (numeric[1] === "-" ? -1 : 1) * (Number(numeric[2]) * 60 + Number(numeric[3] ?? 0));
  return ZONES[zone.toUpperCase()] ?? 0;
}

function utcDate(year: number, month: number, day: number, hour: number, minute: number, second: number, ms: number) {
  const date = new Date(Date.UTC(year, month, day, hour, minute, second, ms));
  const valid =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 61;
  return valid ? date : undefined;
}

/** Reads an RFC 822 date (RSS pubDate) or an ISO 8601 one (Atom, dc:date); anything else is undefined. */
export function parseFeedDate(text: string): Date | undefined {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i.exec(
    value,
  );
  if (iso) {
    const [, year, month, day, hour, minute, second, fraction, zone] = iso;
    const ms = fraction ? Math.round(Number(`0.${fraction}`) * 1000) : 0;
    const local = utcDate(
      Number(year),
      Number(month) - 1,
      Number(day),
      Number(hour ?? 0),
      Number(minute ?? 0),
      Number(second ?? 0),
      ms,
    );
    return local && new Date(local.getTime() - offsetMinutes(zone) * 60_000);
  }
  const rfc =
    /^(?:[a-z]+,?\s*)?(\d{1,2})\s+([a-z]{3,})\.?\s+(\d{2}|\d{4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([a-z]{1,5}|[+-]\d{2}:?\d{2})?$/i.exec(
      value,
    );
  if (rfc) {
    const [, day, monthName, yearText, hour, minute, second, zone] = rfc;
    const month = MONTHS.indexOf((monthName ?? "").slice(0, 3).toLowerCase());
    if (month < 0) return undefined;
    const shortYear = Number(yearText);
    const year = yearText?.length === 2 ? (shortYear < 50 ? 2000 + shortYear : 1900 + shortYear) : shortYear;
    const local = utcDate(year, month, Number(day), Number(hour), Number(minute), Number(second ?? 0), 0);
    return local && new Date(local.getTime() - offsetMinutes(zone) * 60_000);
  }
  return undefined;
}

function tagsOf(item: Record<string, unknown>): string[] {
  const tags = [...listOf(item.category), ...listOf(item["dc:subject"])]
    .map((node) => htmlToText(attributeOf(node, "term") || attributeOf(node, "label") || textOf(node)))
    .filter(Boolean);
  return [...new Set(tags)];
}

function makeItem(
  fields: { title: string; link: string | undefined; date: string; summaryHtml: string; tags: string[] },
  outlet: string,
  feedCategories: readonly Category[],
): NewsItem | undefined {
  const title = htmlToText(fields.title);
  const publishedAt = parseFeedDate(fields.date);
  if (!title || !fields.link || !publishedAt) return undefined;
  return {
    outlet,
    title,
    url: fields.link,
    publishedAt,
    summary: cutSummary(htmlToText(fields.summaryHtml)),
    feedCategories: [...feedCategories],
    tags: fields.tags,
  };
}

function rssItems(items: XmlNode[], outlet: string, feedCategories: readonly Category[]): NewsItem[] {
  return items.flatMap((node) => {
    if (!node || typeof node !== "object") return [];
    const item = node as Record<string, unknown>;
    const guid = first(item.guid);
    const guidIsLink = attributeOf(guid, "isPermaLink").toLowerCase() !== "false";
    const link =
      listOf(item.link)
        .map((candidate) => absoluteHttpUrl(textOf(candidate) || attributeOf(candidate, "href")))
        .find(Boolean) ?? (guidIsLink ? absoluteHttpUrl(textOf(guid)) : undefined);
    const made = makeItem(
      {
        title: textOf(item.title),
        link,
        date: textOf(item.pubDate) || textOf(item["dc:date"]) || textOf(item["atom:updated"]),
        summaryHtml: textOf(item.description) || textOf(item["content:encoded"]),
        tags: tagsOf(item),
      },
      outlet,
      feedCategories,
    );
    return made ? [made] : [];
  });
}

/** Atom's link to the page itself: rel="alternate" (the default), preferring HTML. */
function atomLink(links: XmlNode[], base: string | undefined): string | undefined {
  const candidates = links.filter((link) => ["", "alternate"].includes(attributeOf(link, "rel")));
  const preferred = candidates.find((link) => /html/.test(attributeOf(link, "type"))) ?? candidates[0];
  const href = preferred === undefined ? "" : attributeOf(preferred, "href") || textOf(preferred);
  return absoluteHttpUrl(href, base);
}

function atomItems(feed: Record<string, unknown>, outlet: string, feedCategories: readonly Category[]): NewsItem[] {
  const base = atomLink(listOf(feed.link), undefined);
  return listOf(feed.entry).flatMap((node) => {
    if (!node || typeof node !== "object") return [];
    const entry = node as Record<string, unknown>;
    const made = makeItem(
      {
        title: textOf(entry.title),
        link: atomLink(listOf(entry.link), attributeOf(entry, "xml:base") || base),
        date: textOf(entry.published) || textOf(entry.updated) || textOf(entry["dc:date"]),
        summaryHtml: textOf(entry.summary) || textOf(entry.content),
        tags: tagsOf(entry),
      },
      outlet,
      feedCategories,
    );
    return made ? [made] : [];
  });
}

/**
 * Reads the items of an RSS 2.0, Atom 1.0 or RSS 1.0 (RDF) document. Items without a title, an
 * http(s) link or a readable date are left out. Throws a FeedParseError when the text is not a feed.
 */
export function parseFeed(xml: string, outlet: string, feedCategories: readonly Category[]): NewsItem[] {
  let document: Record<string, unknown>;
  try {
    document = feedParser.parse(xml) as Record<string, unknown>;
  } catch (error) {
    throw new FeedParseError(`Not a readable XML document: ${error instanceof Error ? error.message : String(error)}`);
  }
  const rss = first(document.rss);
  if (rss && typeof rss === "object") {
    const channel = first((rss as Record<string, unknown>).channel);
    const items = channel && typeof channel === "object" ? listOf((channel as Record<string, unknown>).item) : [];
    return rssItems(items, outlet, feedCategories);
  }
  const atom = first(document.feed);
  if (atom && typeof atom === "object") return atomItems(atom as Record<string, unknown>, outlet, feedCategories);
  const rdf = first(document["rdf:RDF"]);
  if (rdf && typeof rdf === "object") return rssItems(listOf((rdf as Record<string, unknown>).item), outlet, feedCategories);
  throw new FeedParseError("Not an RSS or Atom feed");
}

// ---------------------------------------------------------------------------------------------
// Choosing the items for one generation

/**
 * Words that show an item is about a category, used when its feed covers several categories.
 * Matched as whole words or phrases, ignoring case, with simple plurals.
 */
export const CATEGORY_KEYWORDS: Record<SpecCategory, readonly string[]> = {
  AI: [
    "ai",
    "artificial intelligence",
    "machine learning",
    "deep learning",
    "neural network",
    "llm",
    "large language model",
    "language model",
    "generative",
    "genai",
    "chatbot",
    "chatgpt",
    "openai",
    "anthropic",
    "claude",
    "gemini",
    "copilot",
    "deepmind",
    "mistral",
    "llama",
    "hugging face",
    "ai agent",
    "agentic",
    "gpt",
  ],
  Mobile: [
    "mobile",
    "smartphone",
    "phone",
    "iphone",
    "android",
    "ios",
    "ipad",
    "tablet",
    "app store",
    "google play",
    "pixel",
    "galaxy",
    "foldable",
    "5g",
    "carrier",
    "wireless",
    "handset",
    "whatsapp",
  ],
  Startups: [
    "startup",
    "start up",
    "founder",
    "cofounder",
    "co founder",
    "funding",
    "raises",
    "raised",
    "seed round",
    "pre seed",
    "series a",
    "series b",
    "series c",
    "series d",
    "venture capital",
    "venture",
    "vc",
    "valuation",
    "unicorn",
    "accelerator",
    "y combinator",
    "ipo",
    "investor",
    "acquires",
    "acquisition",
  ],
  Cloud: [
    "cloud",
    "aws",
    "amazon web services",
    "azure",
    "google cloud",
    "gcp",
    "data center",
    "datacenter",
    "data centre",
    "kubernetes",
    "serverless",
    "saas",
    "hyperscaler",
    "cloudflare",
    "snowflake",
    "outage",
  ],
  Gadgets: [
    "gadget",
    "device",
    "hardware",
    "laptop",
    "headphones",
    "earbuds",
    "smartwatch",
    "wearable",
    "camera",
    "tv",
    "television",
    "console",
    "playstation",
    "xbox",
    "nintendo",
    "headset",
    "vr",
    "e reader",
    "kindle",
    "drone",
    "speaker",
    "smart home",
    "macbook",
    "apple watch",
  ],
  Software: [
    "software",
    "app",
    "update",
    "release",
    "windows",
    "macos",
    "linux",
    "open source",
    "developer",
    "programming",
    "api",
    "sdk",
    "browser",
    "chrome",
    "firefox",
    "github",
    "code",
    "coding",
    "beta",
    "operating system",
  ],
  Security: [
    "security",
    "cybersecurity",
    "breach",
    "breached",
    "vulnerability",
    "vulnerabilities",
    "ransomware",
    "hack",
    "hacked",
    "hacker",
    "hacking",
    "malware",
    "patch",
    "patched",
    "cve",
    "exploit",
    "exploited",
    "zero day",
    "phishing",
    "spyware",
    "data leak",
    "leak",
    "cyberattack",
    "attack",
    "attacker",
    "ddos",
    "botnet",
    "backdoor",
    "infostealer",
    "trojan",
    "scam",
    "password",
  ],
};

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

/** Whether a feed's list (names or addresses, any case; empty for every section) covers a section. */
export function feedCovers(categories: readonly Category[], section: Pick<NewsSection, "name" | "slug">): boolean {
  if (categories.length === 0) return true;
  const name = section.name.toLowerCase();
  return categories.some((category) => {
    const key = category.toLowerCase();
    return key === name || key === section.slug;
  });
}

/** The names in the feeds file that no section has (by name or address), for the start-up log. */
export function unknownFeedSections(
  outlets: readonly NewsOutlet[],
  sections: readonly Pick<NewsSection, "name" | "slug">[],
): string[] {
  const named = outlets.flatMap((outlet) => outlet.feeds.flatMap((feed) => feed.categories));
  return [...new Set(named)].filter((category) => !sections.some((section) => feedCovers([category], section)));
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

// ---------------------------------------------------------------------------------------------
// Fetching the feeds

/** Every feed covering the category failed and none had been read before: no news can be trusted or denied. */
export class NewsUnavailableError extends Error {
  readonly code = "NEWS_UNAVAILABLE";
  constructor(category: Category) {
    super(`None of the trusted news feeds for ${category} could be read just now. Please try again in a few minutes.`);
  }
}

export interface NewsQuery {
  category: Category;
  topic?: string;
  /** Defaults to DEFAULT_NEWS_LIMIT. */
  limit?: number;
}

export interface NewsFeedReader {
  outlets: NewsOutlet[];
  /**
   * The recent items about the category (and topic) from every feed that covers it; failing feeds are skipped.
   * Throws NewsUnavailableError when every one of them failed.
   */
  recentNews(query: NewsQuery): Promise<NewsItem[]>;
}

export interface NewsFeedReaderOptions {
  outlets: NewsOutlet[];
  clock: Clock;
  logger: Logger;
  fetchTimeoutMs?: number;
  /** A feed read more recently than this is not asked again. */
  cacheTtlMs?: number;
  fetch?: typeof globalThis.fetch;
  /** Every address a host name resolves to; the system's resolver by default. */
  lookup?: (hostname: string) => Promise<string[]>;
  /** The sections in force, for their addresses and keywords; the specification's when left out. */
  sections?: { byName(name: string): NewsSection | undefined };
}

interface CachedFeed {
  items: NewsItem[];
  fetchedAt: number;
  etag: string | undefined;
  lastModified: string | undefined;
}

interface FeedSource {
  key: string;
  outlet: string;
  feed: NewsFeed;
}

async function readCappedBody(response: Response): Promise<Uint8Array> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > MAX_FEED_BYTES) {
    await response.body?.cancel();
    throw new Error(`the answer is larger than ${MAX_FEED_BYTES} bytes`);
  }
  if (!response.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_FEED_BYTES) {
      await reader.cancel();
      throw new Error(`the answer is larger than ${MAX_FEED_BYTES} bytes`);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** Decodes with the charset of the Content-Type header or the XML declaration; UTF-8 otherwise. */
function decodeBody(body: Uint8Array, contentType: string | null): string {
  const declared =
    /charset="?([\w.:-]+)/i.exec(contentType ?? "")?.[1] ??
    /^<\?xml[^>]*encoding=["']([\w.:-]+)["']/i.exec(new TextDecoder("latin1").decode(body.subarray(0, 200)))?.[1];
  try {
    return new TextDecoder(declared ?? "utf-8").decode(body);
  } catch {
    return new TextDecoder("utf-8").decode(body);
  }
}

// ---------------------------------------------------------------------------------------------
// Where a feed may be fetched from

/**
 * Addresses a feed request must not reach unless the feeds file allows it: this host and its neighbours
 * (loopback, private, link-local, carrier-grade NAT, unique-local), and what is never a web server
 * (unspecified, multicast, reserved, documentation). Otherwise a feed, or a redirect from one, could make
 * the server read its own admin pages, a cloud metadata service (169.254.169.254) or an intranet.
 */
const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 96], // unspecified, loopback and the old IPv4-compatible form
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, "ipv6");
}

/** An IPv6 address that carries an IPv4 one (::ffff:a.b.c.d, written either way): that IPv4 address. */
function embeddedIpv4(address: string): string | undefined {
  const match = /^::ffff:(?:([\d.]+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!match) return undefined;
  if (match[1]) return match[1];
  const high = Number.parseInt(match[2] ?? "0", 16);
  const low = Number.parseInt(match[3] ?? "0", 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** True for an address a feed may not reach without the feeds file's `allowPrivateAddresses`. */
export function isNonPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return NON_PUBLIC.check(address, "ipv4");
  if (version !== 6) return true;
  const ipv4 = embeddedIpv4(address);
  return ipv4 ? isNonPublicAddress(ipv4) : NON_PUBLIC.check(address, "ipv6");
}

async function systemLookup(hostname: string): Promise<string[]> {
  return (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);
}

/**
 * Refuses a URL whose host is, or resolves to, a non-public address. The check resolves the name and the
 * request resolves it again, so a name that changes its answer in between (DNS rebinding) is not stopped
 * here; the redirects, literal addresses and ordinary names that point inside are.
 */
async function assertPublicHost(url: URL, lookup: (hostname: string) => Promise<string[]>): Promise<void> {
  const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  const addresses = isIP(host) ? [host] : await lookup(host);
  const inside = addresses.find(isNonPublicAddress);
  if (inside !== undefined) {
    throw new Error(
      `${url.host} is ${inside === host ? "" : `${inside}, `}not a public address; ` +
        `"allowPrivateAddresses": true in the feeds file allows it`,
    );
  }
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * The feed's answer, following at most MAX_FEED_REDIRECTS redirects to http(s) addresses and, unless the
 * feed allows private addresses, checking every address on the way (the first one included).
 */
async function fetchFollowingSafeRedirects(
  feed: NewsFeed,
  init: { headers: Record<string, string>; signal: AbortSignal },
  { fetch, lookup }: { fetch: typeof globalThis.fetch; lookup: (hostname: string) => Promise<string[]> },
): Promise<Response> {
  let target = new URL(feed.url);
  for (let redirects = 0; ; redirects++) {
    if (!feed.allowPrivateAddresses) await assertPublicHost(target, lookup);
    const response = await fetch(target.href, { ...init, redirect: "manual" });
    if (!REDIRECT_STATUSES.has(response.status)) return response;
    await response.body?.cancel();
    const location = response.headers.get("location");
    if (!location) throw new Error(`HTTP ${response.status} without a Location header`);
    if (redirects >= MAX_FEED_REDIRECTS) throw new Error(`more than ${MAX_FEED_REDIRECTS} redirects`);
    const next = URL.canParse(location, target) ? new URL(location, target) : undefined;
    if (!next || !/^https?:$/.test(next.protocol)) throw new Error("a redirect to an address that is not http(s)");
    target = next;
  }
}

async function runLimited<T, R>(inputs: readonly T[], limit: number, work: (input: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(inputs.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, inputs.length) }, async () => {
    while (next < inputs.length) {
      const index = next++;
      results[index] = await work(inputs[index] as T);
    }
  });
  await Promise.all(workers);
  return results;
}

function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof Error) {
    if (error.name === "TimeoutError" || error.name === "AbortError") return `no answer within ${timeoutMs} ms`;
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
    return `${error.message}${cause}`;
  }
  return String(error);
}

/** The README's 10-minute feed cache. */
export const FEED_CACHE_TTL_MS = 10 * 60_000;

/**
 * Reads the trusted outlets' feeds for one generation. Each feed is fetched with a timeout, a size
 * cap and a conditional request (ETag, Last-Modified); a feed read less than `cacheTtlMs` ago is not
 * asked again. A failing feed is logged at warn and skipped, or its last good copy is used.
 * The cache lives in this reader only: it saves requests, it holds nothing that must survive.
 */
export function createNewsFeedReader({
  outlets,
  clock,
  logger,
  fetchTimeoutMs = 8000,
  cacheTtlMs = FEED_CACHE_TTL_MS,
  fetch = globalThis.fetch,
  lookup = systemLookup,
  sections,
}: NewsFeedReaderOptions): NewsFeedReader {
  const cache = new Map<string, CachedFeed>();
  const inFlight = new Map<string, Promise<NewsItem[] | null>>();

  async function download(source: FeedSource, cached: CachedFeed | undefined): Promise<CachedFeed> {
    const headers: Record<string, string> = { "user-agent": FEED_USER_AGENT, accept: FEED_ACCEPT };
    if (cached?.etag) headers["if-none-match"] = cached.etag;
    if (cached?.lastModified) headers["if-modified-since"] = cached.lastModified;
    const response = await fetchFollowingSafeRedirects(
      source.feed,
      { headers, signal: AbortSignal.timeout(fetchTimeoutMs) },
      { fetch, lookup },
    );
    const fetchedAt = clock.now().getTime();
    const etag = response.headers.get("etag") ?? undefined;
    const lastModified = response.headers.get("last-modified") ?? undefined;
    if (response.status === 304 && cached) {
      await response.body?.cancel();
      return { items: cached.items, fetchedAt, etag: etag ?? cached.etag, lastModified: lastModified ?? cached.lastModified };
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`HTTP ${response.status}`);
    }
    const text = decodeBody(await readCappedBody(response), response.headers.get("content-type"));
    return { items: parseFeed(text, source.outlet, source.feed.categories), fetchedAt, etag, lastModified };
  }

  /** The feed's items; null when it failed and no earlier copy exists. */
  async function refresh(source: FeedSource, cached: CachedFeed | undefined): Promise<NewsItem[] | null> {
    try {
      const fresh = await download(source, cached);
      cache.set(source.key, fresh);
      return fresh.items;
    } catch (error) {
      const reason = describeFailure(error, fetchTimeoutMs);
      const fallback = cached ? "using the copy read before" : "skipped";
      logger.warn(
        { feedUrl: source.feed.url, outlet: source.outlet, reason, usedCachedCopy: Boolean(cached) },
        `News feed ${source.feed.url} failed (${reason}); ${fallback}`,
      );
      return cached?.items ?? null;
    }
  }

  function readFeed(source: FeedSource): Promise<NewsItem[] | null> {
    const cached = cache.get(source.key);
    if (cached && clock.now().getTime() - cached.fetchedAt < cacheTtlMs) return Promise.resolve(cached.items);
    // Two generations at once share one request per feed.
    const running = inFlight.get(source.key);
    if (running) return running;
    const request = refresh(source, cached).finally(() => inFlight.delete(source.key));
    inFlight.set(source.key, request);
    return request;
  }

  return {
    outlets,
    async recentNews({ category, topic, limit }) {
      const section = sections?.byName(category) ?? specSection(category);
      const sources = new Map<string, FeedSource>();
      for (const outlet of outlets) {
        for (const feed of outlet.feeds) {
          if (!feedCovers(feed.categories, section)) continue;
          const key = `${outlet.outlet}\n${feed.url}`;
          if (!sources.has(key)) sources.set(key, { key, outlet: outlet.outlet, feed });
        }
      }
      const read = await runLimited([...sources.values()], FEED_CONCURRENCY, readFeed);
      if (read.length > 0 && read.every((items) => items === null)) throw new NewsUnavailableError(category);
      const items = read.flatMap((feedItems) => feedItems ?? []);
      const chosen = selectRecentNews(items, { category, section, topic, now: clock.now(), limit });
      logger.debug({ category, topic, feeds: sources.size, items: items.length, chosen: chosen.length }, "News grounding read");
      return chosen;
    },
  };
}
