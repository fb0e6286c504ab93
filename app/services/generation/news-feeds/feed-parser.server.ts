import { XMLParser } from "fast-xml-parser";
import type { Category } from "../../../domain/sections";

/** Summaries are cut to about this many characters. */
export const NEWS_SUMMARY_LENGTH = 400;

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
