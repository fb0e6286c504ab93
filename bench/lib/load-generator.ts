/**
 * The HTTP load generator: wrk when it is installed (a Lua script sets the headers; `--latency` gives the
 * distribution), otherwise autocannon when node_modules has it (it is not one of our dependencies).
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { VIEW_ENDPOINT } from "~/validation/views";
import { DESKTOP_CHROME } from "../../tests/support/chromium";
import { toolVersion } from "./machine";
import { runCommand } from "./processes";

/** What a browser sends; the server and nginx choose brotli from it. */
export const BROWSER_HEADERS = {
  Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "Accept-Encoding": "gzip, deflate, br, zstd",
} as const;

export interface LoadOptions {
  durationS: number;
  connections: number;
  /** Request these paths of the URL's origin in turn instead of the URL itself (wrk only). */
  paths?: readonly string[];
  /** A wrk Lua script of its own, which then decides every request (wrk only; `paths` is ignored). */
  script?: string;
}

export interface LoadResult {
  requestsPerSecond: number;
  requests: number;
  /** Infinity when no response came back within LOAD_TIMEOUT_S (the load generator then records no latency). */
  p50Ms: number;
  p99Ms: number;
  /** Socket errors and responses slower than LOAD_TIMEOUT_S (left out of the percentiles). */
  errors: number;
  timeouts: number;
  /** Responses outside 2xx and 3xx. */
  non2xx: number;
}

/** A response slower than this counts as a timeout: an error, left out of the latency percentiles. */
export const LOAD_TIMEOUT_S = 60;

export interface LoadGenerator {
  /** "wrk debian/4.1.0 (1 thread)", for the report. */
  description: string;
  run(url: string, options: LoadOptions): Promise<LoadResult>;
}

/** wrk keeps to one thread: the server under test (one Node.js process) gets the other core of a 2-core machine. */
export const WRK_THREADS = 1;

const LATENCY_UNITS_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

function parseDuration(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m|h)$/.exec(text.trim());
  if (!match) throw new Error(`Unreadable wrk latency "${text}".`);
  return Number(match[1]) * LATENCY_UNITS_MS[match[2]!]!;
}

/** Reads wrk's summary: requests, Requests/sec, the 50% and 99% lines of the latency distribution, errors. */
export function parseWrkOutput(output: string): LoadResult {
  const find = (pattern: RegExp) => {
    const match = pattern.exec(output);
    if (!match) throw new Error(`wrk's output has no ${pattern.source}:\n${output}`);
    return match;
  };
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const timeouts = Number(socketErrors?.[4] ?? 0);
  let p50Ms = parseDuration(find(/^\s+50%\s+(\S+)/m)[1]!);
  let p99Ms = parseDuration(find(/^\s+99%\s+(\S+)/m)[1]!);
  // wrk records no latency for a response slower than its timeout: with every one of them slow, it prints zeros.
  if (p99Ms === 0 && timeouts > 0) [p50Ms, p99Ms] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
  return {
    requestsPerSecond: Number(find(/Requests\/sec:\s+([\d.]+)/)[1]),
    requests: Number(find(/(\d+) requests in/)[1]),
    p50Ms,
    p99Ms,
    errors: socketErrors ? socketErrors.slice(1).reduce((sum, value) => sum + Number(value), 0) : 0,
    timeouts,
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0),
  };
}

/** wrk's Lua script: a browser's headers, and the paths to request in turn when there are several. */
export function wrkScript(paths?: readonly string[]): string {
  const headers = Object.entries(BROWSER_HEADERS)
    .map(([name, value]) => `wrk.headers[${JSON.stringify(name)}] = ${JSON.stringify(value)}\n`)
    .join("");
  if (!paths || paths.length === 0) return headers;
  return (
    headers +
    `local paths = {${paths.map((each) => JSON.stringify(each)).join(", ")}}\n` +
    "local next = 0\n" +
    "request = function()\n  next = next % #paths + 1\n  return wrk.format(nil, paths[next])\nend\n"
  );
}

/**
 * wrk's Lua script for readers who report their views (decision 032): visit after visit, one article page (the
 * articles in turn), then the beacon the page's script sends for it, `POST /api/views` with `{"article":<id>}` as
 * `text/plain` from the page's origin, as sendBeacon does. Each visit comes from its own reader: its own client
 * address in `X-Forwarded-For` (the server trusts it from loopback), so every beacon is a new visitor of that
 * article, as many readers are, and none is held back by the per-address limit. Visits are numbered from
 * `firstVisit`, so two runs against one server do not repeat each other's visitors. Addresses are 10.x.y.z.
 */
