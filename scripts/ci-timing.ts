/**
 * The timing table `.ci/run` prints at the end of every run: each phase with when it started, how long
 * it took and its test counts, then the ten slowest test files. `.ci/run` writes one line per phase to
 * `phases.tsv` in its report directory (name, start and end in epoch seconds, exit code, the phase's JSON report
 * if it has one: Vitest's `json` reporter or Playwright's), and runs `tsx scripts/ci-timing.ts DIR` on exit,
 * whether the run passed or not. Below the table it names every failed test with the first lines of its error, so the
 * end of the log (often all a later reader sees) says what failed, not only which phase.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { pathToFileURL } from "node:url";

export interface PhaseLine {
  name: string;
  startedAt: number;
  endedAt: number;
  exitCode: number;
  report?: string;
}

export interface TestCounts {
  total: number;
  passed: number;
  failed: number;
  skipped: number;
}

export interface FileTiming {
  phase: string;
  file: string;
  seconds: number;
  tests: number;
}

export interface FailedTest {
  phase: string;
  file: string;
  name: string;
  message: string;
}

export interface PhaseReport {
  counts?: TestCounts;
  files: FileTiming[];
  failures: FailedTest[];
}

/** Reads `phases.tsv`: one tab-separated line per phase, in the order the phases ended. */
export function parsePhases(text: string): PhaseLine[] {
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      const [name = "?", startedAt = "0", endedAt = "0", exitCode = "0", report = ""] = line.split("\t");
      return {
        name,
        startedAt: Number(startedAt),
        endedAt: Number(endedAt),
        exitCode: Number(exitCode),
        report: report && report !== "-" ? report : undefined,
      };
    })
    .sort((a, b) => a.startedAt - b.startedAt);
}

interface VitestJson {
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: {
    name: string;
    startTime: number;
    endTime: number;
    /** A file that failed before any test ran (an import error, a failed hook) says why here. */
    message?: string;
    status?: string;
    assertionResults: { fullName?: string; status?: string; failureMessages?: string[] }[];
  }[];
}

interface PlaywrightResult {
  duration: number;
  error?: { message?: string };
  errors?: { message?: string }[];
}
interface PlaywrightTest {
  status: "expected" | "unexpected" | "flaky" | "skipped";
  results: PlaywrightResult[];
}
interface PlaywrightSuite {
  file?: string;
  title?: string;
  specs?: { file?: string; title?: string; tests: PlaywrightTest[] }[];
  suites?: PlaywrightSuite[];
}
interface PlaywrightJson {
  suites: PlaywrightSuite[];
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
}

/** Counts and per-file times of one phase from its JSON report, whichever runner wrote it. */
export function summariseReport(phase: string, report: unknown, root: string): PhaseReport {
  const relative = (file: string) => (path.isAbsolute(file) ? path.relative(root, file) : file);
  if (isVitest(report)) {
    return {
      counts: {
        total: report.numTotalTests,
        passed: report.numPassedTests,
        failed: report.numFailedTests,
        skipped: report.numPendingTests + report.numTodoTests,
      },
      files: report.testResults.map((result) => ({
        phase,
        file: relative(result.name),
        seconds: Math.max(0, result.endTime - result.startTime) / 1000,
        tests: result.assertionResults.length,
      })),
      failures: report.testResults.flatMap((result) => {
        const file = relative(result.name);
        const failed = result.assertionResults
          .filter((test) => test.status === "failed")
          .map((test) => ({
            phase,
            file,
            name: test.fullName ?? "?",
            message: (test.failureMessages ?? []).join("\n"),
          }));
        if (failed.length === 0 && result.status === "failed")
          return [{ phase, file, name: "(the file itself)", message: result.message ?? "" }];
        return failed;
      }),
    };
  }
  if (isPlaywright(report)) {
    // Playwright runs a file's tests on several workers, so a file's time is the sum of its tests' durations.
    const byFile = new Map<string, { ms: number; tests: number }>();
    const failures: FailedTest[] = [];
    const visit = (suite: PlaywrightSuite, file: string | undefined, titles: string[]) => {
      const here = suite.file ?? file;
      // A file's own suite is titled with its file name, which the failure already names.
      const inside = suite.file || !suite.title ? titles : [...titles, suite.title];
      for (const spec of suite.specs ?? []) {
        const name = spec.file ?? here ?? "?";
        const entry = byFile.get(name) ?? { ms: 0, tests: 0 };
        for (const test of spec.tests) {
          entry.tests += 1;
          entry.ms += test.results.reduce((sum, result) => sum + result.duration, 0);
          if (test.status !== "unexpected") continue;
          const last = test.results.at(-1);
          failures.push({
            phase,
            file: path.join("tests/e2e", name),
            name: [...inside, spec.title ?? "?"].join(" > "),
            message: last?.error?.message ?? last?.errors?.map((error) => error.message ?? "").join("\n") ?? "",
          });
        }
        byFile.set(name, entry);
      }
      for (const child of suite.suites ?? []) visit(child, here, inside);
    };
    for (const suite of report.suites) visit(suite, undefined, []);
    const { expected, unexpected, flaky, skipped } = report.stats;
    return {
      counts: { total: expected + unexpected + flaky + skipped, passed: expected + flaky, failed: unexpected, skipped },
      files: [...byFile].map(([file, { ms, tests }]) => ({
        phase,
        file: path.join("tests/e2e", file),
        seconds: ms / 1000,
        tests,
      })),
      failures,
    };
  }
  return { files: [], failures: [] };
}

