import type { Page } from "@playwright/test";
import { pngImage } from "../support/png";
import { signIn, statusConsoleError } from "./admin-support";
import { waitForHydrated } from "./article-admin-support";
import { accessibilityViolations, expect, test } from "./fixtures";
import { notice, published } from "./support";
import { createStaffAccount, signedInClient, type StaffAccount } from "./team-support";
import { twoInstancesOnPostgres } from "./two-instances-support";

/**
 * The whole scenario, as a newsroom that does not cover technology lives it: an administrator makes the demo
 * site The Harbour Ledger from the admin area alone (name, tagline, logo, icon, accent colour, a Climate section with a header
 * entry, a story moved into it and tagged, the section's address changed, About rewritten, an ethics page linked from
 * the footer), on one of two production instances sharing a PostgreSQL database. The other instance shows each change
 * within 2 s without a restart, every old address answers 301 in one hop, and a contributor is kept out of the new
 * tabs. The parts are tested in depth in settings, sections, tags, navigation and pages; this spec walks them together.
 */

const CHIEF: StaffAccount = { username: "ledger-chief", password: "ledger correct horse battery", role: "administrator" };
const CONTRIBUTOR: StaffAccount = {
  username: "ledger-contributor",
  password: "ledger contributor horse battery",
  role: "contributor",
};
const NAME = "The Harbour Ledger";
const story = published.find((article) => article.category === "Cloud")!;

