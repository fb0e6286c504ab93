import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ARTICLES } from "~/services/seed/demo-content.server";
import { articlePath } from "~/utils/articles";
import { CATEGORIES } from "~/domain/sections";
import { searchPath } from "~/validation/search";
import { DESKTOP_CHROME } from "../support/chromium";
import { errorLogLines, startServer, type ServerProcess } from "../support/server-process";
import { storedViews } from "../support/stored-views";
import { httpRequest, listenerWarnings, residentMemoryKiB, stopServer } from "./load-support";

/**
 * Faults and load: readers' pages under 200 concurrent keep-alive connections for a minute, on
 * the production build with the embedded database and the demo newsroom. Every answer must be a 200 (or
 * a 304 to a conditional request), nothing may go wrong in the server's log, and its memory must not
 * keep growing once its caches are full.
 *
 * After every article page the reader sends the view beacon its script sends, and now and then
 * sends it again (a reload), so the counter works under the same concurrency; once the server has stopped,
 * the database holds exactly one view per reader (client address) per article. Its throughput target is the bench's
 * (`npm run bench -- --only=beacon`), not this test's.
 */

const CONNECTIONS = 200;
/** Long enough at full concurrency for the page cache to hold every page in every encoding asked for. */
const WARM_UP_MS = 15_000;
const LOAD_MS = 60_000;
/** The last seconds of the warm-up and of the load whose highest memory reading is compared. */
const MEMORY_WINDOW_MS = 10_000;
/** Resident memory after the minute may exceed memory after the warm-up by this fraction at most. */
const MEMORY_GROWTH_LIMIT = 0.2;
/** What browsers send; the server picks brotli. */
const ACCEPT_ENCODING = "gzip, deflate, br";
/** One request in this many carries the ETag already received for the page, as a browser revalidating does. */
const CONDITIONAL_EVERY = 4;
/** One article view in this many is reported twice by its visitor (a reload), which must not count again. */
const REPEAT_BEACON_EVERY = 5;
/**
 * Visitors sharing one client address (each with a user agent of its own, as a household or an office): few enough
 * that an address stays under the counter's 120 reports a minute, many enough that the addresses seen in a minute stay
 * far below its cap. They count as one reader.
 */
const VISITORS_PER_ADDRESS = 40;

/** The demo newsroom's articles get ids in DEMO_ARTICLES order, from 1; six of the published ones. */
const articleIds = DEMO_ARTICLES.flatMap((article, index) => (article.publishedDaysAgo === null ? [] : [index + 1])).slice(0, 6);

/** A reader's mix: the home page, every category, several articles, searches, the feeds and the sitemap. */
const ARTICLE_IDS_BY_PATH = new Map(articleIds.map((id) => [articlePath(id), id]));
const READER_PATHS = [
  "/",
  ...CATEGORIES.map((category) => `/category/${category.toLowerCase()}`),
  ...articleIds.map((id) => articlePath(id)),
  searchPath("model"),
  searchPath("cloud outage"),
  "/rss.xml",
  `/category/security/rss.xml`,
  "/sitemap.xml",
];

/**
 * The view beacons sent after article pages: visitors are numbered as they come, several share a client address, and a
 * reader is a client address (decision 045), so each address counts once per article whatever its browsers.
 */
interface BeaconTally {
  visitors: number;
  sent: number;
  /** Per article, the client addresses with an answered beacon for it: the views the database must hold. */
  readers: Map<number, Set<number>>;
}

interface LoadTally {
  requests: number;
  byStatus: Map<number, number>;
  byEncoding: Map<string, number>;
  conditional: number;
  /** Unexpected answers and socket errors, the first few described. */
  failures: number;
  failureSamples: string[];
  latenciesMs: number[];
  sockets: Set<unknown>;
}

function newTally(): LoadTally {
  return {
    requests: 0,
    byStatus: new Map(),
    byEncoding: new Map(),
    conditional: 0,
    failures: 0,
    failureSamples: [],
    latenciesMs: [],
    sockets: new Set(),
  };
}

function recordFailure(tally: LoadTally, description: string): void {
  tally.failures += 1;
  if (tally.failureSamples.length < 20) tally.failureSamples.push(description);
}

/** The client address a visitor's requests come from, as a number. */
const addressOf = (visitor: number) => Math.floor(visitor / VISITORS_PER_ADDRESS);

/**
 * The beacon an article page's script sends (decision 032), as sendBeacon does: `{"article":12}` as text/plain from
 * the page's origin; the visitor is a client address (X-Forwarded-For, trusted from loopback) and a user agent.
 */
