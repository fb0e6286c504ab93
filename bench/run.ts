/**
 * npm run bench [-- --quick] [--full] [--only=load,search,newsletter,coldstart,bundle,images,lighthouse,beacon] [--clean]
 *
 * Byline's benchmarks (issue 8): reader pages under load against nginx, with the page cache on and off;
 * JavaScript shipped per reader page; Lighthouse scores and axe on reader pages (system Chromium); cold start; search scaling against the first build's substring
 * search; newsletter sending. Builds the app when build/ is missing or stale, makes the databases it
 * needs with bench/generate-data.ts (kept under bench/.data/ and as PostgreSQL byline_bench_<n> for the
 * next run), writes bench/results/YYYY-MM-DD-<commit>.md and prints the same report to stdout.
 *
 * --quick  smaller data and shorter runs, to try the harness; the report says so.
 * --full   adds 1,000,000 articles on PostgreSQL to the search scaling (generating them takes 20 to 40 minutes).
 * --clean  removes the kept databases (bench/.data/, byline_bench_*) and exits.
 * --only=beacon  only the load measurement's view-beacon runs (issue 23), which `load` includes; not run otherwise.
 * Exit status: 0 when every target was met, 1 when one was missed or not measured, 2 on a usage error or a failure.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { measureBundle } from "./lib/bundle";
import { measureColdStart } from "./lib/cold-start";
import { measureImages } from "./lib/images";
import { postgresVersion, removeDatasets } from "./lib/datasets";
import { measureLighthouse, QUICK_LIGHTHOUSE, STANDARD_LIGHTHOUSE } from "./lib/lighthouse";
import { measureLoad, measureViewBeacon, QUICK_LOAD, STANDARD_LOAD } from "./lib/load";
import { commitDescription, machineInfo, toolVersion } from "./lib/machine";
import { measureNewsletter, QUICK_NEWSLETTER, STANDARD_NEWSLETTER } from "./lib/newsletter";
import { log } from "./lib/processes";
import { renderReport, unmeasured, type Section } from "./lib/report";
import { FULL_SEARCH, measureSearch, QUICK_SEARCH, STANDARD_SEARCH } from "./lib/search";
import { ensureProductionBuild } from "./lib/server";

const USAGE =
  "Usage: tsx bench/run.ts [--quick] [--full] [--only=load,search,newsletter,coldstart,bundle,images,lighthouse,beacon] [--clean]\n" +
  "  --quick  smaller data and shorter runs (to try the harness)\n" +
  "  --full   also search 1,000,000 articles on PostgreSQL (generating them takes 20 to 40 minutes)\n" +
  "  --clean  remove the kept benchmark databases and exit\n" +
  "  --only=beacon  only the load measurement's view-beacon runs (part of load)";

const MEASUREMENTS = ["bundle", "images", "lighthouse", "coldstart", "load", "search", "newsletter"] as const;
/** Parts of a measurement that --only may name alone; a run without --only covers them through their measurement. */
const PARTS = ["beacon"] as const;
type Measurement = (typeof MEASUREMENTS)[number] | (typeof PARTS)[number];
const CHOICES: readonly Measurement[] = [...MEASUREMENTS, ...PARTS];

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

interface Options {
  quick: boolean;
  full: boolean;
  clean: boolean;
  only: Measurement[];
}

function parseOptions(args: string[]): Options | string {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        quick: { type: "boolean", default: false },
        full: { type: "boolean", default: false },
        clean: { type: "boolean", default: false },
        only: { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return (error as Error).message;
  }
  if (values.help) return "";
  const only = values.only === undefined ? [...MEASUREMENTS] : values.only.split(",").map((name) => name.trim());
  const unknown = only.filter((name) => !(CHOICES as readonly string[]).includes(name));
  if (unknown.length > 0) return `Unknown measurement "${unknown.join(", ")}"; choose from ${CHOICES.join(", ")}.`;
  if (values.quick && values.full) return "--quick and --full do not go together.";
  // Keep the order of MEASUREMENTS whatever order --only lists them in.
  return {
    quick: values.quick,
    full: values.full,
    clean: values.clean,
    only: CHOICES.filter((name) => only.includes(name) && !(name === "beacon" && only.includes("load"))),
  };
}

