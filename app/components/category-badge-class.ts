import type { Category } from "~/utils/categories";

/*
 * Without React, so the islands script can draw a category badge exactly as the CategoryBadge component does
 * (the header's quick results).
 */

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

/** The classes of a category's badge. */
export function categoryBadgeClass(category: Category): string {
  return `inline-block w-fit rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE_COLOURS[category] ?? ""}`;
}