test.describe("making the demo newsroom The Harbour Ledger, on two instances", () => {
  test.describe.configure({ mode: "serial" });
  // The sign-in screen is the admin page's 401.
  test.use({ allowedConsoleErrors: [statusConsoleError(401)] });

  const twins = twoInstancesOnPostgres("ledger", { ADMIN_USERNAME: CHIEF.username, ADMIN_PASSWORD: CHIEF.password });

  /** The other instance's page, as a reader's browser gets it (no redirect followed). */
  const there = (page: Page, path: string) => page.request.get(`${twins.second.url}${path}`, { maxRedirects: 0 });
  /** Waits (at most the 2 s) until the other instance's answer passes `check`. */
  const onTheOtherWithin2s = (check: () => Promise<void>) => expect(check).toPass({ timeout: 2_000, intervals: [100] });

  async function open(page: Page, path: string, heading: string): Promise<void> {
    await signIn(page, `${twins.first.url}${path}`, CHIEF);
    await expect(page.getByRole("heading", { name: heading, level: 2 })).toBeVisible();
  }

  test("the administrator names the newsroom and gives it a logo, an icon and an accent colour", async ({ page }) => {
    // The other instance has the specification's home page in its cache before the change.
    for (let visit = 0; visit < 2; visit += 1) {
      expect(await (await there(page, "/")).text()).toContain("<title>Byline: technology news</title>");
    }

    await open(page, "/admin/settings", "Settings");
    await page.getByLabel("Publication name").fill(NAME);
    await page.getByLabel("Tagline").fill("news from the harbour");
    await page.getByLabel("Description").fill("News from the harbour town and its coast, every morning.");
    await page
      .getByLabel("Upload the logo")
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: pngImage(480, 120, [15, 60, 90]) });
    await expect(page.getByLabel("Logo", { exact: true })).toHaveValue(/^\/uploads\/[0-9a-f]{32}\.png$/);
    const logo = await page.getByLabel("Logo", { exact: true }).inputValue();
    await page
      .getByLabel("Upload the icon")
      .setInputFiles({ name: "icon.png", mimeType: "image/png", buffer: pngImage(512, 512, [15, 60, 90]) });
    await expect(page.getByLabel("Icon", { exact: true })).toHaveValue(/^\/uploads\/[0-9a-f]{32}\.png$/);
    await page.getByLabel("Accent colour", { exact: true }).fill("#0f5132");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(notice(page, "Settings saved. Every page shows them now.")).toBeVisible();

    await onTheOtherWithin2s(async () => {
      const home = await (await there(page, "/")).text();
      expect(home).toContain(`<title>${NAME}: news from the harbour</title>`);
      expect(home).toContain(`<img src="${logo}" alt="${NAME}"`);
      expect(home).toContain("--color-blue-600:#0f5132;");
      expect(home).toMatch(/<link rel="apple-touch-icon" href="\/media\/uploads\/[0-9a-f]{32}\.png\/icon180\.png"/);
    });
    // /favicon.ico leads to the icon made from the upload.
    const favicon = await page.request.get(`${twins.second.url}/favicon.ico`);
    expect(favicon.headers()["content-type"]).toBe("image/x-icon");
    expect(((await (await there(page, "/site.webmanifest")).json()) as { name: string }).name).toBe(NAME);
  });

  test("adds a Climate section, rewrites About and adds an ethics page", async ({ page }) => {
    await open(page, "/admin/sections", "Sections");
    const form = page.getByRole("region", { name: "Add a section" });
    await form.getByLabel("Name").fill("Climate");
    await form.getByLabel("Description").fill("Heat, tides and the harbour's energy transition.");
    await form.getByLabel("Badge colour").fill("#166534");
    await form.getByRole("button", { name: "Add section" }).click();
    await expect(notice(page, 'Section "Climate" added.')).toBeVisible();

    await page.goto(`${twins.first.url}/admin/pages`);
    await page.getByRole("link", { name: "Edit About Us", exact: true }).click();
    await waitForHydrated(page.getByRole("button", { name: "Save Changes" }));
    await page.getByLabel("Heading", { exact: true }).fill("About The Harbour Ledger");
    await page
      .getByLabel("Body", { exact: true })
      .fill("## Our mission\n\n{site.name} reports on the harbour town: its council, its boats and its weather.");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(notice(page, "Page saved.")).toBeVisible();

    await page.goto(`${twins.first.url}/admin/pages`);
    await page.getByRole("link", { name: "New page" }).click();
    await waitForHydrated(page.getByRole("button", { name: "Create page" }));
    await page.getByLabel("Title", { exact: true }).fill("Ethics policy");
    await page.getByLabel("Address", { exact: true }).fill("ethics");
    await page.getByLabel("Description", { exact: true }).fill("How the Ledger works: sources, corrections, conflicts.");
    await page.getByLabel("Body", { exact: true }).fill("## Sources\n\nWe name our sources whenever we can.");
    await page.getByLabel("Status", { exact: true }).selectOption("published");
    await page.getByRole("button", { name: "Create page" }).click();
    await expect(notice(page, "Page created.")).toBeVisible();

    await onTheOtherWithin2s(async () => {
      const climate = await there(page, "/category/climate");
      expect(climate.status()).toBe(200);
      expect(await climate.text()).toContain("Heat, tides and the harbour&#x27;s energy transition.");
      const about = await (await there(page, "/about")).text();
      expect(about).toContain(">About The Harbour Ledger</h1>");
      expect(about).toContain("The Harbour Ledger reports on the harbour town: its council, its boats and its weather.");
      const ethics = await there(page, "/ethics");
      expect(ethics.status()).toBe(200);
      expect(await ethics.text()).toContain("<title>Ethics policy | The Harbour Ledger</title>");
    });
  });

  test("puts Climate in the header and Ethics in the footer", async ({ page }) => {
    await open(page, "/admin/navigation", "Navigation");
    await waitForHydrated(page.getByRole("button", { name: "Save menus" }));
    await page.getByRole("button", { name: "Add a link to the header" }).click();
    const header = page.getByRole("group", { name: "Header link 7" });
    await header.getByLabel("Label").fill("Climate");
    await header.getByLabel("Target").fill("/category/climate");
    await page.getByRole("button", { name: "Add a link to the “Company” column" }).click();
    const footer = page.getByRole("group", { name: "Company link 6" });
    await footer.getByLabel("Label").fill("Ethics");
    await footer.getByLabel("Target").fill("/ethics");
    await page.getByRole("button", { name: "Save menus" }).click();
    await expect(notice(page, "Menus saved. Every page shows them now.")).toBeVisible();

    await onTheOtherWithin2s(async () => {
      const home = await (await there(page, "/")).text();
      expect(home).toContain('href="/category/climate"');
      expect(home).toContain('href="/ethics"');
    });
    await page.goto(`${twins.second.url}/`);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Climate" })).toHaveAttribute(
      "href",
      "/category/climate",
    );
    await expect(
      page.getByRole("navigation", { name: "Company", exact: true }).getByRole("link", { name: "Ethics" }),
    ).toHaveAttribute("href", "/ethics");
  });

  test("moves a Cloud story into Climate and tags it", async ({ page }) => {
    await signIn(page, `${twins.first.url}/admin/articles/${story.id}/edit`, CHIEF);
    const editor = page.getByRole("dialog", { name: "Edit article" });
    await waitForHydrated(editor.getByRole("button", { name: "Save Changes" }));
    await editor.getByLabel("Category", { exact: true }).selectOption("Climate");
    for (const tag of ["Heat wave", "Harbour council"]) {
      await editor.getByLabel("Tags", { exact: true }).fill(tag);
      await editor.getByLabel("Tags", { exact: true }).press("Enter");
    }
    await expect(page.getByRole("list", { name: "Tags of this article" }).getByRole("listitem")).toHaveText([
      "Heat wave",
      "Harbour council",
    ]);
    await editor.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Article updated successfully")).toBeVisible();

    await onTheOtherWithin2s(async () => {
      const html = await (await there(page, `/article/${story.id}`)).text();
      expect(html).toMatch(/Back to (<!-- -->)?Climate/);
      expect(html).toContain('<meta property="article:tag" content="Heat wave"/>');
    });
    await page.goto(`${twins.second.url}/article/${story.id}`);
    await expect(page.getByRole("navigation", { name: "Tags" }).getByRole("link")).toHaveText(["Heat wave", "Harbour council"]);
    await page.getByRole("navigation", { name: "Tags" }).getByRole("link", { name: "Heat wave" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Heat wave" })).toBeVisible();
    await expect(page.getByRole("link", { name: story.title }).first()).toBeVisible();
    await page.goto(`${twins.second.url}/category/climate`);
    await expect(page.getByRole("main").getByRole("link", { name: story.title })).toBeVisible();
    await page.goto(`${twins.second.url}/category/cloud`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cloud News");
    await expect(page.getByRole("main").getByRole("link", { name: story.title })).toHaveCount(0);
  });

  test("changes Climate's address: the old one answers 301 in one hop, and the header follows", async ({ page }) => {
    await open(page, "/admin/sections", "Sections");
    await page.getByRole("link", { name: "Edit Climate" }).click();
    const form = page.getByRole("region", { name: "Edit Climate" });
    await form.getByLabel("Address").fill("climate-and-coast");
    await form.getByRole("button", { name: "Save section" }).click();
    await expect(notice(page, 'Section "Climate" saved.')).toBeVisible();

    await onTheOtherWithin2s(async () => {
      for (const [old, now] of [
        ["/category/climate", "/category/climate-and-coast"],
        ["/category/climate/rss.xml", "/category/climate-and-coast/rss.xml"],
        ["/category/climate/feed.json", "/category/climate-and-coast/feed.json"],
      ] as const) {
        const answer = await there(page, old);
        expect(answer.status(), old).toBe(301);
        expect(answer.headers().location, old).toBe(now);
      }
      // The header's link was typed as the old address; every page now links to the new one, never to a 301.
      const home = await (await there(page, "/")).text();
      expect(home).toContain('href="/category/climate-and-coast"');
      expect(home).not.toContain('href="/category/climate"');
    });
    const moved = await there(page, "/category/climate-and-coast");
    expect(moved.status()).toBe(200);
    expect(await moved.text()).toContain(story.title);
    const sitemap = await (await there(page, "/sitemap.xml")).text();
    expect(sitemap).toContain("/category/climate-and-coast</loc>");
    expect(sitemap).toContain("/ethics</loc>");
  });

  test("a contributor gets 403 on Settings, Navigation and Sections", async () => {
    await createStaffAccount({ DATABASE_URL: twins.databaseUrl }, CONTRIBUTOR);
    const client = await signedInClient(twins.second.url, CONTRIBUTOR, 71);
    try {
      for (const path of ["/admin/settings", "/admin/navigation", "/admin/sections"]) {
        const answer = await client.get(`${twins.second.url}${path}`, { maxRedirects: 0 });
        expect(answer.status(), path).toBe(403);
        expect(await answer.text(), path).not.toContain("Publication name");
      }
      // What a contributor may use is not a blanket refusal.
      expect((await client.get(`${twins.second.url}/admin/articles`)).status()).toBe(200);
    } finally {
      await client.dispose();
    }
  });

  test("the Sections, Tags and Pages tabs are clean for axe at 390 and 1280 px, light and dark", async ({ page }) => {
    test.setTimeout(120_000);
    await open(page, "/admin/sections", "Sections");
    for (const [width, colorScheme] of [
      [390, "light"],
      [390, "dark"],
      [1280, "light"],
      [1280, "dark"],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      for (const [path, heading] of [
        ["/admin/sections", "Sections"],
        ["/admin/tags", "Tags"],
        ["/admin/pages", "Pages"],
      ] as const) {
        await page.goto(`${twins.first.url}${path}`);
        await expect(page.getByRole("heading", { name: heading, level: 2 })).toBeVisible();
        // The dark theme drawn for sure, whether or not the page has applied the emulated preference yet.
        if (colorScheme === "dark") await page.evaluate(() => document.documentElement.classList.add("dark"));
        expect(await accessibilityViolations(page), `${path} at ${width} px, ${colorScheme}`).toEqual([]);
      }
    }
  });
});
