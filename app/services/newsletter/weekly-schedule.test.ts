import { Cron } from "croner";
import { describe, expect, it } from "vitest";
import { cronProblem, DEFAULT_NEWSLETTER_SCHEDULE, isoWeekKey, startWeeklySchedule } from "./weekly-schedule.server";

describe("isoWeekKey", () => {
  it("names the ISO week, whose year can differ from the calendar year", () => {
    expect(isoWeekKey(new Date("2026-11-22T09:00:00Z"), "UTC")).toBe("2026-W47");
    expect(isoWeekKey(new Date("2026-11-23T09:00:00Z"), "UTC")).toBe("2026-W48");
    // 1 January 2027 is a Friday: it belongs to the last week of 2026.
    expect(isoWeekKey(new Date("2027-01-01T12:00:00Z"), "UTC")).toBe("2026-W53");
    // 29 December 2025 is a Monday: week 1 of 2026.
    expect(isoWeekKey(new Date("2025-12-29T12:00:00Z"), "UTC")).toBe("2026-W01");
  });

  it("gives the same key to every moment of one Sunday in the newsroom's zone", () => {
    expect(isoWeekKey(new Date("2026-11-22T00:00:01Z"), "UTC")).toBe("2026-W47");
    expect(isoWeekKey(new Date("2026-11-22T23:59:59Z"), "UTC")).toBe("2026-W47");
    // Sunday 22 November in Tokyo runs from 21 November 15:00 to 22 November 14:59:59 UTC.
    expect(isoWeekKey(new Date("2026-11-21T15:00:00Z"), "Asia/Tokyo")).toBe("2026-W47");
    expect(isoWeekKey(new Date("2026-11-22T14:59:59Z"), "Asia/Tokyo")).toBe("2026-W47");
    expect(isoWeekKey(new Date("2026-11-22T15:00:00Z"), "Asia/Tokyo")).toBe("2026-W48");
  });

  it("follows the newsroom's zone, not UTC, near midnight", () => {
    // Monday 02:30 UTC is still Sunday evening in New York and already Monday in Tokyo.
    const moment = new Date("2026-11-23T02:30:00Z");
    expect(isoWeekKey(moment, "America/New_York")).toBe("2026-W47");
    expect(isoWeekKey(moment, "Pacific/Honolulu")).toBe("2026-W47");
    expect(isoWeekKey(moment, "Asia/Tokyo")).toBe("2026-W48");
    expect(isoWeekKey(new Date("2026-11-22T10:00:00Z"), "Pacific/Kiritimati")).toBe("2026-W48");
  });
});

describe("startWeeklySchedule", () => {
  it("reads the cron pattern in the newsroom's time zone", () => {
    const zones = ["Asia/Tokyo", "America/New_York", "Pacific/Kiritimati", "UTC"];
    for (const timeZone of zones) {
      const schedule = startWeeklySchedule({
        pattern: DEFAULT_NEWSLETTER_SCHEDULE,
        timeZone,
        task: async () => {},
        onError: () => {},
      });
      const next = schedule.nextRun();
      schedule.stop();
      expect(next, timeZone).not.toBeNull();
      const local = new Intl.DateTimeFormat("en-US", {
        weekday: "long",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
        timeZone,
      });
      expect(local.format(next!), timeZone).toBe("Sunday 09:00");
    }
  });
});

describe("startWeeklySchedule's runs", () => {
  // Croner reads a six-field pattern with seconds: these fire within a second, and each test waits for the run itself.
  const EVERY_SECOND = "* * * * * *";

  it("runs the task with the moment it fired", async () => {
    const before = Date.now();
    const fired = await new Promise<Date>((resolve) => {
      const schedule = startWeeklySchedule({
        pattern: EVERY_SECOND,
        timeZone: "UTC",
        task: async (firedAt) => {
          schedule.stop();
          resolve(firedAt);
        },
        onError: () => {},
      });
    });
    expect(fired).toBeInstanceOf(Date);
    expect(fired.getTime()).toBeGreaterThanOrEqual(before);
  });

  it("reports a failing run to onError instead of throwing", async () => {
    const failure = new Error("the digest could not be made");
    const reported = await new Promise<unknown>((resolve) => {
      const schedule = startWeeklySchedule({
        pattern: EVERY_SECOND,
        timeZone: "UTC",
        task: async () => {
          schedule.stop();
          throw failure;
        },
        onError: resolve,
      });
    });
    expect(reported).toBe(failure);
  });

  it("stops: no next run once stopped", () => {
    const schedule = startWeeklySchedule({
      pattern: DEFAULT_NEWSLETTER_SCHEDULE,
      timeZone: "UTC",
      task: async () => {},
      onError: () => {},
    });
    expect(schedule.nextRun()).not.toBeNull();
    schedule.stop();
    expect(schedule.nextRun()).toBeNull();
  });
});

function cronErrorOf(pattern: string): string {
  try {
    new Cron(pattern);
  } catch (error) {
    return (error as Error).message;
  }
  return "no error";
}

describe("cronProblem", () => {
  it("accepts the default Sunday 09:00 and refuses nonsense", () => {
    expect(DEFAULT_NEWSLETTER_SCHEDULE).toBe("0 9 * * 0");
    expect(cronProblem(DEFAULT_NEWSLETTER_SCHEDULE)).toBeNull();
    expect(cronProblem("0 9 * * 7")).toBeNull();
    expect(cronProblem("61 9 * * 0")).toMatch(/./);
    expect(cronProblem("every sunday")).toMatch(/./);
    // Croner's own words, so the configuration error says what is wrong.
    expect(cronProblem("0 9 * *")).toBe(cronErrorOf("0 9 * *"));
  });
});
