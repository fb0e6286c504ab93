import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

/**
 * The `page` fixture fails the test when the page logs an error to the console or throws,
 * so a broken hydration or a blocked script cannot pass unnoticed.
 */
export const test = base.extend<{ page: Page; allowedConsoleErrors: RegExp[] }>({
  /** Console errors a test provokes on purpose, such as the browser reporting a 404 document. */
  allowedConsoleErrors: [[], { option: true }],
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

/** Runs axe-core on the page and returns the violations as readable lines. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length} elements)`);
}
