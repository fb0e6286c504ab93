import { z } from "zod";
import { allowedText, cutText, notAllowedMessage } from "./text";

/** Longer queries are cut here; nobody types more, and the parser's work stays bounded. */
export const SEARCH_QUERY_MAX_LENGTH = 200;

export { INSTANT_SEARCH_DEBOUNCE_MS, INSTANT_SEARCH_LIMIT, INSTANT_SEARCH_MIN_LENGTH, searchPath } from "./search-rules";

/** The answer to a search holding control characters: /search shows it, /api/search returns it, both with 400. */
export const SEARCH_NOT_ALLOWED_MESSAGE = notAllowedMessage("Your search");

/**
 * The `query` parameter of /search and /api/search: trimmed, at most 200 characters, empty when missing;
 * refused when it holds control characters (a NUL would otherwise reach the database and fail).
 */
export const SearchQuery = z
  .string()
  .catch("")
  .transform((value) => cutText(value.trim(), SEARCH_QUERY_MAX_LENGTH))
  .check(allowedText("Your search"));

export type ParsedSearchQuery = { ok: true; query: string } | { ok: false; error: string };

export function parseSearchQuery(url: URL | string): ParsedSearchQuery {
  const parsed = SearchQuery.safeParse(new URL(url).searchParams.get("query") ?? "");
  return parsed.success ? { ok: true, query: parsed.data } : { ok: false, error: SEARCH_NOT_ALLOWED_MESSAGE };
}
