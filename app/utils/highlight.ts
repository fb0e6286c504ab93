/**
 * Markers around matched words in search snippets: private-use characters that never occur in articles,
 * so the page can turn them into <mark> elements while the text itself stays text.
 */
export const HIGHLIGHT_START = "\uE000";
export const HIGHLIGHT_END = "\uE001";
