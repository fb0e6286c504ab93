import { fileURLToPath } from "node:url";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

// Vitest runs without the React Router plugin. Three kinds of suites:
// - unit: `*.test.ts(x)` that need no database;
// - integration: `*.integration.test.ts`, run once on a fresh embedded PGlite per file and,
//   when TEST_DATABASE_URL is set, once more on PostgreSQL (a fresh database per file);
// - hostile: `tests/hostile/`, a hostile client's requests against the production server (built first).
const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };
const integrationFiles = ["{app,server,scripts,tests}/**/*.integration.test.{ts,tsx}"];

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

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["{app,server,scripts,tests,bench}/**/*.test.{ts,tsx}"],
          exclude: [...integrationFiles, "tests/e2e/**", "tests/load/**", "tests/hostile/**", "node_modules/**"],
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
      ...(process.env.TEST_DATABASE_URL ? [integrationProject("postgres")] : []),
    ],
  },
});
