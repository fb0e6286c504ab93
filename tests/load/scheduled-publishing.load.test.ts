import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresUrlFor } from "../support/postgres-url";
import { errorLogLines, startServer, type ServerProcess } from "../support/server-process";

/**
 * Scheduled publishing: two real server processes (the production build) on one PostgreSQL database,
 * 200 articles scheduled for the same moment. Each is published exactly once (the instance that publishes logs
 * it, and the two logs together name every article once), and after that moment every one becomes visible on
 * both instances' pages. How long after the moment is printed, not judged (the promised minute rests on the
 * scheduler's 15 s poll, which app/services/articles/scheduler.integration.test.ts checks). Runs when TEST_DATABASE_URL points at a
 * PostgreSQL server; in CI it must not be skipped.
 */

const postgresUrl = process.env.TEST_DATABASE_URL;
const ARTICLES = 200;
/** Only so that a run that never publishes ends with a message; the time it took is printed, never judged. */
const GIVE_UP_AFTER_MS = 180_000;
/**
 * How far ahead of their insertion the articles are scheduled: long enough for the check that neither instance shows
 * them yet (two sitemap requests). Both instances are up and polling before the articles are inserted, and an
 * instance publishes only at its next poll, up to SCHEDULER_POLL_MS after the moment.
 */
const LEAD_MS = 5_000;

let maintenance: pg.Client | undefined;
let databaseName: string | undefined;
const servers: ServerProcess[] = [];

describe.runIf(Boolean(postgresUrl) || Boolean(process.env.CI))("scheduled publishing on two instances", () => {
  beforeAll(async () => {
    if (!postgresUrl)
      throw new Error("TEST_DATABASE_URL must be set in CI: the scheduled-publishing load test cannot be skipped there.");
    maintenance = new pg.Client({ connectionString: postgresUrl });
    await maintenance.connect();
    databaseName = `byline_load_schedule_${process.pid}_${Date.now()}`;
    await maintenance.query(`create database ${databaseName}`);
    const env = {
      DATABASE_URL: postgresUrlFor(postgresUrl, databaseName),
      SITE_URL: "http://byline-schedule.test",
      SEED_CONTENT: "none",
      // The scheduler's "published scheduled articles" line is at info level: it says which instance published what.
      LOG_LEVEL: "info",
    };
    // One at a time: the first applies the migrations.
    servers.push(await startServer(env));
    servers.push(await startServer(env));
  });

  afterAll(async () => {
    const codes = await Promise.all(servers.map((server) => server.stop()));
    if (databaseName) await maintenance?.query(`drop database if exists ${databaseName} with (force)`);
    await maintenance?.end();
    expect(codes).toEqual(servers.map(() => 0));
    for (const server of servers) expect(errorLogLines(server.output())).toEqual([]);
  });

  it("publishes 200 articles scheduled for the same moment once each, then visible on both instances", async () => {
    const db = new pg.Client({ connectionString: postgresUrlFor(postgresUrl!, databaseName!) });
    await db.connect();
    let ids: number[];
    let moment: Date;
    try {
      const author = await db.query<{ id: number }>(
        `insert into authors (name, role) values ('Night Desk', 'Editor') returning id`,
      );
      const { rows } = await db.query<{ id: number; published_at: Date }>(
        `insert into articles (title, excerpt, content, category, author_id, status, published_at)
         select 'Embargoed story ' || n, 'Out at the same moment as 199 others.', 'Body ' || n, 'Cloud', $1, 'scheduled',
                date_trunc('second', now()) + make_interval(secs => $2)
         from generate_series(1, $3) as n
         returning id, published_at`,
        [author.rows[0]!.id, LEAD_MS / 1000, ARTICLES],
      );
      ids = rows.map((row) => row.id);
      moment = rows[0]!.published_at;
    } finally {
      await db.end();
    }

    // Before the moment, neither instance shows any of them.
    for (const server of servers) {
      const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
      expect(ids.filter((id) => sitemap.includes(`/article/${id}<`))).toEqual([]);
    }

    // Each instance's sitemap lists every published article: poll until both list all 200.
    const visibleOn = async (server: ServerProcess) => {
      const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
      return ids.filter((id) => sitemap.includes(`/article/${id}<`)).length;
    };
    await expect
      .poll(async () => Promise.all(servers.map(visibleOn)), {
        timeout: GIVE_UP_AFTER_MS,
        interval: 1_000,
      })
      .toEqual([ARTICLES, ARTICLES]);
    const allVisibleAt = Date.now();
    // And each article's own page answers on both instances.
    for (const server of servers) {
      const statuses = await Promise.all(ids.map(async (id) => (await fetch(`${server.url}/article/${id}`)).status));
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
    }

    // Exactly once: the instances' logs together name each article once.
    const publishedBy = servers.map((server) =>
      server
        .output()
        .split("\n")
        .filter((line) => line.includes('"published scheduled articles"'))
        .flatMap((line) => (JSON.parse(line) as { articleIds: number[] }).articleIds),
    );
    const all = publishedBy.flat();
    process.stdout.write(
      `scheduled-publishing: all ${ARTICLES} visible on both instances ${allVisibleAt - moment.getTime()} ms after their time; published by the instances: ${publishedBy.map((ids) => ids.length).join(" + ")}\n`,
    );
    expect(all).toHaveLength(ARTICLES);
    expect(new Set(all)).toEqual(new Set(ids));
  });
});
