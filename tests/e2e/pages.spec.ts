import type { Page } from "@playwright/test";
import { rmSync } from "node:fs";
import path from "node:path";
import { newDataDir } from "../support/pglite-template";
import { errorLogLines, PROJECT_ROOT, startServer, type ServerProcess } from "../support/server-process";
import { statusConsoleError } from "./admin-support";
import { signInTo, waitForHydrated } from "./article-admin-support";
import { accessibilityViolations, expect, test } from "./fixtures";
import { notice } from "./support";
import { createStaffAccount, signedInClient, type StaffAccount } from "./team-support";

/**
 * Pages (decision 039) on a server of this file's own: an editor edits About and reads it on the site, adds
 * /ethics, publishes it and reads it, moves it to another address (the old one answers 301), and a contributor is
 * refused the Pages tab. The admin pages are checked with axe in both themes.
 */

const SAVED = "Page saved.";
const CREATED = "Page created.";

test.describe("Pages", () => {
  test.use({
    extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.61" },
    // A refused save answers 400 or 409; a contributor's visit 403; a draft's address 404.
    allowedConsoleErrors: [statusConsoleError(400, 403, 404, 409)],
  });
  test.describe.configure({ mode: "serial" });

  const run = `${process.pid}-${Date.now().toString(36)}`;
  const dir = path.join(PROJECT_ROOT, "tests", ".tmp", `pages-${run}`);
  const dataDir = path.join(dir, "data");
  const password = "pages correct horse battery";
  const editor: StaffAccount = { username: `pages-editor-${process.pid}`, password, role: "editor" };
  const contributor: StaffAccount = { username: `pages-contrib-${process.pid}`, password, role: "contributor" };
  let server: ServerProcess;
  const url = (address: string) => `${server.url}${address}`;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    rmSync(dir, { recursive: true, force: true });
    newDataDir(dataDir);
    for (const account of [editor, contributor]) await createStaffAccount(dataDir, account);
    server = await startServer({ DATA_DIR: dataDir, SEED_CONTENT: "none" });
  });

  test.afterAll(async () => {
    if (!server) return rmSync(dir, { recursive: true, force: true });
    const code = await server.stop();
    rmSync(dir, { recursive: true, force: true });
    expect(code).toBe(0);
    expect(errorLogLines(server.output())).toEqual([]);
  });

  /** Opens a page's editor from the Pages tab's row. */
  async function openEditor(page: Page, title: string): Promise<void> {
    await page.goto(url("/admin/pages"));
    await page.getByRole("link", { name: `Edit ${title}`, exact: true }).click();
    await expect(page.getByRole("heading", { name: `Edit page: ${title}`, level: 2 })).toBeVisible();
    await waitForHydrated(page.getByRole("button", { name: "Save Changes" }));
  }

  test("an editor edits About and the site shows it at once", async ({ page }) => {
    await signInTo(page, server.url, editor);
    await page.goto(url("/about"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Byline");

    await openEditor(page, "About Us");
    await expect(page.getByLabel("Address", { exact: true })).toHaveValue("about");
    const body = page.getByLabel("Body", { exact: true });
    await expect(body).toHaveValue(/^## Our mission/);
    await body.fill("## Our mission\n\nWe cover the harbour, every day, for {site.name}'s readers.");
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("region", { name: "Preview" })).toContainText(
      "We cover the harbour, every day, for Byline's readers.",
    );
    await page.getByRole("button", { name: "Preview" }).click();
    await page.getByLabel("Heading", { exact: true }).fill("About the Harbour desk");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(notice(page, SAVED)).toBeVisible();

    await page.goto(url("/about"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About the Harbour desk");
    const mission = page.getByRole("region", { name: "Our mission" });
    await expect(mission).toContainText("We cover the harbour, every day, for Byline's readers.");
    await expect(page.getByRole("region", { name: "What we cover" })).toHaveCount(0);

    await test.step("History lists the change and restores the specification's text", async () => {
      await page.goto(url("/admin/pages"));
      await page.getByRole("link", { name: "History of About Us", exact: true }).click();
      await expect(page.getByRole("heading", { name: "History: About Us", level: 2 })).toBeVisible();
      await expect(page.getByRole("table", { name: "Changed fields" })).toContainText("About the Harbour desk");
      await page.getByRole("link", { name: "Restore revision 1", exact: true }).click();
      await page.getByRole("button", { name: "Restore revision 1", exact: true }).click();
      await expect(
        notice(page, "Revision restored. The page shows it now, and the restore is kept as a new revision."),
      ).toBeVisible();
      await page.goto(url("/about"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Byline");
      await expect(page.getByRole("region", { name: "What we cover" })).toBeVisible();
    });
  });

  test("an address the site uses is refused in a sentence, and the form keeps what was typed", async ({ page }) => {
    await signInTo(page, server.url, editor);
    await page.goto(url("/admin/pages/new"));
    await waitForHydrated(page.getByRole("button", { name: "Create page" }));
    await page.getByLabel("Title", { exact: true }).fill("Search tips");
    await page.getByLabel("Address", { exact: true }).fill("search");
    await page.getByRole("button", { name: "Create page" }).click();
    const address = page.getByLabel("Address", { exact: true });
    await expect(address).toHaveAccessibleDescription(
      /The address \/search is used by the site itself\. Please choose another one\./,
    );
    await expect(address).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Search tips");
    await address.fill("Ethics Policy");
    await page.getByRole("button", { name: "Create page" }).click();
    await expect(address).toHaveAccessibleDescription(/lower-case letters \(a-z\), digits and hyphens/);
  });

  test("an editor adds /ethics, publishes it, reads it, and moves it: the old address answers 301", async ({ page }) => {
    await signInTo(page, server.url, editor);
    await page.goto(url("/admin/pages"));
    await page.getByRole("link", { name: "New page" }).click();
    await waitForHydrated(page.getByRole("button", { name: "Create page" }));
    await page.getByLabel("Title", { exact: true }).fill("Ethics policy");
    await page.getByLabel("Address", { exact: true }).fill("ethics");
    await page.getByLabel("Description", { exact: true }).fill("How the newsroom works: sources, corrections, conflicts.");
    await page
      .getByLabel("Body", { exact: true })
      .fill("## Sources\n\nWe name our sources whenever we can.\n\n## Corrections\n\nWe fix mistakes openly.");
    await page.getByRole("button", { name: "Create page" }).click();
    await expect(notice(page, CREATED)).toBeVisible();

    // A new page starts as a draft: readers get a 404.
    expect((await page.request.get(url("/ethics"))).status()).toBe(404);

    await openEditor(page, "Ethics policy");
    await page.getByLabel("Status", { exact: true }).selectOption("published");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(notice(page, SAVED)).toBeVisible();

    const response = await page.goto(url("/ethics"));
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Ethics policy | Byline");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ethics policy");
    await expect(page.getByRole("region", { name: "Corrections" })).toContainText("We fix mistakes openly.");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/ethics$/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      "How the newsroom works: sources, corrections, conflicts.",
    );
    const sitemap = await (await page.request.get(url("/sitemap.xml"))).text();
    expect(sitemap).toMatch(/<url><loc>[^<]*\/ethics<\/loc><lastmod>/);

    await openEditor(page, "Ethics policy");
    await page.getByLabel("Address", { exact: true }).fill("standards");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(notice(page, SAVED)).toBeVisible();

    const moved = await page.request.get(url("/ethics"), { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers()["location"]).toBe("/standards");
    await page.goto(url("/ethics"));
    await expect(page).toHaveURL(/\/standards$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ethics policy");
  });

  test("two editors save the same page: the later save is refused and keeps what was typed", async ({ page, browser }) => {
    await signInTo(page, server.url, editor);
    await openEditor(page, "Privacy Policy");
    const other = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.62" } });
    try {
      const second = await other.newPage();
      await signInTo(second, server.url, editor);
      await openEditor(second, "Privacy Policy");
      await second.getByLabel("Label above the heading", { exact: true }).fill("Your data");
      await second.getByRole("button", { name: "Save Changes" }).click();
      await expect(notice(second, SAVED)).toBeVisible();
    } finally {
      await other.close();
    }
    await page.getByLabel("Heading", { exact: true }).fill("Privacy at Byline");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "changed by someone else" })).toContainText(
      "This page was changed by someone else since you opened it. Nothing was saved: your changes are still in the form.",
    );
    await expect(page.getByLabel("Heading", { exact: true })).toHaveValue("Privacy at Byline");
    await expect(page.getByRole("link", { name: "See what changed" })).toHaveAttribute("href", /\/admin\/pages\/\d+\/history\?/);
  });

  test("Careers' openings can be added, reordered and removed", async ({ page }) => {
    await signInTo(page, server.url, editor);
    await openEditor(page, "Careers");
    const openings = page.getByRole("group", { name: "Openings" });
    await openings.getByRole("button", { name: "Add an opening" }).click();
    await page.getByLabel("Title (opening 4)", { exact: true }).fill("Night Editor");
    await page.getByLabel("Department (opening 4)", { exact: true }).fill("Editorial");
    await page.getByLabel("Place (opening 4)", { exact: true }).fill("Lisbon");
    await page.getByLabel("Kind (opening 4)", { exact: true }).fill("Part-time");
    await openings.getByRole("button", { name: "Move Night Editor up" }).click();
    await expect(openings.getByRole("button", { name: "Move Night Editor up" })).toBeFocused();
    await openings.getByRole("button", { name: "Remove Social Media Manager" }).click();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(notice(page, SAVED)).toBeVisible();

    await page.goto(url("/careers"));
    const positions = page.getByRole("region", { name: "Open positions" }).getByRole("heading", { level: 3 });
    await expect(positions).toHaveText(["Senior Technology Reporter", "Night Editor", "Full-Stack Developer"]);
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Night Editor" }) });
    await expect(card.getByRole("list", { name: "Role details" })).toHaveText("EditorialLisbonPart-time");
  });

  test("a contributor is refused the Pages tab and its editor", async () => {
    const client = await signedInClient(server.url, contributor, 63);
    try {
      for (const address of ["/admin/pages", "/admin/pages/new", "/admin/pages/1/edit", "/admin/pages/1/history"])
        expect((await client.get(url(address), { maxRedirects: 0 })).status(), address).toBe(403);
    } finally {
      await client.dispose();
    }
  });

  for (const scheme of ["light", "dark"] as const) {
    test(`the Pages tab, the editor and History have no accessibility violations in the ${scheme} theme`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.emulateMedia({ colorScheme: scheme });
      await signInTo(page, server.url, editor);
      for (const address of [
        "/admin/pages",
        "/admin/pages/new",
        "/admin/pages/4/edit",
        "/admin/pages/2/edit",
        "/admin/pages/1/history",
      ]) {
        await page.goto(url(address));
        await waitForHydrated(page.getByRole("link", { name: "Pages", exact: true }));
        expect(await accessibilityViolations(page), address).toEqual([]);
      }
    });
  }
});
