/**
 * `npm run test:mutation`: runs StrykerJS (stryker.config.mjs) over the services' rules, then writes the score per
 * module and every survivor, with the reason it survives (bench/mutation-survivors.ts), to
 * bench/results/YYYY-MM-DD-<commit>-mutation.md and prints it. Extra arguments go to Stryker
 * (`npm run test:mutation -- --mutate app/services/newsletter/weekly-schedule.server.ts`);
 * `--report-only` writes the report from the last run's reports/mutation/mutation.json without running Stryker.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { commitDescription, machineInfo } from "./lib/machine";
import { renderMutationReport, type StrykerReport } from "./lib/mutation";
import { SURVIVOR_NOTES } from "./mutation-survivors";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const JSON_REPORT = path.join(ROOT, "reports", "mutation", "mutation.json");
/** The target: at least 80% over the modules listed. */
const TARGET_SCORE = 80;

function main(args: string[]): number {
  const reportOnly = args.includes("--report-only");
  const startedAt = new Date();
  let durationMs: number | null = null;
  if (!reportOnly) {
    const run = spawnSync("npx", ["stryker", "run", ...args], { cwd: ROOT, stdio: "inherit" });
    if (run.status !== 0) {
      process.stderr.write(`Stryker failed (exit ${run.status ?? run.signal}); no report written.\n`);
      return run.status ?? 1;
    }
    durationMs = Date.now() - startedAt.getTime();
  }
  const report = JSON.parse(readFileSync(JSON_REPORT, "utf8")) as StrykerReport;
  const commit = commitDescription(ROOT);
  const machine = machineInfo();
  const markdown = renderMutationReport(report, SURVIVOR_NOTES, {
    date: startedAt,
    commit: commit.description,
    node: machine.node,
    cpu: `${machine.cpu}, ${machine.cores} cores`,
    durationMs,
    target: TARGET_SCORE,
  });
  const resultsDir = path.join(ROOT, "bench", "results");
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${startedAt.toISOString().slice(0, 10)}-${commit.short}-mutation.md`);
  writeFileSync(file, markdown);
  process.stdout.write(markdown);
  process.stdout.write(`\nReport written to ${path.relative(process.cwd(), file)}\n`);
  return 0;
}

process.exit(main(process.argv.slice(2)));
