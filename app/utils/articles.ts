import { DATABASE_INT_MAX } from "./database-limits";

/**
 * When an article last changed, as readers and crawlers are told (JSON-LD `dateModified`, `article:modified_time`):
 * its last edit, or its publication when that came later (a scheduled article goes out after its last edit). The
 * sitemap's `lastmod` is the same value, greatest(updated_at, published_at), so the two never disagree.
 */
export function lastModifiedAt({
  updatedAt,
  publishedAt,
}: {
  updatedAt: Date | string;
  publishedAt: Date | string | null;
}): Date {
  const updated = new Date(updatedAt);
  if (publishedAt === null) return updated;
  const published = new Date(publishedAt);
  return published.getTime() > updated.getTime() ? published : updated;
}

/** Changes within this long of publishing (the save that went with it, say) do not make an article "Updated". */
export const UPDATED_AFTER_MS = 60_000;

/**
 * The time the article page shows as "Updated {date}": its last change (`lastModifiedAt`, the very value of
 * `dateModified`, `article:modified_time` and the sitemap's `lastmod`) when that came more than a minute after it was
 * published; null for an article never changed since (or not published).
 */
export function updatedAfterPublishing(article: { updatedAt: Date | string; publishedAt: Date | string | null }): Date | null {
  if (article.publishedAt === null) return null;
  const modified = lastModifiedAt(article);
  return modified.getTime() - new Date(article.publishedAt).getTime() > UPDATED_AFTER_MS ? modified : null;
}

export function articlePath(id: number): string {
  return `/article/${id}`;
}

/** An author's page; their feed is this plus `/rss.xml`. */
export function authorPath(slug: string): string {
  return `/author/${encodeURIComponent(slug)}`;
}

/** Names as a byline says them: "A", "A and B", "A, B and C". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/**
 * The article id in a URL: its plain base-10 number, without sign, leading zeros or trailing characters, so an
 * article has one address ("12abc" and "012" are not found); null when there is none.
 */
export function parseArticleId(value: string | undefined): number | null {
  if (value === undefined || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= DATABASE_INT_MAX ? id : null;
}
