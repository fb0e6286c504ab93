import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The test runner StrykerJS uses for `npm run test:mutation` (stryker.config.mjs): the unit tests and the
// PGlite integration tests of the services whose rules are mutated (each module judged by its own tests, not
// by every suite that happens to import it), in a fixed order (Stryker runs the
// tests covering each mutant and stops at the first failure, so shuffling would only blur the report).
// PostgreSQL, the hostile client, e2e and load suites are left out: they are slow and test the same rules
// through more layers.
const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };

/** The fast unit tests of the mutated modules (stryker.config.mjs lists the modules). */
const unitFiles = [
  "app/services/auth/*.test.ts",
  "app/services/rate-limits/*.test.ts",
  "app/services/newsletter/*.test.ts",
  "app/services/default-timings.test.ts",
  "app/services/articles/duplicate-check.*.test.ts",
  "app/services/articles/story-similarity.*.test.ts",
  "app/services/articles/markdown.*.test.ts",
  "app/services/search/*.test.ts",
  "app/validation/search.test.ts",
  "app/validation/text.test.ts",
  "app/services/generation/reply-parsing.test.ts",
  "app/services/generation/content-cleanup.test.ts",
  "app/services/syndication/syndication*.test.ts",
];
/** Rules that live in SQL are judged by their integration tests, on a fresh PGlite per file. */
const integrationFiles = [
  "app/services/auth/login.integration.test.ts",
  "app/services/auth/sessions.integration.test.ts",
  "app/services/rate-limits/*.integration.test.ts",
  "app/services/newsletter/*.integration.test.ts",
  "app/services/syndication/syndication.integration.test.ts",
  "app/services/search/search.integration.test.ts",
];

export default defineConfig({
  test: {
    sequence: { shuffle: false },
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: unitFiles,
          exclude: ["**/*.integration.test.ts"],
          setupFiles: ["./tests/setup/fail-on-error-log.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration (pglite)",
          include: integrationFiles,
          env: { TEST_DB_DRIVER: "pglite" },
          globalSetup: ["./tests/setup/database-global-setup.ts"],
          setupFiles: ["./tests/setup/fail-on-error-log.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
