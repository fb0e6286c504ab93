import type { Category } from "../domain/sections";
import type { InsightsPeriod, InsightsTableId } from "../domain/insights";

/** Every figure of the Insights tab for one period (services/analytics/insights.server.ts reads them). */
export interface InsightsReport {
  period: { days: InsightsPeriod; firstDay: string; lastDay: string };
  readsPerDay: { day: string; reads: number }[];
  topArticles: { id: number; title: string; category: string; reads: number }[];
  readsPerCategory: { category: Category; reads: number }[];
  /** One row per day of the period: that day's changes and the totals at its end. */
  subscribers: {
    day: string;
    signUps: number;
    confirmations: number;
    unsubscribes: number;
    active: number;
    pending: number;
    unsubscribed: number;
  }[];
  /** Weeks (Monday first) of the period: articles by their current status, and AI-assisted or not. */
  articlesPerWeek: {
    week: string;
    published: number;
    scheduled: number;
    inReview: number;
    draft: number;
    aiAssisted: number;
    humanWritten: number;
  }[];
  newsletterIssues: { id: number; subject: string; sentOn: string; delivered: number; failed: number; reads: number }[];
  /** The last 30 days, whatever the period. */
  searchGaps: { query: string; searches: number; lastSearched: string }[];
}

/** One table of the tab: what the page shows under its chart and what its CSV holds, the same rows. */
export interface InsightsTable {
  id: InsightsTableId;
  caption: string;
  /** The first column heads each row (th scope="row"). */
  columns: readonly string[];
  rows: (string | number)[][];
}

/** The tables of a report, in the order of the tab. */
export function insightsTables(report: InsightsReport): Record<InsightsTableId, InsightsTable> {
  const { days } = report.period;
  return {
    "reads-per-day": {
      id: "reads-per-day",
      caption: `Reads per day, last ${days} days`,
      columns: ["Day", "Reads"],
      rows: report.readsPerDay.map((row) => [row.day, row.reads]),
    },
    "top-articles": {
      id: "top-articles",
      caption: `Most read articles, last ${days} days`,
      columns: ["Article", "Category", "Reads"],
      rows: report.topArticles.map((row) => [row.title, row.category, row.reads]),
    },
    "reads-per-category": {
      id: "reads-per-category",
      caption: `Reads per category, last ${days} days`,
      columns: ["Category", "Reads"],
      rows: report.readsPerCategory.map((row) => [row.category, row.reads]),
    },
    subscribers: {
      id: "subscribers",
      caption: `Newsletter subscribers per day, last ${days} days`,
      columns: ["Day", "Sign-ups", "Confirmations", "Unsubscribes", "Active", "Pending", "Unsubscribed"],
      rows: report.subscribers.map((row) => [
        row.day,
        row.signUps,
        row.confirmations,
        row.unsubscribes,
        row.active,
        row.pending,
        row.unsubscribed,
      ]),
    },
    "articles-per-week": {
      id: "articles-per-week",
      caption: `Articles per week (published or, if not published, written), last ${days} days`,
      columns: ["Week of", "Published", "Scheduled", "In review", "Draft", "AI-assisted", "Written by staff"],
      rows: report.articlesPerWeek.map((row) => [
        row.week,
        row.published,
        row.scheduled,
        row.inReview,
        row.draft,
        row.aiAssisted,
        row.humanWritten,
      ]),
    },
    "newsletter-issues": {
      id: "newsletter-issues",
      caption: "Newsletter issues: deliveries and reads from the newsletter",
      columns: ["Issue", "Sent on", "Delivered", "Failed", "Reads from the newsletter"],
      rows: report.newsletterIssues.map((row) => [
        row.subject || `Issue ${row.id}`,
        row.sentOn,
        row.delivered,
        row.failed,
        row.reads,
      ]),
    },
    "search-gaps": {
      id: "search-gaps",
      caption: "Searches that found nothing, last 30 days",
      columns: ["Search", "Searches", "Last searched"],
      rows: report.searchGaps.map((row) => [row.query, row.searches, row.lastSearched]),
    },
  };
}
