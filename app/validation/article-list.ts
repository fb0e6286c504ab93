import { z } from "zod";
import { SECTION_NAME_MAX, type Category } from "../domain/sections";
import { TAG_SLUG_MAX_LENGTH, TAG_SLUG_PATTERN } from "../utils/tags";
import { allowedText, cutText } from "./text";

/** Article Management shows this many articles per page, newest first. */
export const ADMIN_ARTICLES_PAGE_SIZE = 25;
export const ADMIN_SEARCH_MAX_LENGTH = 200;

/** The status filter: Published, Scheduled, Draft, and Needs review (`in_review`). */
export const STATUS_FILTERS = ["published", "scheduled", "draft", "in_review"] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/**
 * The table's search, filters and page, as they live in the URL (`?q=&category=&tag=&status=&page=`).
 * A malformed value is not an error: it falls back to "no filter" or page 1, as a hand-edited link should;
 * a search holding control characters (which the database refuses) is no search.
 */
export const ArticleListQuery = z.object({
  q: z
    .string()
    .transform((value) => cutText(value.trim(), ADMIN_SEARCH_MAX_LENGTH))
    .check(allowedText("The search"))
    .catch(""),
  // A section's name (decision 042); the loader drops one the newsroom does not have.
  category: z.string().trim().min(1).max(SECTION_NAME_MAX).check(allowedText("The category")).optional().catch(undefined),
  /** A tag's address: its articles only (the Tags tab's counts link here). */
  tag: z.string().max(TAG_SLUG_MAX_LENGTH).regex(TAG_SLUG_PATTERN).optional().catch(undefined),
  status: z.enum(STATUS_FILTERS).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export interface ArticleListQuery {
  q: string;
  category?: Category;
  tag?: string;
  status?: StatusFilter;
  page: number;
}

/**
 * The list state a URL asks for. With `sectionNames` (the sections in force), a category that names none of them is
 * no filter, as any other malformed value; without, it is carried as written (a link back to the list).
 */
export function parseArticleListQuery(params: URLSearchParams, sectionNames?: readonly string[]): ArticleListQuery {
  const query = ArticleListQuery.parse({
    q: params.get("q") ?? "",
    category: params.get("category") ?? undefined,
    tag: params.get("tag") ?? undefined,
    status: params.get("status") ?? undefined,
    page: params.get("page") ?? undefined,
  });
  if (sectionNames && query.category !== undefined && !sectionNames.includes(query.category)) {
    return { ...query, category: undefined };
  }
  return query;
}

/** The query string for a list state, without empty values, so links stay short: "" or "?q=ai&page=2". */
export function articleListSearch({ q, category, tag, status, page }: Partial<ArticleListQuery>): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (category) params.set("category", category);
  if (tag) params.set("tag", tag);
  if (status) params.set("status", status);
  if (page && page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `?${search}` : "";
}
