import { describe, expect, it } from "vitest";
import { normalizeSearchGap, parseNewsletterRef, parseViewReportBody, parseViewReportQuery } from "./views";

const article = (articleId: number, newsletterIssueId: number | null = null) => ({
  kind: "article",
  articleId,
  newsletterIssueId,
});

describe("view reports at the border", () => {
  it("reads the beacon's body, and nothing that is not exactly one article id", () => {
    expect(parseViewReportBody('{"article":12}')).toEqual(article(12));
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
      '{"article":12,"search":"x"}',
      '{"search":"   "}',
      '{"article":',
      "\u0000",
    ]) {
      expect(parseViewReportBody(body), body).toBeNull();
    }
  });

  it("reads the newsletter issue a link came from, and ignores any other ref", () => {
    expect(parseViewReportBody('{"article":12,"ref":"newsletter-42"}')).toEqual(article(12, 42));
    expect(parseViewReportBody('{"article":12,"ref":"twitter"}')).toEqual(article(12));
    for (const ref of ["newsletter-", "newsletter-0", "newsletter-x", "newsletter-99999999999", " newsletter-4", null]) {
      expect(parseNewsletterRef(ref), String(ref)).toBeNull();
    }
  });

  it("reads the image's article parameter as digits only, and the newsletter from the page it is on", () => {
    expect(parseViewReportQuery("http://local/api/views?article=7")).toEqual(article(7));
    expect(parseViewReportQuery("http://local/api/views?article=7&ref=newsletter")).toEqual(article(7));
    expect(parseViewReportQuery("http://local/api/views?article=7", "http://local/article/7?ref=newsletter-3")).toEqual(
      article(7, 3),
    );
    expect(parseViewReportQuery("http://local/api/views?article=7", "not a url")).toEqual(article(7));
    for (const query of ["", "?article=", "?article=0", "?article=-1", "?article=1e3", "?article=%20", "?article=99999999999"]) {
      expect(parseViewReportQuery(`http://local/api/views${query}`), query).toBeNull();
    }
  });

  it("normalises a search that found nothing: lower case, trimmed, spaces collapsed; control characters refused", () => {
    expect(parseViewReportBody('{"search":"  Quantum\\t  ROUTERS \\n"}')).toEqual({ kind: "search", query: "quantum routers" });
    expect(parseViewReportQuery("http://local/api/views?search=%20Mesh%20%20Wi-Fi")).toEqual({
      kind: "search",
      query: "mesh wi-fi",
    });
    expect(normalizeSearchGap("a".repeat(500))).toHaveLength(200);
    expect(normalizeSearchGap("bad\u0000query")).toBeNull();
    expect(normalizeSearchGap(" \n ")).toBeNull();
  });
});
