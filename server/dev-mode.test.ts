import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP_CHROME } from "../tests/support/chromium";
import { PROJECT_ROOT, startServer, type ServerProcess } from "../tests/support/server-process";

/**
 * The README's `npm run dev`: the server runs from the sources through Vite's module runner, with the dependencies
 * loaded by Node (vite.config.ts), and answers like the built one.
 */
let server: ServerProcess | undefined;
let dataDir = "";

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "byline-dev-"));
  server = await startServer({ NODE_ENV: "development", DATA_DIR: dataDir, DATABASE_URL: "", SEED_CONTENT: "demo" }, 90_000, [
    path.join(PROJECT_ROOT, "bin", "byline.js"),
    "dev",
  ]);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("npm run dev", () => {
  it("serves the home page and an article, and the view beacon answers there too", async () => {
    const { url } = server!;
    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Stay in the loop");
    expect((await fetch(`${url}/article/1`)).status).toBe(200);

    const report = (origin: string) =>
      fetch(`${url}/api/views`, {
        method: "POST",
        headers: { Origin: origin, "Content-Type": "text/plain;charset=UTF-8", "User-Agent": DESKTOP_CHROME },
        body: '{"article":1}',
      });
    expect((await report(new URL(url).origin)).status).toBe(204);
    expect((await report("https://elsewhere.example")).status).toBe(403);
  }, 60_000);
});
