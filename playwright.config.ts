import { defineConfig } from "@playwright/test";
import { CHROMIUM_FLAGS, SYSTEM_CHROMIUM } from "./tests/support/chromium";

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  timeout: 60_000,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  // .ci/run sets PLAYWRIGHT_JSON_REPORT to a file for its timing table (scripts/ci-timing.ts).
  reporter: process.env.PLAYWRIGHT_JSON_REPORT
    ? [["list"], ["json", { outputFile: process.env.PLAYWRIGHT_JSON_REPORT }]]
    : [["list"]],
  outputDir: "test-results",
  use: {
    baseURL: process.env.E2E_BASE_URL,
    browserName: "chromium",
    // A failed test keeps its trace (actions, console, network) and a screenshot of the end. The trace's screencast
    // and DOM snapshots cost about 15% of the suite's time on two cores (decision 037); E2E_FULL_TRACE=1 records
    // them when a failure needs them.
    trace: process.env.E2E_FULL_TRACE ? "retain-on-failure" : { mode: "retain-on-failure", screenshots: false, snapshots: false },
    screenshot: "only-on-failure",
    launchOptions: {
      // Playwright drives the system Chromium; it never downloads a browser.
      executablePath: SYSTEM_CHROMIUM,
      args: CHROMIUM_FLAGS,
    },
  },
});
