/** Read time when an article has none (spec: "read_time (minutes, 5 when missing)"). */
export const DEFAULT_READ_TIME = 5;

/** The range an editor may set by hand, in minutes. */
export const READ_TIME_MIN = 1;
export const READ_TIME_MAX = 15;

/** Generated articles: words / 200, rounded up, clamped to 3..6 minutes. */
export const READ_TIME_WORDS_PER_MINUTE = 200;
export const GENERATED_READ_TIME_MIN = 3;
export const GENERATED_READ_TIME_MAX = 6;

/** Words in a markdown text: whitespace-separated tokens holding a letter or digit, so "##", "-" or "---" do not count. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}

/** Minutes to read `words`: words / 200, rounded up, within `min`..`max` (by default the range an editor may set). */
export function readingMinutes(words: number, min = READ_TIME_MIN, max = READ_TIME_MAX): number {
  return Math.min(max, Math.max(min, Math.ceil(words / READ_TIME_WORDS_PER_MINUTE)));
}

/** The read time of a generated article: words / 200, rounded up, clamped to 3..6. */
export function generatedReadTime(content: string): number {
  return readingMinutes(countWords(content), GENERATED_READ_TIME_MIN, GENERATED_READ_TIME_MAX);
}

/** "N min read"; a missing or invalid value shows the default. */
export function formatReadTime(minutes: number | null | undefined): string {
  const value = typeof minutes === "number" && Number.isFinite(minutes) && minutes > 0 ? Math.round(minutes) : DEFAULT_READ_TIME;
  return `${value} min read`;
}
