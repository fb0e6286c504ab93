import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { openDatabase, type Database, type DatabaseHandle } from "../../app/db/client.server";
import { sections } from "../../app/db/schema";
import { SPEC_SECTIONS } from "../../app/services/sections/sections.server";
import { newDataDir } from "../support/pglite-template";
import { postgresUrlFor } from "../support/postgres-url";

export type TestDriver = "pglite" | "postgres";

export function testDriver(): TestDriver {
  return process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite";
}

/**
 * A fresh, migrated database for one test file: a restored PGlite snapshot, or a new
 * PostgreSQL database copied from the run's template (dropped again by close()).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (testDriver() === "pglite") {
    const snapshot = new Blob([readFileSync(inject("pgliteSnapshotFile"))]);
    return openDatabase({ driver: "pglite", snapshot });
  }
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error("TEST_DATABASE_URL is not set.");
  const name = `byline_test_${randomBytes(6).toString("hex")}`;
  await withAdminClient(baseUrl, (client) =>
    client.query(`create database ${name} template ${inject("postgresTemplateDatabase")}`),
  );
  const handle = await openDatabase({ driver: "postgres", url: postgresUrlFor(baseUrl, name), maxConnections: 5 });
  return {
    ...handle,
    async close() {
      await handle.close();
      await withAdminClient(baseUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** Makes the newsroom folder `dataDir` with a copy of the run's migrated embedded database in it (see newDataDir). */
export function newMigratedDataDir(dataDir: string): string {
  return newDataDir(dataDir, inject("pgliteDataDirTemplate"));
}

/** The folder of the run's bundled command-line scripts, for runScript (tests/support/run-script.ts). */
export function scriptBundles(): string {
  return inject("scriptBundles");
}

/**
 * A second, independent connection pool to the same PostgreSQL test database, as a second
 * instance of the app would hold. PGlite lives inside one process, so it has no such thing.
 * Close it before the first handle.
 */
export async function openSecondHandle(handle: DatabaseHandle): Promise<DatabaseHandle> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (handle.driver !== "postgres" || !baseUrl) throw new Error("Only a PostgreSQL test database can be opened twice.");
  const { rows } = await handle.db.execute<{ name: string }>(sql`select current_database() as name`);
  const name = rows[0]?.name;
  if (!name) throw new Error("Could not read the test database's name.");
  return openDatabase({ driver: "postgres", url: postgresUrlFor(baseUrl, name), maxConnections: 5 });
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Opens a fresh database before the file's tests and closes it after them. */
export function withTestDatabase(): { readonly db: Database; readonly handle: DatabaseHandle } {
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle?.close();
  });
  return {
    get db() {
      if (!handle) throw new Error("The test database is not open yet: use it inside a test or hook.");
      return handle.db;
    },
    get handle() {
      if (!handle) throw new Error("The test database is not open yet: use it inside a test or hook.");
      return handle;
    },
  };
}

/** Empties every table and restarts the ids, so each test starts from a blank newsroom. */
export async function resetDatabase(db: Database): Promise<void> {
  await db.execute(
    sql`truncate table newsletter_deliveries, newsletter_issues, app_secrets, generation_jobs, sessions, login_attempts, rate_limits, websub_pings, admins, articles, authors, newsletter_subscribers, search_gaps_daily, subscriber_daily_counts, address_moves, sections, tags, site_menus, site_menu_saves, pages, security_events, security_notices restart identity cascade`,
  );
  // The specification's sections, as a fresh install has them (drizzle/0022_sections.sql).
  await db
    .insert(sections)
    .values(SPEC_SECTIONS.list().map(({ id: _id, ...section }) => ({ ...section, updatedAt: new Date(0) })));
}
