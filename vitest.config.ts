import { fileURLToPath } from "node:url";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import { integrationFilesThatSeeADate } from "./tests/setup/second-time-zone.js";

// Vitest runs without the React Router plugin. Three kinds of suites:
// - unit: `*.test.ts(x)` that need no database;
// - integration: `*.integration.test.ts`, run once on a fresh embedded PGlite per file and,
//   when TEST_DATABASE_URL is set, once more on PostgreSQL (a fresh database per file);
// - hostile: `tests/hostile/`, a hostile client's requests against the production server (built first).
const root = fileURLToPath(new URL(".", import.meta.url));
const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };
const integrationGlob = "{app,server,scripts,tests}/**/*.integration.test.{ts,tsx}";

// With TEST_DATES_ONLY set (.ci/run's second time zone), the integration projects run only the files that can see a
// date, chosen by the rule in tests/setup/second-time-zone.ts.
const integrationFiles = process.env.TEST_DATES_ONLY ? integrationFilesThatSeeADate(root) : [integrationGlob];

// Workers: Vitest's default is one fewer than the cores, a single worker on a two-core machine, so every file ran
// one after the other (docs/decisions/037-fast-feedback.md has the measurements). TEST_WORKERS overrides.
const workers = (fallback: number) => Number(process.env.TEST_WORKERS) || fallback;

function integrationProject(driver: "pglite" | "postgres"): TestProjectInlineConfiguration {
  return {
    resolve: { alias },
    test: {
      name: `integration (${driver})`,
      include: integrationFiles,
      env: { TEST_DB_DRIVER: driver },
      globalSetup: ["./tests/setup/database-global-setup.ts"],
      setupFiles: ["./tests/setup/fail-on-error-log.ts"],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}

// Say what did not run: without TEST_DATABASE_URL the PostgreSQL project is left out, and the run says so
// in one line; in CI (where .ci/run always sets it) a missing URL fails the run instead.
const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl) {
  const why = "TEST_DATABASE_URL is not set (a postgres:// URL of a server where test databases may be created)";
  if (process.env.CI) throw new Error(`The integration (postgres) project cannot be skipped in CI: ${why}.`);
  process.stderr.write(`Skipped: the integration (postgres) project did not run, because ${why}.\n`);
}

export default defineConfig({
  test: {
    // Files and the tests in them run in a random order, so none depends on what another left behind. The
    // seed is printed at the start of the run ("Running tests with seed ..."); replay an order with
    // `npx vitest run --sequence.seed=SEED`.
    sequence: { shuffle: { files: true, tests: true } },
    maxWorkers: workers(2),
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["{app,server,scripts,tests,bench}/**/*.test.{ts,tsx}"],
          exclude: [integrationGlob, "tests/e2e/**", "tests/load/**", "tests/hostile/**", "node_modules/**"],
          setupFiles: ["./tests/setup/fail-on-error-log.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "hostile",
          include: ["tests/hostile/**/*.test.ts"],
          globalSetup: ["./tests/setup/build-global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      integrationProject("pglite"),
      ...(postgresUrl ? [integrationProject("postgres")] : []),
    ],
  },
});
