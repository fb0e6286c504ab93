import { PGlite, types, type PGliteOptions, type QueryOptions, type Transaction } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { Assume } from "drizzle-orm/utils";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Client as PostgresClient } from "pg";
import * as schema from "./schema";

/** Both drivers answer raw queries with `{ rows }`; this lets `db.execute<Row>()` say so. */
export interface RowsQueryResultHKT extends PgQueryResultHKT {
  readonly type: RowsResult<this["row"]>;
}
interface RowsResult<Row> {
  rows: Assume<Row, Record<string, unknown>>[];
}

/** The one database type every service uses, whichever driver is underneath. */
export type Database = PgDatabase<RowsQueryResultHKT, typeof schema>;
export type DatabaseDriver = "pglite" | "postgres";

export interface DatabaseHandle {
  db: Database;
  driver: DatabaseDriver;
  /** Applies the migrations in drizzle/ that have not run yet. */
  migrate(): Promise<void>;
  /** Answers when the database responds to a trivial query. */
  ping(): Promise<void>;
  /**
   * Listens to NOTIFY messages on a channel (`select pg_notify(channel, payload)` from any connection).
   * On PostgreSQL a dedicated connection listens and reconnects by itself; `onGap` runs after a reconnect,
   * since messages sent while it was away are lost.
   */
  listen(channel: string, onMessage: (payload: string) => void, onGap?: () => void): Promise<{ close(): Promise<void> }>;
  close(): Promise<void>;
}

/** How long a lost listening connection waits before it tries again, at most. */
const LISTEN_RETRY_MAX_MS = 10_000;

export type OpenDatabaseOptions =
  | {
      driver: "postgres";
      url: string;
      maxConnections?: number;
      /** A query with no answer after this long fails (a server's requests); none by default (imports, benchmarks). */
      queryTimeoutMs?: number;
      onPoolError?: (error: Error) => void;
    }
  /** `dataDir` undefined means an in-memory database; `snapshot` restores a dumped data directory. */
  | { driver: "pglite"; dataDir?: string; snapshot?: Blob };

/** The folder that holds package.json, found from this file in source and in the bundled build alike. */
export const PROJECT_ROOT = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));
export const MIGRATIONS_FOLDER = path.join(PROJECT_ROOT, "drizzle");

function findProjectRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json")) && existsSync(path.join(dir, "drizzle"))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

export class DatabaseInUseError extends Error {
  readonly code = "DATABASE_IN_USE";
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by another Byline process (pid ${pid}). ` +
        "Stop that process first, or run Byline on PostgreSQL (DATABASE_URL) to work while it runs.",
    );
  }
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.driver === "postgres" ? openPostgres(options) : openPglite(options);
}

/**
 * The PostgreSQL driver, loaded only by a server that uses PostgreSQL: an embedded newsroom never pays for it
 * at start-up (a faster start), nor for PGlite the other way round.
 */
const loadPostgresDriver = async () => {
  const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);
  return { pg, drizzleNodePostgres: drizzle, migrateNodePostgres: migrate };
};

async function openPostgres(options: Extract<OpenDatabaseOptions, { driver: "postgres" }>): Promise<DatabaseHandle> {
  const { pg, drizzleNodePostgres, migrateNodePostgres } = await loadPostgresDriver();
  // A database host that does not answer fails a request in 5 s (and /healthz says 503) instead of hanging.
  // Keep-alive notices a connection that died silently.
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: 5_000,
    query_timeout: options.queryTimeoutMs,
    keepAlive: true,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", (error) => options.onPoolError?.(error));
  const db = drizzleNodePostgres(pool, { schema });
  return {
    db,
    driver: "postgres",
    async migrate() {
      // Several instances may start at once: an advisory lock on one connection lets one migrate at a time.
      const client = new pg.Client({ connectionString: options.url });
      await client.connect();
      try {
        await client.query("select pg_advisory_lock(hashtext('byline:migrations'))");
        await migrateNodePostgres(drizzleNodePostgres(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query("select pg_advisory_unlock(hashtext('byline:migrations'))").catch(() => undefined);
        await client.end();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    listen: (channel, onMessage, onGap) => listenOnPostgres(options, channel, onMessage, onGap),
    close: () => pool.end(),
  };
}

async function listenOnPostgres(
  options: Extract<OpenDatabaseOptions, { driver: "postgres" }>,
  channel: string,
  onMessage: (payload: string) => void,
  onGap?: () => void,
): Promise<{ close(): Promise<void> }> {
  let closed = false;
  const { pg } = await loadPostgresDriver();
  let client: PostgresClient | undefined;
  let retryMs = 250;
  let retry: ReturnType<typeof setTimeout> | undefined;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: options.url });
    next.on("notification", (message) => {
      if (message.channel === channel) onMessage(message.payload ?? "");
    });
    next.on("error", (error) => {
      options.onPoolError?.(error);
      reconnect(next);
    });
    next.on("end", () => reconnect(next));
    await next.connect();
    await next.query(`listen "${channel.replaceAll('"', '""')}"`);
    client = next;
    retryMs = 250;
  }

  function reconnect(lost: PostgresClient): void {
    if (closed || client !== lost) return;
    client = undefined;
    lost.end().catch(() => undefined);
    const attempt = () => {
      retry = undefined;
      if (closed) return;
      connect().then(
        () => onGap?.(),
        () => {
          retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MAX_MS);
          retry = setTimeout(attempt, retryMs);
          retry.unref();
        },
      );
    };
    retry = setTimeout(attempt, retryMs);
    retry.unref();
  }

  await connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
      client = undefined;
    },
  };
}

