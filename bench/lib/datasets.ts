/**
 * Benchmark databases, made by bench/generate-data.ts and kept between runs: embedded ones under
 * bench/.data/embedded-<articles> (DATA_DIR), PostgreSQL ones as databases named byline_bench_<articles>.
 * A database is reused when it holds the right number of articles, and generated afresh otherwise.
 */
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { sql } from "drizzle-orm";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { count } from "./report";
import { log, runCommand } from "./processes";

/** The seed of every generated database and of the search queries. */
export const BENCH_SEED = 1;
/** The PostgreSQL server's maintenance database; byline_bench_* databases are created beside it. */
export const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const POSTGRES_PREFIX = "byline_bench_";

export function benchDataDir(root: string): string {
  return path.join(root, "bench", ".data");
}

export function embeddedDataDir(root: string, articles: number): string {
  return path.join(benchDataDir(root), `embedded-${articles}`);
}

export function postgresUrl(articles: number): string {
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${POSTGRES_PREFIX}${articles}`;
  return url.toString();
}

export type Engine = "embedded" | "postgres";

export interface Dataset {
  engine: Engine;
  articles: number;
  /** DATA_DIR for an embedded database. */
  dataDir?: string;
  /** DATABASE_URL for PostgreSQL. */
  databaseUrl?: string;
}

export function openDataset(dataset: Dataset): Promise<DatabaseHandle> {
  return dataset.engine === "embedded"
    ? openDatabase({ driver: "pglite", dataDir: path.join(dataset.dataDir!, "db") })
    : openDatabase({ driver: "postgres", url: dataset.databaseUrl! });
}

async function articleCount(handle: DatabaseHandle): Promise<number> {
  const { rows } = await handle.db.execute<{ exists: boolean }>(sql`select to_regclass('articles') is not null as exists`);
  if (!rows[0]?.exists) return -1;
  const counted = await handle.db.execute<{ articles: number }>(sql`select count(*)::int as articles from articles`);
  return counted.rows[0]?.articles ?? -1;
}

/** The articles a kept database holds, after bringing its schema up to date (a later commit may add migrations). */
async function reusableCount(dataset: Dataset): Promise<number> {
  const handle = await openDataset(dataset);
  try {
    const found = await articleCount(handle);
    if (found >= 0) await handle.migrate();
    return found;
  } finally {
    await handle.close();
  }
}

/** Runs bench/generate-data.ts (`npm run bench:data`) with --fresh against the given database. */
export async function generateData(
  root: string,
  target: { dataDir: string } | { databaseUrl: string },
  articles: number,
  subscribers: number,
): Promise<void> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: "dataDir" in target ? target.dataDir : "",
    DATABASE_URL: "databaseUrl" in target ? target.databaseUrl : "",
  };
  const args = ["bench/generate-data.ts", "--articles", String(articles), "--subscribers", String(subscribers), "--fresh"];
  args.push("--seed", String(BENCH_SEED));
  log(`npm run bench:data -- ${args.slice(1).join(" ")}  (${"dataDir" in target ? target.dataDir : "PostgreSQL"})`);
  const result = await runCommand(path.join(root, "node_modules", ".bin", "tsx"), args, { cwd: root, env, echo: true });
  if (result.code !== 0) throw new Error(`Generating the benchmark data failed (exit ${result.code}).`);
}

/** An embedded database with `articles` articles, reused when bench/.data already has it. */
export async function embeddedDataset(root: string, articles: number): Promise<Dataset> {
  const dataDir = embeddedDataDir(root, articles);
  const dataset: Dataset = { engine: "embedded", articles, dataDir };
  if (existsSync(path.join(dataDir, "db", "PG_VERSION"))) {
    const found = await reusableCount(dataset);
    if (found === articles) {
      log(`Reusing the embedded database with ${count(articles)} articles in ${dataDir}.`);
      return dataset;
    }
    log(`${dataDir} holds ${count(found)} articles, not ${count(articles)}: generating it again.`);
  }
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  await generateData(root, { dataDir }, articles, 0);
  return dataset;
}

async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Whether the PostgreSQL server answers; the reason when it does not. */
export async function postgresProblem(): Promise<string | null> {
  try {
    await withAdminClient((client) => client.query("select 1"));
    return null;
  } catch (error) {
    return `PostgreSQL is not reachable at ${new URL(POSTGRES_ADMIN_URL).host} (${(error as Error).message}); set BENCH_POSTGRES_URL`;
  }
}

export async function postgresVersion(): Promise<string | null> {
  try {
    const { rows } = await withAdminClient((client) => client.query<{ server_version: string }>("show server_version"));
    return rows[0]?.server_version ?? null;
  } catch {
    return null;
  }
}

/** A PostgreSQL database byline_bench_<articles> with that many articles, reused when it has them. */
export async function postgresDataset(root: string, articles: number): Promise<Dataset> {
  const name = `${POSTGRES_PREFIX}${articles}`;
  const dataset: Dataset = { engine: "postgres", articles, databaseUrl: postgresUrl(articles) };
  const exists = await withAdminClient(async (client) => {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (rowCount === 0) await client.query(`create database "${name}"`);
    return rowCount !== 0;
  });
  if (exists) {
    const found = await reusableCount(dataset);
    if (found === articles) {
      log(`Reusing the PostgreSQL database ${name} with ${count(articles)} articles.`);
      return dataset;
    }
    log(`${name} holds ${count(Math.max(found, 0))} articles, not ${count(articles)}: generating it again.`);
  }
  await generateData(root, { databaseUrl: dataset.databaseUrl! }, articles, 0);
  return dataset;
}

/** `--clean`: removes bench/.data's databases and drops every byline_bench_* database. */
export async function removeDatasets(root: string): Promise<string[]> {
  const removed: string[] = [];
  const dataDir = benchDataDir(root);
  if (existsSync(dataDir)) {
    for (const entry of readdirSync(dataDir)) {
      if (entry === ".gitignore") continue;
      rmSync(path.join(dataDir, entry), { recursive: true, force: true });
      removed.push(path.join(dataDir, entry));
    }
  }
  if ((await postgresProblem()) === null) {
    await withAdminClient(async (client) => {
      const { rows } = await client.query<{ datname: string }>("select datname from pg_database where datname ~ $1", [
        `^${POSTGRES_PREFIX}[0-9]+$`,
      ]);
      for (const { datname } of rows) {
        await client.query(`drop database "${datname}"`);
        removed.push(`PostgreSQL database ${datname}`);
      }
    });
  }
  return removed;
}
