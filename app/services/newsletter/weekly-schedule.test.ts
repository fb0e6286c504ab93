import { afterEach, describe, expect, it, vi } from "vitest";
import { cronProblem, DEFAULT_NEWSLETTER_SCHEDULE, isoWeekKey } from "./weekly-schedule.server";

describe("isoWeekKey", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("names the ISO week, whose year can differ from the calendar year", () => {
    expect(isoWeekKey(new Date("2026-11-22T09:00:00Z"))).toBe("2026-W47");
    expect(isoWeekKey(new Date("2026-11-23T09:00:00Z"))).toBe("2026-W48");
    // 1 January 2027 is a Friday: it belongs to the last week of 2026.
    expect(isoWeekKey(new Date("2027-01-01T12:00:00Z"))).toBe("2026-W53");
    // 29 December 2025 is a Monday: week 1 of 2026.
    expect(isoWeekKey(new Date("2025-12-29T12:00:00Z"))).toBe("2026-W01");
  });

  it("gives the same key to every moment of one Sunday", () => {
    expect(isoWeekKey(new Date("2026-11-22T00:00:01Z"))).toBe(isoWeekKey(new Date("2026-11-22T23:59:59Z")));
  });
});

describe("cronProblem", () => {
  it("accepts the default Sunday 09:00 and refuses nonsense", () => {
    expect(DEFAULT_NEWSLETTER_SCHEDULE).toBe("0 9 * * 0");
    expect(cronProblem(DEFAULT_NEWSLETTER_SCHEDULE)).toBeNull();
    expect(cronProblem("0 9 * * 7")).toBeNull();
    expect(cronProblem("61 9 * * 0")).not.toBeNull();
    expect(cronProblem("every sunday")).not.toBeNull();
  });
});
