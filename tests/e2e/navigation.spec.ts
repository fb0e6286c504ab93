import type { Browser, Page } from "@playwright/test";
import { rmSync } from "node:fs";
import path from "node:path";
import { newDataDir } from "../support/pglite-template";
import { errorLogLines, PROJECT_ROOT, startServer, type ServerProcess } from "../support/server-process";
import { statusConsoleError } from "./admin-support";
import { signInTo, waitForHydrated } from "./article-admin-support";
import { accessibilityViolations, expect, test } from "./fixtures";
import { notice, sameOriginHeaders } from "./support";
import { createStaffAccount, signedInClient, type StaffAccount } from "./team-support";
import { twoInstancesOnPostgres } from "./two-instances-support";

/**
 * The menus: an administrator edits the header and footer menus at /admin/navigation, from the keyboard, and the
 * reader pages show the change at once; editors and contributors are kept out. A server of its own, on a fresh
 * embedded database, so the other specs keep the specification's menus.
 */

const SAVED = "Menus saved. Every page shows them now.";
const CONFLICT_START = "The menus were changed by someone else since you opened them.";
const SCHEME_REFUSED = "A target is a path on this site (starting with /) or an https:// address.";

/** Opens the tab at `serverUrl` signed in as `account`, from a client address of its own, ready for the keyboard. */
async function openNavigationOn(serverUrl: string, page: Page, account: StaffAccount, octet: number): Promise<void> {
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": `198.51.100.${octet}` });
  await signInTo(page, serverUrl, account);
  const response = await page.goto(`${serverUrl}/admin/navigation`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Navigation", level: 2 })).toBeVisible();
  await waitForHydrated(page.getByRole("button", { name: "Save menus" }));
}

test.describe("the Navigation tab", () => {
  test.describe.configure({ mode: "serial" });
  // The sign-in screen is the admin page's 401; a refused save answers 400 or 409.
  test.use({ allowedConsoleErrors: [statusConsoleError(401, 400, 409)] });

  const run = `${process.pid}-${Date.now().toString(36)}`;
  const dir = path.join(PROJECT_ROOT, "tests", ".tmp", `navigation-${run}`);
  const dataDir = path.join(dir, "data");
  const password = "navigation correct horse battery";
  const chief: StaffAccount = { username: `nav-chief-${process.pid}`, password, role: "administrator" };
  const deputy: StaffAccount = { username: `nav-deputy-${process.pid}`, password, role: "administrator" };
  const editor: StaffAccount = { username: `nav-editor-${process.pid}`, password, role: "editor" };
  const contributor: StaffAccount = { username: `nav-contributor-${process.pid}`, password, role: "contributor" };
  let server: ServerProcess;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    rmSync(dir, { recursive: true, force: true });
    newDataDir(dataDir);
    for (const account of [chief, deputy, editor, contributor]) await createStaffAccount(dataDir, account);
    server = await startServer({ DATA_DIR: dataDir, SEED_CONTENT: "none" });
  });

  test.afterAll(async () => {
    const code = server ? await server.stop() : 0;
    rmSync(dir, { recursive: true, force: true });
    expect(code).toBe(0);
    if (server) expect(errorLogLines(server.output())).toEqual([]);
  });

  const headerLinks = (page: Page) => page.getByRole("navigation", { name: "Main" }).getByRole("link");
  const footerColumn = (page: Page, heading: string) => page.getByRole("navigation", { name: heading, exact: true });

  const openNavigation = (page: Page, account: StaffAccount, octet: number) => openNavigationOn(server.url, page, account, octet);

  test("a fresh install has the specification's header and footer menus", async ({ page }) => {
    await page.goto(`${server.url}/`);
    await expect(headerLinks(page)).toHaveText(["Home", "AI", "Startups", "Mobile", "Cloud", "Security"]);
    await expect(footerColumn(page, "Categories").getByRole("link")).toHaveText([
      "AI",
      "Mobile",
      "Startups",
      "Cloud",
      "Gadgets",
      "Security",
    ]);
    await expect(footerColumn(page, "Company").getByRole("link")).toHaveText([
      "About",
      "Careers",
      "Advertise",
      "Contact",
      "Corrections",
    ]);
    await expect(footerColumn(page, "Legal").getByRole("link")).toHaveText([
      "Terms of Service",
      "Privacy Policy",
      "Cookie Policy",
    ]);
    await expect(
      page.getByText("Technology news for curious readers: AI, startups, mobile, cloud, gadgets, software and security."),
    ).toBeVisible();
  });

  test("an administrator adds Ethics to the footer's Company column and moves a header entry up with the keyboard", async ({
    page,
  }) => {
    await openNavigation(page, chief, 11);
    await expect(page.getByText("No one has changed the menus yet: they are the ones Byline starts with.")).toBeVisible();

    // Add a link to the Company column: the new row's label takes the focus.
    const company = page.getByRole("group", { name: "Column 2" });
    await expect(company.getByLabel("Heading")).toHaveValue("Company");
    await company.getByRole("button", { name: "Add a link to the “Company” column" }).focus();
    await page.keyboard.press("Enter");
    const ethics = page.getByRole("group", { name: "Company link 6" });
    await expect(ethics.getByLabel("Label")).toBeFocused();
    await expect(page.getByRole("status").filter({ hasText: "Added link 6 to the “Company” column." })).toBeAttached();
    await page.keyboard.type("Ethics");
    await ethics.getByLabel("Target").fill("javascript:alert(1)");

    // Move Startups up from the keyboard: the focus stays on its button, and the move is announced.
    const moveUp = page.getByRole("region", { name: "Header menu" }).getByRole("button", { name: "Move up: Startups" });
    await moveUp.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("group", { name: "Header link 2" }).getByLabel("Label")).toHaveValue("Startups");
    await expect(page.getByRole("group", { name: "Header link 3" }).getByLabel("Label")).toHaveValue("AI");
    await expect(moveUp).toBeFocused();
    await expect(
      page.getByRole("status").filter({ hasText: "Moved “Startups” up to position 2 of 6 in the header menu." }),
    ).toBeAttached();

    // A hostile target is refused next to its field, and nothing typed is lost.
    await page.getByRole("button", { name: "Save menus" }).click();
    await expect(ethics.getByText(SCHEME_REFUSED)).toBeVisible();
    await expect(ethics.getByLabel("Target")).toHaveAttribute("aria-invalid", "true");
    await expect(ethics.getByLabel("Label")).toHaveValue("Ethics");
    await expect(page.getByRole("group", { name: "Header link 2" }).getByLabel("Label")).toHaveValue("Startups");

    await ethics.getByLabel("Target").fill("/ethics");
    await expect(ethics.getByText(SCHEME_REFUSED)).toBeHidden();
    await page.getByRole("button", { name: "Save menus" }).click();
    await expect(notice(page, SAVED)).toBeVisible();
    await expect(page.getByRole("table", { name: "Saves" }).getByRole("cell", { name: chief.username })).toBeVisible();

    // Every reader page shows it at once, the cached home page too.
    await page.goto(`${server.url}/`);
    await expect(headerLinks(page)).toHaveText(["Home", "Startups", "AI", "Mobile", "Cloud", "Security"]);
    await expect(footerColumn(page, "Company").getByRole("link", { name: "Ethics" })).toHaveAttribute("href", "/ethics");
    await page.goto(`${server.url}/search`);
    await expect(footerColumn(page, "Company").getByRole("link", { name: "Ethics" })).toBeVisible();
  });

  test("the server refuses a hostile target on its own too, and changes nothing", async ({ page }) => {
    await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": "198.51.100.12" });
    await signInTo(page, server.url, chief);
    const form = { version: "1", "header.0.label": "Home", "header.0.target": "//evil.example", "footer.blurb": "" };
    const refused = await page.request.post(`${server.url}/admin/navigation`, {
      form,
      headers: sameOriginHeaders(server.url),
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(400);
    expect(await (await page.request.get(`${server.url}/`)).text()).not.toContain("evil.example");
  });

  test("two administrators save at once: the second is told, and keeps what they typed", async ({ browser }) => {
    const first = await pageOf(browser);
    const second = await pageOf(browser);
    await openNavigation(first, chief, 13);
    await openNavigation(second, deputy, 14);
    await first.getByLabel("Blurb").fill("Local news for the harbour towns.");
    await first.getByRole("button", { name: "Save menus" }).click();
    await expect(notice(first, SAVED)).toBeVisible();

    await second.getByRole("group", { name: "Header link 1" }).getByLabel("Label").fill("Front page");
    await second.getByRole("button", { name: "Save menus" }).click();
    await expect(second.getByRole("alert")).toContainText(CONFLICT_START);
    await expect(second.getByRole("alert")).toContainText(`Saved meanwhile by ${chief.username}.`);
    await expect(second.getByRole("group", { name: "Header link 1" }).getByLabel("Label")).toHaveValue("Front page");
    // Saving again replaces the other save with what the second administrator has in the form.
    await second.getByRole("button", { name: "Save menus" }).click();
    await expect(notice(second, SAVED)).toBeVisible();
    const home = await (await second.request.get(`${server.url}/`)).text();
    expect(home).toContain(">Front page</a>");
    await Promise.all([first.context().close(), second.context().close()]);
  });

  test("an editor and a contributor get 403 on the Navigation tab and cannot save", async () => {
    for (const [account, octet] of [
      [editor, 21],
      [contributor, 22],
    ] as const) {
      const client = await signedInClient(server.url, account, octet);
      try {
        expect((await client.get(`${server.url}/admin/navigation`)).status(), `${account.role} opens the tab`).toBe(403);
        const posted = await client.post(`${server.url}/admin/navigation`, {
          form: { version: "0", "header.0.label": "Forged", "header.0.target": "/" },
          headers: sameOriginHeaders(server.url),
          maxRedirects: 0,
        });
        expect(posted.status(), `${account.role} saves`).toBe(403);
        const admin = await (await client.get(`${server.url}/admin/articles`)).text();
        expect(admin).not.toContain('href="/admin/navigation"');
      } finally {
        await client.dispose();
      }
    }
    const home = await fetch(`${server.url}/`).then((response) => response.text());
    expect(home).not.toContain("Forged");
  });

  for (const [index, [width, colorScheme]] of (
    [
      [390, "light"],
      [390, "dark"],
      [1280, "light"],
      [1280, "dark"],
    ] as const
  ).entries()) {
    test(`the Navigation tab has no accessibility violations at ${width} px, ${colorScheme}`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme });
      const page = await context.newPage();
      await openNavigation(page, chief, 30 + index);
      if (colorScheme === "dark") await page.evaluate(() => document.documentElement.classList.add("dark"));
      expect(await accessibilityViolations(page)).toEqual([]);
      await context.close();
    });
  }

  async function pageOf(browser: Browser): Promise<Page> {
    const context = await browser.newContext();
    return context.newPage();
  }
});

