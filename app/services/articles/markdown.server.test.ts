import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { plainTextHtml, renderArticleHtml } from "./markdown.server";

/** The body's HTML as the article page receives it (blocks are separated by a newline). */
function body(markdown: string): string {
  return renderArticleHtml(markdown).trim();
}

function lines(...blocks: string[]): string {
  return blocks.join("\n");
}

describe("renderArticleHtml: hostile markup is neutralised", () => {
  it("removes a raw <script> together with its code", () => {
    expect(body('<script>alert("owned")</script>\n\nSafe text')).toBe("<p>Safe text</p>");
    expect(body('Inline <script>alert("owned")</script>text')).toBe("<p>Inline text</p>");
  });

  it("removes an <iframe> and what it holds", () => {
    expect(body('<iframe src="https://evil.example/"></iframe>\n\nAfter')).toBe("<p>After</p>");
    expect(body('Before <iframe src="https://evil.example/">fallback</iframe> after')).toBe("<p>Before  after</p>");
  });

  it("removes <object> and <embed>", () => {
    expect(body('<object data="https://evil.example/x.swf">inside</object>\n\nAfter')).toBe("<p>After</p>");
    expect(body('Before <embed src="https://evil.example/x.swf"> after')).toBe("<p>Before  after</p>");
  });

  it("removes <style> blocks with their rules", () => {
    expect(body("<style>body { display: none }</style>\n\nAfter")).toBe("<p>After</p>");
  });

  it("drops images, even with an onerror handler, keeping only their alt text", () => {
    expect(body("<img src=x onerror=alert(1)>\n\nAfter")).toBe("<p>After</p>");
    expect(body("A chart: ![Sales by quarter](/chart.png)")).toBe("<p>A chart: Sales by quarter</p>");
  });

  it("strips inline event handlers and keeps the link", () => {
    expect(body('<a href="#top" onclick="alert(1)" onmouseover="alert(2)">Top</a>')).toBe('<p><a href="#top">Top</a></p>');
    expect(body('<span onclick="alert(1)">Hi</span>')).toBe("<p><span>Hi</span></p>");
  });

  it("turns javascript: markdown links into plain text", () => {
    expect(body("[click](javascript:alert(1))")).toBe("<p>click</p>");
    expect(body("[click](JaVaScRiPt:alert(1))")).toBe("<p>click</p>");
    expect(body("[click](jav&#x09;ascript:alert(1))")).toBe("<p>click</p>");
    expect(body("<javascript:alert(1)>")).not.toContain("href");
  });

  it("turns raw javascript: links into plain text, in any case or encoding", () => {
    expect(body('<a href="javascript:alert(1)">a</a>')).toBe("<p>a</p>");
    expect(body('<a href="JAVAscript:alert(1)">b</a>')).toBe("<p>b</p>");
    expect(body('<a href="jav&#x09;ascript:alert(1)">c</a>')).toBe("<p>c</p>");
    expect(body('<a href="&#106;avascript:alert(1)">d</a>')).toBe("<p>d</p>");
    expect(body('<a href=" javascript:alert(1)">e</a>')).toBe("<p>e</p>");
    expect(body('<a href="data:text/html,<script>alert(1)</script>">f</a>')).toBe("<p>f</p>");
  });

  it("drops data-* attributes", () => {
    expect(body('<div data-track="1" data-src="x">Text</div>')).toBe("<div>Text</div>");
  });

  it("drops style attributes (and ids)", () => {
    expect(body('<div style="position:fixed;inset:0" id="login">Text</div>')).toBe("<div>Text</div>");
    expect(body('Say <span style="color:red">hi</span>')).toBe("<p>Say <span>hi</span></p>");
  });

  it("keeps only known classes, so a body cannot restyle the page", () => {
    expect(body('<div class="fixed inset-0 z-50">Text</div>')).toBe("<div>Text</div>");
  });

  it("removes forms and their controls", () => {
    expect(body('<form action="https://evil.example/"><input type="password" name="p"><button>Log in</button></form>')).toBe(
      "Log in",
    );
    expect(body('<textarea name="t">typed</textarea>\n\nAfter')).toBe("<p>After</p>");
  });

  it("leaves links to other sites opening in a new tab without a handle on this one", () => {
    expect(body('<a href="https://example.com/" target="_self" rel="opener">out</a>')).toBe(
      '<p><a href="https://example.com/" target="_blank" rel="noopener noreferrer">out</a></p>',
    );
    expect(body('<a href="/about" target="_blank">about</a>')).toBe('<p><a href="/about">about</a></p>');
  });
});

