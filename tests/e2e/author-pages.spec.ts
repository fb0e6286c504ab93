import { rmSync } from "node:fs";
import path from "node:path";
import { newDataDir } from "../support/pglite-template";
import { errorLogLines, PROJECT_ROOT, startServer, type ServerProcess } from "../support/server-process";
import { fromOwnClientAddress, statusConsoleError } from "./admin-support";
import { signInTo, waitForHydrated, waitForModal } from "./article-admin-support";
import { accessibilityViolations, expect, test } from "./fixtures";
import { htmlClasses, notice, siteOrigin } from "./support";
import { createStaffAccount, type StaffAccount } from "./team-support";

/**
 * Author pages and co-authors, on a server of this file's own with three staff accounts made from the
 * shell: an editor writes an article with two co-authors in order, publishes it, and readers find "By A, B and C" with
 * links, the JSON-LD Persons, each author's page and feed, and the author pages in the sitemap.
 */

const SITE_NAME = "Byline Bylines";

test.describe("Author pages and co-authors", () => {
  const run = `${process.pid}-${Date.now().toString(36)}`;
  const dir = path.join(PROJECT_ROOT, "tests", ".tmp", `authors-${run}`);
  const password = "bylines correct horse battery";
  // The author profile of an account made by the CLI signs with the username; its page's slug is made from it.
  const desk: StaffAccount = { username: `desk-${process.pid}`, password, role: "editor" };
  const ada: StaffAccount = { username: `ada-${process.pid}`, password, role: "author" };
  const ben: StaffAccount = { username: `ben-${process.pid}`, password, role: "author" };
  // The editor renames their byline in the Profile tab: the page keeps the address made from the first name.
  const deskName = `Dana Desk ${run}`;
  const deskLink = { label: "Mastodon", url: `https://mastodon.example/@desk${process.pid}` };
  const story = {
    title: `Three Reporters on One Chip ${run}`,
    excerpt: "A foundry story, told by three people.",
    content: "The foundry opened its doors to three reporters at once.",
  };
  let server: ServerProcess;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    rmSync(dir, { recursive: true, force: true });
    newDataDir(dir);
    for (const account of [desk, ada, ben]) await createStaffAccount(dir, account);
    server = await startServer({ DATA_DIR: dir, SEED_CONTENT: "none", SITE_NAME });
  });

  test.afterAll(async () => {
    const code = server ? await server.stop() : 0;
    rmSync(dir, { recursive: true, force: true });
    expect(code).toBe(0);
    if (server) expect(errorLogLines(server.output())).toEqual([]);
  });

  test.use({ allowedConsoleErrors: [statusConsoleError(404)] });
  fromOwnClientAddress();

  test("an editor adds co-authors; the byline, JSON-LD, author pages, feeds and sitemap name them in order", async ({ page }) => {
    test.setTimeout(90_000);
    const url = (pathname: string) => `${server.url}${pathname}`;
    await signInTo(page, server.url, desk);

    await test.step("the editor fills in their profile: a new display name, a bio and a link", async () => {
      await page.goto(url("/admin/profile"));
      const save = page.getByRole("button", { name: "Save profile", exact: true });
      await waitForHydrated(save);
      await page.getByLabel("Display name", { exact: true }).fill(deskName);
      await page.getByLabel("Short bio", { exact: true }).fill("Edits the chips desk.");
      await page.getByLabel("Links", { exact: true }).fill(`${deskLink.label} ${deskLink.url}`);
      await save.click();
      await expect(notice(page, "Profile saved.")).toBeVisible();
    });

    await test.step("the editor writes the article with two co-authors; the same person twice is refused", async () => {
      await page.goto(url("/admin/articles/new"));
      const dialog = page.getByRole("dialog", { name: "New article" });
      await waitForModal(dialog);
      const save = dialog.getByRole("button", { name: "Save Changes", exact: true });
      await waitForHydrated(save);
      await dialog.getByLabel("Title", { exact: true }).fill(story.title);
      await dialog.getByLabel("Excerpt", { exact: true }).fill(story.excerpt);
      await dialog.getByLabel("Content", { exact: true }).fill(story.content);
      // The editor leads the article, so only the others are offered: the two colleagues, and the automated author every
      // newsroom has (a profile without an account), in the database's order of names.
      await expect(dialog.getByLabel("Co-author 1", { exact: true }).getByRole("option")).toHaveText([
        "None",
        "Correspondent",
        ada.username,
        ben.username,
      ]);
      await dialog.getByLabel("Co-author 1", { exact: true }).selectOption({ label: ada.username });
      await dialog.getByLabel("Co-author 2", { exact: true }).selectOption({ label: ada.username });
      await save.click();
      await expect(dialog.getByText("Each person can be a co-author only once.", { exact: true })).toBeVisible();
      await expect(dialog.getByLabel("Co-author 2", { exact: true })).toHaveAccessibleDescription(
        /Each person can be a co-author only once\./,
      );

      await dialog.getByLabel("Co-author 2", { exact: true }).selectOption({ label: ben.username });
      await save.click();
      await expect(notice(page, "Article saved as a draft")).toBeVisible();
    });

    await test.step("reopened, the editor shows the co-authors in order", async () => {
      await page.getByRole("link", { name: `Edit ${story.title}`, exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Edit article" });
      await waitForModal(dialog);
      await expect(dialog.getByLabel("Co-author 1", { exact: true }).locator("option:checked")).toHaveText(ada.username);
      await expect(dialog.getByLabel("Co-author 2", { exact: true }).locator("option:checked")).toHaveText(ben.username);
      await expect(dialog.getByLabel("Co-author 3", { exact: true }).locator("option:checked")).toHaveText("None");
      await dialog.getByRole("link", { name: "Cancel", exact: true }).click();
      await expect(dialog).toHaveCount(0);
    });

    await test.step("the editor publishes it", async () => {
      await page.getByRole("button", { name: `Publish ${story.title}`, exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Publish article" });
      await waitForModal(dialog);
      await dialog.getByRole("button", { name: "Publish", exact: true }).click();
      await expect(notice(page, "Article published successfully")).toBeVisible();
    });

    let articleUrl = "";
    await test.step("a co-author's page lists the article, with a feed linked", async () => {
      const response = await page.goto(url(`/author/${ada.username}`));
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(ada.username);
      await expect(page).toHaveTitle(`${ada.username} | ${SITE_NAME}`);
      const card = page.getByRole("link", { name: story.title, exact: true });
      await expect(card).toBeVisible();
      articleUrl = url((await card.getAttribute("href")) ?? "");
      await expect(page.getByRole("link", { name: `RSS feed of ${ada.username}`, exact: true })).toHaveAttribute(
        "href",
        `/author/${ada.username}/rss.xml`,
      );
      const alternate = (type: string) =>
        page.locator(`link[rel="alternate"][type="${type}"][title="${ada.username} on ${SITE_NAME}"]`);
      await expect(alternate("application/rss+xml")).toHaveAttribute("href", `/author/${ada.username}/rss.xml`);
      // The same feed as JSON Feed 1.1.
      await expect(alternate("application/feed+json")).toHaveAttribute("href", `/author/${ada.username}/feed.json`);
      // The card names the lead author, linked to their page.
      await expect(page.getByRole("link", { name: deskName, exact: true })).toHaveAttribute("href", `/author/${desk.username}`);
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.emulateMedia({ colorScheme: "dark" });
      await page.reload();
      expect(await htmlClasses(page)).toContain("dark");
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.emulateMedia({ colorScheme: "light" });
    });

    await test.step('the article page says "By A, B and C", each linked to their page', async () => {
      await page.goto(articleUrl);
      const article = page.getByRole("article").filter({ has: page.getByRole("heading", { level: 1 }) });
      await expect(article.getByText(`By ${deskName}, ${ada.username} and ${ben.username}`, { exact: true })).toBeVisible();
      for (const [name, account] of [
        [deskName, desk],
        [ada.username, ada],
        [ben.username, ben],
      ] as const) {
        await expect(article.getByRole("link", { name, exact: true })).toHaveAttribute("href", `/author/${account.username}`);
      }
      const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}") as {
        author?: unknown;
      };
      const origin = siteOrigin(server.url);
      expect(jsonLd.author).toEqual([
        {
          "@type": "Person",
          name: deskName,
          url: `${origin}/author/${desk.username}`,
          jobTitle: "Editor",
          sameAs: [deskLink.url],
        },
        { "@type": "Person", name: ada.username, url: `${origin}/author/${ada.username}`, jobTitle: "Staff Writer" },
        { "@type": "Person", name: ben.username, url: `${origin}/author/${ben.username}`, jobTitle: "Staff Writer" },
      ]);

      await article.getByRole("link", { name: deskName, exact: true }).click();
      await expect(page).toHaveURL(url(`/author/${desk.username}`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(deskName);
      await expect(page.getByText("Edits the chips desk.", { exact: true })).toBeVisible();
      await expect(page.getByRole("link", { name: deskLink.label, exact: true })).toHaveAttribute("href", deskLink.url);
      await expect(page.getByRole("link", { name: story.title, exact: true })).toBeVisible();
    });

    await test.step("each author's feed contains the article with its three creators", async () => {
      for (const account of [desk, ada]) {
        const response = await page.request.get(url(`/author/${account.username}/rss.xml`));
        expect(response.status()).toBe(200);
        expect(response.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
        const xml = await response.text();
        expect(xml).toContain(`<title>${story.title}</title>`);
        expect(xml).toContain(
          `<dc:creator>${deskName}</dc:creator>\n<dc:creator>${ada.username}</dc:creator>\n<dc:creator>${ben.username}</dc:creator>`,
        );
      }
      expect((await page.request.get(url("/author/nobody-at-all/rss.xml"))).status()).toBe(404);
    });

    await test.step("the sitemap lists the three author pages; an unknown author is the site's 404 page", async () => {
      const sitemap = await (await page.request.get(url("/sitemap.xml"))).text();
      for (const account of [desk, ada, ben]) expect(sitemap).toContain(`/author/${account.username}</loc>`);

      const missing = await page.goto(url("/author/nobody-at-all"));
      expect(missing?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    });
  });
});
