import { describe, expect, it } from "vitest";
import { formatArticleDate } from "./dates";

describe("formatArticleDate", () => {
  it("writes US dates with a short month", () => {
    expect(formatArticleDate(new Date("2025-03-05T09:30:00Z"))).toBe("Mar 5, 2025");
    expect(formatArticleDate("2024-12-31T23:59:59Z")).toBe("Dec 31, 2024");
    // Dates are written in UTC, so the server and the browser agree whatever their time zone.
    expect(formatArticleDate("2025-03-05T23:30:00-05:00")).toBe("Mar 6, 2025");
  });

  it('says "Unknown date" for a missing or invalid date', () => {
    expect(formatArticleDate(null)).toBe("Unknown date");
    expect(formatArticleDate(undefined)).toBe("Unknown date");
    expect(formatArticleDate("not a date")).toBe("Unknown date");
    expect(formatArticleDate("")).toBe("Unknown date");
    expect(formatArticleDate(new Date(Number.NaN))).toBe("Unknown date");
  });
});
