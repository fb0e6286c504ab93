/**
 * The mutation report (`npm run test:mutation`): StrykerJS's JSON report (mutation-testing-report-schema)
 * summed per module of the services' rules, with every surviving mutant listed and, where one is written in
 * bench/mutation-survivors.ts, the reason it survives.
 */

type MutantStatus = "Killed" | "Survived" | "NoCoverage" | "Timeout" | "CompileError" | "RuntimeError" | "Ignored" | "Pending";

interface Position {
  line: number;
  column: number;
}

export interface StrykerMutant {
  id: string;
  mutatorName: string;
  replacement?: string;
  status: MutantStatus;
  statusReason?: string;
  location: { start: Position; end: Position };
}

export interface StrykerReport {
  files: Record<string, { source: string; mutants: StrykerMutant[] }>;
}

/**
 * The modules the issue names: the code mutated in each (a file, or `file:first-last` for some of its lines) and the
 * tests that judge it (its own unit tests, and its integration tests on PGlite where its rules live in SQL). Unit
 * tests may be globs; integration tests (`*.integration.test.ts`) are named one by one.
 */
export const MUTATION_MODULES: readonly { name: string; slug: string; mutate: readonly string[]; tests: readonly string[] }[] = [
  {
    name: "Auth (sign-in, sessions, passwords)",
    slug: "auth",
    mutate: [
      "app/services/auth/login.server.ts",
      "app/services/auth/sessions.server.ts",
      "app/services/auth/passwords.server.ts",
    ],
    tests: [
      "app/services/auth/passwords.test.ts",
      "app/services/auth/login.integration.test.ts",
      "app/services/auth/sessions.integration.test.ts",
    ],
  },
  {
    name: "Rate limits",
    slug: "rate-limits",
    mutate: ["app/services/rate-limits/rate-limiter.server.ts", "app/services/rate-limits/client-address.server.ts"],
    tests: ["app/services/rate-limits/client-address.test.ts", "app/services/rate-limits/rate-limiter.integration.test.ts"],
  },
  {
    name: "Newsletter subscribers",
    slug: "subscribers",
    mutate: ["app/services/newsletter/subscribers.server.ts"],
    tests: ["app/services/newsletter/subscribers.integration.test.ts"],
  },
  {
    name: "Newsletter sending",
    slug: "sending",
    mutate: ["app/services/newsletter/newsletter-sender.server.ts"],
    tests: ["app/services/default-timings.test.ts", "app/services/newsletter/newsletter.integration.test.ts"],
  },
  {
    name: "Unsubscribe links",
    slug: "unsubscribe-links",
    mutate: ["app/services/newsletter/unsubscribe-links.server.ts"],
    tests: ["app/services/newsletter/unsubscribe-links.integration.test.ts"],
  },
  {
    name: "Duplicate check",
    slug: "duplicate-check",
    mutate: ["app/services/articles/duplicate-check.server.ts"],
    // The candidate searches are SQL: the integration tests judge them.
    tests: ["app/services/articles/duplicate-check.*.test.ts", "app/services/articles/duplicate-check.integration.test.ts"],
  },
  {
    name: "Story similarity",
    slug: "story-similarity",
    mutate: ["app/services/articles/story-similarity.server.ts"],
    tests: ["app/services/articles/story-similarity.*.test.ts"],
  },
  {
    name: "Search query parsing",
    slug: "search-query",
    // prefixQueryText: the rest of the file is SQL, measured by the bench.
    mutate: ["app/validation/search.ts", "app/services/search/search.server.ts:69-80"],
    tests: ["app/validation/search.test.ts", "app/validation/text.test.ts", "app/services/search/search.integration.test.ts"],
  },
  {
    name: "Reply parsing",
    slug: "reply-parsing",
    mutate: ["app/services/generation/reply-parsing.server.ts"],
    tests: ["app/services/generation/reply-parsing*.test.ts"],
  },
  {
    name: "Content cleanup",
    slug: "content-cleanup",
    mutate: ["app/services/generation/content-cleanup.server.ts"],
    tests: ["app/services/generation/content-cleanup*.test.ts"],
  },
  {
    name: "Syndication (feeds, sitemaps, robots.txt)",
    slug: "syndication",
    // The renderers: what a feed, a sitemap and robots.txt say. The queries above them are run by the same tests.
    mutate: ["app/services/syndication/syndication.server.ts:286-640"],
    // The corrections feeds are rendered here and read back by the corrections tests.
    tests: ["app/services/syndication/syndication.integration.test.ts", "app/services/articles/corrections.integration.test.ts"],
  },
  {
    name: "Markdown",
    slug: "markdown",
    mutate: ["app/services/articles/markdown.server.ts", "app/services/articles/markdown-schema.server.ts"],
    tests: ["app/services/articles/markdown*.test.ts"],
  },
  {
    name: "Weekly schedule",
    slug: "weekly-schedule",
    mutate: ["app/services/newsletter/weekly-schedule.server.ts"],
    tests: ["app/services/newsletter/weekly-schedule*.test.ts"],
  },
];

