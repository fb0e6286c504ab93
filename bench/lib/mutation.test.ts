import { describe, expect, it } from "vitest";
import { mutationScore, renderMutationReport, survivorKey, tally, type StrykerMutant, type StrykerReport } from "./mutation";

const at = (line: number, column: number, endColumn: number) => ({ start: { line, column }, end: { line, column: endColumn } });

function mutant(id: string, status: StrykerMutant["status"], line = 1, replacement = "false"): StrykerMutant {
  return { id, mutatorName: "BooleanLiteral", replacement, status, location: at(line, 8, 12) };
}

const FILE = "app/services/newsletter/weekly-schedule.server.ts";
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

describe("the mutation report", () => {
  it("counts each status and scores detected over judged mutants, as Stryker does", () => {
    const counts = tally(report.files[FILE]!.mutants);
    expect(counts).toEqual({ killed: 1, timeout: 1, survived: 1, noCoverage: 1, ignored: 1, errors: 1 });
    expect(mutationScore(counts)).toBe(50);
    expect(mutationScore(tally([]))).toBeNull();
  });

  it("lists each survivor with its original code, replacement and note, and scores the module", () => {
    const survivor = report.files[FILE]!.mutants[2]!;
    expect(survivorKey(FILE, survivor)).toBe(`${FILE}:1 BooleanLiteral: false`);
    const markdown = renderMutationReport(
      report,
      { [survivorKey(FILE, survivor)]: "Equivalent: the value is never read." },
      { date: new Date("2026-11-26T09:00:00Z"), commit: "abc1234", node: "v20", cpu: "test", durationMs: 90_000, target: 80 },
    );
    expect(markdown).toContain(
      "**Mutation score over all modules: 50.0%** (target ≥ 80%: not judged, 12 of 13 modules have no results).",
    );
    expect(markdown).toContain("| Weekly schedule | 50.0% | 1 | 1 | 1 | 1 | 1 | 1 |");
    expect(markdown).toContain("| Auth (sign-in, sessions, passwords) | not measured | | | | | | |");
    expect(markdown).toContain(
      "| weekly-schedule.server.ts:1 | BooleanLiteral | `true` → `false` | Equivalent: the value is never read. |",
    );
    expect(markdown).toContain(
      "| weekly-schedule.server.ts:2 (no test) | EqualityOperator | `x < 1` → `x <= 1` | Not yet explained. |",
    );
    expect(markdown).toContain("1 of 2 survivors explained below.");
    expect(markdown).toContain("| Duration | 1.5 min |");
  });
});
