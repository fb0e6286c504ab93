/** Child processes, free ports and raw HTTP requests, shared by the measurements. */
import { spawn, type ChildProcess } from "node:child_process";
import { request } from "node:http";
import { createServer } from "node:net";
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

/** Progress goes to stderr, so stdout carries the report alone. */
export function log(message: string): void {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command to its end. Its output is collected; with `echo`, it is also copied to our stderr as it
 * comes (for long jobs such as data generation, whose progress is worth seeing).
 */
export function runCommand(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; echo?: boolean } = {},
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      if (options.echo) process.stderr.write(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      if (options.echo) process.stderr.write(chunk);
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** A TCP port on 127.0.0.1 that nothing listens on at the moment. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== "object" || !address) throw new Error("Could not find a free port.");
  return address.port;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body exactly as it came over the wire: still compressed when Content-Encoding says so. */
  body: Buffer;
}

/** One GET on a fresh connection, without decoding the body, so its size is the size transferred. */
export function rawGet(url: string, headers: Record<string, string> = {}, timeoutMs = 30_000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "GET", headers, agent: false, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("timeout", () => req.destroy(new Error(`GET ${url} took more than ${timeoutMs} ms`)));
    req.on("error", reject);
    req.end();
  });
}

export function headerText(response: RawResponse, name: string): string | undefined {
  const value = response.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(", ") : value;
}

/** Resident memory of a process in bytes (VmRSS and its peak VmHWM from /proc), or null off Linux. */
export function residentMemory(pid: number): { rss: number; peak: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kilobytes = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
    return { rss: kilobytes("VmRSS") * 1024, peak: kilobytes("VmHWM") * 1024 };
  } catch {
    return null;
  }
}

/** Sends SIGTERM and waits for the exit; SIGKILL after `graceMs`. */
export async function stopProcess(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Polls `url` until it answers `status`; rejects when `child` exits first or after `timeoutMs`. */
export async function waitForStatus(
  url: string,
  status: number,
  { child, timeoutMs = 60_000, intervalMs = 5 }: { child?: ChildProcess; timeoutMs?: number; intervalMs?: number } = {},
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  let last = "no answer";
  while (performance.now() < deadline) {
    if (child && (child.exitCode !== null || child.signalCode !== null))
      throw new Error(`The process stopped (${child.exitCode ?? child.signalCode}) before ${url} answered ${status}.`);
    try {
      const response = await rawGet(url, {}, 5_000);
      if (response.status === status) return;
      last = `status ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await sleep(intervalMs);
  }
  throw new Error(`${url} did not answer ${status} within ${timeoutMs} ms (last: ${last}).`);
}