/** The file a mutate entry names, without its line range. */
export const mutatedFile = (entry: string) => entry.replace(/:\d+-\d+$/, "");

/** Stryker's reports of several runs (one per module) as one: each file's mutants from the run that mutated it. */
export function mergeReports(reports: readonly StrykerReport[]): StrykerReport {
  const files: StrykerReport["files"] = {};
  for (const report of reports) Object.assign(files, report.files);
  return { files };
}

export interface Tally {
  killed: number;
  timeout: number;
  survived: number;
  noCoverage: number;
  ignored: number;
  errors: number;
}

const emptyTally = (): Tally => ({ killed: 0, timeout: 0, survived: 0, noCoverage: 0, ignored: 0, errors: 0 });

export function tally(mutants: readonly StrykerMutant[]): Tally {
  const counts = emptyTally();
  for (const mutant of mutants) {
    if (mutant.status === "Killed") counts.killed += 1;
    else if (mutant.status === "Timeout") counts.timeout += 1;
    else if (mutant.status === "Survived") counts.survived += 1;
    else if (mutant.status === "NoCoverage") counts.noCoverage += 1;
    else if (mutant.status === "Ignored") counts.ignored += 1;
    else if (mutant.status === "CompileError" || mutant.status === "RuntimeError") counts.errors += 1;
  }
  return counts;
}

/** Stryker's mutation score: detected (killed or timed out) over every valid mutant that was judged. Null when none. */
export function mutationScore(counts: Tally): number | null {
  const detected = counts.killed + counts.timeout;
  const valid = detected + counts.survived + counts.noCoverage;
  return valid === 0 ? null : (100 * detected) / valid;
}

/** The key a survivor's note is written under: `file:line Mutator: replacement` (replacement on one line, cut at 60). */
export function survivorKey(file: string, mutant: StrykerMutant): string {
  return `${file}:${mutant.location.start.line} ${mutant.mutatorName}: ${oneLine(mutant.replacement ?? "")}`;
}

