import { existsSync } from "node:fs";
import path from "node:path";
import { DatabaseInUseError, openDatabase, type DatabaseHandle } from "~/db/client.server";
import { ConfigError, loadConfig, type Config } from "~/services/env.server";
import { createLogger, type Logger } from "~/services/logger.server";

/** Reads the configuration, or stops the process with a one-line message naming the variable. */
export function readConfigOrExit(): Config {
  // `.env` in the working folder, as `npm start` reads it, so `npm run admin` and `npm run import` see the
  // same database; variables already in the environment win.
  const dotEnv = path.resolve(".env");
  if (existsSync(dotEnv)) process.loadEnvFile(dotEnv);
  try {
    return loadConfig(process.env, (value) => path.resolve(value));
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** A database that stops answering (rather than refusing) fails a request after this long instead of hanging it. */
const QUERY_TIMEOUT_MS = 10_000;

/** Opens the configured database (PostgreSQL with DATABASE_URL, else embedded PGlite under DATA_DIR). */
export function openConfiguredDatabase(
  config: Config,
  logger: Logger,
  { queryTimeoutMs = QUERY_TIMEOUT_MS }: { queryTimeoutMs?: number } = {},
): Promise<DatabaseHandle> {
  return config.databaseUrl
    ? openDatabase({
        driver: "postgres",
        url: config.databaseUrl,
        queryTimeoutMs,
        onPoolError: (error) => logger.warn({ err: error }, "database connection lost; the pool will reconnect"),
      })
    : openDatabase({ driver: "pglite", dataDir: path.join(config.dataDir, "db") });
}

/**
 * For command-line tools: the configured database, migrated, or null after writing a one-line
 * reason to stderr (such as the embedded database being held by a running server).
 */
export async function openDatabaseForCommand(
  config: Config,
  options: { queryTimeoutMs?: number } = {},
): Promise<DatabaseHandle | null> {
  const logger = createLogger({ ...config, logLevel: "warn" });
  try {
    const database = await openConfiguredDatabase(config, logger, options);
    await database.migrate();
    return database;
  } catch (error) {
    process.stderr.write(
      `${error instanceof DatabaseInUseError ? error.message : `Could not open the database: ${(error as Error).message}`}\n`,
    );
    return null;
  }
}
