import type { ArticleStats } from "~/utils/articles";

const CARDS: { key: keyof ArticleStats; label: string; accent: string }[] = [
  { key: "total", label: "Total Articles", accent: "text-slate-900 dark:text-white" },
  { key: "published", label: "Published", accent: "text-emerald-700 dark:text-emerald-300" },
  { key: "drafts", label: "Drafts", accent: "text-amber-700 dark:text-amber-300" },
  { key: "featured", label: "Featured", accent: "text-blue-700 dark:text-blue-300" },
  { key: "popular", label: "Popular", accent: "text-violet-700 dark:text-violet-300" },
];

/** The five numbers above the table, as a description list so each number is read with its name. */
export function ArticleStatsCards({ stats }: { stats: ArticleStats }) {
  return (
    <dl aria-label="Article statistics" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {CARDS.map(({ key, label, accent }) => (
        <div
          key={key}
          className="rounded-xl border border-slate-200 bg-white p-4 last:col-span-2 sm:last:col-span-1 dark:border-slate-800 dark:bg-slate-900"
        >
          <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</dt>
          <dd className={`mt-1 text-2xl font-bold tabular-nums ${accent}`}>{stats[key].toLocaleString("en-US")}</dd>
        </div>
      ))}
    </dl>
  );
}
