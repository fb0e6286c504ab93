// @ts-check
/**
 * `npm run test:mutation`: StrykerJS changes the services' rules one small edit at a time (a `<` for a
 * `<=`, a string emptied, a branch taken always) and runs the tests that reach each change; a change no
 * test notices is a survivor. Not part of `npm test` (it takes long); tests/mutation/run.ts turns the
 * JSON report into tests/mutation/results/YYYY-MM-DD-<commit>-mutation.md (docs/decisions/029-mutation-testing.md).
 * One module while iterating: `npx stryker run --mutate app/services/newsletter/weekly-schedule.server.ts`.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutation.config.ts", related: true },
  coverageAnalysis: "perTest",
  mutate: [
    "app/services/auth/login.server.ts",
    "app/services/auth/sessions.server.ts",
    "app/services/auth/passwords.server.ts",
    "app/services/rate-limits/rate-limiter.server.ts",
    "app/services/rate-limits/client-address.server.ts",
    "app/services/newsletter/subscribers.server.ts",
    "app/services/newsletter/newsletter-sender.server.ts",
    "app/services/newsletter/unsubscribe-links.server.ts",
    "app/services/articles/duplicate-check.server.ts",
    "app/services/articles/story-similarity.server.ts",
    "app/validation/search.ts",
    "app/services/search/search.server.ts:127-135",
    "app/services/generation/reply-parsing.server.ts",
    "app/services/generation/content-cleanup.server.ts",
    "app/services/syndication/syndication.server.ts:359-729",
    "app/services/articles/markdown.server.ts",
    "app/services/articles/markdown-schema.server.ts",
    "app/services/newsletter/weekly-schedule.server.ts",
  ],
  // Two cores are shared with other work on this machine: two test runners at most.
  concurrency: 2,
  // A mutant in module-level code (a constant, a word list) runs at import, before any test, so Stryker would
  // need every test for it; with the integration suites that would triple the run. They are reported as
  // ignored, counted in the report, and left out of the score (decision 029).
  ignoreStatic: true,
  // A failing integration test can leave its file's database open, and Stryker then reports a timeout: the
  // mutant was noticed (it counts as detected, as Stryker scores it), so the wait is kept short.
  timeoutMS: 10_000,
  // Mutants already judged against unchanged code and tests are not run again (reports/ is not committed).
  incremental: true,
  incrementalFile: "reports/stryker-incremental.json",
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
  ignorePatterns: [
    "build",
    "data",
    "bench/.data",
    "bench/results",
    "tests/mutation/results",
    "test-results",
    "playwright-report",
    "tests/.tmp",
    ".react-router",
    "reports",
  ],
  reporters: ["progress", "clear-text", "json"],
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true, reportMutants: false },
  thresholds: { high: 90, low: 80, break: null },
};
