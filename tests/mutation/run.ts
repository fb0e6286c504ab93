/**
 * `npm run test:mutation`: runs StrykerJS (stryker.config.mjs) over the services' rules, one module at a time, each
 * judged by its own tests (tests/mutation/mutation.ts), then writes the score per module and every survivor, with the
 * reason it survives (tests/mutation/survivors.ts), to tests/mutation/results/YYYY-MM-DD-<commit>-mutation.md and prints it.
 *
 *   npm run test:mutation                              every module
 *   npm run test:mutation -- markdown weekly-schedule  some modules (by slug, in this order); the others' last results are reused
 *   npm run test:mutation -- --report-only             the report from the last results, without running Stryker
 *   npm run test:mutation -- --record syndication      records a Stryker run started by hand (reports/mutation/<slug>.json,
 *                                                      with the commit in reports/mutation/<slug>.commit), then the report
 *
 * Each module's last results are committed in tests/mutation/results/<slug>.json, with the commit and time of the
 * run, so a report covers every module although a run measures only some. Stryker's incremental file stays in
 * reports/incremental/<slug>.json (not committed): a run on the same machine only tests again the mutants whose
 * code or tests changed.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { commitDescription, machineInfo } from "../../bench/lib/machine";
import { MUTATION_MODULES, moduleRecord, renderMutationReport, type ModuleRecord, type StrykerReport } from "./mutation";
import { MODULE_NOTES, SURVIVOR_NOTES } from "./survivors";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const REPORTS = path.join(ROOT, "reports");
/** Where stryker.config.mjs's JSON reporter writes. */
const STRYKER_JSON = path.join(REPORTS, "mutation", "mutation.json");
/** Each module's last results, committed. */
const RECORDS = path.join(ROOT, "tests", "mutation", "results");
/** The target: at least 80% over the modules listed. */
const TARGET_SCORE = 80;

type MutationModule = (typeof MUTATION_MODULES)[number];

const moduleJson = (slug: string) => path.join(REPORTS, "mutation", `${slug}.json`);
const recordFile = (slug: string) => path.join(RECORDS, `${slug}.json`);

/** The commit the working tree holds, `+dirty` when it has uncommitted changes (they are measured too). */
function workingCommit(): string {
  const described = spawnSync("git", ["describe", "--always", "--dirty=+dirty", "--abbrev=7"], { cwd: ROOT, encoding: "utf8" });
  return described.status === 0 ? described.stdout.trim() : "unknown";
}

function writeRecord(module: MutationModule, run: { commit: string; measuredAt: Date; durationMs: number | null }): void {
  const report = JSON.parse(readFileSync(moduleJson(module.slug), "utf8")) as StrykerReport;
  mkdirSync(RECORDS, { recursive: true });
  writeFileSync(recordFile(module.slug), `${JSON.stringify(moduleRecord(module, report, run), null, 2)}\n`);
}

function runModule(module: MutationModule): boolean {
  process.stdout.write(`\n== ${module.name}: ${module.mutate.join(", ")}\n`);
  const commit = workingCommit();
  const measuredAt = new Date();
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
  writeRecord(module, { commit, measuredAt, durationMs: Date.now() - measuredAt.getTime() });
  return true;
}

/** A run of Stryker started by hand for one module: its JSON report moved to reports/mutation/<slug>.json. */
function recordManualRun(module: MutationModule): boolean {
  if (!existsSync(moduleJson(module.slug))) {
    process.stderr.write(`No Stryker report at ${path.relative(ROOT, moduleJson(module.slug))}.\n`);
    return false;
  }
  const side = (extension: string) => {
    const file = moduleJson(module.slug).replace(/\.json$/, `.${extension}`);
    return existsSync(file) ? readFileSync(file, "utf8").trim() : undefined;
  };
  const measuredAt = side("date");
  writeRecord(module, {
    commit: side("commit") ?? "unknown",
    measuredAt: measuredAt ? new Date(measuredAt) : new Date(),
    durationMs: null,
  });
  return true;
}

function main(args: string[]): number {
  const reportOnly = args.includes("--report-only");
  const recordOnly = args.includes("--record");
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
      if (!(recordOnly ? recordManualRun(module) : runModule(module))) failed = true;
    }
  }
  const durationMs = reportOnly || recordOnly ? null : Date.now() - startedAt.getTime();

  const missing = MUTATION_MODULES.filter((module) => !existsSync(recordFile(module.slug)));
  if (missing.length > 0) process.stderr.write(`No results yet for ${missing.map((m) => m.slug).join(", ")}.\n`);
  const records = MUTATION_MODULES.filter((module) => existsSync(recordFile(module.slug))).map(
    (module) => JSON.parse(readFileSync(recordFile(module.slug), "utf8")) as ModuleRecord,
  );
  const commit = commitDescription(ROOT);
  const machine = machineInfo();
  const markdown = renderMutationReport(
    records,
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
  const resultsDir = path.join(ROOT, "tests", "mutation", "results");
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${startedAt.toISOString().slice(0, 10)}-${commit.short}-mutation.md`);
  writeFileSync(file, markdown);
  process.stdout.write(markdown);
  process.stdout.write(`\nReport written to ${path.relative(process.cwd(), file)}\n`);
  return failed || missing.length > 0 ? 1 : 0;
}

process.exit(main(process.argv.slice(2)));