function oneLine(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The original code a mutant replaced, on one line. */
function originalText(source: string, mutant: StrykerMutant): string {
  const lines = source.split("\n");
  const { start, end } = mutant.location;
  if (start.line === end.line) return lines[start.line - 1]?.slice(start.column - 1, end.column - 1) ?? "";
  const first = lines[start.line - 1]?.slice(start.column - 1) ?? "";
  return `${first} …`;
}

const percent = (score: number | null) => (score === null ? "n/a" : `${score.toFixed(1)}%`);
const escapeCell = (text: string) => text.replaceAll("|", "\\|").replaceAll("`", "'");

export interface ReportMeta {
  date: Date;
  commit: string;
  node: string;
  cpu: string;
  durationMs: number | null;
  target: number;
}

/**
 * The Markdown report: the score per module and over all of them, then each survivor and mutant no test reaches,
 * with the reason it survives when `notes` has one (keyed by `survivorKey`, or by `file:line` for every mutant of a line).
 */
export function renderMutationReport(
  report: StrykerReport,
  notes: Readonly<Record<string, string>>,
  meta: ReportMeta,
  moduleNotes: Readonly<Record<string, string>> = {},
): string {
  const lines: string[] = [];
  const all = emptyTally();
  const rows: string[] = [];
  const survivors: { module: string; file: string; mutant: StrykerMutant; original: string }[] = [];
  const unmeasured: string[] = [];

  for (const module of MUTATION_MODULES) {
    const files = module.mutate.map(mutatedFile);
    if (!files.some((file) => report.files[file])) {
      unmeasured.push(module.name);
      rows.push(`| ${module.name} | not measured | | | | | | |`);
      continue;
    }
    const mutants = files.flatMap((file) => report.files[file]?.mutants ?? []);
    const counts = tally(mutants);
    for (const key of Object.keys(all) as (keyof Tally)[]) all[key] += counts[key];
    rows.push(
      `| ${module.name} | ${percent(mutationScore(counts))} | ${counts.killed} | ${counts.timeout} | ${counts.survived} | ${counts.noCoverage} | ${counts.ignored} | ${counts.errors} |`,
    );
    for (const file of files) {
      const entry = report.files[file];
      for (const mutant of entry?.mutants ?? []) {
        if (mutant.status === "Survived" || mutant.status === "NoCoverage") {
          survivors.push({ module: module.name, file, mutant, original: originalText(entry!.source, mutant) });
        }
      }
    }
  }
  const overall = mutationScore(all);
  const unexplained = survivors.filter(({ file, mutant }) => !noteFor(notes, file, mutant));

  lines.push(`# Mutation testing, ${meta.date.toISOString().slice(0, 10)}`, "");
  lines.push("`npm run test:mutation`: StrykerJS over the services' rules (docs/decisions/029-mutation-testing.md).", "");
  lines.push("|  |  |", "| --- | --- |");
  lines.push(`| Date | ${meta.date.toISOString().slice(0, 19).replace("T", " ")} UTC |`);
  lines.push(`| Commit | ${meta.commit} |`);
  lines.push(`| CPU | ${meta.cpu} |`);
  lines.push(`| Node.js | ${meta.node} |`);
  if (meta.durationMs !== null) lines.push(`| Duration | ${(meta.durationMs / 60_000).toFixed(1)} min |`);
  lines.push("");
  lines.push("## Summary", "");
  const verdict =
    unmeasured.length > 0
      ? `not judged, ${unmeasured.length} of ${MUTATION_MODULES.length} modules have no results`
      : overall !== null && overall >= meta.target
        ? "met"
        : "not met";
  lines.push(`**Mutation score over all modules: ${percent(overall)}** (target ≥ ${meta.target}%: ${verdict}).`, "");
  lines.push(
    `${all.killed + all.timeout} mutants detected (${all.timeout} by a timeout), ${all.survived} survived, ${all.noCoverage} reached by no test, ` +
      `${all.ignored} ignored (static: module-level code run at import), ${all.errors} runtime or compile errors. ` +
      `${survivors.length - unexplained.length} of ${survivors.length} survivors explained below.`,
    "",
  );
  if (unmeasured.length > 0) {
    lines.push(
      `Not measured in this report (no results yet): ${unmeasured.join(", ")}. The score above is over the other modules.`,
      "",
    );
  }
  lines.push("| Module | Score | Killed | Timeout | Survived | No coverage | Ignored | Errors |");
  lines.push("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  lines.push(...rows);
  lines.push(
    `| **All** | **${percent(overall)}** | ${all.killed} | ${all.timeout} | ${all.survived} | ${all.noCoverage} | ${all.ignored} | ${all.errors} |`,
    "",
  );
  lines.push("Score = (killed + timeout) / (killed + timeout + survived + no coverage), as Stryker computes it.", "");

  lines.push("## Survivors", "");
  if (survivors.length === 0) lines.push("None.", "");
  let currentModule = "";
  for (const { module, file, mutant, original } of survivors) {
    if (module !== currentModule) {
      lines.push("", `### ${module}`, "");
      const moduleNote = moduleNotes[module];
      if (moduleNote) lines.push(moduleNote, "");
      lines.push("| Where | Mutator | Original → replacement | Why it survives |", "| --- | --- | --- | --- |");
      currentModule = module;
    }
    const where = `${file.split("/").at(-1)}:${mutant.location.start.line}${mutant.status === "NoCoverage" ? " (no test)" : ""}`;
    const change = `\`${escapeCell(oneLine(original, 50))}\` → \`${escapeCell(oneLine(mutant.replacement ?? "", 50))}\``;
    const note = noteFor(notes, file, mutant) ?? "Not yet explained.";
    lines.push(`| ${where} | ${mutant.mutatorName} | ${change} | ${escapeCell(note)} |`);
  }
  lines.push("");
  return lines.join("\n");
}

function noteFor(notes: Readonly<Record<string, string>>, file: string, mutant: StrykerMutant): string | undefined {
  return notes[survivorKey(file, mutant)] ?? notes[`${file}:${mutant.location.start.line}`];
}
