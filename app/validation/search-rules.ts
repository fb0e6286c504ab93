/* The search's constants and addresses without zod, for the reader pages' islands script as well as the server. */

/** The spec's instant search: from 2 trimmed characters, 300 ms after the last keystroke, at most 5 results. */
export const INSTANT_SEARCH_MIN_LENGTH = 2;
export const INSTANT_SEARCH_DEBOUNCE_MS = 300;
export const INSTANT_SEARCH_LIMIT = 5;

/** The results page of a query. */
export function searchPath(query: string, page = 1): string {
  const params = new URLSearchParams({ query });
  if (page > 1) params.set("page", String(page));
  return `/search?${params.toString()}`;
}
