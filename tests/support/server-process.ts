import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

import { PROJECT_ROOT } from "../../app/db/client.server";

export { PROJECT_ROOT };

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts the production build (`node bin/byline.js start`) on a random port with the
 * given environment, and resolves once it prints its address.
 */
export function startServer(
  env: Record<string, string>,
  timeoutMs = 60_000,
  /** The script and its arguments; tests/support/movable-clock-server.mjs gives the test a clock it can move. */
  launcher: string[] = [path.join(PROJECT_ROOT, "bin", "byline.js"), "start"],
): Promise<ServerProcess> {
  const child = spawn(process.execPath, launcher, {
    cwd: PROJECT_ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`The server did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = () => {
      const match = /Byline is running at (http:\/\/\S+)/.exec(output);
      if (!match?.[1]) return;
      clearTimeout(timer);
      child.stdout?.off("data", onData);
      resolve({
        url: match[1].replace("localhost", "127.0.0.1"),
        child,
        output: () => output,
        stop: () => {
          if (child.exitCode === null) child.kill("SIGTERM");
          return exited;
        },
      });
    };
    child.stdout?.on("data", onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited with code ${code} before it started:\n${output}`));
    });
  });
}

/** A stack frame ("    at fn (file.js:1:2)") or an error's name and message, anywhere in an answer's body. */
export const STACK_TRACE =
  /^\s+at .+:\d+:\d+\)?$|\b(?:Error|TypeError|RangeError|SyntaxError|URIError|DrizzleQueryError|DatabaseError): /m;

/** Error-level lines (pino level 50 and above) in a server's JSON log output. */
export function errorLogLines(output: string): string[] {
  return output.split("\n").filter((line) => {
    if (!line.startsWith("{")) return false;
    try {
      return (JSON.parse(line) as { level?: number }).level! >= 50;
    } catch {
      return false;
    }
  });
}

/** The pino JSON lines of a server's output, parsed. */
export function logEntries(output: string): { level: number; time: number; msg?: string; [key: string]: unknown }[] {
  return output.split("\n").flatMap((line) => {
    if (!line.startsWith("{")) return [];
    try {
      return [JSON.parse(line) as { level: number; time: number; msg?: string }];
    } catch {
      return [];
    }
  });
}
