import { describe, expect, it } from "vitest";
import { formatArticleDate, formatDateTime, instantToZonedTime, isTimeZone, w3cDateTime, zonedTimeToInstant } from "./dates";

describe("formatArticleDate", () => {
  it("writes US dates with a short month", () => {
    expect(formatArticleDate(new Date("2025-03-05T09:30:00Z"), "UTC")).toBe("Mar 5, 2025");
    expect(formatArticleDate("2024-12-31T23:59:59Z", "UTC")).toBe("Dec 31, 2024");
    expect(formatArticleDate("2025-03-05T23:30:00-05:00", "UTC")).toBe("Mar 6, 2025");
  });

  it("writes the day in the newsroom's time zone, whatever the process's zone", () => {
    // 21:30 on 23 November in New York is already 24 November in UTC and in Tokyo.
    const published = "2026-11-24T02:30:00Z";
    expect(formatArticleDate(published, "America/New_York")).toBe("Nov 23, 2026");
    expect(formatArticleDate(published, "Asia/Tokyo")).toBe("Nov 24, 2026");
    expect(formatArticleDate(published, "UTC")).toBe("Nov 24, 2026");
    expect(formatArticleDate(new Date(published), "Pacific/Honolulu")).toBe("Nov 23, 2026");
    expect(formatArticleDate(new Date("2026-11-23T10:30:00Z"), "Pacific/Kiritimati")).toBe("Nov 24, 2026");
  });

  it('says "Unknown date" for a missing or invalid date', () => {
    expect(formatArticleDate(null, "UTC")).toBe("Unknown date");
    expect(formatArticleDate(undefined, "UTC")).toBe("Unknown date");
    expect(formatArticleDate("not a date", "UTC")).toBe("Unknown date");
    expect(formatArticleDate("", "UTC")).toBe("Unknown date");
    expect(formatArticleDate(new Date(Number.NaN), "UTC")).toBe("Unknown date");
  });
});

describe("isTimeZone", () => {
  it("accepts IANA names and UTC", () => {
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("America/New_York")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
  });

  it("refuses names Intl does not know", () => {
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isTimeZone("New York")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });
});

describe("the newsroom's clock for scheduling", () => {
  it("reads a datetime-local value in the newsroom's zone, whatever the process's zone", () => {
    expect(zonedTimeToInstant("2026-11-27T09:00", "America/New_York")?.toISOString()).toBe("2026-11-27T14:00:00.000Z");
    expect(zonedTimeToInstant("2026-07-01T09:00", "America/New_York")?.toISOString()).toBe("2026-07-01T13:00:00.000Z");
    expect(zonedTimeToInstant("2026-11-27T09:00", "Asia/Kolkata")?.toISOString()).toBe("2026-11-27T03:30:00.000Z");
    expect(zonedTimeToInstant("2026-11-27T00:15", "Pacific/Kiritimati")?.toISOString()).toBe("2026-11-26T10:15:00.000Z");
    expect(zonedTimeToInstant("2026-11-27T09:00", "UTC")?.toISOString()).toBe("2026-11-27T09:00:00.000Z");
  });

  it("moves a time the clocks skip forward and takes the first of a time that happens twice", () => {
    // New York springs forward at 02:00 on 8 March 2026 and falls back at 02:00 on 1 November 2026.
    expect(zonedTimeToInstant("2026-03-08T02:30", "America/New_York")?.toISOString()).toBe("2026-03-08T07:30:00.000Z");
    expect(zonedTimeToInstant("2026-11-01T01:30", "America/New_York")?.toISOString()).toBe("2026-11-01T05:30:00.000Z");
  });

  it("refuses what is not a date and time", () => {
    for (const text of ["", "2026-11-27", "2026-02-30T09:00", "2026-11-27T24:00", "2026-11-27T09:60", "tomorrow 9am"]) {
      expect(zonedTimeToInstant(text, "UTC")).toBeNull();
    }
  });

  it("shows a moment on the newsroom's clock, the way the field and the table show it", () => {
    const moment = new Date("2026-11-27T14:00:00Z");
    expect(instantToZonedTime(moment, "America/New_York")).toBe("2026-11-27T09:00");
    expect(instantToZonedTime(moment, "Asia/Tokyo")).toBe("2026-11-27T23:00");
    expect(formatDateTime(moment, "America/New_York")).toBe("Nov 27, 2026, 9:00 AM EST");
    expect(zonedTimeToInstant(instantToZonedTime(moment, "Europe/Berlin"), "Europe/Berlin")).toEqual(moment);
  });
});

describe("w3cDateTime", () => {
  it("writes the moment with the newsroom's offset, as the News sitemap wants it", () => {
    const moment = new Date("2026-11-26T01:30:00.000Z");
    expect(w3cDateTime(moment, "America/New_York")).toBe("2026-11-25T20:30:00-05:00");
    expect(w3cDateTime(moment, "Asia/Kolkata")).toBe("2026-11-26T07:00:00+05:30");
    expect(w3cDateTime(moment, "UTC")).toBe("2026-11-26T01:30:00+00:00");
    expect(w3cDateTime(new Date("2026-07-01T12:00:00Z"), "America/New_York")).toBe("2026-07-01T08:00:00-04:00");
  });
});
