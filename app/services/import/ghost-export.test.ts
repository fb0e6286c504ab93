import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../db/client.server";
import { describeFormat, parseImportFile } from "./article-import.server";
import { renderLexical, renderMobiledoc } from "./ghost-body.server";
import { parseCategoryMap } from "./import-source.server";

/** A converted row's fields, as the row schema will read them. */
const fields = (row: { value: unknown } | undefined) => (row?.value ?? {}) as Record<string, unknown>;

const ghostExport = readFileSync(path.join(PROJECT_ROOT, "tests", "fixtures", "imports", "ghost-export.json"), "utf8");

describe("Ghost export", () => {
  it("is recognised by its content and counts posts, not pages", () => {
    const parsed = parseImportFile(ghostExport);
    expect(parsed.format).toBe("ghost");
    expect(describeFormat(parsed)).toBe("Found a Ghost export: 6 posts");
    expect(parsed.rows.map((row) => fields(row).title)).not.toContain("About us");
  });

  it("reports a post whose primary tag matches no category, naming the post and the mapping to give", () => {
    const parsed = parseImportFile(ghostExport);
    expect(parsed.errors).toEqual([
      {
        row: 2,
        label: "Ghost post 'chip-shortage-explained'",
        reason: "tag 'Hardware' matches no category; map it with --category-map Hardware=Gadgets",
      },
      {
        row: 6,
        label: "Ghost post 'laptop-for-everyone'",
        reason: "tag 'Reviews' matches no category; map it with --category-map Reviews=Gadgets",
      },
    ]);
  });

  it("maps the primary public tag (internal #tags skipped) by name, then by --category-map", () => {
    const parsed = parseImportFile(ghostExport, { categoryMap: parseCategoryMap(["Hardware=Gadgets", "reviews=gadgets"]) });
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows.map((row) => [row.source?.sourceId.slice(-1), fields(row).category])).toEqual([
      ["1", "Mobile"],
      ["2", "Gadgets"],
      ["3", "Security"],
      ["4", "Cloud"],
      ["6", "Gadgets"],
      ["7", "Startups"],
    ]);
  });

  it("takes a tag named as one of the newsroom's own sections as that section, with no mapping (decision 042)", () => {
    const parsed = parseImportFile(ghostExport, {
      categoryMap: parseCategoryMap(["reviews=Gadgets"]),
      sectionNames: ["Mobile", "Hardware", "Security", "Cloud", "Gadgets", "Startups"],
    });
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows.map((row) => fields(row).category)).toEqual([
      "Mobile",
      "Hardware",
      "Security",
      "Cloud",
      "Gadgets",
      "Startups",
    ]);
  });

  it("keeps every public tag of a post as a tag, the primary one too, internal #tags left out", () => {
    const parsed = parseImportFile(ghostExport, { categoryMap: parseCategoryMap(["Hardware=Gadgets", "reviews=gadgets"]) });
    expect(parsed.rows.map((row) => [row.source?.sourceId.slice(-1), fields(row).tags])).toEqual([
      ["1", ["mobile", "Reviews"]],
      ["2", ["Hardware"]],
      ["3", ["Security"]],
      ["4", ["Cloud"]],
      ["6", ["Reviews"]],
      ["7", ["Startups"]],
    ]);
  });

  it("keeps status dates, the custom excerpt, the cover and the authors in posts_authors order", () => {
    const parsed = parseImportFile(ghostExport, {
      categoryMap: parseCategoryMap(["Hardware=Gadgets"]),
      siteUrl: "https://old.example.com/",
    });
    const [phone, chips, patch] = parsed.rows;
    expect(phone).toMatchObject({
      value: {
        title: "The new phone reviewed",
        excerpt: "Our verdict on the new phone.",
        image: "https://old.example.com/content/images/2025/03/phone-cover.jpg",
        published_at: "2025-03-05T09:30:00.000Z",
        created_at: "2025-03-01T08:00:00.000Z",
        author: "Grace Hopper",
      },
      coauthors: ["Ada Lovelace"],
      source: { system: "ghost", oldPaths: ["/new-phone-reviewed", "/2025/03/new-phone-reviewed"] },
    });
    expect(chips?.value).toMatchObject({ published_at: null, author: "Ada Lovelace" });
    expect(patch?.value).toMatchObject({ published_at: "2099-01-15T12:00:00.000Z", author: "Grace Hopper" });
  });

  it("converts an html body to markdown with headings, emphasis, links, lists, quotes, code and images", () => {
    const [phone] = parseImportFile(ghostExport).rows;
    expect(fields(phone).content).toBe(
      [
        "The **new phone** is *fast*. Read [the specs](https://example.com/specs).",
        "## Battery",
        "- Two days\n- Fast charge",
        "> Best yet.",
        "```js\nconst phone = 1;\n```",
        // Without --site-url, Ghost's own addresses become paths.
        "![The phone](/content/images/2025/03/phone.jpg)",
      ].join("\n\n"),
    );
  });

  it("renders a lexical body when there is no html, and cuts an excerpt from it", () => {
    const parsed = parseImportFile(ghostExport, { categoryMap: parseCategoryMap(["Hardware=Gadgets"]) });
    const chips = parsed.rows.find((row) => row.source?.sourceId.endsWith("2"));
    expect(fields(chips).content).toBe(
      [
        "## Why it matters",
        "Chips are **hot** and *scarce*. See [the report](https://example.com/report).",
        "- Supply\n- Demand",
        "> Nobody saw it coming.",
        "```bash\nnpm install chips\n```",
        "![A chip fab](/content/images/2025/03/fab.jpg)",
      ].join("\n\n"),
    );
    expect(fields(chips).excerpt).toBe(
      "Why it matters Chips are hot and scarce. See the report. Supply Demand Nobody saw it coming. npm install chips",
    );
  });

  it("renders a mobiledoc body with its markups, a markdown card and a numbered list", () => {
    const cloud = parseImportFile(ghostExport).rows.find((row) => row.source?.sourceId.endsWith("4"));
    expect(fields(cloud).content).toBe(
      [
        "## Cloud bills",
        "**Costs** went up, says [a survey](https://example.com/cloud).",
        "Some *markdown* card text.",
        "1. First\n2. Second",
      ].join("\n\n"),
    );
  });

  it("reads an unwrapped export ({meta, data}) too, and refuses nothing it cannot parse with a stack trace", () => {
    const unwrapped = JSON.stringify((JSON.parse(ghostExport) as { db: unknown[] }).db[0]);
    expect(parseImportFile(unwrapped).format).toBe("ghost");
    expect(renderLexical("not json")).toBeNull();
    expect(renderMobiledoc("{}")).toBeNull();
  });
});
