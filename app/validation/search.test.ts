import { describe, expect, it } from "vitest";
import { parseSearchQuery, SEARCH_QUERY_MAX_LENGTH, SearchQuery } from "./search";

const searchUrl = (query: string) => `https://byline.example/search?query=${encodeURIComponent(query)}`;

describe("parseSearchQuery", () => {
  it("reads the query parameter, trimmed", () => {
    expect(parseSearchQuery(searchUrl("  quantum chips \n"))).toEqual({ ok: true, query: "quantum chips" });
    expect(parseSearchQuery(new URL(searchUrl("ai")))).toEqual({ ok: true, query: "ai" });
  });

  it("is an empty search when the parameter is missing", () => {
    expect(parseSearchQuery("https://byline.example/search")).toEqual({ ok: true, query: "" });
    expect(parseSearchQuery("https://byline.example/search?page=2")).toEqual({ ok: true, query: "" });
  });

  it("cuts a long query to 200 characters after trimming", () => {
    expect(SEARCH_QUERY_MAX_LENGTH).toBe(200);
    expect(parseSearchQuery(searchUrl(" " + "b".repeat(250)))).toEqual({ ok: true, query: "b".repeat(200) });
    expect(parseSearchQuery(searchUrl("c".repeat(200)))).toEqual({ ok: true, query: "c".repeat(200) });
  });

  it("refuses control characters with the search's own message", () => {
    expect(parseSearchQuery(searchUrl("ai\u0007"))).toEqual({
      ok: false,
      error: "Your search contains characters that are not allowed.",
    });
  });
});

describe("SearchQuery", () => {
  it("turns a value that is not text into an empty search", () => {
    expect(SearchQuery.parse(undefined)).toBe("");
    expect(SearchQuery.parse(42)).toBe("");
  });
});
