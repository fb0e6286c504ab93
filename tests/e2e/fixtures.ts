import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page, type TestInfo } from "@playwright/test";

let clientAddressesGiven = 0;
/**
 * A client address no other test of this run has had: from the shared address space 100.64.0.0/10, by worker (unique
 * within a run) and a count in that worker. A test that spends a per-address budget (sign-ups, sign-ins) gets a fresh
 * one on every run of it, so `--repeat-each` and retries find the budget whole, whatever ran before on the same server.
 */
export function ownClientAddress({ workerIndex }: Pick<TestInfo, "workerIndex">): string {
  clientAddressesGiven += 1;
  const index = (workerIndex % 1024) * 4096 + (clientAddressesGiven % 4096);
  return `100.${64 + (index >> 16)}.${(index >> 8) & 255}.${index & 255}`;
}

/**
 * The `page` fixture fails the test when the page logs an error to the console or throws,
 * so a broken hydration or a blocked script cannot pass unnoticed.
 */
export const test = base.extend<{ page: Page; allowedConsoleErrors: RegExp[]; ownClientAddress: boolean }>({
  /** Console errors a test provokes on purpose, such as the browser reporting a 404 document. */
  allowedConsoleErrors: [[], { option: true }],
  /**
   * Whether the test's browser and requests come from an address of their own (`ownClientAddress`, sent as
   * X-Forwarded-For, which the server trusts from loopback), so the test spends a rate-limit budget nobody else does.
   */
  ownClientAddress: [false, { option: true }],
  extraHTTPHeaders: async ({ extraHTTPHeaders, ownClientAddress: own }, use, testInfo) => {
    await use(own ? { ...extraHTTPHeaders, "X-Forwarded-For": ownClientAddress(testInfo) } : extraHTTPHeaders);
  },
  page: async ({ page, allowedConsoleErrors }, use) => {
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      if (allowedConsoleErrors.some((pattern) => pattern.test(message.text()))) return;
      problems.push(`console error: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    await use(page);
    expect(problems, "the page logged errors").toEqual([]);
  },
});

export { expect };

/**
 * Runs axe-core on the page and returns the violations as readable lines. axe runs in the page itself with
 * `axe.run` (the library's legacy mode), which checks the page and its same-origin frames. The default mode runs a
 * part in every frame and joins the parts in a new blank page: it takes about a quarter longer on a page without
 * frames (decision 037), and waits forever for the newsletter preview's frame, sandboxed without scripts (its
 * <iframe> element is still checked).
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).setLegacyMode().analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length} elements)`);
}
