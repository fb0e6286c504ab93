import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { dateSignal, integrationFilesThatSeeADate, integrationTestFiles, moduleUnderTest } from "./second-time-zone";

const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const read = (file: string) => readFileSync(path.join(PROJECT_ROOT, file), "utf8");
const chosen = integrationFilesThatSeeADate(PROJECT_ROOT);

describe("the integration files the second time zone runs again", () => {
  it("are found where vitest.config.ts looks for integration files", () => {
    const files = integrationTestFiles(PROJECT_ROOT);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(file).toMatch(/^(app|server|scripts|tests)\/.*\.integration\.test\.tsx?$/);
  });

  it("include every file that uses a clock, a time zone, a schedule or a day, week, month or year", () => {
    const usesTime =
      /ManualClock|manual-clock|[Cc]lock\b|TIME_ZONE|timeZone|schedul|Intl\.DateTimeFormat|toLocale|new Date\(|Date\.(now|UTC|parse)|weekly|daily|midnight/;
    const missed = integrationTestFiles(PROJECT_ROOT).filter((file) => usesTime.test(read(file)) && !chosen.includes(file));
    expect(missed).toEqual([]);
  });

  it("include a file whose module under test reads a date even when the test file does not", () => {
    const undated = integrationTestFiles(PROJECT_ROOT).filter((file) => dateSignal(read(file)) === undefined);
    for (const file of undated) {
      const tested = moduleUnderTest(PROJECT_ROOT, file);
      expect(chosen.includes(file), file).toBe(tested !== undefined && dateSignal(read(tested)) !== undefined);
    }
  });

  it("are the ones the integration projects run when TEST_DATES_ONLY is set", async () => {
    const previous = process.env.TEST_DATES_ONLY;
    process.env.TEST_DATES_ONLY = "1";
    try {
      const { default: config } = await import("../../vitest.config");
      const projects = (config.test?.projects ?? []).flatMap((project) =>
        typeof project === "object" && "test" in project && project.test?.name?.toString().startsWith("integration")
          ? [project.test]
          : [],
      );
      expect(projects.length).toBeGreaterThan(0);
      for (const project of projects) expect(project?.include).toEqual(chosen);
    } finally {
      if (previous === undefined) delete process.env.TEST_DATES_ONLY;
      else process.env.TEST_DATES_ONLY = previous;
    }
  });
});

describe("what counts as seeing a date", () => {
  it.each([
    ["a Date", "const at = new Date('2026-01-01T00:00:00Z');"],
    ["a clock", "const clock = createManualClock(start);"],
    ["a schedule", "await scheduleArticle(db, id, at);"],
    ["a calendar unit", "expect(rows).toHaveLength(7); // one a day"],
    ["a calendar unit in a name", "const issue = await digestForWeek(db, lastWeek);"],
    ["a time zone", "const zone = env.TIME_ZONE;"],
    ["a local rendering of a time", "label.textContent = moment.toLocaleTimeString();"],
    ["a moment kept in a column", "await db.update(articles).set({ publishedAt: null });"],
    ["SQL time", "sql`select count(*) from sessions where expires_at > now()`"],
  ])("finds %s", (signal, text) => {
    expect(dateSignal(text)).toBe(signal);
  });

  it("finds nothing in code that handles no time", () => {
    expect(dateSignal("const token = createHmac('sha256', secret).update(email).digest('base64url');")).toBeUndefined();
    expect(dateSignal("await db.insert(subscribers).values({ email: 'a@example.com', status: 'active' });")).toBeUndefined();
  });
});
