import { readFileSync } from "node:fs";
import http from "node:http";
import type { Socket } from "node:net";
import pg from "pg";
import { postgresUrlFor } from "../support/postgres-url";
import type { ServerProcess } from "../support/server-process";

/** One HTTP answer, its body read to the end (still encoded: nobody here needs it decoded). */
export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface HttpRequestOptions {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** The request fails when the socket stays silent this long. */
  timeoutMs?: number;
  /** Called with the socket the request goes out on (to count the connections a client opened). */
  onSocket?: (socket: Socket) => void;
}

/** One request through `agent` (keep-alive or not, as the agent says); rejects on socket errors and timeouts. */
export function httpRequest(agent: http.Agent, url: string, options: HttpRequestOptions = {}): Promise<HttpAnswer> {
  const { method = "GET", headers = {}, body, timeoutMs = 30_000, onSocket } = options;
  return new Promise((resolve, reject) => {
    const request = http.request(url, { agent, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.setTimeout(timeoutMs, () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on("error", reject);
    if (onSocket) request.on("socket", onSocket);
    request.end(body);
  });
}

/** A process's resident memory (VmRSS) in KiB, read from /proc (Linux). */
export function residentMemoryKiB(pid: number): number {
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!match?.[1]) throw new Error(`No VmRSS for process ${pid}`);
  return Number(match[1]);
}

/** Stops a server with SIGTERM and resolves with its exit code; SIGKILL (and null) when it has not exited within `timeoutMs`. */
export async function stopServer(server: ServerProcess | undefined, timeoutMs = 20_000): Promise<number | null | undefined> {
  if (!server) return undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const killed = new Promise<null>((resolve) => {
    timer = setTimeout(() => {
      server.child.kill("SIGKILL");
      resolve(null);
    }, timeoutMs);
  });
  try {
    return await Promise.race([server.stop(), killed]);
  } finally {
    clearTimeout(timer);
  }
}

/** Lines where Node warned that an emitter collected too many listeners (a leak of listeners, usually per request). */
export function listenerWarnings(output: string): string[] {
  return output.split("\n").filter((line) => line.includes("MaxListenersExceededWarning"));
}

/**
 * A fresh, empty PostgreSQL database on the server TEST_DATABASE_URL names, for one test file's servers to
 * migrate and use; `drop` removes it even while connections are still open.
 */
export async function createPostgresDatabase(baseUrl: string, name: string) {
  const maintenance = new pg.Client({ connectionString: baseUrl });
  await maintenance.connect();
  try {
    await maintenance.query(`create database ${name}`);
  } catch (error) {
    await maintenance.end();
    throw error;
  }
  const url = postgresUrlFor(baseUrl, name);
  return {
    url,
    /** Runs one query on a short-lived connection to the new database. */
    async query<Row extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<Row[]> {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query<Row>(text, values)).rows;
      } finally {
        await client.end();
      }
    },
    async drop(): Promise<void> {
      try {
        await maintenance.query(`drop database if exists ${name} with (force)`);
      } finally {
        await maintenance.end();
      }
    },
  };
}

export type PostgresDatabase = Awaited<ReturnType<typeof createPostgresDatabase>>;

/** A database name no other run uses at the same time: byline_load_<name>_<pid>_<time>. */
export function uniqueDatabaseName(name: string): string {
  return `byline_load_${name}_${process.pid}_${Date.now()}`;
}