test.describe("the menus on two instances", () => {
  test.use({ allowedConsoleErrors: [statusConsoleError(401)] });

  const chief: StaffAccount = { username: "menus-chief", password: "menus correct horse battery", role: "administrator" };
  const twins = twoInstancesOnPostgres("menus", {
    SEED_CONTENT: "none",
    ADMIN_USERNAME: chief.username,
    ADMIN_PASSWORD: chief.password,
  });

  test("a save on one instance shows on the other within 2 s, on a page it had cached too", async ({ page }) => {
    // The other instance keeps its /about page with the specification's menus.
    for (let visit = 0; visit < 2; visit += 1) {
      expect(await (await page.request.get(`${twins.second.url}/about`)).text()).not.toContain(">Masthead</a>");
    }
    await openNavigationOn(twins.first.url, page, chief, 40);
    await page.getByRole("button", { name: "Add a link to the header" }).click();
    await page.getByRole("group", { name: "Header link 7" }).getByLabel("Label").fill("Masthead");
    await page.getByRole("group", { name: "Header link 7" }).getByLabel("Target").fill("/masthead");
    await page.getByRole("button", { name: "Save menus" }).click();
    await expect(notice(page, SAVED)).toBeVisible();
    await expect
      .poll(async () => (await (await page.request.get(`${twins.second.url}/about`)).text()).includes(">Masthead</a>"), {
        timeout: 2_000,
        intervals: [100],
      })
      .toBe(true);
  });
});
