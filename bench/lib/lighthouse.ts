/**
 * Lighthouse and axe on reader pages (issue 20, target 2): Lighthouse 12 drives the system Chromium (never a
 * downloaded one) against the production server, for home, a category, an article and the search page, on its
 * mobile profile (the default: a mid-range phone, simulated slow 4G and 4x CPU slowdown) and its desktop profile.
 * Each page and profile is run several times and the median score of each category is judged against 100;
 * for a category under 100 the report lists the audits that cost points, so the record says why. axe-core
 * then checks the same pages in the light and the dark theme (the system preference the theme follows).
 */
import AxeBuilder from "@axe-core/playwright";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";
import type { Result as LighthouseResult } from "lighthouse";
import { embeddedDataset } from "./datasets";
import { log, rawGet } from "./processes";
import { count, judged, markdownTable, median, type Figure, type Section } from "./report";
import {
  CATEGORIES,
  CATEGORY_TITLES,
  categoryScores,
  failingAudits,
  medianRun,
  PROFILES,
  type Profile,
} from "./lighthouse-scores";
import { readerPaths } from "./reader-pages";
import { startServer } from "./server";
import { CHROMIUM_FLAGS, SYSTEM_CHROMIUM } from "../../tests/support/chromium";

/** Every category's target (issue 20). */
const TARGET_SCORE = 100;

export interface LighthouseSettings {
  /** Runs per page and profile; the median score is the result. */
  runs: number;
  articles: number;
}

export const STANDARD_LIGHTHOUSE: LighthouseSettings = { runs: 3, articles: 10_000 };
export const QUICK_LIGHTHOUSE: LighthouseSettings = { runs: 1, articles: 1_000 };

export const CHROME_PATH = process.env.CHROME_PATH ?? SYSTEM_CHROMIUM;

/** Attempts per run: Lighthouse sometimes fails to record the trace of a load (NO_NAVSTART) on a busy machine. */
const ATTEMPTS = 3;

