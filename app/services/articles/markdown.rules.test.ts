import { describe, expect, it } from "vitest";
import { renderArticleHtml } from "./markdown.server";

/*
 * The allowlist's rewrites, each with the exact HTML it gives (found by `npm run test:mutation`: each case
 * fails when one rewrite rule of markdown-schema.server.ts is changed).
 */

describe("GFM's extras in allowed elements, exactly", () => {
  it("turns a footnote reference into its marker and the notes into a plain block", () => {
    expect(renderArticleHtml("Text[^1]\n\n[^1]: The note.")).toBe(
      '<p>Text<span class="md-footnote-ref">[1]</span></p>\n<div class="md-footnotes"><h2>Footnotes</h2>\n<ol>\n<li>\n<p>The note. </p>\n</li>\n</ol>\n</div>',
    );
  });

  it("strikes through with ~~, <s>, <strike> and <del> alike", () => {
    expect(renderArticleHtml("~~gone~~ <s>s</s> <strike>k</strike> <del>d</del>")).toBe(
      '<p><span class="md-strike">gone</span> <span class="md-strike">s</span> <span class="md-strike">k</span> <span class="md-strike">d</span></p>',
    );
  });

  it("turns a table's head, body and foot into rows, labelled by its trimmed headings", () => {
    expect(
      renderArticleHtml(
        "<table><thead><tr><th> Name </th><th>Age</th></tr></thead><tbody><tr><td>Ann</td><td>3</td></tr></tbody><tfoot><tr><td>f</td><td>g</td></tr></tfoot></table>",
      ),
    ).toBe(
      '<div class="md-table" role="region" aria-label="Table: Name, Age" tabindex="0"><div class="md-table-row"><div class="md-table-cell md-table-head"> Name </div><div class="md-table-cell md-table-head">Age</div></div><div class="md-table-row"><div class="md-table-cell">Ann</div><div class="md-table-cell">3</div></div><div class="md-table-row"><div class="md-table-cell">f</div><div class="md-table-cell">g</div></div></div>',
    );
  });

  it("names a table without headings just 'Table'", () => {
    expect(renderArticleHtml("<table><tr><td>1</td></tr></table>")).toBe(
      '<div class="md-table" role="region" aria-label="Table" tabindex="0"><div class="md-table-row"><div class="md-table-cell">1</div></div></div>',
    );
  });

  it("keeps an image's trimmed alt text and drops an image without one", () => {
    expect(renderArticleHtml('<img alt="  A photo  " src="a.png"> and <img src="b.png">')).toBe("<p>A photo and </p>");
  });

  it("keeps checkboxes as marks and drops other inputs", () => {
    expect(renderArticleHtml('<input type="text" value="x"> <input type="checkbox" checked> <input type="checkbox">')).toBe(
      '<p> <span class="md-checkbox">☑</span> <span class="md-checkbox">☐</span></p>',
    );
  });

  it("makes a marker only of a superscript holding nothing but a footnote link", () => {
    expect(renderArticleHtml('x<sup>2</sup> y<sup><a href="#n" data-footnote-ref>3</a> more</sup>')).toBe(
      '<p>x2 y<a href="#n">3</a> more</p>',
    );
    expect(renderArticleHtml('z<sup><a href="#n">4</a></sup>')).toBe('<p>z<a href="#n">4</a></p>');
  });

  it("keeps a footnotes section by its class or its data attribute, and unwraps any other section", () => {
    expect(
      renderArticleHtml(
        '<section class="footnotes"><p>n</p></section><section><p>plain</p></section><section data-footnotes><p>d</p></section>',
      ),
    ).toBe('<div class="md-footnotes"><p>n</p></div><p>plain</p><div class="md-footnotes"><p>d</p></div>');
  });
});

describe("links and leftovers, exactly", () => {
  it("drops a footnote's back arrow, unwraps a link without an address, and opens only absolute http(s) links in a new tab", () => {
    expect(
      renderArticleHtml(
        '<a href="#top" data-footnote-backref>↩</a> <a href="">empty</a> [rel](/go?to=https://example.com) [plain](http://example.com)',
      ),
    ).toBe(
      '<p> empty <a href="/go?to=https://example.com">rel</a> <a href="http://example.com" target="_blank" rel="noopener noreferrer">plain</a></p>',
    );
  });

  it("drops a paragraph left holding only spaces", () => {
    expect(renderArticleHtml("Before\n\n![](a.png) ![](b.png)\n\nAfter")).toBe("<p>Before</p>\n\n<p>After</p>");
  });
});
