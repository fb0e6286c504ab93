import { XMLParser } from "fast-xml-parser";
import { normaliseOldPath } from "../../utils/old-addresses";
import { htmlToMarkdown, htmlToPlainText } from "./html-to-markdown.server";
import {
  categoryForTag,
  type ConvertOptions,
  excerptFromHtml,
  importedTagNames,
  slugPaths,
  type SourcedRow,
  type SourceRowError,
  unmappedTagReason,
} from "./import-source.server";

/**
 * WordPress's export (Tools → Export): WXR, an RSS 2.0 document with the `wp:`, `content:`, `excerpt:` and `dc:`
 * namespaces. Every post, page and attachment is an `item`; the channel lists the authors (`wp:author`).
 */
type XmlNode = Record<string, unknown>;

const LIST_TAGS = new Set(["item", "category", "wp:postmeta", "wp:author"]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  textNodeName: "#text",
  // The five XML entities and numeric references; a DOCTYPE is refused before parsing, so nothing expands.
  processEntities: true,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (tagName) => LIST_TAGS.has(tagName),
});

export class WordPressFileError extends Error {
  readonly code = "INVALID_WXR";
}

/** Whether a text looks like a WXR file: XML carrying WordPress's export namespace. */
export function looksLikeWxr(text: string): boolean {
  return text.trimStart().startsWith("<") && /xmlns:wp="https?:\/\/wordpress\.org\/export\//.test(text.slice(0, 4000));
}

function textOf(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  if (value && typeof value === "object" && "#text" in value) return textOf((value as XmlNode)["#text"]);
  return "";
}

function asList(value: unknown): XmlNode[] {
  return Array.isArray(value) ? value.filter((entry): entry is XmlNode => typeof entry === "object" && entry !== null) : [];
}

export function readWxrItems(text: string): { items: XmlNode[]; authors: Map<string, string> } {
  if (/<!DOCTYPE|<!ENTITY/i.test(text))
    throw new WordPressFileError("The WordPress export declares a DOCTYPE, which a WXR file never has.");
  let document: XmlNode;
  try {
    document = parser.parse(text, true) as XmlNode;
  } catch (error) {
    throw new WordPressFileError(`The WordPress export is not well-formed XML: ${(error as Error).message}`);
  }
  const channel = (document.rss as XmlNode | undefined)?.channel as XmlNode | undefined;
  if (!channel) throw new WordPressFileError("The WordPress export has no <rss><channel>.");
  const authors = new Map<string, string>();
  for (const author of asList(channel["wp:author"])) {
    const login = textOf(author["wp:author_login"]).trim();
    const name = textOf(author["wp:author_display_name"]).trim();
    if (login) authors.set(login, name || login);
  }
  return { items: asList(channel.item), authors };
}

const STATUS: Record<string, "published" | "draft" | "scheduled"> = {
  publish: "published",
  draft: "draft",
  pending: "draft",
  future: "scheduled",
};

/** `wp:post_date_gmt` ("2024-05-01 10:00:00", UTC; "0000-00-00 00:00:00" when never set) as ISO 8601. */
function gmtDate(value: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/.exec(value.trim());
  if (!match || match[1] === "0000-00-00") return null;
  return `${match[1]}T${match[2]}Z`;
}

function pathOf(link: string): string | null {
  if (!URL.canParse(link)) return null;
  const url = new URL(link);
  return normaliseOldPath(`${url.pathname}${url.search}`);
}

const BLOCK_START = /^\s*<(h[1-6]|ul|ol|blockquote|pre|figure|div|table|hr|p)[\s>/]/i;

/**
 * The classic editor stores paragraphs as text separated by blank lines (WordPress adds the <p> tags when it shows
 * a post); without this they would run together. Bodies that already have <p> tags (the block editor's) are kept.
 */
