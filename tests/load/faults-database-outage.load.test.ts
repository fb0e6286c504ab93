import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_CHANNEL } from "../../app/services/content-changes.server";
import { startServer, type ServerProcess } from "../support/server-process";
import { waitFor } from "../support/wait-for";
import {
  createThrowawayCluster,
  fetchWithin,
  logEntries,
  postgresBinaries,
  stopWithin,
  visibleText,
  type ThrowawayCluster,
} from "./faults-support";

/**
 * Fault point: the database goes away for a few seconds. A production server runs on a PostgreSQL
 * cluster of this test's own, which is stopped at once (`pg_ctl stop -m immediate`, as a crash or a pulled cable
 * would) and started again a few seconds later. While it is away, pages that need the database answer with the
 * spec's top-level error screen ("Something went wrong" / "Please try refreshing the page" / Refresh Page) and
 * status 500 without a stack trace, and answer while the database is still away rather than waiting for it to come
 * back; /healthz answers 503; pages already kept in the page cache are still served; the process stays up. When PostgreSQL is back, the same process answers 200 again by itself,
 * and its NOTIFY listener is back too: a change announced by another instance clears its cached pages.
 */

const binaries = postgresBinaries();
// Locally a machine without PostgreSQL's server binaries skips this file; CI must run it.
const skip = !binaries && !process.env.CI;

/**
 * How long PostgreSQL stays away: the fault's length, not a limit on the answers. A request that waits for the
 * database instead of failing is answered only after the outage ends, and the test sees that order.
 */
const OUTAGE_MS = 10_000;
/** Only so that a request that never answers fails the test with its address; no answer is judged by its speed. */
const REQUEST_GUARD_MS = 60_000;
/** After PostgreSQL is back, pages answer 200 again within this. */
const RECOVERY_MS = 15_000;
/** The NOTIFY listener retries with a backoff of at most 10 s. */
const LISTENER_BACK_MS = 20_000;

const ERROR_SCREEN = ["Something went wrong", "Please try refreshing the page", "Refresh Page"];

/** The spec's error screen, and nothing of the cause: no stack frame, no driver message. */
function expectErrorScreen(html: string, what: string): void {
  const text = visibleText(html);
  for (const phrase of ERROR_SCREEN) expect(text, `${what} shows "${phrase}"`).toContain(phrase);
  expect(html, `${what} has the error screen's title`).toContain("<title>Something went wrong</title>");
  expect(html, `${what} shows no stack trace`).not.toMatch(
    /\n\s+at |node_modules|ECONNREFUSED|\berror: |terminating connection/i,
  );
}

let cluster: ThrowawayCluster | undefined;
let server: ServerProcess | undefined;
let dataDir: string;
/** The outage's end: PostgreSQL started again OUTAGE_MS after it was stopped. */
let outageOver: Promise<void> | undefined;

