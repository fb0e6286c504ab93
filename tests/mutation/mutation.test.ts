import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  MUTATION_MODULES,
  moduleRecord,
  mutationScore,
  noteFor,
  renderMutationReport,
  tally,
  type StrykerMutant,
  type StrykerReport,
  type SurvivorNote,
} from "./mutation";

const at = (line: number, column: number, endColumn: number) => ({ start: { line, column }, end: { line, column: endColumn } });

function mutant(id: string, status: StrykerMutant["status"], line = 1, replacement = "false"): StrykerMutant {
  return { id, mutatorName: "BooleanLiteral", replacement, status, location: at(line, 8, 12) };
}

const FILE = "app/services/newsletter/weekly-schedule.server.ts";
const WEEKLY = { slug: "weekly-schedule", mutate: [FILE] };
const report: StrykerReport = {
  files: {
    [FILE]: {
      source: "return true;\nreturn x < 1;\n",
      mutants: [
        mutant("1", "Killed"),
        mutant("2", "Timeout"),
        mutant("3", "Survived", 1),
        { ...mutant("4", "NoCoverage", 2, "x <= 1"), mutatorName: "EqualityOperator", location: at(2, 8, 13) },
        mutant("5", "Ignored"),
        mutant("6", "RuntimeError"),
      ],
    },
  },
};
const run = { commit: "abc1234", measuredAt: new Date("2026-11-26T08:30:00Z"), durationMs: 60_000 };
const meta = {
  date: new Date("2026-11-26T09:00:00Z"),
  commit: "def5678",
  node: "v20",
  cpu: "test",
  durationMs: 90_000,
  target: 80,
};

describe("the mutation report", () => {
  it("counts each status and scores detected over judged mutants, as Stryker does", () => {
    const counts = tally(report.files[FILE]!.mutants);
    expect(counts).toEqual({ killed: 1, timeout: 1, survived: 1, noCoverage: 1, ignored: 1, errors: 1 });
    expect(mutationScore(counts)).toBe(50);
    expect(mutationScore(tally([]))).toBeNull();
  });

  it("keeps a module's counts and survivors, each with the code of its line, and the commit measured", () => {
    expect(moduleRecord(WEEKLY, report, run)).toEqual({
      slug: "weekly-schedule",
      commit: "abc1234",
      measuredAt: "2026-11-26T08:30:00.000Z",
      durationMs: 60_000,
      counts: { killed: 1, timeout: 1, survived: 1, noCoverage: 1, ignored: 1, errors: 1 },
      survivors: [
        {
          file: FILE,
          line: 1,
          mutator: "BooleanLiteral",
          original: "true",
          replacement: "false",
          code: "return true;",
          reached: true,
        },
        {
          file: FILE,
          line: 2,
          mutator: "EqualityOperator",
          original: "x < 1",
          replacement: "x <= 1",
          code: "return x < 1;",
          reached: false,
        },
      ],
    });
  });

  it("matches a note by the code of the survivor's line, narrowed by mutator and replacement, whatever its line number", () => {
    const [survivor] = moduleRecord(WEEKLY, report, run).survivors;
    const moved = { ...survivor!, line: 40 };
    const wholeLine: SurvivorNote = { file: FILE, code: "return true", reason: "whole line" };
    const otherMutator: SurvivorNote = { ...wholeLine, mutator: "EqualityOperator", reason: "other mutator" };
    const otherReplacement: SurvivorNote = { ...wholeLine, replacement: "!true", reason: "other replacement" };
    const otherFile: SurvivorNote = { ...wholeLine, file: "app/services/other.server.ts", reason: "other file" };
    expect(noteFor([otherMutator, otherReplacement, otherFile, wholeLine], moved)?.reason).toBe("whole line");
    expect(noteFor([{ ...wholeLine, mutator: "BooleanLiteral", replacement: "fal", reason: "narrowed" }], moved)?.reason).toBe(
      "narrowed",
    );
    expect(noteFor([{ ...wholeLine, code: "return false" }], moved)).toBeUndefined();
  });

  it("lists each module with the commit it was measured at, each survivor with its note, and notes that match nothing", () => {
    const notes: SurvivorNote[] = [
      { file: FILE, code: "return true;", reason: "Equivalent: the value is never read." },
      { file: FILE, code: "return maybe;", reason: "Left from code that changed." },
      { file: "app/services/auth/login.server.ts", code: "return 1;", reason: "A module not measured." },
    ];
    const markdown = renderMutationReport([moduleRecord(WEEKLY, report, run)], notes, meta);
    expect(markdown).toContain(
      "**Mutation score over all modules: 50.0%** (target ≥ 80%: not judged, 12 of 13 modules have no results).",
    );
    expect(markdown).toContain("| Weekly schedule | 50.0% | 1 | 1 | 1 | 1 | 1 | 1 | abc1234, 2026-11-26 08:30 UTC |");
    expect(markdown).toContain("| Auth (sign-in, sessions, passwords) | not measured | | | | | | | |");
    expect(markdown).toContain(
      "| weekly-schedule.server.ts:1 | BooleanLiteral | `true` → `false` | Equivalent: the value is never read. |",
    );
    expect(markdown).toContain(
      "| weekly-schedule.server.ts:2 (no test) | EqualityOperator | `x < 1` → `x <= 1` | Not yet explained. |",
    );
    expect(markdown).toContain("1 of 2 survivors explained below.");
    expect(markdown).toContain("| Duration of this run | 1.5 min |");
    expect(markdown).toContain("## Notes that match no survivor\n");
    expect(markdown).toContain("- weekly-schedule.server.ts: `return maybe;`\n");
    expect(markdown).not.toContain("return 1;");
  });

  it("says where a module's figures come from when they were not measured by this tool", () => {
    const imported = { ...moduleRecord(WEEKLY, report, run), source: "imported from an earlier report" };
    const markdown = renderMutationReport([imported], [], meta);
    expect(markdown).toContain("| Weekly schedule | 50.0% | 1 | 1 | 1 | 1 | 1 | 1 | abc1234, 2026-11-26 08:30 UTC * |");
    expect(markdown).toContain("\\* Weekly schedule: imported from an earlier report\n");
  });
});

describe("the modules mutated", () => {
  /** The first and last line of each part of a file that is mutated, as the code stands. */
  const ranged = MUTATION_MODULES.flatMap((module) => module.mutate)
    .map((entry) => /^(.*):(\d+)-(\d+)$/.exec(entry))
    .filter((match) => match !== null)
    .map(([, file, from, to]) => {
      const lines = readFileSync(file!, "utf8").split("\n");
      return { file, first: lines[Number(from) - 1]?.trim(), last: lines[Number(to) - 1] };
    });

  it("mutate the lines they name: a range moves with the code it names", () => {
    expect(ranged).toEqual([
      {
        file: "app/services/search/search.server.ts",
        first: "export function prefixQueryText(query: string): string | null {",
        last: "}",
      },
      {
        file: "app/services/syndication/syndication.server.ts",
        first: "// Anything outside XML 1.0's Char production (tab, newline, carriage return, U+0020-U+D7FF, U+E000-U+FFFD,",
        last: "}",
      },
    ]);
  });

  it("are the ones stryker.config.mjs mutates by default", () => {
    const config = readFileSync("stryker.config.mjs", "utf8");
    for (const entry of MUTATION_MODULES.flatMap((module) => module.mutate)) expect(config).toContain(`"${entry}"`);
  });
});
