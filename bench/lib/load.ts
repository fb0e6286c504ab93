/**
 * Load: the production server on an embedded database, four reader pages at 50 connections with a
 * browser's Accept-Encoding, with the page cache on and off, against nginx serving the very same
 * article HTML from disk. Also the server's resident memory after each run.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { VIEW_ENDPOINT } from "~/validation/views";
import { DESKTOP_CHROME } from "../../tests/support/chromium";
import { storedViews } from "../../tests/support/stored-views";
import { embeddedDataset, postgresDataset, postgresProblem } from "./datasets";
import {
  beaconWrkScript,
  BROWSER_HEADERS,
  findLoadGenerator,
  LOAD_TIMEOUT_S,
  WRK_THREADS,
  type LoadGenerator,
  type LoadResult,
} from "./load-generator";
import { NGINX_WORKERS, nginxProblem, startNginx, type StaticPage } from "./nginx";
import { headerText, log, rawGet, residentMemory } from "./processes";
import { bytes, context, count, judged, median, ms, percent, unmeasured, type Figure, type Section } from "./report";
import { articlePaths, COMMON_SEARCH_WORD, readerPaths } from "./reader-pages";
import { startServer, type RunningServer } from "./server";

export interface LoadSettings {
  articles: number;
  warmupS: number;
  durationS: number;
  connections: number;
}

export const STANDARD_LOAD: LoadSettings = { articles: 10_000, warmupS: 5, durationS: 15, connections: 50 };
export const QUICK_LOAD: LoadSettings = { articles: 1_000, warmupS: 1, durationS: 3, connections: 50 };

/** How many different articles the "in turn" run requests, one after another. */
export const ROTATING_ARTICLES = 1_000;

const TARGETS = {
  cachedArticleShareOfNginx: 0.25,
  cachedArticleP99Ms: 20,
  /** Issue 20: five times Ghost 5 on this machine (post 83 req/s, home 38), on both databases. */
  uncachedRps: { home: 200, category: 300, article: 420, search: 150 },
  uncachedP99Ms: 250,
  residentMemoryBytes: 400_000_000,
  /** Issue 23: readers' traffic, beacons included, keeps this share of its throughput with counting on. */
  beaconThroughputShare: 0.9,
};

/** How many different articles the beacon runs read in turn (each visit: one page, then its beacon). */
export const BEACON_ARTICLES = 20;

type Mode = "cached" | "uncached" | "uncached on PostgreSQL";

interface PageRun {
  path: string;
  /** Null when the page failed its check; `problem` says why. */
  result: LoadResult | null;
  problem?: string;
}

interface ModeRun {
  mode: Mode;
  pages: PageRun[];
  /** Many different articles requested in turn (uncached runs only). */
  rotating?: PageRun;
  memory: { rss: number; peak: number } | null;
  serverProblems: string[];
}

/**
 * Requests a page twice as the load generator will: both must be 200 in brotli, and with the cache on
 * the second must be a hit (X-Page-Cache: hit), or measuring it would not measure what it claims.
 */
async function checkPage(baseUrl: string, path: string, mode: Mode): Promise<string | null> {
  await rawGet(`${baseUrl}${path}`, { ...BROWSER_HEADERS });
  const response = await rawGet(`${baseUrl}${path}`, { ...BROWSER_HEADERS });
  if (response.status !== 200) return `answered ${response.status}`;
  const encoding = headerText(response, "content-encoding");
  if (encoding !== "br") return `Content-Encoding "${encoding ?? "none"}" instead of br`;
  const cacheState = headerText(response, "x-page-cache");
  if (mode === "cached" && cacheState !== "hit") return `X-Page-Cache "${cacheState ?? "absent"}" on the second request, not hit`;
  if (mode !== "cached" && cacheState === "hit") return "X-Page-Cache: hit with PAGE_CACHE=off";
  return null;
}

