import { describe, expect, it } from "vitest";
import { formatFailures, formatTimingTable, parsePhases, summariseReport, type PhaseReport } from "./ci-timing";

const vitestReport = {
  numTotalTests: 5,
  numPassedTests: 3,
  numFailedTests: 1,
  numPendingTests: 1,
  numTodoTests: 0,
  testResults: [
    {
      name: "/repo/app/a.test.ts",
      startTime: 1_000,
      endTime: 3_500,
      status: "failed",
      assertionResults: [
        { fullName: "a works", status: "passed", failureMessages: [] },
        {
          fullName: "a counts > twice",
          status: "failed",
          failureMessages: ["\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n\n    at a.test.ts:9:3"],
        },
      ],
    },
    { name: "/repo/app/b.test.ts", startTime: 1_000, endTime: 1_200, assertionResults: [{}, {}, {}] },
    {
      name: "/repo/app/c.test.ts",
      startTime: 1_000,
      endTime: 1_100,
      status: "failed",
      message: "Failed to load ./missing",
      assertionResults: [],
    },
  ],
};

const playwrightReport = {
  stats: { expected: 2, unexpected: 0, flaky: 1, skipped: 1 },
  suites: [
    {
      file: "home.spec.ts",
      specs: [{ tests: [{ status: "expected", results: [{ duration: 4_000 }] }] }],
      suites: [
        {
          specs: [
            { tests: [{ status: "flaky", results: [{ duration: 1_000 }, { duration: 2_000 }] }] },
            { tests: [{ status: "skipped", results: [] }] },
          ],
          title: "the menu",
        },
      ],
    },
    { file: "search.spec.ts", specs: [{ tests: [{ status: "expected", results: [{ duration: 500 }] }] }] },
    {
      file: "login.spec.ts",
      title: "login.spec.ts",
      specs: [
        {
          title: "signs in",
          tests: [
            {
              status: "unexpected",
              results: [
                { duration: 100, error: { message: "first try" } },
                { duration: 100, error: { message: "Timed out waiting for getByRole('heading')" } },
              ],
            },
          ],
        },
      ],
    },
  ],
};

describe("the CI timing table", () => {
  it("reads the phases .ci/run wrote, in the order they started", () => {
    const phases = parsePhases("lint\t110\t150\t0\t-\ntypecheck\t100\t140\t0\t-\nunit\t150\t200\t1\t/tmp/unit.json\n");
    expect(phases.map((phase) => phase.name)).toEqual(["typecheck", "lint", "unit"]);
    expect(phases[2]).toEqual({ name: "unit", startedAt: 150, endedAt: 200, exitCode: 1, report: "/tmp/unit.json" });
    expect(phases[0]?.report).toBeUndefined();
  });

  it("counts a Vitest report's tests and times each file from its start to its end", () => {
    const summary = summariseReport("unit", vitestReport, "/repo");
    expect(summary.counts).toEqual({ total: 5, passed: 3, failed: 1, skipped: 1 });
    expect(summary.files).toEqual([
      { phase: "unit", file: "app/a.test.ts", seconds: 2.5, tests: 2 },
      { phase: "unit", file: "app/b.test.ts", seconds: 0.2, tests: 3 },
      { phase: "unit", file: "app/c.test.ts", seconds: 0.1, tests: 0 },
    ]);
  });

  it("counts a Playwright report's tests (a flaky one as passed) and adds up each file's test durations, retries included", () => {
    const summary = summariseReport("e2e", playwrightReport, "/repo");
    expect(summary.counts).toEqual({ total: 4, passed: 3, failed: 0, skipped: 1 });
    expect(summary.files).toEqual([
      { phase: "e2e", file: "tests/e2e/home.spec.ts", seconds: 7, tests: 3 },
      { phase: "e2e", file: "tests/e2e/search.spec.ts", seconds: 0.5, tests: 1 },
      { phase: "e2e", file: "tests/e2e/login.spec.ts", seconds: 0.2, tests: 1 },
    ]);
  });

  it("prints every phase with its start, seconds and counts, the whole run, and the slowest files first", () => {
    const phases = parsePhases("install\t100\t160\t0\t-\nunit\t160\t290.25\t1\tunit.json\ne2e\t160\t400\t0\te2e.json\n");
    const reports = new Map<string, PhaseReport>([
      ["unit", summariseReport("unit", vitestReport, "/repo")],
      ["e2e", summariseReport("e2e", playwrightReport, "/repo")],
    ]);
    const lines = formatTimingTable(phases, reports, 2).split("\n");
    expect(lines[1]).toMatch(/^phase\s+from\s+seconds\s+tests\s+passed\s+failed\s+skipped\s+result$/);
    expect(lines[2]).toMatch(/^install\s+0:00\s+60\.0\s+ok$/);
    expect(lines[3]).toMatch(/^unit\s+1:00\s+130\.3\s+5\s+3\s+1\s+1\s+FAILED \(1\)$/);
    expect(lines[4]).toMatch(/^e2e\s+1:00\s+240\.0\s+4\s+3\s+0\s+1\s+ok$/);
    expect(lines[5]).toMatch(/^whole run\s+0:00\s+300\.0\s+9\s+6\s+1\s+2\s+FAILED$/);
    const slowest = lines.slice(lines.indexOf("") + 3);
    expect(slowest).toHaveLength(2);
    expect(slowest[0]).toMatch(/^\s*7\.0\s+3\s+e2e\s+tests\/e2e\/home\.spec\.ts$/);
    expect(slowest[1]).toMatch(/^\s*2\.5\s+2\s+unit\s+app\/a\.test\.ts$/);
  });

  it("names every failed test under the table with its error's first lines, a file that failed to load included", () => {
    const reports = new Map<string, PhaseReport>([
      ["unit", summariseReport("unit", vitestReport, "/repo")],
      ["e2e", summariseReport("e2e", playwrightReport, "/repo")],
    ]);
    expect(formatFailures(reports, 1).split("\n")).toEqual([
      "Failed tests (3)",
      "",
      "[unit] app/a.test.ts",
      "  a counts > twice",
      "    AssertionError: expected 1 to be 2",
      "",
      "[unit] app/c.test.ts",
      "  (the file itself)",
      "    Failed to load ./missing",
      "",
      "[e2e] tests/e2e/login.spec.ts",
      "  signs in",
      "    Timed out waiting for getByRole('heading')",
    ]);
    expect(formatFailures(new Map([["e2e", summariseReport("e2e", { ...playwrightReport, suites: [] }, "/")]]))).toBe("");
  });
});
