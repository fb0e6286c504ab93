import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { NEWSLETTER_SIGNUP_LIMIT } from "~/services/newsletter/subscribers.server";
import { NEWSLETTER_MESSAGES, type NewsletterOutcome } from "~/validation/newsletter";
import { errorLogLines, startServer, type ServerProcess } from "../support/server-process";
import {
  createPostgresDatabase,
  httpRequest,
  listenerWarnings,
  stopServer,
  uniqueDatabaseName,
  type HttpAnswer,
  type PostgresDatabase,
} from "./load-support";

/**
 * Faults and load: a storm of newsletter sign-ups. 1,000 requests for 100 addresses (10 each, in
 * varying case and spacing) all sent at once from many clients, over one connection each. However the
 * concurrent inserts interleave, every address ends up subscribed exactly once, and every answer is the
 * thanks or the rate-limit refusal, never a server error.
 *
 * The clients, told apart by X-Forwarded-For (the server trusts it from loopback, server/app.ts):
 * - 100 readers, each sending their own address once: always within their budget;
 * - 45 shared networks (an office behind one address, a carrier's gateway, a retrying script), each sending
 *   20 sign-ups, 9 for every address in all: exactly 10 of each network's 20 pass, the rest are refused.
 * So the rate limiter's counters are checked under the same concurrency: 550 thanks, 450 refusals.
 *
 * Runs on a fresh PostgreSQL database when TEST_DATABASE_URL is set (always in CI, where it is required),
 * where concurrent upserts really race; otherwise on the embedded database, read after the server stops.
 */

const postgresUrl = process.env.TEST_DATABASE_URL;
const ADDRESSES = 100;
const REQUESTS_PER_ADDRESS = 10;
const NETWORKS = 45;
const REQUESTS_PER_NETWORK = 20;
const { limit: BUDGET } = NEWSLETTER_SIGNUP_LIMIT;

interface SignUp {
  email: string;
  /** The client's address, as a proxy in front of the server reports it. */
  clientAddress: string;
  /** A form posted without JavaScript names the page to return to and gets a redirect; a script gets JSON. */
  returnTo?: string;
}

/** What a script is answered: the thanks with 200, the refusal with 429 (app/routes/reader/newsletter.ts). */
const SCRIPT_STATUS_OUTCOMES: Record<number, NewsletterOutcome> = { 200: "subscribed", 429: "limited" };

const emailOf = (index: number) => `storm-reader-${index}@example.com`;

/** The same address as people type it: as is, capitalised, or with spaces around it. */
function typed(index: number, variant: number): string {
  const email = emailOf(index);
  if (variant % 3 === 1) return email.replace("storm", "Storm").replace("example.com", "Example.COM");
  if (variant % 3 === 2) return `  ${email} `;
  return email;
}

function stormRequests(): SignUp[] {
  const readers = Array.from({ length: ADDRESSES }, (_, index) => ({
    email: typed(index, index),
    clientAddress: `203.0.113.${index + 1}`,
  }));
  const fromNetworks = Array.from({ length: NETWORKS * REQUESTS_PER_NETWORK }, (_, index) => ({
    email: typed(index % ADDRESSES, Math.floor(index / ADDRESSES)),
    clientAddress: `198.51.100.${Math.floor(index / REQUESTS_PER_NETWORK) + 1}`,
  }));
  const all = [...readers, ...fromNetworks];
  // Mixed up (7919 is prime to 1,000, so this is a permutation) so no client's requests go out together.
  const mixed = all.map((_, index) => all[(index * 7919) % all.length]!);
  return mixed.map((signUp, index) => (index % 2 === 0 ? signUp : { ...signUp, returnTo: "/" }));
}

/** The outcome an answer carries (JSON for a script, the redirect's query for a plain form), or a description of what came instead. */
function outcomeOf(signUp: SignUp, answer: HttpAnswer): NewsletterOutcome | string {
  const description = `${answer.status} ${answer.headers.location ?? answer.body.toString("utf8").slice(0, 200)}`;
  if (signUp.returnTo) {
    const location = answer.headers.location ?? "";
    const match = /^\/\?newsletter=(\w+)#newsletter$/.exec(location);
    if (answer.status !== 303 || !match?.[1]) return description;
    return match[1];
  }
  try {
    const { outcome } = JSON.parse(answer.body.toString("utf8")) as { outcome?: string };
    if (outcome === undefined || outcome !== SCRIPT_STATUS_OUTCOMES[answer.status]) return description;
    if (outcome === "limited" && !(Number(answer.headers["retry-after"]) > 0)) return `${description} without Retry-After`;
    return outcome;
  } catch {
    return description;
  }
}

interface StoredRows {
  subscribers: { email: string; status: string }[];
  /** The sign-up counters, one per client address. */
  hits: number[];
}

const SUBSCRIBERS_QUERY = "select email, status::text as status from newsletter_subscribers";
const HITS_QUERY = "select hits from rate_limits where bucket = $1 order by hits";

