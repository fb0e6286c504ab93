import { test, expect } from "@playwright/test";
import { existsSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { DEMO_ARTICLES } from "../../app/services/seed/demo-content.server";
import { postgresUrlFor } from "../support/postgres-url";
import { errorLogLines, startServer } from "../support/server-process";
import { runCommand, runScript } from "../support/run-script";
import { freshTestDir } from "../support/test-dirs";

const demoTitle = DEMO_ARTICLES.find((article) => article.publishedDaysAgo === 0)!.title;

// These tests start their own server processes; they run one after another.
test.describe.configure({ mode: "serial" });

/** How often the demo title stands in a page: the same after a restart means nothing was seeded twice. */
function occurrences(html: string): number {
  return html.split(demoTitle).length - 1;
}

async function homeHtml(url: string): Promise<string> {
  const response = await fetch(`${url}/`);
  expect(response.status).toBe(200);
  return response.text();
}

test("the embedded database keeps its data across restarts, and import works while the server is stopped", async () => {
  const dir = freshTestDir("lifecycle");
  const dataDir = path.join(dir, "data");
  const rows = path.join(dir, "rows.json");
  writeFileSync(
    rows,
    JSON.stringify([
      {
        title: "Imported after the first start",
        excerpt: "An imported excerpt.",
        content: "Body.",
        category: "Cloud",
        published_at: new Date().toISOString(),
      },
      { title: "Bad row", excerpt: "x", content: "y", category: "Robots" },
    ]),
  );
  try {
    const first = await startServer({ DATA_DIR: dataDir });
    expect(first.output()).toContain("No admin account yet.");
    const firstHtml = await homeHtml(first.url);
    expect(firstHtml).toContain(demoTitle);

    const whileRunning = await runScript("import", [rows], { DATA_DIR: dataDir });
    expect(whileRunning.code).toBe(2);
    expect(whileRunning.stderr).toContain(
      `The embedded database in ${path.join(dataDir, "db")} is in use by another Byline process`,
    );

    expect(await first.stop()).toBe(0);
    expect(existsSync(path.join(dataDir, "db.lock"))).toBe(false);
    expect(errorLogLines(first.output())).toEqual([]);

    const imported = await runScript("import", [rows], { DATA_DIR: dataDir });
    expect(imported.stdout).toContain(
      'Row 2: category must be one of AI, Mobile, Startups, Cloud, Gadgets, Software, Security (got "Robots")',
    );
    expect(imported.stdout).toContain("Imported 1 article; 1 row was rejected.");
    expect(imported.code).toBe(1);

    const second = await startServer({ DATA_DIR: dataDir });
    const html = await homeHtml(second.url);
    expect(html).toContain("Imported after the first start");
    expect(occurrences(html)).toBe(occurrences(firstHtml));
    expect(await second.stop()).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a wrong setting stops start-up with one line naming the variable", async () => {
  const result = await runCommand(process.execPath, ["bin/byline.js", "start"], { PORT: "abc", NODE_ENV: "production" });
  expect(result.code).toBe(1);
  expect(result.stderr.trim()).toBe('Invalid configuration: PORT must be a whole number between 0 and 65535 (got "abc").');
});

test("SEED_CONTENT=none starts an empty newsroom", async () => {
  const dir = freshTestDir("empty");
  try {
    const server = await startServer({ DATA_DIR: dir, SEED_CONTENT: "none" });
    const html = await homeHtml(server.url);
    expect(html).toContain("No articles have been published yet.");
    expect(html).not.toContain(demoTitle);
    expect(await server.stop()).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// Runs when TEST_DATABASE_URL points at a PostgreSQL server (always in CI, see .ci/run).
const postgresUrl = process.env.TEST_DATABASE_URL;
if (postgresUrl)
  test("the same app runs on PostgreSQL with DATABASE_URL", async () => {
    const name = `byline_e2e_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const databaseUrl = postgresUrlFor(postgresUrl, name);
    try {
      const first = await startServer({ DATABASE_URL: databaseUrl });
      expect(first.output()).toContain("Database: PostgreSQL (DATABASE_URL)");
      const firstHtml = await homeHtml(first.url);
      expect(firstHtml).toContain(demoTitle);
      expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
      expect(await first.stop()).toBe(0);

      const second = await startServer({ DATABASE_URL: databaseUrl });
      expect(occurrences(await homeHtml(second.url))).toBe(occurrences(firstHtml));
      expect(await second.stop()).toBe(0);
      expect(errorLogLines(first.output() + second.output())).toEqual([]);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
