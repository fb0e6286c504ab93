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

  it("include every file that uses a time zone, a schedule, a local rendering or a calendar day, week or month", () => {
    const usesTheCalendar =
      /TIME_ZONE|timeZone|schedul|Intl\.DateTimeFormat|toLocale|\.get(Hours|Date|Day|Month|FullYear)\(|startOf(Day|Week|Month)|weekly|daily|midnight|date_trunc/;
    const missed = integrationTestFiles(PROJECT_ROOT).filter(
      (file) => usesTheCalendar.test(read(file)) && !chosen.includes(file),
    );
    expect(missed).toEqual([]);
  });

  it("leave out files that handle instants only, and still choose most of the time-zone-sensitive services", () => {
    const leftOut = integrationTestFiles(PROJECT_ROOT).filter((file) => !chosen.includes(file));
    expect(leftOut).toEqual(expect.arrayContaining(["app/services/auth/sessions.integration.test.ts"]));
    expect(chosen).toEqual(
      expect.arrayContaining([
        "app/services/articles/scheduler.integration.test.ts",
        "app/services/newsletter/newsletter.integration.test.ts",
        "app/services/analytics/insights.integration.test.ts",
        "app/services/syndication/syndication.integration.test.ts",
      ]),
    );
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
    ["a time zone", "const zone = env.TIME_ZONE;"],
    ["a local rendering of a time", "label.textContent = moment.toLocaleTimeString();"],
    ["a local calendar field", "if (at.getHours() < 9) return;"],
    ["a local calendar field", "const newYear = new Date(2027, 0, 1);"],
    ["a calendar unit in a name", "const issue = await digestForWeek(db, lastWeek);"],
    ["a calendar unit in a name", "const days = daysBetween(first, last);"],
    ["a schedule", "await scheduleArticle(db, id, at);"],
    ["SQL calendar values", "sql`select date_trunc('day', published_at) from articles`"],
    ["SQL calendar values", "sql`select published_at::date as day from articles`"],
  ])("finds %s", (signal, text) => {
    expect(dateSignal(text)).toBe(signal);
  });

  // An instant is the same instant in every zone: comparing, adding, storing and sending one as ISO text cannot
  // depend on the machine's zone.
  it.each([
    "const at = new Date('2026-01-01T00:00:00Z');",
    "const expiresAt = new Date(clock.now().getTime() + SESSION_DURATION_MS);",
    "await db.update(articles).set({ publishedAt: null });",
    "sql`select count(*) from sessions where expires_at > now() - interval '15 minutes'`",
    "expect(row.createdAt.toISOString()).toBe(at.toISOString());",
    "const day = new Date(Date.UTC(2026, 0, 1)).getUTCDate();",
  ])("finds nothing in code that handles instants only: %s", (text) => {
    expect(dateSignal(text)).toBeUndefined();
  });

  it("finds nothing in code that handles no time", () => {
    expect(dateSignal("const token = createHmac('sha256', secret).update(email).digest('base64url');")).toBeUndefined();
    expect(dateSignal("await db.insert(subscribers).values({ email: 'a@example.com', status: 'active' });")).toBeUndefined();
  });
});
