/**
 * `npm run test:mutation`: runs StrykerJS (stryker.config.mjs) over the services' rules, one module at a time, each
 * judged by its own tests (bench/lib/mutation.ts), then writes the score per module and every survivor, with the
 * reason it survives (bench/mutation-survivors.ts), to bench/results/YYYY-MM-DD-<commit>-mutation.md and prints it.
 *
 *   npm run test:mutation                              every module
 *   npm run test:mutation -- markdown weekly-schedule  some modules (by slug, in this order); the others' last results are reused
 *   npm run test:mutation -- --report-only             the report from the last results, without running Stryker
 *
 * Each module keeps its last results in reports/mutation/<slug>.json and Stryker's incremental file in
 * reports/incremental/<slug>.json, so a run only tests again the mutants whose code or tests changed.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { commitDescription, machineInfo } from "./lib/machine";
import { MUTATION_MODULES, mergeReports, renderMutationReport, type StrykerReport } from "./lib/mutation";
import { MODULE_NOTES, SURVIVOR_NOTES } from "./mutation-survivors";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const REPORTS = path.join(ROOT, "reports");
/** Where stryker.config.mjs's JSON reporter writes. */
const STRYKER_JSON = path.join(REPORTS, "mutation", "mutation.json");
/** The target: at least 80% over the modules listed. */
const TARGET_SCORE = 80;

const moduleJson = (slug: string) => path.join(REPORTS, "mutation", `${slug}.json`);

function runModule(module: (typeof MUTATION_MODULES)[number]): boolean {
  process.stdout.write(`\n== ${module.name}: ${module.mutate.join(", ")}\n`);
  const run = spawnSync(
    "npx",
    [
      "stryker",
      "run",
      "--mutate",
      module.mutate.join(","),
      "--incrementalFile",
      path.join("reports", "incremental", `${module.slug}.json`),
    ],
    { cwd: ROOT, stdio: "inherit", env: { ...process.env, MUTATION_TESTS: module.tests.join(",") } },
  );
  if (run.status !== 0) {
    process.stderr.write(`Stryker failed on ${module.name} (exit ${run.status ?? run.signal}).\n`);
    return false;
  }
  renameSync(STRYKER_JSON, moduleJson(module.slug));
  return true;
}

function main(args: string[]): number {
  const reportOnly = args.includes("--report-only");
  const chosen = args.filter((arg) => !arg.startsWith("--"));
  const unknown = chosen.filter((slug) => !MUTATION_MODULES.some((module) => module.slug === slug));
  if (unknown.length > 0) {
    process.stderr.write(
      `Unknown module ${unknown.join(", ")}; the modules are ${MUTATION_MODULES.map((m) => m.slug).join(", ")}.\n`,
    );
    return 2;
  }
  const startedAt = new Date();
  let failed = false;
  if (!reportOnly) {
    // In the order given, else in the report's order.
    const modules =
      chosen.length > 0 ? chosen.map((slug) => MUTATION_MODULES.find((module) => module.slug === slug)!) : MUTATION_MODULES;
    for (const module of modules) {
      if (!runModule(module)) failed = true;
    }
  }
  const durationMs = reportOnly ? null : Date.now() - startedAt.getTime();

  const missing = MUTATION_MODULES.filter((module) => !existsSync(moduleJson(module.slug)));
  if (missing.length > 0) process.stderr.write(`No results yet for ${missing.map((m) => m.slug).join(", ")}.\n`);
  const report = mergeReports(
    MUTATION_MODULES.filter((module) => existsSync(moduleJson(module.slug))).map(
      (module) => JSON.parse(readFileSync(moduleJson(module.slug), "utf8")) as StrykerReport,
    ),
  );
  const commit = commitDescription(ROOT);
  const machine = machineInfo();
  const markdown = renderMutationReport(
    report,
    SURVIVOR_NOTES,
    {
      date: startedAt,
      commit: commit.description,
      node: machine.node,
      cpu: `${machine.cpu}, ${machine.cores} cores`,
      durationMs,
      target: TARGET_SCORE,
    },
    MODULE_NOTES,
  );
  const resultsDir = path.join(ROOT, "bench", "results");
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${startedAt.toISOString().slice(0, 10)}-${commit.short}-mutation.md`);
  writeFileSync(file, markdown);
  process.stdout.write(markdown);
  process.stdout.write(`\nReport written to ${path.relative(process.cwd(), file)}\n`);
  return failed || missing.length > 0 ? 1 : 0;
}

process.exit(main(process.argv.slice(2)));
