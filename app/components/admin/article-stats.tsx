import type { ArticleStats } from "~/domain/articles";
import { StatCards } from "./stat-cards";

const CARDS: { key: keyof ArticleStats; label: string; accent: string }[] = [
  { key: "total", label: "Total Articles", accent: "text-slate-900 dark:text-white" },
  { key: "published", label: "Published", accent: "text-emerald-700 dark:text-emerald-300" },
  { key: "drafts", label: "Drafts", accent: "text-amber-700 dark:text-amber-300" },
  { key: "inReview", label: "In review", accent: "text-sky-700 dark:text-sky-300" },
  { key: "scheduled", label: "Scheduled", accent: "text-violet-700 dark:text-violet-300" },
  { key: "featured", label: "Featured", accent: "text-blue-700 dark:text-blue-300" },
  { key: "popular", label: "Popular", accent: "text-violet-700 dark:text-violet-300" },
];

/** The spec's five numbers above the article table, the review queue's and the schedule's. */
export function ArticleStatsCards({ stats }: { stats: ArticleStats }) {
  return (
    <StatCards
      label="Article statistics"
      cards={CARDS.map(({ key, label, accent }) => ({ label, accent, value: stats[key] }))}
      gridClassName="grid-cols-2 sm:grid-cols-3 lg:grid-cols-7"
    />
  );
}
