import { describe, expect, it } from "vitest";
import { formatArticleDate, isTimeZone } from "./dates";

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