/** The article page as the server sends it: brotli, gzip and plain, checked to be the same page. */
async function fetchStaticPage(url: string): Promise<StaticPage> {
  const fetchAs = async (encoding: string) => {
    const response = await rawGet(url, { "Accept-Encoding": encoding });
    const served = headerText(response, "content-encoding") ?? "identity";
    if (response.status !== 200 || served !== encoding)
      throw new Error(`${url} with Accept-Encoding ${encoding} answered ${response.status} in ${served}.`);
    return response.body;
  };
  const page = { html: await fetchAs("identity"), brotli: await fetchAs("br"), gzip: await fetchAs("gzip") };
  if (!brotliDecompressSync(page.brotli).equals(page.html) || !gunzipSync(page.gzip).equals(page.html))
    throw new Error(`${url}: the brotli, gzip and plain answers are not the same page.`);
  return page;
}

/**
 * Warm-up, then the measured run. Between them, one request must come back: the warm-up's last requests,
 * abandoned by the load generator, are still being rendered, and would otherwise be a backlog at the start
 * of the measured run.
 */
async function measure(
  generator: LoadGenerator,
  url: string,
  settings: LoadSettings,
  paths?: readonly string[],
): Promise<LoadResult> {
  await generator.run(url, { durationS: settings.warmupS, connections: settings.connections, paths });
  await rawGet(url, { ...BROWSER_HEADERS }, 120_000);
  return generator.run(url, { durationS: settings.durationS, connections: settings.connections, paths });
}

async function runMode(
  root: string,
  database: { dataDir: string; databaseUrl?: string },
  mode: Mode,
  generator: LoadGenerator,
  settings: LoadSettings,
  paths: (server: RunningServer) => Promise<string[]>,
  onServer?: (server: RunningServer) => Promise<void>,
): Promise<ModeRun> {
  log(`Load, ${mode}: starting the server.`);
  const server = await startServer(root, { ...database, pageCache: mode === "cached" });
  try {
    const pages: PageRun[] = [];
    for (const path of await paths(server)) {
      const problem = await checkPage(server.url, path, mode);
      if (problem) {
        log(`  ${path}: ${problem}; not measured.`);
        pages.push({ path, result: null, problem });
        continue;
      }
      const result = await measure(generator, `${server.url}${path}`, settings);
      log(`  ${path}: ${throughput(result)}, p50 ${latency(result.p50Ms)}, p99 ${latency(result.p99Ms)}`);
      pages.push({ path, result });
    }
    const rotating = mode === "cached" ? undefined : await measureRotating(server, generator, settings);
    const memory = residentMemory(server.pid);
    await onServer?.(server);
    return { mode, pages, rotating, memory, serverProblems: server.problems() };
  } finally {
    await server.stop();
  }
}

/**
 * ROTATING_ARTICLES different articles, each requested once before any is requested again: what a render costs
 * when the article's own reads are not yet remembered (the shared blocks, such as the bell, still are).
 */
async function measureRotating(server: RunningServer, generator: LoadGenerator, settings: LoadSettings): Promise<PageRun> {
  const path = `${ROTATING_ARTICLES} articles in turn`;
  try {
    const paths = await articlePaths(server.url, ROTATING_ARTICLES);
    const result = await measure(generator, `${server.url}${paths[0]}`, settings, paths);
    log(`  ${paths.length} articles in turn: ${throughput(result)}, p50 ${latency(result.p50Ms)}, p99 ${latency(result.p99Ms)}`);
    return { path, result };
  } catch (error) {
    log(`  ${path}: ${(error as Error).message}; not measured.`);
    return { path, result: null, problem: (error as Error).message };
  }
}

/** A latency, or what is known of it when no response came back within the load generator's timeout. */
function latency(value: number): string {
  return Number.isFinite(value) ? ms(value) : `> ${LOAD_TIMEOUT_S} s (no response within the timeout)`;
}

function throughput(result: LoadResult): string {
  const trouble = [
    result.timeouts > 0 ? `${count(result.timeouts)} slower than ${LOAD_TIMEOUT_S} s, left out of the percentiles` : "",
    result.errors > result.timeouts ? `${count(result.errors - result.timeouts)} socket errors` : "",
    result.non2xx > 0 ? `${count(result.non2xx)} non-2xx` : "",
  ].filter(Boolean);
  return `${count(result.requestsPerSecond)} req/s${trouble.length ? ` (${trouble.join(", ")})` : ""}`;
}

