import type { PGlite } from "@electric-sql/pglite";
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase, PROJECT_ROOT } from "../../app/db/client.server";
import { makeMigratedDataDir } from "../support/pglite-template";
import { postgresUrlFor } from "../support/postgres-url";
import { bundleScripts } from "../support/run-script";

declare module "vitest" {
  export interface ProvidedContext {
    /** A PGlite data directory with every migration applied, as an uncompressed tar file. */
    pgliteSnapshotFile: string;
    /** A PGlite data directory on disk with every migration applied, for commands a test runs on a copy of it. */
    pgliteDataDirTemplate: string;
    /** A migrated PostgreSQL database that each test file copies with CREATE DATABASE ... TEMPLATE. */
    postgresTemplateDatabase: string;
    /** A folder with the command-line scripts bundled (tests/support/run-script.ts). */
    scriptBundles: string;
  }
}

/**
 * Runs the migrations once per test run, so that each test file gets a fresh, migrated
 * database quickly: PGlite restores a snapshot, PostgreSQL copies a template database.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const driver = project.config.env?.TEST_DB_DRIVER;
  if (driver === "postgres") return setupPostgres(project);
  return setupPglite(project);
}

async function setupPglite(project: TestProject) {
  const database = await openDatabase({ driver: "pglite" });
  await database.migrate();
  const client = (database.db as unknown as { $client: PGlite }).$client;
  // Uncompressed: each test file restores it, and skipping the gunzip saves about a quarter of a second per file
  // (0.45-0.6 s against 0.7-0.8 s, where opening an empty database and migrating takes 3-4 s; decision 037).
  const snapshot = await client.dumpDataDir("none");
  await database.close();
  const dir = path.join(PROJECT_ROOT, "tests", ".tmp");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `pglite-snapshot-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await snapshot.arrayBuffer()));
  project.provide("pgliteSnapshotFile", file);
  // The same, as the directory a command opens (DATA_DIR/db): the command-line tests copy it instead of having
  // each command make a new database (tests/support/pglite-template.ts).
  const templateDir = path.join(dir, `pglite-data-dir-${process.pid}`);
  await makeMigratedDataDir(templateDir);
  project.provide("pgliteDataDirTemplate", templateDir);
  const bundles = path.join(dir, `script-bundles-${process.pid}`);
  await bundleScripts(bundles);
  project.provide("scriptBundles", bundles);
  return async () => {
    rmSync(file, { force: true });
    rmSync(templateDir, { recursive: true, force: true });
    rmSync(bundles, { recursive: true, force: true });
  };
}

async function setupPostgres(project: TestProject) {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error("TEST_DATABASE_URL is not set.");
  const template = `byline_template_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${template}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ driver: "postgres", url: postgresUrlFor(baseUrl, template) });
  await database.migrate();
  await database.close();
  project.provide("postgresTemplateDatabase", template);
  return async () => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(`drop database if exists ${template} with (force)`);
    } finally {
      await client.end();
    }
  };
}
