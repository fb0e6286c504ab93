import { describe, expect, it } from "vitest";
import { parseSecurityLogQuery, securityLogPeriod, securityLogSearch } from "./security-log";

const parse = (query: string) => parseSecurityLogQuery(`http://localhost/admin/security${query}`);

describe("the security log's filters in the address", () => {
  it("reads a person, a kind, a period and the page's place", () => {
    expect(parse("?person=4&kind=role-changed&from=2026-11-01&to=2026-11-30&before=120")).toEqual({
      person: 4,
      kind: "role-changed",
      from: "2026-11-01",
      to: "2026-11-30",
      before: 120,
    });
  });

  it("takes a malformed or empty value as no filter", () => {
    expect(parse("?person=abc&kind=drop+table&from=2026-02-30&to=yesterday&before=-1")).toEqual({});
    expect(parse("?person=&kind=&from=")).toEqual({});
  });

  it("writes the filters back without the page's place", () => {
    expect(securityLogSearch({ person: 4, kind: "sign-in", from: "2026-11-01", before: 9 })).toBe(
      "?person=4&kind=sign-in&from=2026-11-01",
    );
    expect(securityLogSearch({}, { before: "9" })).toBe("?before=9");
    expect(securityLogSearch({})).toBe("");
  });
});

describe("the security log's period", () => {
  it("runs from the first day's midnight to the midnight after the last, on the newsroom's clock", () => {
    expect(securityLogPeriod({ from: "2026-11-01", to: "2026-11-30" }, "Europe/Berlin")).toEqual({
      from: new Date("2026-10-31T23:00:00.000Z"),
      until: new Date("2026-11-30T23:00:00.000Z"),
    });
    expect(securityLogPeriod({}, "UTC")).toEqual({ from: undefined, until: undefined });
  });
});
