/**
 * Reading Lighthouse results (pure, for the bench's Lighthouse measurement and its tests): category scores
 * out of 100, the audits that cost a category points, and the run with the median score.
 */
import type { Result as LighthouseResult } from "lighthouse";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];

export const PROFILES = ["mobile", "desktop"] as const;
export type Profile = (typeof PROFILES)[number];

export const CATEGORY_TITLES: Record<Category, string> = {
  performance: "performance",
  accessibility: "accessibility",
  "best-practices": "best practices",
  seo: "SEO",
};

/** A category score of one run, 0 to 100, or null when Lighthouse could not score it. */
export function categoryScores(lhr: Pick<LighthouseResult, "categories">): Record<Category, number | null> {
  const scores = {} as Record<Category, number | null>;
  for (const category of CATEGORIES) {
    const score = lhr.categories[category]?.score;
    scores[category] = typeof score === "number" ? Math.round(score * 100) : null;
  }
  return scores;
}

/**
 * The audits of a category that cost it points: weighted (or, for accessibility and SEO, scored pass or fail)
 * audits whose score is under 1, with Lighthouse's display value ("1.2 s") when there is one. Informative,
 * manual and not-applicable audits are left out: they never lower a score.
 */
export function failingAudits(lhr: Pick<LighthouseResult, "categories" | "audits">, category: Category): string[] {
  const found: string[] = [];
  for (const ref of lhr.categories[category]?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit || ref.weight === 0) continue;
    if (audit.scoreDisplayMode !== "binary" && audit.scoreDisplayMode !== "numeric" && audit.scoreDisplayMode !== "metricSavings")
      continue;
    if (audit.score === null || audit.score >= 1) continue;
    const value = audit.displayValue ? ` (${audit.displayValue})` : "";
    found.push(`${audit.title}${value}`);
  }
  return found;
}

/** The run whose score of `category` is the median one (the lower middle for an even count). */
export function medianRun<T>(runs: T[], score: (run: T) => number | null): T | undefined {
  const scored = runs.filter((run) => score(run) !== null).sort((a, b) => score(a)! - score(b)!);
  return scored[Math.floor((scored.length - 1) / 2)];
}