function isVitest(report: unknown): report is VitestJson {
  return typeof report === "object" && report !== null && "numTotalTests" in report && "testResults" in report;
}

function isPlaywright(report: unknown): report is PlaywrightJson {
  return typeof report === "object" && report !== null && "suites" in report && "stats" in report;
}

/** The table as text: phases in the order they started, a total line, and the ten slowest test files. */
export function formatTimingTable(phases: PhaseLine[], reports: Map<string, PhaseReport>, slowest = 10): string {
  const runStart = Math.min(...phases.map((phase) => phase.startedAt));
  const runEnd = Math.max(...phases.map((phase) => phase.endedAt));
  const rows: string[][] = [["phase", "from", "seconds", "tests", "passed", "failed", "skipped", "result"]];
  const totals: TestCounts = { total: 0, passed: 0, failed: 0, skipped: 0 };
  for (const phase of phases) {
    const counts = reports.get(phase.name)?.counts;
    if (counts) for (const key of Object.keys(totals) as (keyof TestCounts)[]) totals[key] += counts[key];
    rows.push([
      phase.name,
      clock(phase.startedAt - runStart),
      (phase.endedAt - phase.startedAt).toFixed(1),
      counts ? String(counts.total) : "",
      counts ? String(counts.passed) : "",
      counts ? String(counts.failed) : "",
      counts ? String(counts.skipped) : "",
      phase.exitCode === 0 ? "ok" : `FAILED (${phase.exitCode})`,
    ]);
  }
  rows.push([
    "whole run",
    clock(0),
    (runEnd - runStart).toFixed(1),
    String(totals.total),
    String(totals.passed),
    String(totals.failed),
    String(totals.skipped),
    phases.every((phase) => phase.exitCode === 0) ? "ok" : "FAILED",
  ]);
  const files = [...reports.values()]
    .flatMap((report) => report.files)
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, slowest);
  const fileRows = [
    ["seconds", "tests", "phase", "file"],
    ...files.map((file) => [file.seconds.toFixed(1), String(file.tests), file.phase, file.file]),
  ];
  return [
    "Timing (from: minutes:seconds after the run began; phases with overlapping times ran side by side)",
    ...align(rows, [false, true, true, true, true, true, true, false]),
    "",
    `The ${files.length} slowest test files (seconds inside the file; e2e: its tests' durations added)`,
    ...align(fileRows, [true, true, false, false]),
  ].join("\n");
}

/** Every failed test with its phase, file and the first lines of its error (colours taken out). */
export function formatFailures(reports: Map<string, PhaseReport>, linesEach = 8): string {
  const failures = [...reports.values()].flatMap((report) => report.failures);
  if (failures.length === 0) return "";
  const blocks = failures.map((failure) => {
    const message = stripVTControlCharacters(failure.message)
      .split("\n")
      .filter((line) => line.trim() !== "")
      .slice(0, linesEach)
      .map((line) => `    ${line}`);
    return [`[${failure.phase}] ${failure.file}`, `  ${failure.name}`, ...message].join("\n");
  });
  return [`Failed tests (${failures.length})`, ...blocks].join("\n\n");
}

function clock(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

function align(rows: string[][], right: boolean[]): string[] {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length))) ?? [];
  return rows.map((row) =>
    row
      .map((cell, column) => (right[column] ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0)))
      .join("  ")
      .trimEnd(),
  );
}

/** Reads a report directory and returns the table; a missing or unreadable report leaves its phase without counts. */
export function timingTableFor(directory: string, root = process.cwd()): string {
  const phasesFile = path.join(directory, "phases.tsv");
  if (!existsSync(phasesFile)) return "Timing: no phase finished.";
  const phases = parsePhases(readFileSync(phasesFile, "utf8"));
  if (phases.length === 0) return "Timing: no phase finished.";
  const reports = new Map<string, PhaseReport>();
  for (const phase of phases) {
    if (!phase.report || !existsSync(phase.report)) continue;
    try {
      reports.set(phase.name, summariseReport(phase.name, JSON.parse(readFileSync(phase.report, "utf8")), root));
    } catch {
      // A phase killed while writing its report keeps its time and loses its counts.
    }
  }
  const failures = formatFailures(reports);
  return failures ? `${formatTimingTable(phases, reports)}\n\n${failures}` : formatTimingTable(phases, reports);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const directory = process.argv[2];
  if (!directory) {
    process.stderr.write("Usage: tsx scripts/ci-timing.ts REPORT_DIRECTORY\n");
    process.exit(2);
  }
  process.stdout.write(`${timingTableFor(directory)}\n`);
}
