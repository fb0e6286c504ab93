import { describe, expect, it } from "vitest";
import { parseViewReportBody, parseViewReportQuery } from "./views";

describe("view reports at the border", () => {
  it("reads the beacon's body, and nothing that is not exactly one article id", () => {
    expect(parseViewReportBody('{"article":12}')).toBe(12);
    for (const body of [
      "",
      "12",
      "null",
      "[]",
      '{"article":"12"}',
      '{"article":true}',
      '{"article":0}',
      '{"article":-3}',
      '{"article":1.5}',
      '{"article":2147483648}',
      '{"article":12,"visitor":"x"}',
      '{"article":',
      "\u0000",
    ]) {
      expect(parseViewReportBody(body), body).toBeNull();
    }
  });

  it("reads the image's article parameter as digits only", () => {
    expect(parseViewReportQuery("http://local/api/views?article=7")).toBe(7);
    expect(parseViewReportQuery("http://local/api/views?article=7&ref=newsletter")).toBe(7);
    for (const query of ["", "?article=", "?article=0", "?article=-1", "?article=1e3", "?article=%20", "?article=99999999999"]) {
      expect(parseViewReportQuery(`http://local/api/views${query}`), query).toBeNull();
    }
  });
});