async function sendBeacon(
  baseUrl: string,
  agent: http.Agent,
  articleId: number,
  visitor: number,
  tally: LoadTally,
): Promise<boolean> {
  const address = addressOf(visitor);
  tally.requests += 1;
  try {
    const answer = await httpRequest(agent, `${baseUrl}/api/views`, {
      method: "POST",
      headers: {
        "User-Agent": `${DESKTOP_CHROME} reader/${visitor}`,
        "X-Forwarded-For": `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
        Origin: baseUrl,
        "Content-Type": "text/plain;charset=UTF-8",
      },
      body: JSON.stringify({ article: articleId }),
      onSocket: (socket) => tally.sockets.add(socket),
    });
    tally.byStatus.set(answer.status, (tally.byStatus.get(answer.status) ?? 0) + 1);
    if (answer.status === 204) return true;
    recordFailure(tally, `beacon for article ${articleId}: ${answer.status}`);
  } catch (error) {
    recordFailure(tally, `beacon for article ${articleId}: ${(error as Error).message}`);
  }
  return false;
}

/** After an article page: its beacon from a new visitor, and every REPEAT_BEACON_EVERY views the same beacon again. */
async function reportView(baseUrl: string, agent: http.Agent, articleId: number, beacons: BeaconTally, tally: LoadTally) {
  const visitor = beacons.visitors++;
  const times = visitor % REPEAT_BEACON_EVERY === 0 ? 2 : 1;
  for (let time = 0; time < times; time += 1) {
    beacons.sent += 1;
    const answered = await sendBeacon(baseUrl, agent, articleId, visitor, tally);
    if (!answered) continue;
    const readers = beacons.readers.get(articleId) ?? new Set<number>();
    beacons.readers.set(articleId, readers.add(addressOf(visitor)));
  }
}

/**
 * `connections` readers, each sending its next request as soon as the last answer is read, over one
 * keep-alive agent limited to that many sockets, until `durationMs` has passed; after each article page
 * they send its view beacon.
 */
async function readPages(
  baseUrl: string,
  agent: http.Agent,
  durationMs: number,
  tally: LoadTally,
  beacons: BeaconTally,
): Promise<void> {
  const etags = new Map<string, string>();
  const deadline = Date.now() + durationMs;

  async function reader(offset: number): Promise<void> {
    for (let turn = offset; Date.now() < deadline; turn += 1) {
      const pagePath = READER_PATHS[turn % READER_PATHS.length]!;
      const headers: Record<string, string> = { "Accept-Encoding": ACCEPT_ENCODING, Accept: "text/html,*/*" };
      const etag = turn % CONDITIONAL_EVERY === 0 ? etags.get(pagePath) : undefined;
      if (etag) headers["If-None-Match"] = etag;
      const started = performance.now();
      tally.requests += 1;
      if (etag) tally.conditional += 1;
      try {
        const answer = await httpRequest(agent, `${baseUrl}${pagePath}`, {
          headers,
          onSocket: (socket) => tally.sockets.add(socket),
        });
        tally.latenciesMs.push(performance.now() - started);
        tally.byStatus.set(answer.status, (tally.byStatus.get(answer.status) ?? 0) + 1);
        if (answer.status === 200 && answer.body.length > 0) {
          const encoding = String(answer.headers["content-encoding"] ?? "identity");
          tally.byEncoding.set(encoding, (tally.byEncoding.get(encoding) ?? 0) + 1);
          if (typeof answer.headers.etag === "string") etags.set(pagePath, answer.headers.etag);
        } else if (!(answer.status === 304 && etag)) {
          recordFailure(
            tally,
            `${pagePath}: ${answer.status} (${answer.body.length} bytes)${etag ? " to a conditional GET" : ""}`,
          );
          continue;
        }
        const articleId = ARTICLE_IDS_BY_PATH.get(pagePath);
        if (articleId !== undefined) await reportView(baseUrl, agent, articleId, beacons, tally);
      } catch (error) {
        recordFailure(tally, `${pagePath}: ${(error as Error).message}`);
      }
    }
  }

  await Promise.all(Array.from({ length: CONNECTIONS }, (_, index) => reader(index)));
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

function summary(tally: LoadTally, durationMs: number): string {
  const sorted = [...tally.latenciesMs].sort((a, b) => a - b);
  const statuses = [...tally.byStatus].map(([status, count]) => `${status}: ${count}`).join(", ");
  const encodings = [...tally.byEncoding].map(([encoding, count]) => `${encoding}: ${count}`).join(", ");
  return [
    `${tally.requests} requests in ${(durationMs / 1000).toFixed(0)} s = ${Math.round(tally.requests / (durationMs / 1000))} req/s`,
    `over ${tally.sockets.size} connections; statuses ${statuses}; 200 encodings ${encodings}; ${tally.conditional} conditional`,
    `latency p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms, max ${percentile(sorted, 1).toFixed(1)} ms`,
    `failures: ${tally.failures}`,
  ].join("\n  ");
}

const mebibytes = (kib: number) => `${(kib / 1024).toFixed(1)} MiB`;

describe("reader pages under load", () => {
  let dataDir: string | undefined;
  let server: ServerProcess | undefined;
  let agent: http.Agent;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "byline-reader-load-"));
    server = await startServer({ DATA_DIR: dataDir, SEED_CONTENT: "demo" });
    agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS, maxFreeSockets: CONNECTIONS });
  });

  afterAll(async () => {
    agent?.destroy();
    try {
      if (server) expect(await stopServer(server), "the server's exit code after SIGTERM").toBe(0);
    } finally {
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it(`answers ${CONNECTIONS} keep-alive readers for ${LOAD_MS / 1000} s without an error, and its memory stays put; their view beacons count exactly once per reader and article`, async () => {
    const pid = server!.child.pid!;
    // Resident memory rises and falls with each garbage collection, so a single reading says little. What is
    // compared is the top of that sawtooth: the highest reading during the warm-up's last seconds against the
    // highest during the load's last seconds (same pages, same connections). A leak lifts the top.
    const readings: { at: number; kib: number }[] = [];
    const sampler = setInterval(() => readings.push({ at: performance.now(), kib: residentMemoryKiB(pid) }), 250);
    const topBetween = (from: number, to: number) =>
      Math.max(...readings.filter(({ at }) => at >= from && at <= to).map(({ kib }) => kib));

    const warmUp = newTally();
    const warmUpStarted = performance.now();
    const load = newTally();
    const beacons: BeaconTally = { visitors: 0, sent: 0, readers: new Map() };
    const marks = { loadStarted: 0 };
    try {
      await readPages(server!.url, agent, WARM_UP_MS, warmUp, beacons);
      expect(warmUp.failureSamples, "failures during the warm-up").toEqual([]);
      marks.loadStarted = performance.now();
      await readPages(server!.url, agent, LOAD_MS, load, beacons);
    } finally {
      clearInterval(sampler);
    }
    const ended = performance.now();
    const elapsedMs = ended - marks.loadStarted;
    const memoryAfterWarmUp = topBetween(warmUpStarted + WARM_UP_MS - MEMORY_WINDOW_MS, marks.loadStarted);
    const memoryAfterLoad = topBetween(ended - MEMORY_WINDOW_MS, ended);
    const peakMemory = topBetween(marks.loadStarted, ended);
    expect([memoryAfterWarmUp, memoryAfterLoad].every(Number.isFinite), "memory was read in both windows").toBe(true);

    console.log(
      [
        `reader load, warm-up: ${summary(warmUp, WARM_UP_MS)}`,
        `reader load, ${CONNECTIONS} connections: ${summary(load, elapsedMs)}`,
        `server memory (VmRSS, highest reading of the last ${MEMORY_WINDOW_MS / 1000} s): ${mebibytes(memoryAfterWarmUp)} ` +
          `at the end of the warm-up, ${mebibytes(memoryAfterLoad)} at the end of the load (peak ${mebibytes(peakMemory)}) ` +
          `(${(((memoryAfterLoad - memoryAfterWarmUp) / memoryAfterWarmUp) * 100).toFixed(1)}%)`,
        `view beacons: ${beacons.sent} sent by ${beacons.visitors} visitors (warm-up and load)`,
      ].join("\n"),
    );

    expect(load.failureSamples, `${load.failures} failures`).toEqual([]);
    expect(load.failures).toBe(0);
    expect([...load.byStatus.keys()].sort()).toEqual([200, 204, 304]);
    // Reader pages are precompressed once and served in the encoding the browser prefers.
    expect([...load.byEncoding.keys()]).toEqual(["br"]);
    expect(load.requests).toBeGreaterThan(CONNECTIONS * 10);
    expect(memoryAfterLoad, "resident memory after the load (KiB)").toBeLessThanOrEqual(
      Math.round(memoryAfterWarmUp * (1 + MEMORY_GROWTH_LIMIT)),
    );

    // Stopping writes what the counter still holds; then the database has one view per reader and article.
    expect(await stopServer(server), "the server's exit code after SIGTERM").toBe(0);
    const output = server!.output();
    expect(errorLogLines(output)).toEqual([]);
    expect(listenerWarnings(output)).toEqual([]);
    expect(beacons.visitors).toBeGreaterThan(CONNECTIONS);
    const expected = Object.fromEntries([...beacons.readers].map(([article, readers]) => [article, readers.size]));
    expect(await storedViews(dataDir!)).toEqual(expected);
  });
});