describe("renderArticleHtml: allowed markup survives", () => {
  it("renders headings, paragraphs, bold, italic and underline", () => {
    expect(body("# Title\n\n## **Section**\n\n### Sub\n\nSome **bold**, *italic* and <u>underlined</u> words.")).toBe(
      lines(
        "<h1>Title</h1>",
        "<h2><strong>Section</strong></h2>",
        "<h3>Sub</h3>",
        "<p>Some <strong>bold</strong>, <em>italic</em> and <u>underlined</u> words.</p>",
      ),
    );
  });

  it("renders lists and blockquotes", () => {
    expect(body("- one\n- two\n\n1. first\n2. second\n\n> Quoted")).toBe(
      lines(
        "<ul>",
        "<li>one</li>",
        "<li>two</li>",
        "</ul>",
        "<ol>",
        "<li>first</li>",
        "<li>second</li>",
        "</ol>",
        "<blockquote>",
        "<p>Quoted</p>",
        "</blockquote>",
      ),
    );
  });

  it("renders inline code and fenced code blocks, escaped, with their language class", () => {
    expect(body("Use `a < b`.\n\n```ts\nconst html = '<b>';\n```")).toBe(
      lines("<p>Use <code>a &#x3C; b</code>.</p>", "<pre><code class=\"language-ts\">const html = '&#x3C;b>';", "</code></pre>"),
    );
  });

  it("keeps links with their address", () => {
    expect(body("[Home](/) · [Mail](mailto:desk@example.com) · [Notes](#notes) · [Out](https://example.com/a?b=1&c=2)")).toBe(
      '<p><a href="/">Home</a> · <a href="mailto:desk@example.com">Mail</a> · <a href="#notes">Notes</a> · ' +
        '<a href="https://example.com/a?b=1&#x26;c=2" target="_blank" rel="noopener noreferrer">Out</a></p>',
    );
  });

  it("turns a single line break into <br>", () => {
    expect(body("First line\nsecond line")).toBe("<p>First line<br>\nsecond line</p>");
  });
});

describe("renderArticleHtml: GitHub-flavoured extras within the allowlist", () => {
  it("keeps strikethrough as a struck-through span", () => {
    expect(body("~~$40~~ $30")).toBe('<p><span class="md-strike">$40</span> $30</p>');
  });

  it("keeps a table's cells readable as rows of divs, in a region keyboard users can reach and scroll", () => {
    const html = body("| Phone | Price |\n| --- | --: |\n| Fold 3 | $999 |").replace(/>\s+</g, "><");
    expect(html).toBe(
      '<div class="md-table" role="region" aria-label="Table: Phone, Price" tabindex="0">' +
        '<div class="md-table-row">' +
        '<div class="md-table-cell md-table-head">Phone</div>' +
        '<div class="md-table-cell md-table-head">Price</div>' +
        "</div>" +
        '<div class="md-table-row">' +
        '<div class="md-table-cell">Fold 3</div>' +
        '<div class="md-table-cell">$999</div>' +
        "</div>" +
        "</div>",
    );
  });

  it("shows task-list checkboxes as text, not form controls", () => {
    expect(body("- [ ] todo\n- [x] done")).toBe(
      lines(
        '<ul class="contains-task-list">',
        '<li class="task-list-item"><span class="md-checkbox">☐</span> todo</li>',
        '<li class="task-list-item"><span class="md-checkbox">☑</span> done</li>',
        "</ul>",
      ),
    );
  });

  it("keeps footnotes as a marker and a notes list, without ids", () => {
    const html = body("Claim[^1].\n\n[^1]: The source.");
    expect(html).toContain('<p>Claim<span class="md-footnote-ref">[1]</span>.</p>');
    expect(html).toContain('<div class="md-footnotes"><h2>Footnotes</h2>');
    expect(html).toContain("<p>The source. </p>");
    expect(html).not.toMatch(/\sid=|data-|aria-/);
  });

  it("draws a thematic break as an empty rule div", () => {
    expect(body("Above\n\n---\n\nBelow")).toBe(lines("<p>Above</p>", '<div class="md-rule"></div>', "<p>Below</p>"));
  });
});

describe("renderArticleHtml: the fallback when conversion fails", () => {
  beforeEach(() => {
    vi.spyOn(console, "warn");
    vi.spyOn(console, "log");
  });

  afterEach(() => {
    vi.mocked(console.warn).mockRestore();
    vi.mocked(console.log).mockRestore();
  });

  it("renders the text with newlines as <br>, escaped so it never becomes HTML, and reports the failure", () => {
    const failure = new Error("parser exploded");
    const failing = () => {
      throw failure;
    };
    const reported: unknown[] = [];
    const html = renderArticleHtml("Line <b>one</b>\nLine <script>two</script>\r\n\nEnd & \"quotes\" 'too'", {
      convert: failing,
      onError: (error) => reported.push(error),
    });
    expect(html).toBe(
      "<p>Line &lt;b&gt;one&lt;/b&gt;<br>Line &lt;script&gt;two&lt;/script&gt;<br><br>End &amp; &quot;quotes&quot; &#x27;too&#x27;</p>",
    );
    expect(reported).toEqual([failure]);
    expect(console.warn).not.toHaveBeenCalled();
    expect(console.log).not.toHaveBeenCalled();
    expect(console.error).not.toHaveBeenCalled();
  });

  it("falls back without anyone listening for the failure", () => {
    const failing = () => {
      throw new Error("converter broke");
    };
    expect(renderArticleHtml("a < b", { convert: failing })).toBe("<p>a &lt; b</p>");
  });

  it("is the same text rendering when called directly", () => {
    expect(plainTextHtml("a\nb")).toBe("<p>a<br>b</p>");
  });

  it("uses the real converter by default", () => {
    // Markdown, not the plain-text fallback: the strong text and the table are HTML.
    expect(renderArticleHtml("**hi**")).toBe("<p><strong>hi</strong></p>");
    expect(renderArticleHtml("| a |\n| - |\n| b |")).toContain('class="md-table');
  });
});
