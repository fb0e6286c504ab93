/**
 * The mutation report (`npm run test:mutation`): StrykerJS's JSON report (mutation-testing-report-schema)
 * summed per module of the services' rules, with every surviving mutant listed and, where one is written in
 * tests/mutation/survivors.ts, the reason it survives.
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
    tests: ["app/services/newsletter/newsletter.integration.test.ts"],
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
    mutate: ["app/validation/search.ts", "app/services/search/search.server.ts:127-135"],
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
    mutate: ["app/services/syndication/syndication.server.ts:359-729"],
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

/** A mutant no test noticed (survived) or no test reached, as a module's record keeps it. */
export interface Survivor {
  file: string;
  line: number;
  mutator: string;
  /** The code the mutant replaced, on one line (cut at 80 characters). */
  original: string;
  /** What Stryker put in its place, on one line (cut at 80 characters). */
  replacement: string;
  /** The whole source line the mutant starts on, trimmed: what a note is matched against (`tests/mutation/survivors.ts`). */
  code: string;
  reached: boolean;
}

/**
 * One module's last measurement, committed as tests/mutation/results/<slug>.json so that a report covers every
 * module, each with the commit it was measured at, although a run measures only some of them.
 */
export interface ModuleRecord {
  slug: string;
  /** `git describe --always --dirty` when the run started: the code and tests measured. */
  commit: string;
  /** When the run started (ISO 8601). */
  measuredAt: string;
  /** How long the module's run took, when known. */
  durationMs: number | null;
  /** Where the figures come from when not from a run of this tool (an earlier report, say). */
  source?: string;
  counts: Tally;
  survivors: Survivor[];
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

/** A module's record from Stryker's report of a run over it. */
export function moduleRecord(
  module: { slug: string; mutate: readonly string[] },
  report: StrykerReport,
  run: { commit: string; measuredAt: Date; durationMs: number | null },
): ModuleRecord {
  const files = module.mutate.map(mutatedFile);
  const mutants = files.flatMap((file) => report.files[file]?.mutants ?? []);
  const survivors: Survivor[] = [];
  for (const file of files) {
    const entry = report.files[file];
    if (!entry) continue;
    const lines = entry.source.split("\n");
    const judged = entry.mutants
      .filter((mutant) => mutant.status === "Survived" || mutant.status === "NoCoverage")
      .sort((x, y) => x.location.start.line - y.location.start.line || x.location.start.column - y.location.start.column);
    for (const mutant of judged) {
      survivors.push({
        file,
        line: mutant.location.start.line,
        mutator: mutant.mutatorName,
        original: oneLine(originalText(entry.source, mutant), 80),
        replacement: oneLine(mutant.replacement ?? "", 80),
        code: (lines[mutant.location.start.line - 1] ?? "").trim(),
        reached: mutant.status === "Survived",
      });
    }
  }
  return {
    slug: module.slug,
    commit: run.commit,
    measuredAt: run.measuredAt.toISOString(),
    durationMs: run.durationMs,
    counts: tally(mutants),
    survivors,
  };
}

/**
 * Why a survivor survives. Matched by the code of the line it is on, so a note follows its line when the code
 * around it moves: `code` is a piece of that line (the whole line, trimmed, contains it); `mutator` and
 * `replacement` (a piece of the replacement) narrow it to some of the line's mutants. The first match wins.
 */
export interface SurvivorNote {
  file: string;
  code: string;
  mutator?: string;
  replacement?: string;
  reason: string;
}

export function noteFor(notes: readonly SurvivorNote[], survivor: Survivor): SurvivorNote | undefined {
  return notes.find(
    (note) =>
      note.file === survivor.file &&
      survivor.code.includes(note.code) &&
      (note.mutator === undefined || note.mutator === survivor.mutator) &&
      (note.replacement === undefined || survivor.replacement.includes(note.replacement)),
  );
}

/** Notes that match no survivor of the modules measured: left over from code or tests that changed. */
export function unusedNotes(notes: readonly SurvivorNote[], records: readonly ModuleRecord[]): SurvivorNote[] {
  const used = new Set(records.flatMap((record) => record.survivors.map((survivor) => noteFor(notes, survivor))));
  const measuredFiles = new Set(
    records.flatMap((record) => MUTATION_MODULES.find((module) => module.slug === record.slug)!.mutate.map(mutatedFile)),
  );
  return notes.filter((note) => measuredFiles.has(note.file) && !used.has(note));
}

const percent = (score: number | null) => (score === null ? "n/a" : `${score.toFixed(1)}%`);
const escapeCell = (text: string) => text.replaceAll("|", "\\|").replaceAll("`", "'");

export interface ReportMeta {
  date: Date;
  commit: string;
  node: string;
  cpu: string;
  /** How long this invocation's runs took; null when it only wrote the report. */
  durationMs: number | null;
  target: number;
}

/** `abc1234, 2026-11-26 14:02 UTC`: which code a module's figures are for. */
function measuredLabel(record: ModuleRecord): string {
  const when = `${record.measuredAt.slice(0, 16).replace("T", " ")} UTC`;
  return `${record.commit}, ${when}`;
}

/**
 * The Markdown report: the score per module (each from its last measurement, with the commit it was measured at)
 * and over all of them, then each survivor and mutant no test reaches with the reason it survives when a note
 * matches it (`noteFor`).
 */
export function renderMutationReport(
  records: readonly ModuleRecord[],
  notes: readonly SurvivorNote[],
  meta: ReportMeta,
  moduleNotes: Readonly<Record<string, string>> = {},
): string {
  const lines: string[] = [];
  const all = emptyTally();
  const rows: string[] = [];
  const survivors: { module: string; survivor: Survivor }[] = [];
  const unmeasured: string[] = [];
  const sources: string[] = [];

  for (const module of MUTATION_MODULES) {
    const record = records.find((candidate) => candidate.slug === module.slug);
    if (!record) {
      unmeasured.push(module.name);
      rows.push(`| ${module.name} | not measured | | | | | | | |`);
      continue;
    }
    const counts = record.counts;
    for (const key of Object.keys(all) as (keyof Tally)[]) all[key] += counts[key];
    rows.push(
      `| ${module.name} | ${percent(mutationScore(counts))} | ${counts.killed} | ${counts.timeout} | ${counts.survived} | ${counts.noCoverage} | ${counts.ignored} | ${counts.errors} | ${measuredLabel(record)}${record.source ? " *" : ""} |`,
    );
    if (record.source) sources.push(`${module.name}: ${record.source}`);
    for (const survivor of record.survivors) survivors.push({ module: module.name, survivor });
  }
  const overall = mutationScore(all);
  const unexplained = survivors.filter(({ survivor }) => !noteFor(notes, survivor));

  lines.push(`# Mutation testing, ${meta.date.toISOString().slice(0, 10)}`, "");
  lines.push("`npm run test:mutation`: StrykerJS over the services' rules (docs/decisions/029-mutation-testing.md).", "");
  lines.push("|  |  |", "| --- | --- |");
  lines.push(`| Date | ${meta.date.toISOString().slice(0, 19).replace("T", " ")} UTC |`);
  lines.push(`| Commit | ${meta.commit} |`);
  lines.push(`| CPU | ${meta.cpu} |`);
  lines.push(`| Node.js | ${meta.node} |`);
  if (meta.durationMs !== null) lines.push(`| Duration of this run | ${(meta.durationMs / 60_000).toFixed(1)} min |`);
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
  lines.push(
    "Each module's figures are from its last measurement (tests/mutation/results/<module>.json), at the commit it names; a module's code or tests changed since then are not in its figures.",
    "",
  );
  lines.push("| Module | Score | Killed | Timeout | Survived | No coverage | Ignored | Errors | Measured at |");
  lines.push("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |");
  lines.push(...rows);
  lines.push(
    `| **All** | **${percent(overall)}** | ${all.killed} | ${all.timeout} | ${all.survived} | ${all.noCoverage} | ${all.ignored} | ${all.errors} | |`,
    "",
  );
  lines.push("Score = (killed + timeout) / (killed + timeout + survived + no coverage), as Stryker computes it.", "");
  if (sources.length > 0) lines.push(...sources.map((source) => `\\* ${source}`), "");

  lines.push("## Survivors", "");
  if (survivors.length === 0) lines.push("None.", "");
  let currentModule = "";
  for (const { module, survivor } of survivors) {
    if (module !== currentModule) {
      lines.push("", `### ${module}`, "");
      const moduleNote = moduleNotes[module];
      if (moduleNote) lines.push(moduleNote, "");
      lines.push("| Where | Mutator | Original → replacement | Why it survives |", "| --- | --- | --- | --- |");
      currentModule = module;
    }
    const where = `${survivor.file.split("/").at(-1)}:${survivor.line}${survivor.reached ? "" : " (no test)"}`;
    const change = `\`${escapeCell(oneLine(survivor.original, 50))}\` → \`${escapeCell(oneLine(survivor.replacement, 50))}\``;
    const note = noteFor(notes, survivor)?.reason ?? "Not yet explained.";
    lines.push(`| ${where} | ${survivor.mutator} | ${change} | ${escapeCell(note)} |`);
  }
  lines.push("");
  const stale = unusedNotes(notes, records);
  if (stale.length > 0) {
    lines.push("## Notes that match no survivor", "");
    lines.push(
      "Left over from code or tests that changed (tests/mutation/survivors.ts): remove them, or fix the code they quote.",
      "",
    );
    for (const note of stale) {
      const narrowed = [note.mutator, note.replacement && `\`${escapeCell(note.replacement)}\``].filter(Boolean).join(", ");
      lines.push(`- ${note.file.split("/").at(-1)}: \`${escapeCell(note.code)}\`${narrowed ? ` (${narrowed})` : ""}`);
    }
    lines.push("");
  }
  return lines.join("\n");
}
