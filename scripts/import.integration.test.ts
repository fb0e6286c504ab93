import { spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../app/db/client.server";

const tsx = path.join(PROJECT_ROOT, "node_modules", ".bin", "tsx");

// The CLI opens the database itself, so one run is enough: PGlite, under a fresh DATA_DIR.
describe.skipIf(process.env.TEST_DB_DRIVER === "postgres")("npm run import", { timeout: 60_000 }, () => {
  const dataDir = path.join(PROJECT_ROOT, "tests", ".tmp", `import-cli-${process.pid}-${Date.now()}`);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  function runImport(file: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
    const child = spawn(tsx, ["scripts/import.ts", file], {
      cwd: PROJECT_ROOT,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", DATA_DIR: dataDir, SEED_CONTENT: "none" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    return new Promise((resolve, reject) => {
      child.once("error", reject);
      child.once("close", (code) => resolve({ code, stdout, stderr }));
    });
  }

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
});
