import path from "node:path";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { ConfigError, loadConfig, type Config } from "~/services/env.server";
import type { Logger } from "~/services/logger.server";

/** Reads the configuration, or stops the process with a one-line message naming the variable. */
export function readConfigOrExit(): Config {
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

/** Opens the configured database (PostgreSQL with DATABASE_URL, else embedded PGlite under DATA_DIR). */
export function openConfiguredDatabase(config: Config, logger: Logger): Promise<DatabaseHandle> {
  return config.databaseUrl
    ? openDatabase({
        driver: "postgres",
        url: config.databaseUrl,
        onPoolError: (error) => logger.warn({ err: error }, "database connection lost; the pool will reconnect"),
      })
    : openDatabase({ driver: "pglite", dataDir: path.join(config.dataDir, "db") });
}
