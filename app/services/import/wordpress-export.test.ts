import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../db/client.server";
import { describeFormat, ImportFileError, parseImportFile } from "./article-import.server";
import { parseCategoryMap } from "./import-source.server";

/** A converted row's fields, as the row schema will read them. */
const fields = (row: { value: unknown } | undefined) => (row?.value ?? {}) as Record<string, unknown>;

const wxr = readFileSync(path.join(PROJECT_ROOT, "tests", "fixtures", "imports", "wordpress-export.xml"), "utf8");
const withPhones = { categoryMap: parseCategoryMap(["Phones=Mobile"]) };

describe("WordPress export (WXR)", () => {
  it("is recognised by its namespace and counts posts, not pages or attachments", () => {
    const parsed = parseImportFile(wxr);
    expect(parsed.format).toBe("wordpress");
    expect(describeFormat(parsed)).toBe("Found a WordPress export (WXR): 5 posts");
  });

  it("reports a post whose category matches no category of ours, by item number", () => {
    expect(parseImportFile(wxr).errors).toEqual([
      {
        row: 3,
        label: "WordPress post '102'",
        reason: "category 'Phones' matches no category; map it with --category-map Phones=Gadgets",
      },
    ]);
  });

  it("maps publish, draft, pending and future to published, draft and scheduled with the GMT dates", () => {
    const parsed = parseImportFile(wxr, withPhones);
    expect(parsed.errors).toEqual([]);
    expect(
      parsed.rows.map((row) => [row.source?.sourceId, fields(row).published_at, fields(row).category, fields(row).author]),
    ).toEqual([
      ["101", "2025-03-05T09:30:00Z", "AI", "Jane Doe"],
      ["102", null, "Mobile", "Rob Smith"],
      ["103", "2099-01-01T08:00:00Z", "Cloud", "Jane Doe"],
      ["104", null, "Security", "Rob Smith"],
      ["105", "2024-12-31T23:30:00Z", "Startups", "Rob Smith"],
    ]);
  });

  it("keeps a post's tags, and its categories after the one that chose the section, as tags", () => {
    const parsed = parseImportFile(wxr, withPhones);
    expect(parsed.rows.map((row) => [row.source?.sourceId, fields(row).tags])).toEqual([
      ["101", ["robots"]],
      ["102", []],
      ["103", []],
      ["104", []],
      ["105", ["AI"]],
    ]);
  });

  it("takes the featured image from the attachment named by _thumbnail_id, and keeps the old addresses", () => {
    const [robots] = parseImportFile(wxr).rows;
    expect(robots).toMatchObject({
      label: "WordPress post 'robots-fold-laundry'",
      value: {
        title: "Robots learn to fold laundry",
        excerpt: "Robots & laundry: a short story.",
        image: "https://oldblog.example.com/wp-content/uploads/2025/03/robot-arm.jpg",
      },
      source: {
        system: "wordpress",
        sourceId: "101",
        oldPaths: ["/robots-fold-laundry", "/2025/03/robots-fold-laundry", "/?p=101"],
      },
    });
  });

  it("converts block-editor and classic bodies to markdown, and decodes escaped titles", () => {
    const rows = parseImportFile(wxr, withPhones).rows;
    expect(fields(rows[0]).content).toBe(
      "Researchers taught **robots** to fold *laundry*. See [the paper](https://example.com/paper).\n\n## How it works\n\n- Cameras\n- Grippers",
    );
    expect(fields(rows[1]).content).toBe("Phones are getting bigger.\n\nThey are also getting heavier.");
    expect(fields(rows[4])).toMatchObject({
      title: "Startups & the AI boom",
      excerpt: "Startup funding rose.",
      content:
        'Funding [rose](https://example.com/vc).\n\n> It is a boom.\n\n```\nprint("money")\n```\n\n![A chart](https://oldblog.example.com/wp-content/uploads/2024/12/chart.png)',
    });
  });

  it("refuses XML that is not WXR, or declares entities, with a sentence", () => {
    expect(() => parseImportFile("<rss><channel></channel></rss>")).toThrow(ImportFileError);
    expect(() =>
      parseImportFile(`<!DOCTYPE x [<!ENTITY a "aaaa">]>${wxr.replace('<?xml version="1.0" encoding="UTF-8" ?>', "")}`),
    ).toThrow("declares a DOCTYPE");
  });
});
