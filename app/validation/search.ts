import { z } from "zod";

/** Longer queries are cut here; nobody types more, and the parser's work stays bounded. */
export const SEARCH_QUERY_MAX_LENGTH = 200;

/** The spec's instant search: from 2 trimmed characters, 300 ms after the last keystroke, at most 5 results. */
export const INSTANT_SEARCH_MIN_LENGTH = 2;
export const INSTANT_SEARCH_DEBOUNCE_MS = 300;
export const INSTANT_SEARCH_LIMIT = 5;

/** The `query` parameter of /search and /api/search: trimmed, at most 200 characters, empty when missing. */
export const SearchQuery = z
  .string()
  .catch("")
  .transform((value) => value.trim().slice(0, SEARCH_QUERY_MAX_LENGTH));

export function parseSearchQuery(url: URL | string): string {
  return SearchQuery.parse(new URL(url).searchParams.get("query") ?? "");
}

export function searchPath(query: string, page = 1): string {
  const params = new URLSearchParams({ query });
  if (page > 1) params.set("page", String(page));
  return `/search?${params.toString()}`;
}