/**
 * The embedded database runs inside the server's process, so its buffer pool is the server's memory: 32 MB
 * instead of PostgreSQL's 128 MB default keeps a server under 400 MB. Its files are ordinary files,
 * which the operating system caches as well.
 */
const PGLITE_SETTINGS = ["shared_buffers = 32MB"];

/**
 * Drizzle's PGlite driver sends its own result parsers with every statement (dates, times, intervals and their
 * arrays kept as text, for drizzle to read), and PGlite copies its whole table of some 350 parsers to merge them,
 * each time: 0.1 to 0.15 ms a statement, about as much as a simple statement's own work (decision 002). PGlite
 * is given the same parsers once, when it opens, and the copy drizzle sends is dropped (`withParsersOnce`).
 * The numbers are the array types drizzle names the same way: numeric[], timestamp[], timestamptz[],
 * interval[] and date[].
 */
const DRIZZLE_TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
const DRIZZLE_PARSERS: NonNullable<PGliteOptions["parsers"]> = Object.fromEntries(
  DRIZZLE_TEXT_TYPES.map((type) => [type, (value: string) => value]),
);

/**
 * The client drizzle is given: PGlite's, with the parsers of each statement and of each transaction's dropped.
 * A function assigned to it (the benchmark wraps `query` and `transaction` to record the statements) takes the
 * place of the one read from it, as on the client itself.
 */
function withParsersOnce(client: PGlite): PGlite {
  const options = (given?: QueryOptions) => given && { ...given, parsers: undefined };
  const queryOf = (target: PGlite | Transaction): PGlite["query"] => {
    const query = target.query.bind(target);
    return (text, params, given) => query(text, params, options(given));
  };
  const query = queryOf(client);
  const transaction = client.transaction.bind(client);
  const overrides: Partial<Record<PropertyKey, unknown>> = {
    query,
    transaction: (work: (tx: Transaction) => Promise<unknown>) =>
      transaction((tx) => work(Object.create(tx, { query: { value: queryOf(tx), writable: true } }) as Transaction)),
  };
  return new Proxy(client, {
    get(target, property) {
      if (property in overrides) return overrides[property];
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
    set(_target, property, value) {
      overrides[property] = value;
      return true;
    },
  });
}

async function openPglite(options: Extract<OpenDatabaseOptions, { driver: "pglite" }>): Promise<DatabaseHandle> {
  const { dataDir, snapshot } = options;
  let releaseLock = () => {};
  if (dataDir) {
    mkdirSync(path.dirname(dataDir), { recursive: true });
    releaseLock = lockDataDir(dataDir);
  }
  let client: PGlite;
  try {
    const settings = { extensions, postgresqlconf: PGLITE_SETTINGS, parsers: DRIZZLE_PARSERS };
    client = await PGlite.create(dataDir ? { dataDir, ...settings } : { loadDataDir: snapshot, ...settings });
    if (dataDir && !(await hasBoundedWal(client))) {
      // The settings apply from the next start, so a new data directory is reopened once.
      await client.exec(`alter system set max_wal_size = '${WAL_LIMITS.max}'`);
      await client.exec(`alter system set min_wal_size = '${WAL_LIMITS.min}'`);
      await client.close();
      client = await PGlite.create({ dataDir, ...settings });
    }
  } catch (error) {
    releaseLock();
    throw error;
  }
  const db = drizzlePglite(withParsersOnce(client), { schema });
  return {
    db,
    driver: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    async ping() {
      await db.execute(sql`select 1`);
    },
    async listen(channel, onMessage) {
      const unlisten = await client.listen(channel, onMessage);
      return { close: () => unlisten() };
    },
    async close() {
      try {
        await client.close();
      } finally {
        releaseLock();
      }
    },
  };
}

/** The extensions the migrations create (drizzle/0002_trigram_extension.sql); PGlite loads their code when it opens. */
const extensions = { pg_trgm } satisfies PGliteOptions["extensions"];

/**
 * PostgreSQL's defaults keep at least 80 MB of WAL and let it grow to 1 GB between checkpoints,
 * several times the size of a small newsroom's data. These limits bound pg_wal on disk.
 */
const WAL_LIMITS = { max: "64MB", min: "32MB" } as const;

async function hasBoundedWal(client: PGlite): Promise<boolean> {
  const { rows } = await client.query<{ max_wal_size: string }>("show max_wal_size");
  return rows[0]?.max_wal_size === WAL_LIMITS.max;
}

/**
 * PGlite is a single-process database: two processes writing one data directory would corrupt it.
 * A lock file beside the directory holds the owner's pid; a lock left by a dead process is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(readFileSync(lockFile, "utf8"), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) throw new DatabaseInUseError(dataDir, owner);
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database at ${dataDir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
