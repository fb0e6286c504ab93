/** The production build and server, as `npm start` runs them. */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { freePort, log, runCommand, stopProcess, waitForStatus } from "./processes";

/**
 * Builds the app when build/ is missing or older than the sources (`node bin/byline.js build`, the launcher's
 * own rule), so that no measurement (the cold start above all) includes a build.
 */
export async function ensureProductionBuild(root: string): Promise<void> {
  log("Building the app if the sources changed since the last build (node bin/byline.js build).");
  const result = await runCommand(process.execPath, [path.join(root, "bin", "byline.js"), "build"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.code !== 0) throw new Error(`The build failed:\n${result.stderr || result.stdout}`);
}

export interface ServerOptions {
  /** DATA_DIR of an embedded database (uploads and the like also go there with PostgreSQL). */
  dataDir: string;
  /** A PostgreSQL database instead of the embedded one. */
  databaseUrl?: string;
  pageCache: boolean;
  /** ANALYTICS: counting reads on (the default, as in production) or off. */
  analytics?: boolean;
  /** The path polled until it answers 200 (the cold start polls `/`). */
  readyPath?: string;
}

export interface RunningServer {
  url: string;
  pid: number;
  /** From spawning `node bin/byline.js start` to the first 200 on `readyPath`. */
  readyAfterMs: number;
  /** Log lines at warn or above written while it ran (LOG_LEVEL=warn), for the report. */
  problems(): string[];
  stop(): Promise<void>;
}

/** Starts `node bin/byline.js start` with NODE_ENV=production and LOG_LEVEL=warn on a free loopback port. */
export async function startServer(
  root: string,
  { dataDir, databaseUrl = "", pageCache, analytics = true, readyPath = "/healthz" }: ServerOptions,
): Promise<RunningServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    // Empty values mean the defaults, and win over a .env file in the checkout.
    DATABASE_URL: databaseUrl,
    SITE_URL: "",
    SMTP_URL: "",
    SEED_CONTENT: "none",
    NEWSLETTER_AUTO_SEND: "false",
    PAGE_CACHE: pageCache ? "on" : "off",
    ANALYTICS: analytics ? "on" : "off",
  };
  const startedAt = performance.now();
  const child: ChildProcess = spawn(process.execPath, [path.join(root, "bin", "byline.js"), "start"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) if (line.trim() !== "") lines.push(line);
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForStatus(`${url}${readyPath}`, 200, { child, timeoutMs: 120_000 });
  } catch (error) {
    await stopProcess(child);
    throw new Error(`${(error as Error).message}\nServer output:\n${lines.slice(-20).join("\n")}`, { cause: error });
  }
  const readyAfterMs = performance.now() - startedAt;
  return {
    url,
    pid: child.pid!,
    readyAfterMs,
    problems: () => lines.filter((line) => /"level":(4|5|6)0/.test(line) || !line.startsWith("{")).filter(isProblem),
    stop: () => stopProcess(child),
  };
}

/** The start-up banner (address, database, how to create an admin) is not a problem; other plain lines are. */
const BANNER = /^(Byline is running at|Database: |No admin account yet|or start Byline with|ADMIN_USERNAME=)/;

function isProblem(line: string): boolean {
  return !BANNER.test(line);
}