export function beaconWrkScript(articles: readonly { path: string; id: number }[], firstVisit: number): string {
  if (articles.length === 0) throw new Error("The beacon script needs at least one article.");
  const quoted = (value: string) => JSON.stringify(value);
  return [
    `local paths = {${articles.map((article) => quoted(article.path)).join(", ")}}`,
    `local ids = {${articles.map((article) => article.id).join(", ")}}`,
    `local visit = ${firstVisit}`,
    "local beacon = false",
    "request = function()",
    '  local host = wrk.headers["Host"]',
    "  local index = visit % #paths + 1",
    "  local headers = {",
    '    ["Host"] = host,',
    `    ["User-Agent"] = ${quoted(DESKTOP_CHROME)},`,
    `    ["Accept-Encoding"] = ${quoted(BROWSER_HEADERS["Accept-Encoding"])},`,
    '    ["X-Forwarded-For"] = string.format("10.%d.%d.%d", math.floor(visit / 65536) % 256, math.floor(visit / 256) % 256, visit % 256),',
    "  }",
    "  if not beacon then",
    "    beacon = true",
    `    headers["Accept"] = ${quoted(BROWSER_HEADERS.Accept)}`,
    '    return wrk.format("GET", paths[index], headers)',
    "  end",
    "  beacon = false",
    "  visit = visit + 1",
    '  headers["Accept"] = "*/*"',
    '  headers["Origin"] = "http://" .. host',
    '  headers["Referer"] = "http://" .. host .. paths[index]',
    '  headers["Sec-Fetch-Site"] = "same-origin"',
    '  headers["Content-Type"] = "text/plain;charset=UTF-8"',
    `  return wrk.format("POST", ${quoted(VIEW_ENDPOINT)}, headers, '{"article":' .. ids[index] .. '}')`,
    "end",
    "",
  ].join("\n");
}

function wrkGenerator(version: string): LoadGenerator {
  return {
    description: `${version.split(" ").slice(0, 2).join(" ")}, ${WRK_THREADS} thread`,
    async run(url, { durationS, connections, paths, script: ownScript }) {
      const dir = mkdtempSync(path.join(os.tmpdir(), "byline-wrk-"));
      const script = path.join(dir, "headers.lua");
      writeFileSync(script, ownScript ?? wrkScript(paths));
      try {
        const args = [
          "-t",
          String(WRK_THREADS),
          "-c",
          String(connections),
          "-d",
          `${durationS}s`,
          "--timeout",
          `${LOAD_TIMEOUT_S}s`,
        ];
        const result = await runCommand("wrk", [...args, "--latency", "-s", script, url]);
        if (result.code !== 0) throw new Error(`wrk failed (exit ${result.code}): ${result.stderr || result.stdout}`);
        return parseWrkOutput(result.stdout);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

interface AutocannonJson {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

function autocannonGenerator(bin: string): LoadGenerator {
  return {
    description: "autocannon (node_modules)",
    async run(url, { durationS, connections, paths, script }) {
      if (paths || script) throw new Error("Requesting several addresses in turn needs wrk; autocannon was found instead.");
      const headers = Object.entries(BROWSER_HEADERS).flatMap(([name, value]) => ["-H", `${name}=${value}`]);
      const args = ["-c", String(connections), "-d", String(durationS), "-t", String(LOAD_TIMEOUT_S), "-j", ...headers, url];
      const result = await runCommand(bin, args);
      if (result.code !== 0) throw new Error(`autocannon failed (exit ${result.code}): ${result.stderr}`);
      const json = JSON.parse(result.stdout) as AutocannonJson;
      return {
        requestsPerSecond: json.requests.average,
        requests: json.requests.total,
        p50Ms: json.latency.p50,
        p99Ms: json.latency.p99,
        errors: json.errors + json.timeouts,
        timeouts: json.timeouts,
        non2xx: json.non2xx,
      };
    },
  };
}

/** wrk if installed, else autocannon if node_modules has it, else the reason neither can run. */
export function findLoadGenerator(root: string): LoadGenerator | { missing: string } {
  const wrk = toolVersion("wrk", ["-v"]);
  if (wrk?.startsWith("wrk")) return wrkGenerator(wrk);
  const autocannon = path.join(root, "node_modules", ".bin", "autocannon");
  if (existsSync(autocannon)) return autocannonGenerator(autocannon);
  return {
    missing:
      "neither wrk nor autocannon is installed (apt-get install wrk; autocannon is not in node_modules and is not a dependency)",
  };
}
