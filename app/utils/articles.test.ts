import { describe, expect, it } from "vitest";
import { articlePath, parseArticleId } from "./articles";

describe("parseArticleId", () => {
  it.each([
    ["12", 12],
    ["1", 1],
    ["2147483647", 2_147_483_647],
  ])("reads %j as article %i", (value, id) => {
    expect(parseArticleId(value)).toBe(id);
  });

  // One spelling per article: anything but its plain base-10 number is not found (a page address has one spelling).
  it.each(["abc", "", "0", "0x1A", "-3", "2147483648", "99999999999", "Infinity", "NaN", "12abc", "12.9", "1e3", "007", " 42"])(
    "finds no article id in %j",
    (value) => {
      expect(parseArticleId(value)).toBeNull();
    },
  );

  it("finds no article id when the URL has none", () => {
    expect(parseArticleId(undefined)).toBeNull();
  });
});

describe("articlePath", () => {
  it("is the article page's URL, which parses back to the same id", () => {
    expect(articlePath(42)).toBe("/article/42");
    expect(parseArticleId(articlePath(42).split("/").at(-1))).toBe(42);
  });
});
