/**
 * tsx bench/generate-data.ts --articles N --subscribers M [--seed S] [--fresh]
 *
 * Fills the configured database (PostgreSQL with DATABASE_URL, else the embedded one under DATA_DIR)
 * with N synthetic articles by 5 synthetic authors and M newsletter subscribers, for the benchmarks.
 * The articles come from bench/synthetic-articles.ts: the same seed gives the same articles.
 * A database that already has articles or subscribers is left alone unless --fresh is given, which
 * first empties the articles and subscribers (their deliveries with them) and removes the synthetic
 * authors; admins, their authors and sessions are never touched.
 * Exit status: 0 done, 1 refused (the database is not empty), 2 usage or database error.
 */
import { availableParallelism } from "node:os";
import { parseArgs } from "node:util";
import { and, eq, inArray, notExists, sql } from "drizzle-orm";
import type { Database, DatabaseHandle } from "~/db/client.server";
import { admins, articles, authors, newsletterSubscribers, type NewArticleRow } from "~/db/schema";
import { openDatabaseForCommand, readConfigOrExit } from "../server/bootstrap";
import { mulberry32, syntheticArticle, SYNTHETIC_SPAN_MS } from "./synthetic-articles";

const USAGE = "Usage: tsx bench/generate-data.ts --articles N --subscribers M [--seed S] [--fresh]";

/** The authors this tool creates, and the only ones --fresh removes. */
const SYNTHETIC_AUTHORS = [
  { name: "Harper Vantongeren", role: "Senior Technology Reporter" },
  { name: "Idris Kolawole", role: "Security Correspondent" },
  { name: "Mireille Osterhout", role: "Cloud and Software Editor" },
  { name: "Tobias Wrenhall", role: "Gadgets Reviewer" },
  { name: "Sunniva Achebe-Lund", role: "Startups Reporter" },
] as const;

const ARTICLES_PER_INSERT = 1_000;
const BULK_QUERY_TIMEOUT_MS = 10 * 60_000;
/** PGlite: a checkpoint every this many batches keeps its WAL near max_wal_size (client.server.ts). */
const PGLITE_BATCHES_PER_CHECKPOINT = 5;
/** Memory for building the GIN indexes again after an embedded load. */
const INDEX_BUILD_MEMORY = "256MB";
const SUBSCRIBERS_PER_INSERT = 5_000;
const ACTIVE_SUBSCRIBER_SHARE = 0.9;
const MAX_ROWS = 10_000_000;
/** Subscribers draw from their own stream of the seed, apart from the articles'. */
const SUBSCRIBER_STREAM = 0x5eed;

interface Options {
  articles: number;
  subscribers: number;
  seed: number;
  fresh: boolean;
}

class UsageError extends Error {}

const numberFormat = new Intl.NumberFormat("en-US");
const formatCount = (value: number) => numberFormat.format(value);
const seconds = (ms: number) => (ms / 1000).toFixed(1);
const perSecond = (rows: number, ms: number) => formatCount(Math.round(rows / Math.max(ms / 1000, 0.001)));

function parseCount(name: string, value: string | undefined, max: number): number {
  if (value === undefined) throw new UsageError(`--${name} is required.`);
  const digits = value.replace(/_/g, "");
  const parsed = /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
  if (!Number.isSafeInteger(parsed) || parsed > max)
    throw new UsageError(`--${name} must be a whole number from 0 to ${formatCount(max)}.`);
  return parsed;
}

function parseOptions(args: string[]): Options | "help" {
  const { values } = parseArgs({
    args,
    options: {
      articles: { type: "string" },
      subscribers: { type: "string" },
      seed: { type: "string" },
      fresh: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) return "help";
  return {
    articles: parseCount("articles", values.articles, MAX_ROWS),
    subscribers: parseCount("subscribers", values.subscribers, MAX_ROWS),
    seed: values.seed === undefined ? 1 : parseCount("seed", values.seed, 0xffff_ffff),
    fresh: values.fresh,
  };
}

/** Writes a line when another tenth of `total` is done (one line however many tenths a batch crosses). */
function progressReporter(label: string, total: number, startedAt: number): (done: number) => void {
  let reported = 0;
  return (done) => {
    const tenths = total === 0 ? 0 : Math.floor((done * 10) / total);
    if (tenths <= reported) return;
    reported = tenths;
    const elapsed = performance.now() - startedAt;
    process.stdout.write(
      `  ${label}: ${String(Math.floor((done * 100) / total)).padStart(3)}%  ${formatCount(done)} of ${formatCount(total)}` +
        `  ${seconds(elapsed)} s  ${perSecond(done, elapsed)} rows/s\n`,
    );
  };
}

async function countRows(db: Database): Promise<{ articles: number; subscribers: number }> {
  const { rows } = await db.execute<{ articles: number; subscribers: number }>(
    sql`select (select count(*) from ${articles})::int as articles, (select count(*) from ${newsletterSubscribers})::int as subscribers`,
  );
  return { articles: rows[0]?.articles ?? 0, subscribers: rows[0]?.subscribers ?? 0 };
}

/** Empties articles and subscribers (deliveries go with them) and removes the synthetic authors no admin signs as. */
async function emptyBenchmarkTables(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`truncate table ${articles} restart identity cascade`);
    // related_articles references articles and newsletter_deliveries references subscribers; each is emptied with them.
    await tx.execute(sql`truncate table ${newsletterSubscribers} restart identity cascade`);
    await tx.delete(authors).where(
      and(
        inArray(
          authors.name,
          SYNTHETIC_AUTHORS.map((author) => author.name),
        ),
        notExists(tx.select({ id: admins.id }).from(admins).where(eq(admins.authorId, authors.id))),
      ),
    );
  });
}