function autoParagraphs(html: string): string {
  const normalised = html.replace(/\r\n/g, "\n");
  if (/<p[\s>]/i.test(normalised) || /<pre[\s>]/i.test(normalised)) return normalised;
  return normalised
    .split(/\n\s*\n/)
    .map((chunk) => (BLOCK_START.test(chunk) ? chunk : `<p>${chunk.trim().replace(/\n/g, "<br>")}</p>`))
    .join("\n");
}

export function convertWxr(
  text: string,
  options: ConvertOptions,
): { rows: SourcedRow[]; errors: SourceRowError[]; posts: number } {
  const { items, authors } = readWxrItems(text);
  const attachments = new Map<string, string>();
  for (const item of items)
    if (textOf(item["wp:post_type"]) === "attachment")
      attachments.set(textOf(item["wp:post_id"]).trim(), textOf(item["wp:attachment_url"]).trim());

  const rows: SourcedRow[] = [];
  const errors: SourceRowError[] = [];
  let posts = 0;
  items.forEach((item, index) => {
    if (textOf(item["wp:post_type"]) !== "post") return;
    posts += 1;
    const row = index + 1;
    const id = textOf(item["wp:post_id"]).trim();
    const slug = textOf(item["wp:post_name"]).trim();
    const label = `WordPress post '${slug || id}'`;
    const wpStatus = textOf(item["wp:status"]).trim();
    const status = STATUS[wpStatus];
    if (!id) return errors.push({ row, label, reason: "has no wp:post_id" });
    if (!status) return errors.push({ row, label, reason: `status '${wpStatus}' is not publish, draft, pending or future` });

    const categories = asList(item.category)
      .filter((category) => category["@_domain"] === "category")
      .map((category) => textOf(category).trim())
      .filter((name) => name && name.toLowerCase() !== "uncategorized");
    const postTags = asList(item.category)
      .filter((category) => category["@_domain"] === "post_tag")
      .map((category) => textOf(category).trim());
    const primary = categories[0];
    if (!primary) return errors.push({ row, label, reason: "has no category; give it one in WordPress first" });
    const category = categoryForTag(primary, options);
    if (!category) return errors.push({ row, label, reason: unmappedTagReason("category", primary) });

    const meta = new Map(
      asList(item["wp:postmeta"]).map((entry) => [textOf(entry["wp:meta_key"]).trim(), textOf(entry["wp:meta_value"]).trim()]),
    );
    const thumbnailId = meta.get("_thumbnail_id");
    const image = (thumbnailId && attachments.get(thumbnailId)) || "";

    const html = textOf(item["content:encoded"]);
    const excerpt = textOf(item["excerpt:encoded"]).trim();
    const login = textOf(item["dc:creator"]).trim();
    const publishedAt = status === "draft" ? null : gmtDate(textOf(item["wp:post_date_gmt"]));
    const oldPaths = new Set(slugPaths(slug, publishedAt ? new Date(publishedAt) : null));
    const linkPath = pathOf(textOf(item.link).trim());
    if (linkPath && linkPath !== "/") oldPaths.add(linkPath);
    oldPaths.add(`/?p=${id}`);
    rows.push({
      row,
      label,
      value: {
        // WordPress keeps titles HTML-escaped ("Q&amp;A"); ours are plain text.
        title: htmlToPlainText(textOf(item.title)),
        excerpt: excerptFromHtml(excerpt || html),
        content: htmlToMarkdown(autoParagraphs(html)),
        category,
        image,
        published_at: publishedAt,
        created_at: gmtDate(textOf(item["wp:post_date_gmt"])),
        // Its tags, and the categories after the first (which chose the section), stay as tags.
        tags: importedTagNames([...postTags, ...categories.slice(1)]),
        ...(login ? { author: authors.get(login) ?? login } : {}),
      },
      coauthors: [],
      source: { system: "wordpress", sourceId: id, oldPaths: [...oldPaths] },
    });
  });
  return { rows, errors, posts };
}
