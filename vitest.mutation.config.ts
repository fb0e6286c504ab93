import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { MUTATION_MODULES } from "./bench/lib/mutation";

// The test runner StrykerJS uses for `npm run test:mutation` (bench/mutation.ts, stryker.config.mjs): each module is
// judged by its own tests, its unit tests and, where its rules live in SQL, its integration tests on a fresh
// PGlite per file (bench/lib/mutation.ts lists them). bench/mutation.ts runs one module at a time and names its
// tests in MUTATION_TESTS; without it, every module's tests are included. Files and tests keep a fixed order:
// Stryker runs the tests covering each mutant and stops at the first failure, so shuffling would only blur it.
// PostgreSQL, the hostile client, e2e and load suites are left out: slow, and the same rules through more layers.
const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };
const tests = process.env.MUTATION_TESTS?.split(",") ?? MUTATION_MODULES.flatMap((module) => module.tests);
const isIntegration = (glob: string) => glob.endsWith(".integration.test.ts");
const integrationTests = tests.filter(isIntegration);

export default defineConfig({
  test: {
    sequence: { shuffle: false },
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: tests,
          exclude: ["**/*.integration.test.ts", "node_modules/**"],
          setupFiles: ["./tests/setup/fail-on-error-log.ts"],
        },
      },
      ...(integrationTests.length === 0
        ? []
        : [
            {
              resolve: { alias },
              test: {
                name: "integration (pglite)",
                include: integrationTests,
                env: { TEST_DB_DRIVER: "pglite" },
                globalSetup: ["./tests/setup/database-global-setup.ts"],
                setupFiles: ["./tests/setup/fail-on-error-log.ts"],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]),
    ],
  },
});
