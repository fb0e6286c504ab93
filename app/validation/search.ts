import { z } from "zod";

/** Longer queries are cut here; nobody types more, and the parser's work stays bounded. */
export const SEARCH_QUERY_MAX_LENGTH = 200;

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
