const articleDate = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** "Mar 5, 2025" style; "Unknown date" when there is no valid date. */
export function formatArticleDate(value: Date | string | null | undefined): string {
  if (value === null || value === undefined || value === "") return "Unknown date";
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? "Unknown date" : articleDate.format(date);
}
