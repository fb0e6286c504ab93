import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ArticleBody } from "./article-body";

describe("ArticleBody", () => {
  it("puts the HTML it is given, as it is, inside the styled wrapper", () => {
    const html = "<h2>Details</h2>\n<p>The body in <strong>markdown</strong>.<br>\nNext line</p>";
    const markup = renderToStaticMarkup(<ArticleBody html={html} />);
    const match = /^<div class="([^"]*)">([\s\S]*)<\/div>$/.exec(markup);
    expect(match?.[1]).toContain("font-serif");
    expect(match?.[2]).toBe(html);
  });

  it("renders an empty wrapper for an empty body", () => {
    expect(renderToStaticMarkup(<ArticleBody html="" />)).toMatch(/^<div class="[^"]+"><\/div>$/);
  });
});
