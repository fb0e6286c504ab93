import { describe, expect, it } from "vitest";
import { DATABASE_INT_MAX } from "../utils/database-limits";
import { FormId } from "./form-id";

describe("FormId", () => {
  it("reads an id as the server writes it, and a number from code", () => {
    expect(FormId.parse("1")).toBe(1);
    expect(FormId.parse("40451")).toBe(40451);
    expect(FormId.parse(String(DATABASE_INT_MAX))).toBe(DATABASE_INT_MAX);
    expect(FormId.parse(7)).toBe(7);
  });

  it.each([" 1", "1 ", "+1", "01", "0x10", "1e1", "1.0", "0", "-1", "", "one", String(DATABASE_INT_MAX + 1), "99999999999"])(
    "refuses %j",
    (value) => {
      expect(FormId.safeParse(value).success).toBe(false);
    },
  );

  it("refuses numbers no integer column holds", () => {
    for (const value of [0, -1, 1.5, DATABASE_INT_MAX + 1, Number.NaN]) expect(FormId.safeParse(value).success).toBe(false);
  });
});
