import { CATEGORIES, type Category } from "../../domain/sections";
import type { ImportSystem } from "../../db/schema";
import { htmlToPlainText } from "./html-to-markdown.server";
import { normaliseTagName, TAG_NAME_MAX_LENGTH } from "../../utils/tags";
import { cutText, isAllowedText } from "../../validation/text";

/** One article read from another system's export, before the row schema checks it. */
export interface SourcedRow {
  /** 1-based position of the post in the export (pages and attachments count too, so numbers match the file). */
  row: number;
  /** How a report names the row besides its number: "Ghost post 'my-slug'". */
  label: string;
  /** Our import row's fields (see ArticleImportRow). */
  value: Record<string, unknown>;
  coauthors: string[];
  source: { system: ImportSystem; sourceId: string; oldPaths: string[] };
}

export interface SourceRowError {
  row: number;
  label: string;
  reason: string;
}

export interface ConvertOptions {
  /** Lower-cased tag or category name → our category, from `--category-map Tag=Category`. */
  categoryMap: ReadonlyMap<string, Category>;
  /**
   * The newsroom's sections (decision 042): a tag of the same name (any case) is taken as that section without a
   * mapping. The specification's seven when not given.
   */
  sectionNames?: readonly string[];
  /** Replaces Ghost's `__GHOST_URL__`; without it such addresses become paths on this site. */
  siteUrl?: string;
}

/** Our section for a tag name: a section of the same name (any case), else the mapping given, else null. */
export function categoryForTag(
  name: string,
  { categoryMap, sectionNames = CATEGORIES }: Pick<ConvertOptions, "categoryMap" | "sectionNames">,
): Category | null {
  const key = name.trim().toLowerCase();
  return sectionNames.find((section) => section.toLowerCase() === key) ?? categoryMap.get(key) ?? null;
}

export function unmappedTagReason(kind: "tag" | "category", name: string): string {
  return `${kind} '${name}' matches no category; map it with --category-map ${name.includes(" ") ? `"${name}=Gadgets"` : `${name}=Gadgets`}`;
}

/**
 * Another system's tag names as ours: decoded as plain text, cut to our longest name (Ghost allows 191 characters),
 * names without a letter or digit left out, so that a tag never refuses the post it belongs to.
 */
export function importedTagNames(names: readonly string[]): string[] {
  return names
    .map((name) => normaliseTagName(cutText(htmlToPlainText(name), TAG_NAME_MAX_LENGTH)))
    .filter((name) => /[\p{L}\p{N}]/u.test(name) && isAllowedText(name));
}

const EXCERPT_LENGTH = 300;

/** An excerpt cut from a body at a word boundary, for posts that have none of their own. */
export function excerptFromHtml(html: string): string {
  const text = htmlToPlainText(html);
  if (text.length <= EXCERPT_LENGTH) return text;
  const cut = text.slice(0, EXCERPT_LENGTH);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > EXCERPT_LENGTH / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}

/** "/my-post", "/2024/05/my-post": the addresses a post of that slug and date answered at, without trailing slash. */
export function slugPaths(slug: string, publishedAt: Date | null): string[] {
  if (!slug) return [];
  const paths = [`/${slug}`];
  if (publishedAt) {
    const year = publishedAt.getUTCFullYear();
    const month = String(publishedAt.getUTCMonth() + 1).padStart(2, "0");
    paths.push(`/${year}/${month}/${slug}`);
  }
  return paths;
}

/** Parses `--category-map` values ("Hardware=Gadgets"); throws a plain sentence for a bad one. */
export function parseCategoryMap(entries: string[]): Map<string, Category> {
  const map = new Map<string, Category>();
  for (const entry of entries) {
    const at = entry.lastIndexOf("=");
    const tag = at > 0 ? entry.slice(0, at).trim() : "";
    const target = at > 0 ? entry.slice(at + 1).trim() : "";
    // One of the specification's seven in its own spelling; any other name is checked against the newsroom's
    // sections when the posts are imported (importArticles).
    const category = CATEGORIES.find((name) => name.toLowerCase() === target.toLowerCase()) ?? target;
    if (!tag || !category) throw new CategoryMapError(`--category-map ${entry}: expected TAG=SECTION, such as Hardware=Gadgets`);
    map.set(tag.toLowerCase(), category);
  }
  return map;
}

export class CategoryMapError extends Error {
  readonly code = "INVALID_CATEGORY_MAP";
}