async function createAuthors(db: Database, now: Date): Promise<number[]> {
  const names = SYNTHETIC_AUTHORS.map((author) => author.name);
  await db
    .insert(authors)
    .values(SYNTHETIC_AUTHORS.map(({ name, role }) => ({ name, role, createdAt: new Date(now.getTime() - SYNTHETIC_SPAN_MS) })))
    .onConflictDoNothing({ target: authors.name });
  const rows = await db.select({ id: authors.id, name: authors.name }).from(authors).where(inArray(authors.name, names));
  const ids = new Map(rows.map((row) => [row.name, row.id]));
  return names.map((name) => {
    const id = ids.get(name);
    if (id === undefined) throw new Error(`The synthetic author ${name} could not be created.`);
    return id;
  });
}

function articleRows(from: number, to: number, options: Options, now: Date, authorIds: number[]): NewArticleRow[] {
  const rows: NewArticleRow[] = [];
  for (let index = from; index < to; index += 1) {
    const article = syntheticArticle(index, { seed: options.seed, now });
    rows.push({
      title: article.title,
      excerpt: article.excerpt,
      content: article.content,
      category: article.category,
      image: article.image,
      authorId: authorIds[index % authorIds.length]!,
      publishedAt: article.publishedAt,
      status: article.publishedAt ? "published" : "draft",
      createdAt: article.createdAt,
      updatedAt: article.publishedAt ?? article.createdAt,
      readTime: article.readTime,
      isFeatured: article.isFeatured,
      isPopular: article.isPopular,
      sources: article.sources,
    });
  }
  return rows;
}

/**
 * Inserts the articles in statements of ARTICLES_PER_INSERT rows. PostgreSQL gets several
 * statements at once, so its backends compute the search vectors while this process writes the
 * next batch. PGlite runs in this thread and gets them one after another (see insertEmbedded).
 */
async function insertArticles(database: DatabaseHandle, options: Options, now: Date, authorIds: number[]): Promise<void> {
  const total = options.articles;
  const report = progressReporter("articles", total, performance.now());
  const batchCount = Math.ceil(total / ARTICLES_PER_INSERT);
  const batchRows = (batch: number) =>
    articleRows(batch * ARTICLES_PER_INSERT, Math.min(total, (batch + 1) * ARTICLES_PER_INSERT), options, now, authorIds);
  let done = 0;
  if (batchCount === 0) return;

  if (database.driver === "pglite") {
    await insertEmbedded(database.db, batchCount, async (tx, batch) => {
      const rows = batchRows(batch);
      await tx.insert(articles).values(rows);
      done += rows.length;
      report(done);
    });
    return;
  }

  let nextBatch = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && nextBatch < batchCount) {
      const rows = batchRows(nextBatch);
      nextBatch += 1;
      try {
        await database.db.insert(articles).values(rows);
      } catch (error) {
        failed = true;
        throw error;
      }
      done += rows.length;
      report(done);
    }
  };
  const workers = Math.max(2, Math.min(4, availableParallelism()));
  await Promise.all(Array.from({ length: workers }, worker));
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * PGlite computes every search vector and updates every index in this one thread. Most of the time
 * (about 1.3 ms of some 2.5 ms per article) goes to to_tsvector for the generated columns, which no
 * loading trick avoids; the six GIN indexes (full text and trigrams) cost less built once over all
 * rows than updated row by row (about 13% less in all for 100,000 articles). So the load is one
 * transaction that drops the articles' GIN indexes, inserts every batch and creates the indexes
 * again from their own definitions (pg_indexes, exactly as the migrations made them). DDL is
 * transactional: if anything fails, the rollback restores the indexes as they were.
 */
