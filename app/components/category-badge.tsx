import type { Category } from "~/domain/sections";
import { categoryBadgeClass, sectionIdOf } from "~/utils/section-badge";
import { useSite } from "./layout/use-site";

export function CategoryBadge({ category, className = "" }: { category: Category; className?: string }) {
  const { sections } = useSite();
  return <span className={`${categoryBadgeClass(sectionIdOf(sections, category))} ${className}`}>{category}</span>;
}

/** The "AI-assisted" label readers see on generated articles. */
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
