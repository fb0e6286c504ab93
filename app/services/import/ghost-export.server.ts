import { renderLexical, renderMobiledoc, restoreMarkdownCards } from "./ghost-body.server";
import { htmlToMarkdown } from "./html-to-markdown.server";
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
 * Ghost's JSON export (Settings → Migration → Export): `{"db":[{"meta":{...},"data":{...}}]}`, or the same
 * `{"meta","data"}` object unwrapped. The data block mirrors Ghost's tables: `posts`, `users`, `tags`,
 * `posts_tags` and `posts_authors` (joins with `sort_order`). See https://docs.ghost.org/migration/custom.
 */
type GhostRecord = Record<string, unknown>;

export interface GhostData {
  posts: GhostRecord[];
  users: GhostRecord[];
  tags: GhostRecord[];
  posts_tags: GhostRecord[];
  posts_authors: GhostRecord[];
}

/** The data block of a Ghost export, or null when the JSON is not one. */
export function ghostData(json: unknown): GhostData | null {
  if (typeof json !== "object" || json === null || Array.isArray(json)) return null;
  const wrapped = (json as { db?: unknown }).db;
  const entry = Array.isArray(wrapped) ? (wrapped[0] as unknown) : json;
  if (typeof entry !== "object" || entry === null) return null;
  const { meta, data } = entry as { meta?: unknown; data?: unknown };
  if (typeof meta !== "object" || meta === null || typeof data !== "object" || data === null) return null;
  const table = (name: string) => {
    const rows = (data as Record<string, unknown>)[name];
    return Array.isArray(rows) ? rows.filter((row): row is GhostRecord => typeof row === "object" && row !== null) : [];
  };
  if (!Array.isArray((data as Record<string, unknown>).posts)) return null;
  return {
    posts: table("posts"),
    users: table("users"),
    tags: table("tags"),
    posts_tags: table("posts_tags"),
    posts_authors: table("posts_authors"),
  };
}

const text = (record: GhostRecord | undefined, key: string): string =>
  record && typeof record[key] === "string" ? (record[key] as string) : "";
const idOf = (record: GhostRecord | undefined, key = "id"): string =>
  record && (typeof record[key] === "string" || typeof record[key] === "number") ? String(record[key]) : "";
const sortOrder = (record: GhostRecord) => (typeof record.sort_order === "number" ? record.sort_order : 0);

/** A join table's rows grouped by post, each group in `sort_order`: post id → the other ids. */
function joinedByPost(rows: GhostRecord[], otherKey: string): Map<string, string[]> {
  const groups = new Map<string, GhostRecord[]>();
  for (const row of rows) {
    const postId = idOf(row, "post_id");
    const group = groups.get(postId);
    if (group) group.push(row);
    else groups.set(postId, [row]);
  }
  return new Map(
    [...groups].map(([postId, group]) => [
      postId,
      group.sort((a, b) => sortOrder(a) - sortOrder(b)).map((row) => idOf(row, otherKey)),
    ]),
  );
}

export function isGhostPost(post: GhostRecord): boolean {
  // Ghost 0.x marked pages with `page: 1`; later versions with `type: "page"`.
  return (post.type === undefined || post.type === "post") && post.page !== true && post.page !== 1;
}

function resolveGhostUrls(value: string, siteUrl: string | undefined): string {
  return value.split("__GHOST_URL__").join(siteUrl ? siteUrl.replace(/\/+$/, "") : "");
}

function bodyOf(post: GhostRecord, siteUrl: string | undefined): { markdown: string; html: string } {
  const html = text(post, "html");
  if (html.trim()) {
    const resolved = resolveGhostUrls(html, siteUrl);
    return { markdown: htmlToMarkdown(resolved), html: resolved };
  }
  const rendered = (text(post, "lexical") && renderLexical(text(post, "lexical"))) ||
    (text(post, "mobiledoc") && renderMobiledoc(text(post, "mobiledoc"))) || { html: "", markdownCards: [] };
  const resolved = resolveGhostUrls(rendered.html, siteUrl);
  const markdown = restoreMarkdownCards(htmlToMarkdown(resolved), rendered.markdownCards);
  return {
    markdown: resolveGhostUrls(markdown, siteUrl),
    // For the excerpt: each markdown card's text stands in for its placeholder.
    html: resolved.replace(/BYLINE-MARKDOWN-CARD-(\d+)/g, (_match, index: string) =>
      escapeText(rendered.markdownCards[Number(index)] ?? ""),
    ),
  };
}

function escapeText(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

const STATUSES = new Set(["published", "draft", "scheduled"]);

/** Turns a Ghost export's posts into import rows; pages are skipped, posts that cannot be placed are reported. */
export function convertGhostExport(
  data: GhostData,
  options: ConvertOptions,
): { rows: SourcedRow[]; errors: SourceRowError[]; posts: number } {
  const users = new Map(data.users.map((user) => [idOf(user), user]));
  const tags = new Map(data.tags.map((tag) => [idOf(tag), tag]));
  const tagIdsOf = joinedByPost(data.posts_tags, "tag_id");
  const authorIdsOf = joinedByPost(data.posts_authors, "author_id");
  const rows: SourcedRow[] = [];
  const errors: SourceRowError[] = [];
  let posts = 0;
  data.posts.forEach((post, index) => {
    if (!isGhostPost(post)) return;
    posts += 1;
    const row = index + 1;
    const id = idOf(post);
    const slug = text(post, "slug");
    const label = `Ghost post '${slug || id}'`;
    const status = text(post, "status");
    if (!id) return errors.push({ row, label, reason: "has no id" });
    if (!STATUSES.has(status))
      return errors.push({ row, label, reason: `status '${status}' is not published, draft or scheduled` });

    // The primary tag is the first public one: Ghost's internal tags start with "#".
    const tagNames = (tagIdsOf.get(id) ?? [])
      .map((tagId) => text(tags.get(tagId), "name"))
      .filter((name) => name && !name.startsWith("#"));
    const primaryTag = tagNames[0];
    if (!primaryTag)
      return errors.push({ row, label, reason: "has no tag to choose a category from; give it one in Ghost first" });
    const category = categoryForTag(primaryTag, options);
    if (!category) return errors.push({ row, label, reason: unmappedTagReason("tag", primaryTag) });

    const authorIds = [...(authorIdsOf.get(id) ?? [])];
    if (authorIds.length === 0 && idOf(post, "author_id")) authorIds.push(idOf(post, "author_id"));
    const authorNames = [...new Set(authorIds.map((authorId) => text(users.get(authorId), "name").trim()).filter(Boolean))];

    const body = bodyOf(post, options.siteUrl);
    const publishedAt = status === "draft" ? null : text(post, "published_at") || null;
    const customExcerpt = text(post, "custom_excerpt").trim();
    const featureImage = resolveGhostUrls(text(post, "feature_image"), options.siteUrl);
    rows.push({
      row,
      label,
      value: {
        title: text(post, "title"),
        excerpt: customExcerpt || excerptFromHtml(body.html),
        content: body.markdown,
        category,
        image: featureImage,
        published_at: publishedAt,
        created_at: text(post, "created_at") || null,
        is_featured: post.featured === true || post.featured === 1,
        // Every public tag stays a tag; the first also chose the section above.
        tags: importedTagNames(tagNames),
        ...(authorNames[0] ? { author: authorNames[0] } : {}),
      },
      coauthors: authorNames.slice(1),
      source: {
        system: "ghost",
        sourceId: id,
        oldPaths: slugPaths(slug, publishedAt ? new Date(publishedAt) : null),
      },
    });
  });
  return { rows, errors, posts };
}
