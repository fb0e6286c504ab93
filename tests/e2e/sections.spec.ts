import { type Page } from "@playwright/test";
import { signIn, statusConsoleError } from "./admin-support";
import { accessibilityViolations, expect, test } from "./fixtures";
import { notice, published } from "./support";
import { twoInstancesOnPostgres } from "./two-instances-support";

/**
 * The sections (decision 042): an editor adds a section, moves a story into it, changes its address and deletes
 * it, and a second production instance on the same PostgreSQL database follows every change without a restart, while
 * every old address answers 301 in one hop. Needs TEST_DATABASE_URL, a PostgreSQL server (.ci/run sets it); without it the test fails, never skips.
 */

const CHIEF = { username: "sections-chief", password: "sections correct horse battery" };
const story = published.find((article) => article.category === "Security")!;

test.describe("the newsroom's sections on two instances", () => {
  test.describe.configure({ mode: "serial" });
  // The sign-in screen is the admin page's 401; a refused form answers 400.
  test.use({ allowedConsoleErrors: [statusConsoleError(401, 400)] });

  const twins = twoInstancesOnPostgres("sections", { ADMIN_USERNAME: CHIEF.username, ADMIN_PASSWORD: CHIEF.password });

  /** The other instance's answer to a path, without following a redirect. */
  const there = (page: Page, path: string) => page.request.get(`${twins.second.url}${path}`, { maxRedirects: 0 });

  async function openSections(page: Page, path = "/admin/sections"): Promise<void> {
    await signIn(page, `${twins.first.url}${path}`, CHIEF);
    await expect(page.getByRole("heading", { name: "Sections", level: 2 })).toBeVisible();
  }

  test("lists the specification's seven, and refuses a badge colour nobody could read", async ({ page }) => {
    await openSections(page);
    const table = page.getByRole("table", { name: "Sections" });
    await expect(table.getByRole("row")).toHaveCount(8);
    await expect(table.getByRole("row").nth(1)).toContainText("AI/category/ai");
    await expect(table.getByRole("row").nth(1)).toContainText("1st tile");
    expect(await accessibilityViolations(page)).toEqual([]);

    const form = page.getByRole("region", { name: "Add a section" });
    await form.getByLabel("Name").fill("Climate");
    await expect(form.getByLabel("Address")).toHaveValue("climate");
    await form.getByLabel("Badge colour").fill("#fde047");
    await form.getByRole("button", { name: "Add section" }).click();
    await expect(form.getByRole("alert").filter({ hasText: /\S/ })).toHaveText("Please correct the highlighted fields.");
    await expect(
      form.getByText(/^This colour reaches \d+(\.\d+)?:1 on its badge in the light theme; text needs 4\.5:1/).first(),
    ).toBeVisible();
    await expect(form.getByLabel("Name")).toHaveValue("Climate");
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  test("adds Climate with a tile on the home page, and the other instance shows it at once", async ({ page }) => {
    await openSections(page);
    const form = page.getByRole("region", { name: "Add a section" });
    await form.getByLabel("Name").fill("Climate");
    await form.getByLabel("Description").fill("Heat, weather and the energy transition.");
    await form.getByLabel("Badge colour").fill("#166534");
    await form.getByLabel("Home page").selectOption({ label: "4th tile" });
    await form.getByLabel("Feed keywords").fill("climate, emissions\nheat wave");
    await form.getByRole("button", { name: "Add section" }).click();
    await expect(notice(page, 'Section "Climate" added.')).toBeVisible();
    await expect(page.getByRole("table", { name: "Sections" }).getByRole("row")).toHaveCount(9);

    await expect(async () => {
      const section = await there(page, "/category/climate");
      expect(section.status()).toBe(200);
      const html = await section.text();
      expect(html).toMatch(/>Climate(<!-- -->)? News<\/h1>/);
      expect(html).toContain("Heat, weather and the energy transition.");
    }).toPass({ timeout: 2_000 });
    await page.goto(`${twins.second.url}/`);
    const explore = page.getByRole("region", { name: "Explore by Category" });
    await expect(explore.getByRole("link")).toHaveCount(4);
    await expect(explore.getByRole("link", { name: /^Climate\b/ })).toHaveAttribute("href", "/category/climate");
  });

  test("moves a story into Climate from the editor, and its badge and link follow", async ({ page }) => {
    await signIn(page, `${twins.first.url}/admin/articles/${story.id}/edit`, CHIEF);
    // The editor is a dialog over the list, whose filters have a Category select of their own.
    const editor = page.getByRole("dialog", { name: "Edit article" });
    await editor.getByLabel("Category", { exact: true }).selectOption("Climate");
    await editor.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Article updated successfully")).toBeVisible();

    await expect(async () => {
      const html = await (await there(page, `/article/${story.id}`)).text();
      expect(html).toContain('href="/category/climate"');
      expect(html).toMatch(/Back to (<!-- -->)?Climate/);
    }).toPass({ timeout: 2_000 });
    await page.goto(`${twins.second.url}/category/climate`);
    await expect(page.getByRole("link", { name: story.title }).first()).toBeVisible();
  });

  test("changes Climate's address: the old page and feeds answer 301 to the new ones, in one hop", async ({ page }) => {
    await openSections(page);
    await page.getByRole("link", { name: "Edit Climate" }).click();
    const form = page.getByRole("region", { name: "Edit Climate" });
    await form.getByLabel("Address").fill("climate-and-energy");
    await expect(form.getByText("/category/climate will send readers there.")).toBeVisible();
    await form.getByRole("button", { name: "Save section" }).click();
    await expect(notice(page, 'Section "Climate" saved.')).toBeVisible();

    await expect(async () => {
      const old = await there(page, "/category/climate?page=1");
      expect(old.status()).toBe(301);
      expect(old.headers().location).toBe("/category/climate-and-energy?page=1");
    }).toPass({ timeout: 2_000 });
    for (const feed of ["rss.xml", "feed.json"]) {
      const answer = await there(page, `/category/climate/${feed}`);
      expect(answer.status()).toBe(301);
      expect(answer.headers().location).toBe(`/category/climate-and-energy/${feed}`);
    }
    const rss = await (await there(page, "/category/climate-and-energy/rss.xml")).text();
    expect(rss).toContain("<link>http");
    expect(rss).toContain(`<title>${story.title}</title>`);
    const sitemap = await (await there(page, "/sitemap.xml")).text();
    expect(sitemap).toContain("/category/climate-and-energy</loc>");
    expect(sitemap).not.toContain("/category/climate</loc>");
  });

  test("deletes Climate by moving its story to Security, and every old address leads there", async ({ page }) => {
    await openSections(page, "/admin/sections");
    await page.getByRole("link", { name: "Edit Climate" }).click();
    const deletion = page.getByRole("region", { name: "Delete Climate" });
    await deletion.getByLabel("Move its 1 article to").selectOption({ label: "Security" });
    await deletion.getByRole("button", { name: "Delete section" }).click();
    await expect(notice(page, 'Section "Climate" deleted. 1 article moved to Security.')).toBeVisible();
    await expect(page.getByRole("table", { name: "Sections" }).getByRole("row")).toHaveCount(8);

    await expect(async () => {
      for (const old of ["/category/climate", "/category/climate-and-energy"]) {
        const answer = await there(page, old);
        expect(answer.status(), old).toBe(301);
        expect(answer.headers().location, old).toBe("/category/security");
      }
      const html = await (await there(page, `/article/${story.id}`)).text();
      expect(html).toMatch(/Back to (<!-- -->)?Security/);
    }).toPass({ timeout: 2_000 });
  });
});