describe("a storm of newsletter sign-ups", () => {
  let dataDir: string | undefined;
  let database: PostgresDatabase | undefined;
  let server: ServerProcess | undefined;
  let agent: http.Agent | undefined;

  beforeAll(async () => {
    if (!postgresUrl && process.env.CI) {
      throw new Error("TEST_DATABASE_URL must be set in CI: the sign-up storm must run on PostgreSQL there.");
    }
    dataDir = mkdtempSync(path.join(os.tmpdir(), "byline-subscribe-storm-"));
    if (postgresUrl) database = await createPostgresDatabase(postgresUrl, uniqueDatabaseName("storm"));
    server = await startServer({
      DATA_DIR: dataDir,
      SEED_CONTENT: "none",
      // The storm is about concurrent upserts and rate limits; the confirmation flow has tests of its own.
      NEWSLETTER_DOUBLE_OPT_IN: "false",
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    // Every sign-up on a connection of its own, all open at once: many clients, not one.
    agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  });

  afterAll(async () => {
    agent?.destroy();
    try {
      await stopServer(server);
    } finally {
      await database?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  });

  async function storedRows(): Promise<StoredRows> {
    if (database) {
      const subscribers = await database.query<StoredRows["subscribers"][number]>(SUBSCRIBERS_QUERY);
      const hits = await database.query<{ hits: number }>(HITS_QUERY, [NEWSLETTER_SIGNUP_LIMIT.bucket]);
      return { subscribers, hits: hits.map((row) => row.hits) };
    }
    // The embedded database belongs to one process: read it once the server has stopped.
    const embedded = await openDatabase({ driver: "pglite", dataDir: path.join(dataDir!, "db") });
    try {
      const subscribers = await embedded.db.execute<StoredRows["subscribers"][number]>(sql.raw(SUBSCRIBERS_QUERY));
      const hits = await embedded.db.execute<{ hits: number }>(
        sql`select hits from rate_limits where bucket = ${NEWSLETTER_SIGNUP_LIMIT.bucket} order by hits`,
      );
      return { subscribers: subscribers.rows, hits: hits.rows.map((row) => row.hits) };
    } finally {
      await embedded.close();
    }
  }

  it(`${ADDRESSES * REQUESTS_PER_ADDRESS} sign-ups at once for ${ADDRESSES} addresses subscribe each address once`, async () => {
    const signUps = stormRequests();
    expect(signUps).toHaveLength(ADDRESSES * REQUESTS_PER_ADDRESS);
    const origin = new URL(server!.url).origin;

    const latenciesMs: number[] = [];
    const started = performance.now();
    const outcomes = await Promise.all(
      signUps.map(async (signUp) => {
        const form = new URLSearchParams({ email: signUp.email, ...(signUp.returnTo ? { returnTo: signUp.returnTo } : {}) });
        const sentAt = performance.now();
        try {
          const answer = await httpRequest(agent!, `${server!.url}/newsletter`, {
            method: "POST",
            headers: {
              "Content-Type": "application/x-www-form-urlencoded",
              Origin: origin,
              "X-Forwarded-For": signUp.clientAddress,
            },
            body: form.toString(),
            timeoutMs: 60_000,
          });
          latenciesMs.push(performance.now() - sentAt);
          return outcomeOf(signUp, answer);
        } catch (error) {
          return `socket error: ${(error as Error).message}`;
        }
      }),
    );
    const elapsedMs = performance.now() - started;

    const tally = new Map<string, number>();
    for (const outcome of outcomes) tally.set(outcome, (tally.get(outcome) ?? 0) + 1);
    latenciesMs.sort((a, b) => a - b);
    const latency = (fraction: number) => Math.round(latenciesMs[Math.floor((latenciesMs.length - 1) * fraction)] ?? 0);
    console.log(
      `sign-up storm on ${database ? "PostgreSQL" : "the embedded database"}: ${signUps.length} requests in ${Math.round(elapsedMs)} ms ` +
        `(latency p50 ${latency(0.5)} ms, p99 ${latency(0.99)} ms, max ${latency(1)} ms); ` +
        [...tally]
          .map(([outcome, count]) => `${count} × ${NEWSLETTER_MESSAGES[outcome as NewsletterOutcome] ?? outcome}`)
          .join(", "),
    );

    // The thanks or the refusal, nothing else: no 5xx, no "Failed to subscribe", no dropped connection.
    expect(Object.fromEntries(tally)).toEqual({
      subscribed: ADDRESSES + NETWORKS * BUDGET,
      limited: NETWORKS * (REQUESTS_PER_NETWORK - BUDGET),
    });

    expect(await stopServer(server), "the server's exit code after SIGTERM").toBe(0);
    const output = server!.output();
    expect(errorLogLines(output)).toEqual([]);
    expect(listenerWarnings(output)).toEqual([]);

    const { subscribers, hits } = await storedRows();
    // Exactly one row per address, stored as typed but trimmed and lower-cased, and active.
    const byEmail = (a: { email: string }, b: { email: string }) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0);
    expect(subscribers).toHaveLength(ADDRESSES);
    expect([...subscribers].sort(byEmail)).toEqual(
      Array.from({ length: ADDRESSES }, (_, index) => ({ email: emailOf(index), status: "active" })).sort(byEmail),
    );
    // Every request was counted once against its client: one for each reader, 20 for each network.
    expect(hits).toEqual([...Array<number>(ADDRESSES).fill(1), ...Array<number>(NETWORKS).fill(REQUESTS_PER_NETWORK)]);
  });
});