function runners(options: Options): Record<Measurement, () => Promise<Section>> {
  const load = options.quick ? QUICK_LOAD : STANDARD_LOAD;
  return {
    bundle: () => measureBundle(ROOT, load.articles),
    images: () => measureImages(ROOT),
    lighthouse: () => measureLighthouse(ROOT, options.quick ? QUICK_LIGHTHOUSE : STANDARD_LIGHTHOUSE),
    coldstart: () => measureColdStart(ROOT, load.articles),
    load: () => measureLoad(ROOT, load),
    beacon: () => measureViewBeacon(ROOT, load),
    search: () => measureSearch(ROOT, options.quick ? QUICK_SEARCH : options.full ? FULL_SEARCH : STANDARD_SEARCH),
    newsletter: () => measureNewsletter(ROOT, options.quick ? QUICK_NEWSLETTER : STANDARD_NEWSLETTER),
  };
}

const SECTION_TITLES: Record<Measurement, string> = {
  bundle: "JavaScript shipped by reader pages",
  images: "Responsive images",
  lighthouse: "Lighthouse and accessibility",
  coldstart: "Cold start",
  load: "Load",
  search: "Search scaling",
  newsletter: "Newsletter sending",
  beacon: "Load: the view beacon",
};

async function main(args: string[]): Promise<number> {
  const options = parseOptions(args);
  if (typeof options === "string") {
    process.stderr.write(`${options ? `${options}\n` : ""}${USAGE}\n`);
    return options ? 2 : 0;
  }
  if (options.clean) {
    const removed = await removeDatasets(ROOT);
    process.stdout.write(
      removed.length > 0 ? `Removed:\n${removed.map((item) => `  ${item}\n`).join("")}` : "Nothing to remove.\n",
    );
    return 0;
  }

  const startedAt = new Date();
  const machine = machineInfo();
  const extras: [string, string | null][] = [
    ["PostgreSQL", await postgresVersion()],
    ["wrk", toolVersion("wrk", ["-v"])?.split(" ")[1] ?? null],
    ["nginx", toolVersion("nginx", ["-v"])?.replace(/^nginx version: /, "") ?? null],
  ];
  machine.extra = extras.map(([name, version]) => `${name}: ${version ?? "not installed"}`);
  const commit = commitDescription(ROOT);

  await ensureProductionBuild(ROOT);
  const sections: Section[] = [];
  const run = runners(options);
  for (const measurement of options.only) {
    log(`--- ${measurement}`);
    try {
      sections.push(await run[measurement]());
    } catch (error) {
      // A measurement that broke is reported as such; the others still run.
      log(`${measurement} failed: ${(error as Error).stack ?? String(error)}`);
      sections.push({
        title: SECTION_TITLES[measurement],
        figures: [unmeasured("Every figure of this measurement", "see the issue's targets", "the measurement failed")],
        notes: ["The measurement failed:\n\n```\n" + String((error as Error).message ?? error) + "\n```"],
      });
    }
  }

  const report = renderReport(
    {
      date: startedAt,
      commit: commit.description,
      machine,
      quick: options.quick,
      full: options.full,
      only: options.only,
      durationMs: Date.now() - startedAt.getTime(),
    },
    sections,
  );
  const resultsDir = path.join(ROOT, "bench", "results");
  mkdirSync(resultsDir, { recursive: true });
  const suffix = options.quick ? "-quick" : options.only.length < MEASUREMENTS.length ? `-${options.only.join("-")}` : "";
  const file = path.join(resultsDir, `${startedAt.toISOString().slice(0, 10)}-${commit.short}${suffix}.md`);
  writeFileSync(file, report);
  process.stdout.write(report);
  log(`Report written to ${path.relative(process.cwd(), file)}`);
  const missed = sections.some((section) =>
    section.figures.some((figure) => figure.verdict !== "met" && figure.verdict !== "no target"),
  );
  return missed ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`The benchmark failed: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(2);
  },
);