/** The figures of one page in one mode; `targets` judges requests/s and p99 where the issue sets them. */
function pageFigures(
  label: string,
  page: PageRun,
  targets: { rps?: number; p99Ms?: number } = {},
  extra: (result: LoadResult) => Figure[] = () => [],
): Figure[] {
  const rpsTarget = targets.rps === undefined ? undefined : `≥ ${count(targets.rps)} req/s`;
  const p99Target = targets.p99Ms === undefined ? undefined : `< ${targets.p99Ms} ms`;
  const { result } = page;
  if (!result) {
    const reason = `check failed: ${page.problem}`;
    return [
      unmeasured(`${label}: requests/s`, rpsTarget ?? "no target", reason),
      unmeasured(`${label}: p99 latency`, p99Target ?? "no target", reason),
    ];
  }
  return [
    rpsTarget
      ? judged(`${label}: requests/s`, throughput(result), rpsTarget, result.requestsPerSecond >= targets.rps!)
      : context(`${label}: requests/s`, throughput(result)),
    context(`${label}: p50 latency`, latency(result.p50Ms)),
    p99Target
      ? judged(`${label}: p99 latency`, latency(result.p99Ms), p99Target, result.p99Ms < targets.p99Ms!)
      : context(`${label}: p99 latency`, latency(result.p99Ms)),
    ...extra(result),
  ];
}

function memoryFigure(run: ModeRun): Figure {
  const label = `Server resident memory (VmRSS) after the ${run.mode} load run`;
  const target = `< ${bytes(TARGETS.residentMemoryBytes)}`;
  if (!run.memory) return unmeasured(label, target, "no /proc on this system");
  return judged(
    label,
    `${bytes(run.memory.rss)} (peak ${bytes(run.memory.peak)})`,
    target,
    run.memory.rss < TARGETS.residentMemoryBytes,
  );
}

/**
 * The measured runs of each beacon server, taken in turn (off then on, then on then off, ...), so that a change in
 * the rest of the machine's load falls on both servers alike rather than on one of them.
 */
const BEACON_ROUNDS = 3;
/** Visits of one wrk run are numbered from a multiple of this, so no run's readers are another's. */
const VISITS_PER_RUN = 1_000_000;

interface BeaconArticle {
  path: string;
  id: number;
}

/** A beacon as the article page's script sends it, from a reader of its own; resolves with the answer's status. */
async function sendBeacon(baseUrl: string, articleId: number): Promise<number> {
  const response = await fetch(`${baseUrl}${VIEW_ENDPOINT}`, {
    method: "POST",
    headers: {
      "User-Agent": DESKTOP_CHROME,
      Origin: baseUrl,
      "Content-Type": "text/plain;charset=UTF-8",
      "X-Forwarded-For": "192.0.2.1",
    },
    body: JSON.stringify({ article: articleId }),
  });
  await response.arrayBuffer();
  return response.status;
}

/**
 * Before measuring: every article must be a cache hit in brotli (what is measured is counting beside cached pages,
 * not first renders), and a beacon must be answered 204 with counting on, 404 with ANALYTICS=off.
 */
async function prepareBeaconServer(server: RunningServer, articles: BeaconArticle[], analytics: boolean): Promise<void> {
  for (const article of articles) {
    const problem = await checkPage(server.url, article.path, "cached");
    if (problem) throw new Error(`${article.path} ${problem}.`);
  }
  const expected = analytics ? 204 : 404;
  const status = await sendBeacon(server.url, articles[0]!.id);
  if (status !== expected)
    throw new Error(`The view beacon was answered ${status}, not ${expected}, with ANALYTICS=${analytics ? "on" : "off"}.`);
}

/** Several measured runs as one: mean requests/s, summed counts, the median p50 and the highest p99. */
function combined(results: LoadResult[]): LoadResult {
  const sum = (pick: (result: LoadResult) => number) => results.reduce((total, result) => total + pick(result), 0);
  return {
    requestsPerSecond: sum((result) => result.requestsPerSecond) / results.length,
    requests: sum((result) => result.requests),
    p50Ms: median(results.map((result) => result.p50Ms)),
    p99Ms: Math.max(...results.map((result) => result.p99Ms)),
    errors: sum((result) => result.errors),
    timeouts: sum((result) => result.timeouts),
    non2xx: sum((result) => result.non2xx),
  };
}

/** Article views the database in `dataDir` holds, all articles together (written by the server's batches and at its stop). */
async function viewsHeld(dataDir: string): Promise<number> {
  return Object.values(await storedViews(dataDir)).reduce((total, views) => total + views, 0);
}

