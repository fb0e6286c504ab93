import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../app/db/client.server";
import { scriptBundles } from "../tests/setup/test-database";
import { runScript } from "../tests/support/run-script";

// The commands open the database themselves, so one run is enough: PGlite, under fresh DATA_DIRs.
describe.skipIf(process.env.TEST_DB_DRIVER === "postgres")("npm run export", { timeout: 300_000 }, () => {
  const work = path.join(PROJECT_ROOT, "tests", ".tmp", `export-cli-${process.pid}-${Date.now()}`);
  const newsroom = path.join(work, "newsroom");
  const copy = path.join(work, "copy");
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const bundles = scriptBundles();
  const run = (script: "export" | "import", dataDir: string, ...args: string[]) =>
    runScript(script, args, { DATA_DIR: dataDir, SEED_CONTENT: "none" }, { bundles });

  /** The document without its export time, the one thing two exports of the same newsroom differ in. */
  const withoutTime = (file: string) => readFileSync(file, "utf8").replace(/"exported_at":"[^"]+"/, '"exported_at":""');

  it("writes a document that imports into an empty data directory as the same newsroom, once, reporting bad entries by line", async () => {
    mkdirSync(newsroom, { recursive: true });
    mkdirSync(copy, { recursive: true });
    const articlesFile = path.join(work, "articles.ndjson");
    const row = (title: string, extra: Record<string, unknown> = {}) =>
      JSON.stringify({
        title,
        excerpt: "An excerpt.",
        content: "## Heading\n\nBody.",
        category: "Cloud",
        author: "Ada Lovelace",
        ...extra,
      });
    writeFileSync(
      articlesFile,
      [
        row("Published", { published_at: "2026-03-05T09:30:00Z" }),
        row("Draft"),
        row("Scheduled", { published_at: "2999-01-01T00:00:00Z" }),
      ].join("\n"),
    );
    expect((await run("import", newsroom, articlesFile)).code).toBe(0);

    const exportFile = path.join(work, "newsroom.json");
    const exported = await run("export", newsroom, exportFile);
    expect(exported.stderr).toBe("");
    expect(exported.stdout).toMatch(
      /^Exported 3 articles, 2 authors, 0 accounts, 0 subscribers and 0 newsletter issues to .*newsroom\.json \(\d+\.\d MB in \d+\.\d s\)\.\n$/,
    );
    expect(exported.code).toBe(0);
    expect(existsSync(`${exportFile}.partial`)).toBe(false);

    const imported = await run("import", copy, exportFile);
    expect(imported.stderr).toBe("");
    expect(imported.stdout).toBe(
      "Found a Byline export\nImported 0 sections, 1 author, 0 accounts, 3 articles, 0 subscribers, 0 newsletter issues, 0 settings records, 0 tag records, 0 menu records, 0 pages, 0 address moves; skipped 7 sections, 1 author already here.\n",
    );
    expect(imported.code).toBe(0);

    const again = await run("import", copy, exportFile);
    expect(again.stdout).toBe(
      "Found a Byline export\nImported 0 sections, 0 authors, 0 accounts, 0 articles, 0 subscribers, 0 newsletter issues, 0 settings records, 0 tag records, 0 menu records, 0 pages, 0 address moves; skipped 7 sections, 2 authors, 3 articles already here.\n",
    );
    expect(again.code).toBe(0);

    const copyFile = path.join(work, "copy.json");
    expect((await run("export", copy, copyFile)).code).toBe(0);
    expect(withoutTime(copyFile)).toBe(withoutTime(exportFile));

    // A bad entry is reported by its line and reason, and the rest imports.
    const lines = readFileSync(exportFile, "utf8").split("\n");
    const draftLine = lines.findIndex((line) => line.includes('"title":"Draft"'));
    lines[draftLine] = lines[draftLine]!.replace('"read_time":5', '"read_time":50');
    const broken = path.join(work, "broken.json");
    writeFileSync(broken, lines.join("\n"));
    const dataDir = path.join(work, "broken-target");
    mkdirSync(dataDir, { recursive: true });
    const result = await run("import", dataDir, broken);
    expect(result.stdout).toBe(
      `Found a Byline export\nLine ${draftLine + 1} (article): read_time Too big: expected number to be <=15\n` +
        "Imported 0 sections, 1 author, 0 accounts, 2 articles, 0 subscribers, 0 newsletter issues, 0 settings records, 0 tag records, 0 menu records, 0 pages, 0 address moves; skipped 7 sections, 1 author already here; 1 entry was rejected.\n",
    );
    expect(result.code).toBe(1);
  });

  it("says how to use it without a file, and writes nothing when it cannot", async () => {
    const usage = await run("export", newsroom);
    expect(usage.stderr).toMatch(/^Usage: npm run export -- FILE/);
    expect(usage.code).toBe(2);
    const nowhere = await run("export", newsroom, path.join(work, "missing-folder", "x.json"));
    expect(nowhere.stderr).toMatch(/^Export failed, nothing was written to /);
    expect(nowhere.code).toBe(2);
  });
});
