#!/usr/bin/env node
// Byline's launcher. `start` runs the production server, building it first when the build
// is missing or older than the sources; `build` only does that; `dev` runs the server with
// Vite's dev middleware.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

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

const command = process.argv[2] ?? "start";
if (command === "start") {
  process.env.NODE_ENV ??= "production";
  buildIfStale();
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