/** One Lighthouse run in a fresh Chromium, tried again when Lighthouse could not record the page load. */
async function runLighthouse(url: string, profile: Profile): Promise<LighthouseResult> {
  let lastError = "";
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROMIUM_FLAGS, logLevel: "error" });
    try {
      const result = await lighthouse(
        url,
        { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] },
        profile === "desktop" ? desktopConfig : undefined,
      );
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}.`);
      if (!result.lhr.runtimeError) return result.lhr;
      lastError = `${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`;
      log(`Lighthouse could not measure ${url} (${profile}, attempt ${attempt} of ${ATTEMPTS}): ${lastError}`);
    } finally {
      chrome.kill();
    }
  }
  throw new Error(`Lighthouse could not measure ${url} (${profile}) in ${ATTEMPTS} attempts: ${lastError}`);
}

/** A search results page is `noindex` on purpose (decision 005), so its SEO score has no target. */
function isSearch(path: string): boolean {
  return path.startsWith("/search");
}

/** axe-core violations (WCAG 2.0, 2.1 and 2.2 A and AA) of a page in the light and the dark theme. */
async function axeViolations(url: string): Promise<Record<"light" | "dark", string[]>> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const found = { light: [] as string[], dark: [] as string[] };
    for (const scheme of ["light", "dark"] as const) {
      const context = await browser.newContext({ colorScheme: scheme });
      const page = await context.newPage();
      await page.goto(url, { waitUntil: "load" });
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
      found[scheme] = results.violations.map(
        (violation) => `${violation.id}: ${violation.help} (${violation.nodes.length} elements)`,
      );
      await context.close();
    }
    return found;
  } finally {
    await browser.close();
  }
}

export async function measureLighthouse(root: string, settings: LighthouseSettings): Promise<Section> {
  const section: Section = { title: "Lighthouse and accessibility", figures: [], notes: [] };
  const dataset = await embeddedDataset(root, settings.articles);
  const server = await startServer(root, { dataDir: dataset.dataDir!, pageCache: true });
  const why: string[][] = [];
  const axeFigures: Figure[] = [];
  const runScores: string[][] = [];
  let version = "";
  try {
    const paths = await readerPaths(server.url);
    // The page cache fills on a page's first request; every run then gets what a reader gets.
    for (const path of paths) await rawGet(`${server.url}${path}`);
    for (const path of paths) {
      for (const profile of PROFILES) {
        const runs: LighthouseResult[] = [];
        for (let run = 1; run <= settings.runs; run++) {
          log(`Lighthouse: ${path}, ${profile}, run ${run} of ${settings.runs}`);
          const lhr = await runLighthouse(`${server.url}${path}`, profile);
          version = lhr.lighthouseVersion;
          runs.push(lhr);
        }
        const scores = runs.map(categoryScores);
        for (const category of CATEGORIES) {
          const values = scores.map((score) => score[category]).filter((value): value is number => value !== null);
          const label = `\`${path}\` ${profile}: ${CATEGORY_TITLES[category]}`;
          const shown = values.length === 0 ? "—" : String(median(values));
          const result = settings.runs > 1 ? `${shown} (runs: ${values.join(", ")})` : shown;
          if (category === "seo" && isSearch(path)) {
            section.figures.push({ label, result, target: "no target (noindex)", verdict: "no target" });
            continue;
          }
          section.figures.push(
            values.length === 0
              ? { label, result: "— (not scored)", target: String(TARGET_SCORE), verdict: "not measured" }
              : judged(label, result, String(TARGET_SCORE), median(values) >= TARGET_SCORE),
          );
          const middle = medianRun(runs, (lhr) => categoryScores(lhr)[category]);
          if (middle && values.length > 0 && median(values) < TARGET_SCORE) {
            why.push([`\`${path}\``, profile, CATEGORY_TITLES[category], failingAudits(middle, category).join("; ") || "—"]);
          }
        }
        const metrics = runs.map((lhr) =>
          ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"]
            .map((id) => lhr.audits[id]?.displayValue ?? "—")
            .join(" / ")
            .concat(` (benchmark index ${count(lhr.environment.benchmarkIndex)})`),
        );
        runScores.push([`\`${path}\``, profile, metrics.join("<br>")]);
      }
    }
    for (const path of paths) {
      log(`axe: ${path}, light and dark`);
      const violations = await axeViolations(`${server.url}${path}`);
      for (const scheme of ["light", "dark"] as const) {
        const list = violations[scheme];
        axeFigures.push(
          judged(
            `\`${path}\` ${scheme} theme: axe violations`,
            list.length === 0 ? "0" : `${count(list.length)}: ${list.join("; ")}`,
            "0",
            list.length === 0,
          ),
        );
      }
    }
    section.figures.push(...axeFigures);
  } finally {
    await server.stop();
  }
  section.notes.push(
    `Lighthouse ${version} with the system Chromium (\`${CHROME_PATH}\`, ${CHROMIUM_FLAGS.join(" ")}) against the ` +
      "production build served by `node bin/byline.js start` with the page cache on (each page requested once before). " +
      "Mobile is Lighthouse's default profile (Moto G Power class phone, simulated slow 4G, 4x CPU slowdown); desktop is its " +
      `desktop configuration. Each page and profile ran ${count(settings.runs)} time${settings.runs === 1 ? "" : "s"} in a fresh ` +
      "browser and the result is the median score, because scores wobble when the machine's two cores are busy. " +
      "The search page is `noindex` on purpose, so its SEO score (which fails that audit) is shown without a target.",
  );
  if (why.length > 0)
    section.notes.push(
      `Audits that cost points (from the run with the median score):\n\n${markdownTable(["Page", "Profile", "Category", "Audits under 100"], why)}`,
    );
  section.notes.push(
    `Metrics per run (first contentful paint / largest contentful paint / total blocking time / cumulative layout shift / speed index), with Lighthouse's benchmark index of the machine during the run (its CPU speed as Lighthouse measures it before loading the page; lower means slower or busier, which lengthens the simulated phone's main-thread tasks four times over):\n\n${markdownTable(["Page", "Profile", "Runs"], runScores)}`,
    "axe-core (`@axe-core/playwright`, rules tagged WCAG 2.0, 2.1 and 2.2 A and AA) on the same pages in the same Chromium, " +
      "once with the system preference light and once dark (the theme follows it when the reader has not chosen one).",
  );
  return section;
}
