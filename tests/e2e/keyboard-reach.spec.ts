import type { Locator, Page } from "@playwright/test";
import { E2E_ADMIN, fromOwnClientAddress } from "./admin-support";
import { signInTo } from "./article-admin-support";
import { accessibilityViolations, expect, test } from "./fixtures";
import { appUrl, articlePath, published } from "./support";

/**
 * Keyboard reach: a box that scrolls sideways (an article's table on a phone, the admin area's wide
 * tables) is in the tab order with a name, so a keyboard user can reach it and scroll it with the arrow keys.
 */

fromOwnClientAddress();
test.use({ viewport: { width: 360, height: 740 } });

/** A published demo article whose body has a table. */
const withTable = published.find((article) => article.content.includes("|---|"))!;
/** The table's column headings, which name its region. */
const headings = (/^\|(.+)\|\s*\n\|[-| :]+\|/m.exec(withTable.content)?.[1] ?? "").split("|").map((cell) => cell.trim());

/** Presses Tab until `target` has the focus, as a keyboard user would; fails if it is never reached. */
async function tabTo(page: Page, target: Locator, most = 80): Promise<void> {
  for (let presses = 0; presses < most; presses += 1) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((node) => node === document.activeElement)) return;
  }
  throw new Error(`${most} presses of Tab never reached the element`);
}

test("an article's table, wider than a phone, is reached with Tab and scrolled with the arrow keys", async ({ page }) => {
  expect(withTable, "a published demo article with a table").toBeDefined();
  await page.goto(articlePath(withTable));
  const table = page.getByRole("region", { name: `Table: ${headings.join(", ")}` });
  await expect(table).toBeVisible();
  // Wider than the screen: there is something to scroll to.
  expect(await table.evaluate((node) => node.scrollWidth > node.clientWidth)).toBe(true);
  expect(await table.evaluate((node) => node.scrollLeft)).toBe(0);

  await tabTo(page, table);
  await expect(table).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => table.evaluate((node) => node.scrollLeft)).toBeGreaterThan(0);
  await page.keyboard.press("ArrowLeft");
  await expect.poll(() => table.evaluate((node) => node.scrollLeft)).toBe(0);

  expect(await accessibilityViolations(page), "axe on the article with its table").toEqual([]);
});

test("the admin area's wide tables are named regions in the tab order", async ({ page }) => {
  await signInTo(page, appUrl(), E2E_ADMIN);
  await page.goto("/admin/staff");
  const staff = page.getByRole("table", { name: "Staff", exact: true });
  await expect(staff).toBeVisible();
  // The box around the table (inside the section of the same name) scrolls it.
  const box = page.getByRole("region", { name: "Staff", exact: true }).filter({ has: staff }).last();
  await expect(box).toHaveAttribute("tabindex", "0");
  await tabTo(page, box);
  await expect(box).toBeFocused();
  expect(await accessibilityViolations(page), "axe on Staff").toEqual([]);
});