describe.skipIf(skip)("the database going away for a few seconds", () => {
  beforeAll(async () => {
    if (!binaries) throw new Error("CI must run the database outage test: PostgreSQL's initdb and pg_ctl were not found.");
    dataDir = mkdtempSync(path.join(tmpdir(), "byline-faults-outage-"));
    cluster = await createThrowawayCluster(binaries);
    server = await startServer({
      DATABASE_URL: cluster.url,
      DATA_DIR: dataDir,
      SEED_CONTENT: "demo",
      // Info, so the listener's "listening for content changes again" line can be awaited.
      LOG_LEVEL: "info",
    });
  });

  afterAll(async () => {
    // A test that failed during the outage leaves PostgreSQL stopped: start it, so the server can stop cleanly.
    await outageOver?.catch(() => undefined);
    if (cluster && !cluster.running) await cluster.start().catch(() => undefined);
    const code = server ? await stopWithin(server) : undefined;
    await cluster?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (server) expect(code, "the server that lived through the outage stops cleanly").toBe(0);
  });

  it("answers with the error screen and 503 on /healthz while PostgreSQL is down, and recovers by itself", async () => {
    const started = Date.now();
    const site = server!;
    const db = cluster!;
    const get = (pathname: string) => fetchWithin(`${site.url}${pathname}`, REQUEST_GUARD_MS);

    // A published article to read, found the way any client of the database would.
    const direct = new pg.Client({ connectionString: db.url });
    await direct.connect();
    const { rows } = await direct.query<{ id: number; title: string }>(
      "select id, title from articles where published_at is not null order by published_at desc limit 3",
    );
    await direct.end();
    expect(rows.length, "the demo newsroom has published articles").toBe(3);
    const [cachedArticle, freshArticle, changedArticle] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0]];

    // Healthy: every reader page and the health check answer 200; the home page and one article are now cached.
    for (const pathname of ["/", `/article/${cachedArticle.id}`, "/search?query=cloud", "/healthz"]) {
      const response = await get(pathname);
      expect(response.status, `${pathname} before the outage`).toBe(200);
      await response.arrayBuffer();
    }
    expect((await get("/")).headers.get("x-page-cache"), "the home page is kept in the page cache").toBe("hit");
    expect(await (await get("/healthz")).json()).toEqual({ status: "ok", database: "ok" });

    // PostgreSQL goes away at once, dropping every connection, and comes back OUTAGE_MS later whatever the
    // requests do. `databaseBack` turns true just before the restart begins: an answer that arrived while it was
    // still false was given while the database was away.
    const outageStarted = Date.now();
    await db.stop("immediate");
    let databaseBack = false;
    let outageEnded = 0;
    outageOver = new Promise((resolve) => setTimeout(resolve, OUTAGE_MS)).then(async () => {
      databaseBack = true;
      outageEnded = Date.now();
      await db.start();
    });

    type Probe = {
      pathname: string;
      status: number;
      /** Reported with the figures below, never judged. */
      ms: number;
      answeredWhileDown: boolean;
      html: string;
      cache: string | null;
    };
    const probe = async (pathname: string): Promise<Probe> => {
      const before = Date.now();
      const response = await get(pathname);
      const answeredWhileDown = !databaseBack;
      const html = await response.text();
      return {
        pathname,
        status: response.status,
        ms: Date.now() - before,
        answeredWhileDown,
        html,
        cache: response.headers.get("x-page-cache"),
      };
    };
    let outageRequests = 0;
    const failedDuringOutage: string[] = [];
    const outageRound = async (round: number) => {
      const fresh = [
        `/search?query=outage-${round}-${Date.now()}`,
        `/article/${freshArticle.id}?round=${round}`,
        `/category/security?round=${round}`,
      ];
      // Twenty readers at once, on pages nobody has asked for yet, so none can come from the cache.
      const crowd = Array.from({ length: 20 }, (_, index) => `/search?query=crowd-${round}-${index}`);
      const answers = await Promise.all([...fresh, ...crowd].map(probe));
      failedDuringOutage.push(...fresh);
      const health = await probe("/healthz");
      const cached = await probe("/");
      outageRequests += answers.length + 2;
      for (const answer of answers) {
        expect(answer.status, `${answer.pathname} while the database is down`).toBe(500);
        expect(answer.answeredWhileDown, `${answer.pathname} fails before the database is back instead of waiting for it`).toBe(
          true,
        );
        expectErrorScreen(answer.html, answer.pathname);
      }
      expect(health.status, "/healthz while the database is down").toBe(503);
      expect(JSON.parse(health.html)).toEqual({ status: "error", database: "unavailable" });
      expect(health.answeredWhileDown, "/healthz answers before the database is back").toBe(true);
      // A page already kept is still served (decision 011): readers of the front page see no outage.
      expect([cached.status, cached.cache], "the cached home page during the outage").toEqual([200, "hit"]);
      return Math.max(...answers.map((answer) => answer.ms), health.ms);
    };
    const slowestFirst = await outageRound(1);
    // Again once the first crowd has failed: the pool keeps failing rather than queueing requests behind dead
    // connections until the database returns.
    const slowestSecond = await outageRound(2);
    expect(site.child.exitCode, "the server process is still running").toBeNull();
    expect(site.child.signalCode).toBeNull();

    // PostgreSQL comes back; the same process recovers without a restart.
    await outageOver;
    const restarted = Date.now();
    const recovery = await waitFor(
      "pages answer 200 again after PostgreSQL is back",
      async () => {
        const [page, health] = await Promise.all([probe(`/search?query=recovered-${Date.now()}`), probe("/healthz")]);
        return page.status === 200 && health.status === 200 ? Date.now() - restarted : undefined;
      },
      { timeoutMs: RECOVERY_MS, intervalMs: 250 },
    );
    const recovered = Date.now();
    // The pages that failed during the outage were not kept: the same addresses now answer 200.
    for (const pathname of [...failedDuringOutage, `/article/${freshArticle.id}`, "/search?query=chips"]) {
      const answer = await probe(pathname);
      expect(answer.status, `${pathname} after the outage`).toBe(200);
      expect(visibleText(answer.html)).not.toContain("Something went wrong");
    }

    // The NOTIFY listener reconnects by itself (with its backoff) and says so.
    const listenerBack = await waitFor(
      "the page cache's NOTIFY listener reconnects",
      () => logEntries(site.output()).find((entry) => entry.msg === "listening for content changes again")?.time,
      { timeoutMs: LISTENER_BACK_MS, intervalMs: 250 },
    );
    // Another instance edits an article and announces it on the channel: this instance drops its cached copy.
    const articlePath = `/article/${changedArticle.id}`;
    await get(articlePath).then((response) => response.arrayBuffer());
    expect((await get(articlePath)).headers.get("x-page-cache"), "the article is cached before the change").toBe("hit");
    const newTitle = `${changedArticle.title} (corrected after the outage)`;
    const other = new pg.Client({ connectionString: db.url });
    await other.connect();
    try {
      await other.query("update articles set title = $1, updated_at = now() where id = $2", [newTitle, changedArticle.id]);
      await other.query("select pg_notify($1, $2)", [CONTENT_CHANNEL, "another-instance"]);
    } finally {
      await other.end();
    }
    const notified = Date.now();
    const heardIn = await waitFor(
      "the change announced by another instance reaches this one's page cache",
      async () => {
        const html = await (await get(articlePath)).text();
        return visibleText(html).includes(newTitle) ? Date.now() - notified : undefined;
      },
      // Far below the cache's 60 s lifetime: only the NOTIFY can explain the fresh page.
      { timeoutMs: 5_000, intervalMs: 100 },
    );

    // Errors were logged while the database was away, with their cause, and none before or after it.
    const errors = logEntries(site.output()).filter((entry) => entry.level >= 50);
    const outside = errors.filter((entry) => entry.time < outageStarted || entry.time > recovered);
    expect(
      outside.map((entry) => entry.msg),
      "no error logged outside the outage",
    ).toEqual([]);
    expect(errors.length, "the failed requests were logged").toBeGreaterThan(0);
    // At most a cause line and a request line per failed request, plus background workers' retries.
    expect(errors.length, "a sane number of error lines").toBeLessThanOrEqual(2 * outageRequests + 20);
    const causes = errors.filter((entry) => entry.msg === "unexpected error");
    expect(causes.length, "unexpected errors are logged with their cause").toBeGreaterThan(0);
    for (const entry of causes) expect(JSON.stringify(entry.err ?? {})).toMatch(/ECONNREFUSED|connect|terminat|Connection/i);
    expect(site.output(), "nothing crashed").not.toMatch(/uncaughtException|unhandledRejection|UnhandledPromiseRejection/);
    expect(site.child.exitCode).toBeNull();

    const byMessage = new Map<string, number>();
    for (const entry of errors) byMessage.set(String(entry.msg), (byMessage.get(String(entry.msg)) ?? 0) + 1);
    console.log(
      JSON.stringify({
        outageMs: outageEnded - outageStarted,
        slowestFailureMs: Math.max(slowestFirst, slowestSecond),
        outageRequests,
        recoveryAfterRestartMs: recovery,
        listenerBackAfterRestartMs: listenerBack - restarted,
        notifyHeardMs: heardIn,
        errorLines: Object.fromEntries(byMessage),
        totalMs: Date.now() - started,
      }),
    );
  });
});
