import type { Category } from "~/utils/categories";

/** Each category's badge colours, readable (WCAG AA) in both themes. */
const BADGE_COLOURS: Record<Category, string> = {
  AI: "bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-200",
  Mobile: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200",
  Startups: "bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-200",
  Cloud: "bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200",
  Gadgets: "bg-pink-100 text-pink-800 dark:bg-pink-950 dark:text-pink-200",
  Software: "bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200",
  Security: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200",
};

export function CategoryBadge({ category, className = "" }: { category: Category; className?: string }) {
  return (
    <span
      className={`inline-block w-fit rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE_COLOURS[category]} ${className}`}
    >
      {category}
    </span>
  );
}

/** The "AI-assisted" label on generated articles (DESIGN.md departure 9). */
export function AiAssistedBadge() {
  return (
    <span
      className="inline-block w-fit rounded-full border border-slate-300 px-2.5 py-0.5 text-xs font-medium text-slate-700 dark:border-slate-600 dark:text-slate-300"
      title="Drafted with AI from cited news sources and reviewed by an editor"
    >
      AI-assisted
    </span>
  );
}