const BEACON_LABEL = "Cached articles, each view with its beacon";
const BEACON_SHARE_LABEL = `${BEACON_LABEL}: throughput with counting on, as a share of ANALYTICS=off`;

/**
 * Issue 23: the view beacon under concurrency. Readers read BEACON_ARTICLES cached articles in turn, each view
 * followed by the beacon its script sends, every visit a reader of its own (beaconWrkScript), against two servers
 * side by side: one with ANALYTICS=off, one counting. After a warm-up of each, BEACON_ROUNDS measured runs of
 * each are taken in turn; counting must keep at least TARGETS.beaconThroughputShare of the throughput. The
 * counting server writes into a copy of the dataset, whose views are counted after its stop and which is then
 * removed, so the kept dataset gains no reads. Last, the same articles without beacons on the server with
 * ANALYTICS=off: what readers send when pages carry no beacon.
 */
export async function measureViewBeacon(root: string, settings: LoadSettings): Promise<Section> {
  const section: Section = { title: "Load: the view beacon", figures: [], notes: [] };
  const target = `≥ ${percent(TARGETS.beaconThroughputShare)}`;
  const generator = findLoadGenerator(root);
  if ("missing" in generator) {
    section.figures.push(unmeasured(BEACON_SHARE_LABEL, target, generator.missing));
    return section;
  }
  if (generator.description.startsWith("autocannon")) {
    section.figures.push(unmeasured(BEACON_SHARE_LABEL, target, "the beacon's traffic needs wrk's Lua script"));
    return section;
  }
  const dataset = await embeddedDataset(root, settings.articles);
  const copy = mkdtempSync(path.join(os.tmpdir(), "byline-bench-beacon-"));
  const servers: { off?: RunningServer; on?: RunningServer } = {};
  try {
    cpSync(dataset.dataDir!, copy, { recursive: true });
    const viewsBefore = await viewsHeld(copy);
    const runs = { off: [] as LoadResult[], on: [] as LoadResult[] };
    const visits = { off: 0, on: 0 };
    let articles: BeaconArticle[] = [];
    let pagesAlone: LoadResult;
    let problems: string[];
    try {
      log("Load, view beacon: starting a server with ANALYTICS=off and one counting.");
      servers.off = await startServer(root, { dataDir: dataset.dataDir!, pageCache: true, analytics: false });
      servers.on = await startServer(root, { dataDir: copy, pageCache: true, analytics: true });
      articles = (await articlePaths(servers.off.url, BEACON_ARTICLES)).map((path) => ({
        path,
        id: Number(path.split("/").at(-1)),
      }));
      await prepareBeaconServer(servers.off, articles, false);
      await prepareBeaconServer(servers.on, articles, true);

      let runIndex = 0;
      const run = async (which: "off" | "on", durationS: number): Promise<LoadResult> => {
        const url = `${servers[which]!.url}${articles[0]!.path}`;
        const script = beaconWrkScript(articles, runIndex++ * VISITS_PER_RUN);
        const result = await generator.run(url, { durationS, connections: settings.connections, script });
        visits[which] += Math.floor(result.requests / 2);
        // The requests wrk left unanswered are still being served: one answer back, and the backlog is gone.
        await rawGet(url, { ...BROWSER_HEADERS }, 120_000);
        return result;
      };
      await run("off", settings.warmupS);
      await run("on", settings.warmupS);
      const sliceS = Math.max(1, Math.round(settings.durationS / BEACON_ROUNDS));
      for (let round = 0; round < BEACON_ROUNDS; round += 1) {
        for (const which of round % 2 === 0 ? (["off", "on"] as const) : (["on", "off"] as const)) {
          const result = await run(which, sliceS);
          runs[which].push(result);
          log(`  round ${round + 1}, ANALYTICS=${which}: ${throughput(result)}, p99 ${latency(result.p99Ms)}`);
        }
      }
      pagesAlone = await measure(
        generator,
        `${servers.off.url}${articles[0]!.path}`,
        settings,
        articles.map((article) => article.path),
      );
      log(`  the same articles without beacons, ANALYTICS=off: ${throughput(pagesAlone)}, p99 ${latency(pagesAlone.p99Ms)}`);
      problems = [...servers.off.problems(), ...servers.on.problems()];
    } finally {
      await servers.on?.stop();
      await servers.off?.stop();
    }
    const viewsWritten = (await viewsHeld(copy)) - viewsBefore;

    const off = combined(runs.off);
    const on = combined(runs.on);
    const share = on.requestsPerSecond / off.requestsPerSecond;
    const latencies = (result: LoadResult) => `${latency(result.p50Ms)} / ${latency(result.p99Ms)}`;
    const pagesPerSecond = on.requestsPerSecond / 2;
    section.figures.push(
      judged(
        BEACON_SHARE_LABEL,
        `${percent(share)} (${count(on.requestsPerSecond)} of ${count(off.requestsPerSecond)} req/s)`,
        target,
        share >= TARGETS.beaconThroughputShare,
      ),
      context(
        `${BEACON_LABEL}: that share in each round`,
        runs.on.map((result, round) => percent(result.requestsPerSecond / runs.off[round]!.requestsPerSecond)).join(", "),
      ),
      context(`${BEACON_LABEL}, ANALYTICS=off: requests/s`, throughput(off)),
      context(`${BEACON_LABEL}, ANALYTICS=off: p50 / p99 latency`, latencies(off)),
      context(`${BEACON_LABEL}, counting on: requests/s`, throughput(on)),
      context(`${BEACON_LABEL}, counting on: p50 / p99 latency`, latencies(on)),
      context(
        `${BEACON_LABEL}, counting on: views written`,
        // The check's beacon is a visit too.
        `${count(viewsWritten)}, one per visit (about ${count(visits.on + 1)} visits: half the answers wrk read)`,
      ),
      context("The same cached articles without beacons (ANALYTICS=off): requests/s", throughput(pagesAlone)),
      context(
        "Article pages served per second with beacons and counting on, as a share of pages alone",
        `${percent(pagesPerSecond / pagesAlone.requestsPerSecond)} (${count(pagesPerSecond)} of ${count(pagesAlone.requestsPerSecond)} pages/s)`,
      ),
    );
    section.notes.push(
      `View beacon: ${count(articles.length)} different cached articles (PAGE_CACHE=on, each a cache hit before ` +
        `measuring) read in turn at ${settings.connections} connections; every visit is the article page, then the ` +
        `beacon its script sends (\`POST ${VIEW_ENDPOINT}\`, \`{"article":<id>}\` as text/plain from the page's ` +
        `origin), from a reader of its own (its own \`X-Forwarded-For\` address, a browser's user agent), so every ` +
        `beacon is a new visitor and counts. Two servers run side by side on the same dataset: one with ANALYTICS=off, ` +
        `where the endpoint answers 404 (wrk's non-2xx) and counts nothing, and one counting, on a copy of the dataset ` +
        `whose views are counted after its stop. After a ${settings.warmupS} s warm-up of each, ${BEACON_ROUNDS} rounds ` +
        `of ${Math.max(1, Math.round(settings.durationS / BEACON_ROUNDS))} s on each in turn (off first, then on first, ` +
        `...), so a change in the machine's other load falls on both; requests/s is the rounds' mean, p50 their median, ` +
        `p99 their highest. With ANALYTICS=off as deployed, pages carry no beacon, so readers send none: the last two ` +
        `figures compare with those pages alone (${settings.warmupS} s warm-up, ${settings.durationS} s measured).`,
      ...problemsNote(problems, "the beacon runs"),
    );
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
  return section;
}

/** A note quoting the last warning or error lines the servers logged during `runs`, when there were any. */
function problemsNote(problems: string[], runs: string): string[] {
  if (problems.length === 0) return [];
  return [
    `The server logged ${problems.length} warning or error lines during ${runs}; the last ones:\n\n` +
      "```\n" +
      problems.slice(-5).join("\n") +
      "\n```",
  ];
}

export async function measureLoad(root: string, settings: LoadSettings): Promise<Section> {
  const section: Section = { title: "Load", figures: [], notes: [] };
  const generator = findLoadGenerator(root);
  if ("missing" in generator) {
    const reason = generator.missing;
    section.figures.push(
      unmeasured("Cached article: share of nginx's throughput", `≥ ${percent(TARGETS.cachedArticleShareOfNginx)}`, reason),
      unmeasured("Cached article: p99 latency", `< ${TARGETS.cachedArticleP99Ms} ms`, reason),
      ...Object.entries(TARGETS.uncachedRps).map(([page, rps]) =>
        unmeasured(`Uncached ${page}: requests/s`, `≥ ${count(rps)} req/s`, reason),
      ),
      unmeasured("Uncached pages: p99 latency", `< ${TARGETS.uncachedP99Ms} ms`, reason),
      unmeasured("Server resident memory after the load run", `< ${bytes(TARGETS.residentMemoryBytes)}`, reason),
      unmeasured(BEACON_SHARE_LABEL, `≥ ${percent(TARGETS.beaconThroughputShare)}`, reason),
    );
    return section;
  }

  const dataset = await embeddedDataset(root, settings.articles);
  const embedded = { dataDir: dataset.dataDir! };
  // The pages, and the article page as the cached run served it (for nginx).
  const fetched: { paths?: string[]; page?: StaticPage } = {};
  const paths = async (server: RunningServer) => (fetched.paths ??= await readerPaths(server.url));
  const cached = await runMode(root, embedded, "cached", generator, settings, paths, async (server) => {
    fetched.page = await fetchStaticPage(`${server.url}${fetched.paths![2]}`);
  });
  const uncached = await runMode(root, embedded, "uncached", generator, settings, paths);
  // The same pages on PostgreSQL: its article ids differ, so its own paths.
  const postgresUnavailable = await postgresProblem();
  const onPostgres = postgresUnavailable
    ? null
    : await runMode(
        root,
        { dataDir: `${dataset.dataDir!}-uploads`, databaseUrl: (await postgresDataset(root, settings.articles)).databaseUrl! },
        "uncached on PostgreSQL",
        generator,
        settings,
        (server) => readerPaths(server.url),
      );

  let nginxResult: LoadResult | null = null;
  let nginxVersion = "";
  const staticPage = fetched.page;
  const nginxUnavailable = staticPage ? nginxProblem() : "the article page could not be fetched";
  if (staticPage && !nginxUnavailable) {
    log("Load: nginx serving the same article page.");
    const nginx = await startNginx(staticPage);
    try {
      nginxVersion = nginx.version;
      const check = await rawGet(nginx.url, { ...BROWSER_HEADERS });
      if (headerText(check, "content-encoding") !== "br")
        throw new Error(`nginx answered with Content-Encoding "${headerText(check, "content-encoding") ?? "none"}", not br.`);
      nginxResult = await measure(generator, nginx.url, settings);
      log(`  nginx: ${throughput(nginxResult)}, p99 ${latency(nginxResult.p99Ms)}`);
    } finally {
      await nginx.stop();
    }
  }

  const articlePath = fetched.paths?.[2] ?? "/article/N";
  const [cachedHome, cachedCategory, cachedArticle, cachedSearch] = cached.pages;
  const shareLabel = `Cached \`${articlePath}\`: throughput as a share of nginx's`;
  const shareTarget = `≥ ${percent(TARGETS.cachedArticleShareOfNginx)}`;
  const nginxShare = (result: LoadResult): Figure[] => {
    if (!nginxResult) return [unmeasured(shareLabel, shareTarget, nginxUnavailable ?? "nginx was not measured")];
    const share = result.requestsPerSecond / nginxResult.requestsPerSecond;
    return [
      judged(
        shareLabel,
        `${percent(share)} (${count(result.requestsPerSecond)} of ${count(nginxResult.requestsPerSecond)} req/s)`,
        shareTarget,
        share >= TARGETS.cachedArticleShareOfNginx,
      ),
    ];
  };
  /** Home, category, article and search rendered on every request, judged against issue 20's targets. */
  const uncachedFigures = (run: ModeRun, prefix: string): Figure[] => {
    const [home, category, article, search] = run.pages;
    const p99Ms = TARGETS.uncachedP99Ms;
    return [
      ...pageFigures(`${prefix} \`/\``, home!, { rps: TARGETS.uncachedRps.home, p99Ms }),
      ...pageFigures(`${prefix} \`/category/ai\``, category!, { rps: TARGETS.uncachedRps.category, p99Ms }),
      ...pageFigures(`${prefix} \`${article!.path}\``, article!, { rps: TARGETS.uncachedRps.article, p99Ms }),
      ...pageFigures(`${prefix} \`/search?query=${COMMON_SEARCH_WORD}\``, search!, { rps: TARGETS.uncachedRps.search, p99Ms }),
      ...(run.rotating ? pageFigures(`${prefix}, ${run.rotating.path}`, run.rotating) : []),
    ];
  };

  section.figures.push(
    ...pageFigures("Cached `/`", cachedHome!),
    ...pageFigures("Cached `/category/ai`", cachedCategory!),
    ...pageFigures(`Cached \`${articlePath}\``, cachedArticle!, { p99Ms: TARGETS.cachedArticleP99Ms }, nginxShare),
    ...pageFigures(`Cached \`/search?query=${COMMON_SEARCH_WORD}\``, cachedSearch!),
    ...(nginxResult
      ? [
          context("nginx, same article from disk: requests/s", throughput(nginxResult)),
          context(
            "nginx, same article from disk: p50 / p99 latency",
            `${latency(nginxResult.p50Ms)} / ${latency(nginxResult.p99Ms)}`,
          ),
        ]
      : []),
    ...uncachedFigures(uncached, "Uncached"),
    ...(onPostgres
      ? uncachedFigures(onPostgres, "Uncached on PostgreSQL")
      : Object.entries(TARGETS.uncachedRps).map(([page, rps]) =>
          unmeasured(`Uncached on PostgreSQL, ${page}: requests/s`, `≥ ${count(rps)} req/s`, postgresUnavailable!),
        )),
    memoryFigure(cached),
    memoryFigure(uncached),
  );
  const beacon = await measureViewBeacon(root, settings);
  section.figures.push(...beacon.figures);
  section.notes.push(...beacon.notes);

  section.notes.push(
    `Production server (\`node bin/byline.js start\`, NODE_ENV=production, LOG_LEVEL=warn) on an embedded database with ` +
      `${count(settings.articles)} synthetic articles; started once with PAGE_CACHE=on (cached) and once with PAGE_CACHE=off ` +
      `(uncached: every request rendered). Each page: ${settings.warmupS} s warm-up, then ${settings.durationS} s measured ` +
      `at ${settings.connections} connections with \`Accept-Encoding: ${BROWSER_HEADERS["Accept-Encoding"]}\`. ` +
      `Before measuring, every page was requested twice and had to answer 200 in brotli, and in the cached run ` +
      `\`X-Page-Cache: hit\` on the second request.`,
    `Load generator: ${generator.description} (the server under test is one Node.js process; on a 2-core machine the ` +
      `generator gets the other core). Latency percentiles are the load generator's; a response slower than ` +
      `${LOAD_TIMEOUT_S} s counts as a timeout and is left out of them (the table says how many).`,
    nginxResult && staticPage
      ? `nginx ${nginxVersion}, \`worker_processes ${NGINX_WORKERS}\` (one core, like the one Node.js process; wrk runs ` +
          `${WRK_THREADS} thread on the other), \`brotli_static on; gzip_static on;\`, serving \`index.html\`, ` +
          `\`index.html.br\` and \`index.html.gz\` as fetched from our \`${articlePath}\` ` +
          `(${bytes(staticPage.html.length)} plain, ${bytes(staticPage.brotli.length)} brotli, ${bytes(staticPage.gzip.length)} gzip).`
      : `nginx was not measured: ${nginxUnavailable ?? "it failed"}.`,
  );
  section.notes.push(
    `Uncached runs also request ${count(ROTATING_ARTICLES)} different articles in turn (from the sitemap), so each ` +
      `article's own reads are made afresh rather than remembered for the content version (decision 028); the bell, ` +
      `related lists and other shared reads stay remembered, as they would on a live site. No target is set for it.`,
    onPostgres
      ? `The PostgreSQL run uses a database of the same ${count(settings.articles)} synthetic articles on the local server.`
      : `PostgreSQL was not measured: ${postgresUnavailable}.`,
  );
  const problems = [...cached.serverProblems, ...uncached.serverProblems, ...(onPostgres?.serverProblems ?? [])];
  section.notes.push(...problemsNote(problems, "the load runs"));
  return section;
}
