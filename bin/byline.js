#!/usr/bin/env node
// Byline's launcher. `start` runs the production server, building it first when the build
// is missing or older than the sources; `build` only does that; `dev` runs the server with
// Vite's dev middleware.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { setFlagsFromString } from "node:v8";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const serverBuild = path.join(root, "build", "server", "index.js");
const sources = ["app", "server", "public", "package-lock.json", "vite.config.ts", "react-router.config.ts"];

if (existsSync(path.join(process.cwd(), ".env")) && typeof process.loadEnvFile === "function") {
  process.loadEnvFile(path.join(process.cwd(), ".env"));
}

function newestChange(entry) {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestChange(path.join(entry, name))), stats.mtimeMs);
}

function buildIfStale() {
  const builtAt = existsSync(serverBuild) ? statSync(serverBuild).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((source) => newestChange(path.join(root, source))));
  if (builtAt > changedAt) return;
  process.stdout.write(builtAt ? "The sources changed since the last build: building...\n" : "No build yet: building...\n");
  const result = spawnSync(process.execPath, [path.join(root, "node_modules", "@react-router", "dev", "bin.js"), "build"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) {
    process.stderr.write("The build failed; see the messages above.\n");
    process.exit(1);
  }
}

/**
 * Two V8 settings for a server that shares a small machine (decision 030: start and memory targets):
 * - The embedded database is WebAssembly, and V8 recompiles its busiest functions with its optimising compiler on
 *   background threads. At the default budget that is about a second of CPU while the server starts, taken from
 *   the cores the start itself needs; ten times the budget leaves start-up to the baseline compiler and still
 *   optimises what a steady load keeps busy.
 * - After each full collection V8 lets the heap grow to as much as four times what survived when collecting is
 *   cheap, and keeps what it grew to: under load about 220 MB for 50 MB of live objects. Growing by half keeps the
 *   heap near 110 MB at the price of more frequent (short, mostly concurrent) collections.
 */
function tuneV8ForOneSmallServer() {
  setFlagsFromString("--wasm-tiering-budget=18000000");
  setFlagsFromString("--heap-growing-percent=50");
}

const command = process.argv[2] ?? "start";
if (command === "start") {
  process.env.NODE_ENV ??= "production";
  buildIfStale();
  tuneV8ForOneSmallServer();
  const { main } = await import(pathToFileURL(serverBuild).href);
  await main();
} else if (command === "build") {
  process.env.NODE_ENV ??= "production";
  buildIfStale();
} else if (command === "dev") {
  process.env.NODE_ENV ??= "development";
  const { createServer } = await import("vite");
  const vite = await createServer({ root, server: { middlewareMode: true }, appType: "custom" });
  const { main } = await vite.ssrLoadModule("/server/main.ts");
  await main({ vite });
} else {
  process.stderr.write(`Unknown command "${command}". Use "start", "build" or "dev".\n`);
  process.exit(1);
}
