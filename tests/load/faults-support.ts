import { spawn } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ServerProcess } from "../support/server-process";
import { stopServer } from "./load-support";

export { logEntries } from "../support/server-process";

/**
 * What the fault tests share: a throwaway PostgreSQL cluster they may stop and start at will, forms posted with a
 * session, reading a page's visible text, and bounded fetches and stops. Signing in over HTTP and waiting for a
 * condition are for every suite: tests/support/sign-in.ts and tests/support/wait-for.ts.
 */

/** The folder holding initdb, pg_ctl and postgres: the one on PATH, else Debian's newest; undefined when absent. */
export function postgresBinaries(): string | undefined {
  const onPath = (process.env.PATH ?? "")
    .split(path.delimiter)
    .find((dir) => dir && existsSync(path.join(dir, "initdb")) && existsSync(path.join(dir, "pg_ctl")));
  if (onPath) return onPath;
  const debian = "/usr/lib/postgresql";
  if (!existsSync(debian)) return undefined;
  const versions = readdirSync(debian)
    .filter((name) => /^\d+$/.test(name) && existsSync(path.join(debian, name, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(debian, versions[0], "bin") : undefined;
}

/** A free TCP port on 127.0.0.1 (free when asked; the caller binds it at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

interface CommandResult {
  code: number | null;
  output: string;
}

/** Runs a command to completion, killing it after `timeoutMs`. */
function run(command: string, args: string[], timeoutMs: number): Promise<CommandResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env: { PATH: process.env.PATH ?? "", LANG: "C" } });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("error", (error) => {
      clearTimeout(timer);
      resolve({ code: -1, output: `${output}${error.message}` });
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

export interface ThrowawayCluster {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  port: number;
  /** Whether the cluster was last started rather than stopped. */
  readonly running: boolean;
  /** `pg_ctl stop`: `immediate` drops every connection at once, as a crashed or unplugged database server does. */
  stop(mode?: "fast" | "immediate"): Promise<void>;
  start(): Promise<void>;
  /** Stops the cluster if it runs and deletes its folder. Never throws. */
  destroy(): Promise<void>;
}

/**
 * A PostgreSQL cluster of its own in a temporary folder, on a free loopback port, trust authentication. PostgreSQL
 * refuses to run as root, so as root the folder belongs to the `postgres` user and initdb and pg_ctl run as it.
 */
export async function createThrowawayCluster(binaries: string): Promise<ThrowawayCluster> {
  const root = mkdtempSync(path.join(tmpdir(), "byline-faults-pg-"));
  const dataDir = path.join(root, "data");
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const owner = await run("id", ["-u", "postgres"], 5_000);
    const group = await run("id", ["-g", "postgres"], 5_000);
    if (owner.code !== 0) throw new Error(`Running as root needs a "postgres" user to run PostgreSQL: ${owner.output}`);
    chownSync(root, Number(owner.output.trim()), Number(group.output.trim()));
  }
  const asPostgres = (tool: string, args: string[], timeoutMs: number) =>
    asRoot
      ? run("runuser", ["-u", "postgres", "--", path.join(binaries, tool), ...args], timeoutMs)
      : run(path.join(binaries, tool), args, timeoutMs);

  const port = await freePort();
  const init = await asPostgres("initdb", ["-D", dataDir, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8"], 60_000);
  if (init.code !== 0) {
    rmSync(root, { recursive: true, force: true });
    throw new Error(`initdb failed:\n${init.output}`);
  }
  const options = `-k ${root} -c listen_addresses=127.0.0.1 -p ${port} -c fsync=off -c max_connections=50`;
  let running = false;

  async function start(): Promise<void> {
    const result = await asPostgres(
      "pg_ctl",
      ["start", "-D", dataDir, "-w", "-t", "30", "-l", path.join(root, "log"), "-o", options],
      40_000,
    );
    if (result.code !== 0) throw new Error(`pg_ctl start failed:\n${result.output}`);
    running = true;
  }

  async function stop(mode: "fast" | "immediate" = "immediate"): Promise<void> {
    const result = await asPostgres("pg_ctl", ["stop", "-D", dataDir, "-w", "-t", "30", "-m", mode], 40_000);
    if (result.code !== 0) throw new Error(`pg_ctl stop failed:\n${result.output}`);
    running = false;
  }

  try {
    await start();
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    get running() {
      return running;
    },
    start,
    stop,
    async destroy() {
      if (running || existsSync(path.join(dataDir, "postmaster.pid"))) await stop("immediate").catch(() => undefined);
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** A same-origin form POST with the session, as the admin tabs send their forms; the answer is not followed. */
export function postForm(serverUrl: string, pathname: string, cookie: string, fields: Record<string, string>): Promise<Response> {
  return fetch(`${serverUrl}${pathname}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Origin: new URL(serverUrl).origin, Cookie: cookie },
    redirect: "manual",
  });
}

/** What a reader would read in an HTML page: no tags, scripts or React's text separators, whitespace collapsed. */
export function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/gi, " ")
    .replace(/<style[\s\S]*?<\/style>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/** A fetch that gives up after `timeoutMs`, so a hanging server fails the test instead of stalling it. */
export function fetchWithin(url: string, timeoutMs: number, init: RequestInit = {}): Promise<Response> {
  return fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
}

/**
 * Stops a server with SIGTERM and resolves with its exit code; one that has not exited after `timeoutMs` (a
 * shutdown stuck on a database that is gone, say) is killed and resolves with null.
 */
export async function stopWithin(server: ServerProcess, timeoutMs = 20_000): Promise<number | null> {
  if (server.child.exitCode !== null) return server.child.exitCode;
  if (server.child.signalCode !== null) return null;
  return (await stopServer(server, timeoutMs)) ?? null;
}
