import { cpSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "../../app/db/client.server";

/*
 * A new embedded database spends most of its first start in PGlite's initdb (about 2.6 s of CPU here, where the
 * migrations take a fraction of that). A test run makes one migrated data directory and each test that needs a fresh
 * newsroom copies it (decision 037). Where a test is about the very first start (an empty folder), it does not copy.
 */

/** The environment variable through which the e2e global setup hands its template to the workers. */
export const PGLITE_TEMPLATE_ENV = "TEST_PGLITE_TEMPLATE";

/** Makes `dir` an embedded database (a PGlite data directory) with every migration applied. */
export async function makeMigratedDataDir(dir: string): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  const database = await openDatabase({ driver: "pglite", dataDir: dir });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
}

/**
 * Makes the newsroom folder `dataDir` (a DATA_DIR) and, when `template` (by default the run's, from
 * PGLITE_TEMPLATE_ENV) names a migrated database, copies it in as `dataDir/db`, where the server and the commands
 * open it. Without a template the folder stays empty and the first command or server makes the database.
 */
export function newDataDir(dataDir: string, template = process.env[PGLITE_TEMPLATE_ENV]): string {
  mkdirSync(dataDir, { recursive: true });
  if (template) cpSync(template, path.join(dataDir, "db"), { recursive: true });
  return dataDir;
}
