/** The periods the Insights tab offers, in days ending today. */
export const INSIGHTS_PERIODS = [30, 90] as const;
export type InsightsPeriod = (typeof INSIGHTS_PERIODS)[number];

/** The tables of the Insights tab, each also a CSV download at /admin/insights/<id>.csv. */
export const INSIGHTS_TABLES = [
  "reads-per-day",
  "top-articles",
  "reads-per-category",
  "subscribers",
  "articles-per-week",
  "newsletter-issues",
  "search-gaps",
] as const;
export type InsightsTableId = (typeof INSIGHTS_TABLES)[number];
