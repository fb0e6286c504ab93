import { describe, expect, it } from "vitest";
import { articleListSearch, parseArticleListQuery, type ArticleListQuery } from "./article-list";
import { CATEGORIES } from "../domain/sections";

const parse = (search: string, sections: readonly string[] = CATEGORIES) =>
  parseArticleListQuery(new URLSearchParams(search), sections);

describe("parseArticleListQuery", () => {
  it("is the first page of everything without parameters", () => {
    expect(parse("")).toEqual({ q: "", category: undefined, status: undefined, page: 1 });
  });

  it("reads a search, a category, a status and a page", () => {
    expect(parse("?q=rust&category=Cloud&status=draft&page=3")).toEqual({
      q: "rust",
      category: "Cloud",
      status: "draft",
      page: 3,
    });
    expect(parse("status=published").status).toBe("published");
  });

  it.each(["x", "0", "-2", "2.5", "", "100001", "1e9"])("falls back to page 1 for page=%j", (page) => {
    expect(parse(`page=${encodeURIComponent(page)}`).page).toBe(1);
  });

  it("accepts the largest page it allows", () => {
    expect(parse("page=100000").page).toBe(100_000);
  });

  it.each(["Nope", "ai", ""])("ignores the unknown category %j", (category) => {
    expect(parse(`category=${category}`).category).toBeUndefined();
  });

  it("keeps a section the newsroom added, and carries any category as written when no sections are given", () => {
    expect(parse("category=Climate", [...CATEGORIES, "Climate"]).category).toBe("Climate");
    expect(parseArticleListQuery(new URLSearchParams("category=Climate")).category).toBe("Climate");
    expect(parseArticleListQuery(new URLSearchParams("category=Clim%00ate")).category).toBeUndefined();
  });

  it("keeps a tag's address, drops one no tag could have, and writes it back into the list's links", () => {
    expect(parse("tag=eu-ai-act&q=law").tag).toBe("eu-ai-act");
    for (const bad of ["EU-AI-Act", "eu ai act", "-eu", "a".repeat(61), ""]) expect(parse(`tag=${bad}`).tag).toBeUndefined();
    expect(articleListSearch({ q: "law", tag: "eu-ai-act", page: 2 })).toBe("?q=law&tag=eu-ai-act&page=2");
  });

  it.each(["weird", "Draft", ""])("ignores the unknown status %j", (status) => {
    expect(parse(`status=${status}`).status).toBeUndefined();
  });

  it("trims the search and cuts it to 200 characters", () => {
    expect(parse(`q=${encodeURIComponent("  quantum chips \n")}`).q).toBe("quantum chips");
    const long = "a".repeat(250);
    expect(parse(`q=${encodeURIComponent(`   ${long}`)}`).q).toBe("a".repeat(200));
  });

  it("keeps one bad value from spoiling the others", () => {
    expect(parse("q=ai&category=Nope&status=draft&page=x")).toEqual({ q: "ai", category: undefined, status: "draft", page: 1 });
  });
});

describe("articleListSearch", () => {
  it("is empty for the first page of everything", () => {
    expect(articleListSearch({})).toBe("");
    expect(articleListSearch({ q: "", page: 1 })).toBe("");
  });

  it("leaves out empty values and page 1", () => {
    expect(articleListSearch({ q: "ai", page: 1 })).toBe("?q=ai");
    expect(articleListSearch({ q: "", category: "Mobile", page: 1 })).toBe("?category=Mobile");
    expect(articleListSearch({ status: "draft" })).toBe("?status=draft");
    expect(articleListSearch({ page: 2 })).toBe("?page=2");
  });

  it.each<ArticleListQuery>([
    { q: "", category: undefined, status: undefined, page: 1 },
    { q: "ai", category: undefined, status: undefined, page: 2 },
    { q: "AI & ML: 100% #1?", category: "Security", status: "published", page: 7 },
    { q: "naïve café = ok+fine", category: "Startups", status: "draft", page: 1 },
  ])("round-trips %j through the URL", (state) => {
    expect(parse(articleListSearch(state))).toEqual(state);
  });
});
