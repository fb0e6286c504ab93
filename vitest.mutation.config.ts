import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { MUTATION_MODULES } from "./tests/mutation/mutation";

// The test runner StrykerJS uses for `npm run test:mutation` (tests/mutation/run.ts, stryker.config.mjs): each module is
// judged by its own tests, its unit tests and, where its rules live in SQL, its integration tests on a fresh
// PGlite per file (tests/mutation/mutation.ts lists them). tests/mutation/run.ts runs one module at a time and names its
// tests in MUTATION_TESTS; without it, every module's tests are included. Files and tests keep a fixed order:
// Stryker runs the tests covering each mutant and stops at the first failure, so shuffling would only blur it.
// PostgreSQL, the hostile client, e2e and load suites are left out: slow, and the same rules through more layers.
/**
 * Stryker runs a mutant's tests one file after another and stops at the first failure, so the quickest files go
 * first (by their last duration in Vitest's cache; a file not timed yet last): a mutant most tests notice is then
 * caught in milliseconds, and a slow file (story similarity's 595 labelled pairs) runs only for the mutants the
 * others miss. Vitest's own order (the last failed file first, then the longest) would run the slow file for every
 * mutant, as mutants make it fail.
 */
class QuickestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const duration = (file: TestSpecification) =>
      this.ctx.cache.getFileTestResults(`${file.project.name}:${path.relative(this.ctx.config.root, file.moduleId)}`)?.duration ??
      Number.POSITIVE_INFINITY;
    return [...files].sort((a, b) => duration(a) - duration(b));
  }
}

const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };
const tests = process.env.MUTATION_TESTS?.split(",") ?? MUTATION_MODULES.flatMap((module) => module.tests);
const isIntegration = (glob: string) => glob.endsWith(".integration.test.ts");
const integrationTests = tests.filter(isIntegration);

export default defineConfig({
  test: {
    sequence: { shuffle: false, sequencer: QuickestFirst },
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
