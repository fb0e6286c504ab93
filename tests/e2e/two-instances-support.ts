import pg from "pg";
import { postgresUrlFor } from "../support/postgres-url";
import { errorLogLines, startServer, type ServerProcess } from "../support/server-process";
import { expect, test } from "./fixtures";

/** Two production instances on one fresh PostgreSQL database, as a fleet behind a load balancer runs. */
export interface TwoInstances {
  readonly first: ServerProcess;
  readonly second: ServerProcess;
  /** The shared database's address, for a command (scripts/admin.ts, say) that works on it directly. */
  readonly databaseUrl: string;
}

/**
 * Registers, in the calling `test.describe`, a fresh database on TEST_DATABASE_URL's server and two instances started
 * on it with `env` (the second once the first has migrated, as a rolling deploy would); after the describe's tests both
 * must stop with exit code 0 and no error logged, and the database is dropped. Without TEST_DATABASE_URL the describe
 * fails, never skips (.ci/run always sets it).
 */
export function twoInstancesOnPostgres(label: string, env: Record<string, string>): TwoInstances {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  const name = `byline_e2e_${label}_${process.pid}_${Date.now()}`;
  let maintenance: pg.Client | undefined;
  let first: ServerProcess | undefined;
  let second: ServerProcess | undefined;

  test.beforeAll(async () => {
    if (!postgresUrl)
      throw new Error(`TEST_DATABASE_URL must point at a PostgreSQL server: the ${label} test runs two instances on it.`);
    maintenance = new pg.Client({ connectionString: postgresUrl });
    await maintenance.connect();
    await maintenance.query(`create database ${name}`);
    const shared = { DATABASE_URL: postgresUrlFor(postgresUrl, name), ...env };
    first = await startServer(shared);
    second = await startServer(shared);
  });

  test.afterAll(async () => {
    const codes = [await first?.stop(), await second?.stop()];
    try {
      expect(codes).toEqual([0, 0]);
      expect(errorLogLines(`${first?.output() ?? ""}${second?.output() ?? ""}`)).toEqual([]);
    } finally {
      await maintenance?.query(`drop database if exists ${name} with (force)`);
      await maintenance?.end();
    }
  });

  const started = (server: ServerProcess | undefined, which: string): ServerProcess => {
    if (!server) throw new Error(`The ${which} instance of the ${label} test did not start.`);
    return server;
  };
  return {
    get first() {
      return started(first, "first");
    },
    get second() {
      return started(second, "second");
    },
    get databaseUrl() {
      if (!postgresUrl) throw new Error("TEST_DATABASE_URL is not set.");
      return postgresUrlFor(postgresUrl, name);
    },
  };
}
