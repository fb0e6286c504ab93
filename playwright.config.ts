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
    trace: "retain-on-failure",
    launchOptions: {
      // Playwright drives the system Chromium; it never downloads a browser.
      executablePath: SYSTEM_CHROMIUM,
      args: CHROMIUM_FLAGS,
    },
  },
});
