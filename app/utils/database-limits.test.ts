import { describe, expect, it } from "vitest";
import { isStorableInstant } from "./database-limits";

describe("isStorableInstant", () => {
  it.each(["0001-01-01T00:00:00.000Z", "1970-01-01T00:00:00.000Z", "2026-11-28T09:30:00.000Z", "9999-12-31T23:59:59.999Z"])(
    "holds %s",
    (written) => {
      expect(isStorableInstant(new Date(written))).toBe(true);
    },
  );

  it.each(["0000-01-01T00:00:00.000Z", "0000-12-31T23:59:59.999Z", "-000010-01-01T00:00:00.000Z", "+010000-01-01T00:00:00.000Z"])(
    "refuses %s, which PostgreSQL would not take as written",
    (written) => {
      expect(isStorableInstant(new Date(written))).toBe(false);
    },
  );
});
