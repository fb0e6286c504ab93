import type { Result as LighthouseResult } from "lighthouse";
import { describe, expect, it } from "vitest";
import { categoryScores, failingAudits, medianRun } from "./lighthouse-scores";

type Audit = LighthouseResult["audits"][string];

function audit(
  id: string,
  title: string,
  score: number | null,
  scoreDisplayMode: Audit["scoreDisplayMode"],
  displayValue?: string,
) {
  return { id, title, description: "", score, scoreDisplayMode, displayValue } as Audit;
}

/** A result with the fields the bench reads: categories with their audit references, and the audits. */
function result(scores: Partial<Record<string, number | null>>): Pick<LighthouseResult, "categories" | "audits"> {
  const audits = {
    "first-contentful-paint": audit("first-contentful-paint", "First Contentful Paint", 0.97, "numeric", "1.3 s"),
    "total-blocking-time": audit("total-blocking-time", "Total Blocking Time", 1, "numeric", "0 ms"),
    "largest-contentful-paint": audit("largest-contentful-paint", "Largest Contentful Paint", 0.91, "numeric", "2.4 s"),
    "render-blocking-insight": audit(
      "render-blocking-insight",
      "Render blocking requests",
      0,
      "metricSavings",
      "Est savings of 300 ms",
    ),
    "color-contrast": audit("color-contrast", "Background and foreground colors have a sufficient contrast ratio", 0, "binary"),
    "image-alt": audit("image-alt", "Image elements have [alt] attributes", null, "notApplicable"),
    "heading-order": audit("heading-order", "Heading elements appear in a sequentially-descending order", 0, "binary"),
    "is-crawlable": audit("is-crawlable", "Page is blocked from indexing", 0, "binary"),
    "structured-data": audit("structured-data", "Structured data is valid", null, "manual"),
  };
  const category = (id: string, refs: [string, number][]) => ({
    id,
    title: id,
    score: scores[id] ?? null,
    auditRefs: refs.map(([auditId, weight]) => ({ id: auditId, weight })),
  });
  return {
    audits,
    categories: {
      performance: category("performance", [
        ["first-contentful-paint", 10],
        ["total-blocking-time", 30],
        ["largest-contentful-paint", 25],
        ["render-blocking-insight", 0],
      ]),
      accessibility: category("accessibility", [
        ["color-contrast", 7],
        ["image-alt", 10],
        // A failing audit with no weight (Lighthouse's experimental ones) costs nothing.
        ["heading-order", 0],
      ]),
      "best-practices": category("best-practices", []),
      seo: category("seo", [
        ["is-crawlable", 4.04],
        ["structured-data", 0],
      ]),
    },
  } as unknown as Pick<LighthouseResult, "categories" | "audits">;
}

describe("categoryScores", () => {
  it("gives each category out of 100, and null for one Lighthouse could not score", () => {
    expect(categoryScores(result({ performance: 0.985, accessibility: 1, "best-practices": 0.96, seo: null }))).toEqual({
      performance: 99,
      accessibility: 100,
      "best-practices": 96,
      seo: null,
    });
  });
});

describe("failingAudits", () => {
  it("lists the weighted audits under a full score with their values, and leaves out what costs nothing", () => {
    const lhr = result({ performance: 0.95 });
    expect(failingAudits(lhr, "performance")).toEqual(["First Contentful Paint (1.3 s)", "Largest Contentful Paint (2.4 s)"]);
    expect(failingAudits(lhr, "accessibility")).toEqual(["Background and foreground colors have a sufficient contrast ratio"]);
    expect(failingAudits(lhr, "seo")).toEqual(["Page is blocked from indexing"]);
    expect(failingAudits(lhr, "best-practices")).toEqual([]);
  });
});

describe("medianRun", () => {
  it("picks the run with the middle score, skipping runs without one", () => {
    const runs = [
      { name: "a", score: 97 },
      { name: "b", score: null },
      { name: "c", score: 100 },
      { name: "d", score: 99 },
    ];
    expect(medianRun(runs, (run) => run.score)?.name).toBe("d");
    expect(medianRun(runs.slice(0, 2), (run) => run.score)?.name).toBe("a");
    expect(medianRun([{ score: null }], (run) => run.score)).toBeUndefined();
  });
});