async function insertEmbedded(db: Database, batchCount: number, insertBatch: (tx: Transaction, batch: number) => Promise<void>) {
  await db.transaction(async (tx) => {
    const { rows: ginIndexes } = await tx.execute<{ name: string; definition: string }>(sql`
      select indexname as name, indexdef as definition from pg_indexes
      where schemaname = current_schema() and tablename = 'articles' and indexdef like '% USING gin %'
      order by indexname`);
    for (const index of ginIndexes) await tx.execute(sql`drop index ${sql.identifier(index.name)}`);
    for (let batch = 0; batch < batchCount; batch += 1) {
      await insertBatch(tx, batch);
      // PGlite has no background checkpointer: without these, pg_wal grows by about 35 KB per article until the end.
      if ((batch + 1) % PGLITE_BATCHES_PER_CHECKPOINT === 0) await tx.execute(sql`checkpoint`);
    }
    const startedAt = performance.now();
    await tx.execute(sql.raw(`set local maintenance_work_mem = '${INDEX_BUILD_MEMORY}'`));
    for (const index of ginIndexes) await tx.execute(sql.raw(index.definition));
    process.stdout.write(`  articles: ${ginIndexes.length} GIN indexes rebuilt in ${seconds(performance.now() - startedAt)} s\n`);
  });
}

async function insertSubscribers(db: Database, options: Options, now: Date): Promise<void> {
  const total = options.subscribers;
  const report = progressReporter("subscribers", total, performance.now());
  const random = mulberry32((options.seed ^ SUBSCRIBER_STREAM) >>> 0);
  for (let from = 0; from < total; from += SUBSCRIBERS_PER_INSERT) {
    const to = Math.min(total, from + SUBSCRIBERS_PER_INSERT);
    const rows = [];
    for (let n = from + 1; n <= to; n += 1) {
      const createdAt = new Date(now.getTime() - Math.floor(random() * SYNTHETIC_SPAN_MS));
      rows.push({
        email: `reader${n}@example.com`,
        status: random() < ACTIVE_SUBSCRIBER_SHARE ? ("active" as const) : ("unsubscribed" as const),
        createdAt,
        updatedAt: createdAt,
      });
    }
    await db.insert(newsletterSubscribers).values(rows);
    report(to);
  }
}

async function run(args: string[]): Promise<number> {
  let options: Options;
  try {
    const parsed = parseOptions(args);
    if (parsed === "help") {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    options = parsed;
  } catch (error) {
    const reason = error instanceof UsageError || (error as NodeJS.ErrnoException).code?.startsWith("ERR_PARSE_ARGS");
    if (!reason) throw error;
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }

  // A batch of a thousand articles into a table of a million, its indexes with it, can take longer than
  // the server's query time limit on a busy machine.
  const database = await openDatabaseForCommand(readConfigOrExit(), { queryTimeoutMs: BULK_QUERY_TIMEOUT_MS });
  if (!database) return 2;
  try {
    const { db } = database;
    const existing = await countRows(db);
    if ((existing.articles > 0 || existing.subscribers > 0) && !options.fresh) {
      process.stderr.write(
        `The database already has ${formatCount(existing.articles)} articles and ${formatCount(existing.subscribers)} subscribers; ` +
          "nothing was changed. Run with --fresh to delete every article and subscriber first.\n",
      );
      return 1;
    }
    const now = new Date();
    const startedAt = performance.now();
    process.stdout.write(
      `Generating ${formatCount(options.articles)} articles and ${formatCount(options.subscribers)} subscribers ` +
        `(seed ${options.seed}) on ${database.driver === "postgres" ? "PostgreSQL" : "the embedded database"}.\n`,
    );
    if (options.fresh) await emptyBenchmarkTables(db);
    const authorIds = await createAuthors(db, now);

    const articlesStartedAt = performance.now();
    await insertArticles(database, options, now, authorIds);
    const articlesMs = performance.now() - articlesStartedAt;

    const subscribersStartedAt = performance.now();
    await insertSubscribers(db, options, now);
    const subscribersMs = performance.now() - subscribersStartedAt;

    // Leave the tables as a running site would have them: statistics gathered, GIN pending lists merged.
    const vacuumStartedAt = performance.now();
    await db.execute(sql`vacuum analyze ${articles}, ${authors}, ${newsletterSubscribers}`);
    const vacuumMs = performance.now() - vacuumStartedAt;

    const totalMs = performance.now() - startedAt;
    const counts = await countRows(db);
    const rows = options.articles + options.subscribers;
    process.stdout.write(
      `Done: ${formatCount(counts.articles)} articles (${seconds(articlesMs)} s, ${perSecond(options.articles, articlesMs)} rows/s), ` +
        `${formatCount(counts.subscribers)} subscribers (${seconds(subscribersMs)} s, ${perSecond(options.subscribers, subscribersMs)} rows/s), ` +
        `${SYNTHETIC_AUTHORS.length} authors, vacuum analyze ${seconds(vacuumMs)} s; ` +
        `${seconds(totalMs)} s in all, ${perSecond(rows, totalMs)} rows/s.\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    // A failed statement's message holds its thousands of parameters; the database's own reason is its cause.
    const reason = (error as Error).cause instanceof Error ? ((error as Error).cause as Error) : (error as Error);
    process.stderr.write(`Generating the benchmark data failed: ${reason.message.slice(0, 500)}\n`);
    process.exit(2);
  },
);
