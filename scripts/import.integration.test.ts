import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../app/db/client.server";
import { scriptBundles } from "../tests/setup/test-database";
import { runScript } from "../tests/support/run-script";

// The CLI opens the database itself, so one run is enough: PGlite, under a fresh DATA_DIR.
describe.skipIf(process.env.TEST_DB_DRIVER === "postgres")("npm run import", { timeout: 60_000 }, () => {
  const dataDir = path.join(PROJECT_ROOT, "tests", ".tmp", `import-cli-${process.pid}-${Date.now()}`);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const bundles = scriptBundles();
  const runImport = (file: string, ...options: string[]) =>
    runScript("import", [file, ...options], { DATA_DIR: dataDir, SEED_CONTENT: "none" }, { bundles });

  it("reports a row with a NUL byte by number, imports the others and prints no SQL", async () => {
    mkdirSync(dataDir, { recursive: true });
    const row = (title: string) => ({
      title,
      excerpt: "An excerpt.",
      content: "Body.",
      category: "AI",
      author: "reader@example.com",
    });
    const file = path.join(dataDir, "articles.ndjson");
    writeFileSync(file, [row("First"), row("Sec\u0000ond"), row("Third")].map((value) => JSON.stringify(value)).join("\n"));

    const result = await runImport(file);
    expect(result.stderr).toBe("");
    expect(result.stdout).toBe(
      "Found Byline JSON: 3 articles\nRow 2: title contains characters that are not allowed\nImported 2 articles; 1 row was rejected.\n",
    );
    expect(result.code).toBe(1);
  });

  const fixture = (name: string) => path.join(PROJECT_ROOT, "tests", "fixtures", "imports", name);

  it("says it found a Ghost export, names an unmapped tag's post, and skips every post the second time", async () => {
    mkdirSync(dataDir, { recursive: true });
    const first = await runImport(fixture("ghost-export.json"), "--category-map", "Hardware=Gadgets");
    expect(first.stderr).toBe("");
    expect(first.stdout).toBe(
      "Found a Ghost export: 6 posts\n" +
        "Row 6 (Ghost post 'laptop-for-everyone'): tag 'Reviews' matches no category; map it with --category-map Reviews=Gadgets\n" +
        "Imported 5 articles; 1 row was rejected.\n",
    );
    expect(first.code).toBe(1);

    const second = await runImport(
      fixture("ghost-export.json"),
      "--category-map",
      "Hardware=Gadgets",
      "--category-map",
      "Reviews=Gadgets",
    );
    expect(second.stdout).toBe("Found a Ghost export: 6 posts\nImported 1 article; skipped 5 already imported.\n");
    expect(second.code).toBe(0);
  });

  it("says it found a WordPress export and imports it once", async () => {
    mkdirSync(dataDir, { recursive: true });
    const first = await runImport(fixture("wordpress-export.xml"), "--category-map=Phones=Mobile");
    expect(first.stderr).toBe("");
    expect(first.stdout).toBe("Found a WordPress export (WXR): 5 posts\nImported 5 articles.\n");
    expect(first.code).toBe(0);
    const again = await runImport(fixture("wordpress-export.xml"), "--category-map=Phones=Mobile");
    expect(again.stdout).toBe("Found a WordPress export (WXR): 5 posts\nImported 0 articles; skipped 5 already imported.\n");
    expect(again.code).toBe(0);
  });

  it("refuses a mapping to a section the newsroom does not have, in a sentence, before importing anything", async () => {
    const result = await runImport(fixture("wordpress-export.xml"), "--category-map", "Phones=Telephony");
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      "--category-map Phones=Telephony: expected TAG=SECTION where SECTION is one of AI, Mobile, Startups, Cloud, Gadgets, Software, Security\n",
    );
    expect(result.code).toBe(2);
  });
});
