import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { makeMigratedDataDir, PGLITE_TEMPLATE_ENV } from "../support/pglite-template";
import { bundleScripts, SCRIPT_BUNDLES_ENV } from "../support/run-script";
import { errorLogLines, PROJECT_ROOT, startServer } from "../support/server-process";
import { E2E_ADMIN } from "./admin-support";

/**
 * Starts the production build once for the browser suites, on a random port with a
 * fresh data directory (embedded database, demo content, the admin E2E_ADMIN). The run fails if the server
 * logged an unexpected error. Beside it, makes the migrated embedded database that specs copy into their own
 * newsroom folders (newDataDir in tests/support/pglite-template.ts), and the bundled command-line scripts that specs
 * run (runScript in tests/support/run-script.ts); this server's own first start stays a real one.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = path.join(PROJECT_ROOT, "tests", ".tmp", `e2e-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const template = path.join(PROJECT_ROOT, "tests", ".tmp", `e2e-template-${process.pid}`);
  const bundles = path.join(PROJECT_ROOT, "tests", ".tmp", `e2e-script-bundles-${process.pid}`);
  const [server] = await Promise.all([
    startServer({
      DATA_DIR: dataDir,
      SITE_NAME: "Byline",
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
    }),
    makeMigratedDataDir(template),
    bundleScripts(bundles),
  ]);
  process.env.E2E_BASE_URL = server.url;
  process.env[PGLITE_TEMPLATE_ENV] = template;
  process.env[SCRIPT_BUNDLES_ENV] = bundles;
  return async () => {
    const code = await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(template, { recursive: true, force: true });
    rmSync(bundles, { recursive: true, force: true });
    const errors = errorLogLines(server.output());
    if (code !== 0) throw new Error(`The e2e server exited with code ${code}:\n${server.output()}`);
    if (errors.length > 0) throw new Error(`The e2e server logged unexpected errors:\n${errors.join("\n")}`);
  };
}
