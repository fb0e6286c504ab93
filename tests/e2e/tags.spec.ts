import type { Page } from "@playwright/test";
import { rmSync } from "node:fs";
import path from "node:path";
import { newDataDir } from "../support/pglite-template";
import { errorLogLines, PROJECT_ROOT, startServer, type ServerProcess } from "../support/server-process";
import { statusConsoleError } from "./admin-support";
import { articleRow, signInTo, waitForHydrated, waitForModal } from "./article-admin-support";
import { accessibilityViolations, expect, test } from "./fixtures";
import { notice } from "./support";
import { createStaffAccount, signedInClient, type StaffAccount } from "./team-support";

/**
 * Tags on a server of this file's own: an editor tags two articles in the editor, the second with a
 * suggestion from the first; readers see the tags as links, the tag's page and feed list the published one; the Tags
 * tab renames a tag (its old address and feeds answer 301 in one hop), refuses a bad address with a sentence, and
 * deletes a tag after a real confirmation dialog; a contributor gets 403 there.
 */

const DRAFT_SAVED = "Article saved as a draft";
const PUBLISHED = "Article published successfully";

test.describe("Tags", () => {
  test.use({
    extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.47" },
    // The refused rename answers 400; the deleted tag's page, 404.
    allowedConsoleErrors: [statusConsoleError(400, 404)],
  });

  const run = `${process.pid}-${Date.now().toString(36)}`;
  const dir = path.join(PROJECT_ROOT, "tests", ".tmp", `tags-${run}`);
  const dataDir = path.join(dir, "data");
  const password = "tags desk correct horse battery";
  const editor: StaffAccount = { username: `tags-editor-${process.pid}`, password, role: "editor" };
  const contributor: StaffAccount = { username: `tags-contributor-${process.pid}`, password, role: "contributor" };
  const first = { title: `Model makers meet regulators ${run}`, excerpt: "Talks before the rules apply." };
  const second = { title: `OpenAI answers the EU AI Act ${run}`, excerpt: "What the rules mean for one company." };
  let server: ServerProcess;

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

  /** Writes a new article in the editor; `tag` adds its tags the way a person would. */
  async function writeArticle(page: Page, story: { title: string; excerpt: string }, tag: (page: Page) => Promise<void>) {
    await page.goto(`${server.url}/admin/articles/new`);
    const dialog = page.getByRole("dialog", { name: "New article" });
    await waitForModal(dialog);
    await waitForHydrated(dialog.getByRole("button", { name: "Save Changes", exact: true }));
    await dialog.getByLabel("Title", { exact: true }).fill(story.title);
    await dialog.getByLabel("Excerpt", { exact: true }).fill(story.excerpt);
    await dialog.getByLabel("Content", { exact: true }).fill("The body of the story, long enough to read.");
    await tag(page);
    await dialog.getByRole("button", { name: "Save Changes", exact: true }).click();
    await expect(notice(page, DRAFT_SAVED)).toBeVisible();
  }

  test("an editor tags articles with a suggestion, readers follow the tags, and the Tags tab renames and deletes", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const url = (address: string) => `${server.url}${address}`;
    await signInTo(page, server.url, editor);
    const tags = () => page.getByRole("dialog", { name: "New article" }).getByLabel("Tags", { exact: true });
    const chips = () => page.getByRole("list", { name: "Tags of this article" }).getByRole("listitem");

    await test.step("the first article gets a new tag, typed and added with Enter", async () => {
      await writeArticle(page, first, async () => {
        await tags().fill("OpenAI");
        await tags().press("Enter");
        await expect(chips()).toHaveText(["OpenAI"]);
        await expect(tags()).toHaveValue("");
      });
    });

    await test.step("the second takes OpenAI from the suggestions and adds a new one; a chip can be removed", async () => {
      await writeArticle(page, second, async () => {
        // The existing tag is offered as the field's suggestion.
        const listId = await tags().getAttribute("list");
        await expect(page.locator(`datalist[id="${listId}"] option`)).toHaveAttribute("value", "OpenAI");
        await tags().fill("openai");
        await tags().press("Enter");
        await tags().fill("EU AI Act");
        await page.getByRole("button", { name: "Add tag", exact: true }).click();
        await expect(chips()).toHaveText(["OpenAI", "EU AI Act"]);
        await page.getByRole("button", { name: "Remove tag EU AI Act", exact: true }).click();
        await expect(chips()).toHaveText(["OpenAI"]);
        await expect(tags()).toBeFocused();
        await tags().fill("EU AI Act,");
        await tags().press(",");
        await expect(chips()).toHaveText(["OpenAI", "EU AI Act"]);
        expect(await accessibilityViolations(page)).toEqual([]);
      });
    });

    await test.step("the editor publishes the second article", async () => {
      await waitForHydrated(page.getByRole("link", { name: "New article" }));
      await articleRow(page, second.title)
        .getByRole("button", { name: `Publish ${second.title}`, exact: true })
        .click();
      const box = page.getByRole("dialog", { name: "Publish article" });
      await waitForModal(box);
      await box.getByRole("button", { name: "Publish", exact: true }).click();
      await expect(notice(page, PUBLISHED)).toBeVisible();
    });

    const id = await (async () => {
      const href = await page
        .getByRole("link", { name: `Edit ${second.title}`, exact: true })
        .first()
        .getAttribute("href");
      return Number(/\/admin\/articles\/(\d+)\/edit/.exec(href ?? "")?.[1]);
    })();

    await test.step("readers see the tags as links, in the page's meta and its structured data", async () => {
      const reader = await page
        .context()
        .browser()!
        .newContext({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.48" } });
      const readerPage = await reader.newPage();
      expect((await readerPage.goto(url(`/article/${id}`)))?.status()).toBe(200);
      const tagLinks = readerPage.getByRole("navigation", { name: "Tags" }).getByRole("link");
      await expect(tagLinks).toHaveText(["OpenAI", "EU AI Act"]);
      expect(
        await readerPage
          .locator('meta[property="article:tag"]')
          .evaluateAll((metas) => metas.map((meta) => meta.getAttribute("content"))),
      ).toEqual(["OpenAI", "EU AI Act"]);
      const jsonLd = JSON.parse(
        (await readerPage.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}",
      ) as {
        keywords?: string[];
      };
      expect(jsonLd.keywords).toEqual(["OpenAI", "EU AI Act"]);
      expect(await accessibilityViolations(readerPage)).toEqual([]);

      await tagLinks.filter({ hasText: "OpenAI" }).click();
      await expect(readerPage).toHaveURL(url("/tag/openai"));
      await expect(readerPage.getByRole("heading", { level: 1, name: "OpenAI" })).toBeVisible();
      await expect(readerPage.getByRole("link", { name: second.title }).first()).toBeVisible();
      // The first article is a draft: not for readers.
      await expect(readerPage.getByText(first.title)).toHaveCount(0);
      expect(await accessibilityViolations(readerPage)).toEqual([]);

      const rss = await readerPage.request.get(url("/tag/openai/rss.xml"));
      expect(rss.status()).toBe(200);
      expect(rss.headers()["content-type"]).toContain("application/rss+xml");
      const feed = await rss.text();
      expect(feed).toContain(`<title>${second.title}</title>`);
      expect(feed).not.toContain(first.title);
      const sitemap = await (await readerPage.request.get(url("/sitemap.xml"))).text();
      expect(sitemap).toContain("/tag/openai</loc>");
      await reader.close();
    });

    await test.step("the Tags tab lists them with their counts", async () => {
      await page.goto(url("/admin/tags"));
      await expect(page.getByRole("link", { name: "Tags", exact: true })).toHaveAttribute("aria-current", "page");
      const table = page.getByRole("table", { name: "Tags" });
      // As shown: on a phone the address is under the name, hidden here.
      await expect(table.getByRole("rowheader")).toHaveText(["EU AI Act", "OpenAI"], { useInnerText: true });
      await expect(table.getByRole("row").filter({ hasText: "OpenAI" }).getByRole("cell").nth(1)).toHaveText("2");
      await waitForHydrated(page.getByRole("button", { name: "Rename OpenAI", exact: true }));
      expect(await accessibilityViolations(page)).toEqual([]);
    });

    await test.step("a tag's count lists its articles in Article Management, where the tag can be let go", async () => {
      await page.getByRole("link", { name: "1 article tagged EU AI Act", exact: true }).click();
      await expect(page).toHaveURL(url("/admin/articles?tag=eu-ai-act"));
      const filters = page.getByRole("search", { name: "Articles" });
      await expect(filters.getByText("Articles tagged EU AI Act.")).toBeVisible();
      await expect(articleRow(page, second.title)).toBeVisible();
      await expect(articleRow(page, first.title)).toHaveCount(0);
      expect(await accessibilityViolations(page)).toEqual([]);
      await filters.getByRole("link", { name: "Show articles with any tag" }).click();
      await expect(page).toHaveURL(url("/admin/articles"));
      await expect(articleRow(page, first.title)).toBeVisible();
      await page.goto(url("/admin/tags"));
      await waitForHydrated(page.getByRole("button", { name: "Rename OpenAI", exact: true }));
    });

    await test.step("a bad address is refused next to the field, keeping what was typed", async () => {
      await page.getByRole("button", { name: "Rename OpenAI", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Rename tag" });
      await waitForModal(dialog);
      await dialog.getByLabel("Address", { exact: true }).fill("Open AI");
      await dialog.getByRole("button", { name: "Save", exact: true }).click();
      await expect(dialog.getByLabel("Address", { exact: true })).toHaveValue("Open AI");
      await expect(dialog.getByLabel("Address", { exact: true })).toHaveAccessibleDescription(/only lower-case letters a to z/);
      expect(await accessibilityViolations(page)).toEqual([]);

      await dialog.getByLabel("Address", { exact: true }).fill("open-ai");
      await dialog.getByRole("button", { name: "Save", exact: true }).click();
      await expect(notice(page, "Tag saved as OpenAI at /tag/open-ai.")).toBeVisible();
      await expect(dialog).toBeHidden();
    });

    await test.step("the old address and its feeds answer 301 to the new ones, in one hop", async () => {
      for (const [old, now] of [
        ["/tag/openai", "/tag/open-ai"],
        ["/tag/openai/rss.xml", "/tag/open-ai/rss.xml"],
        ["/tag/openai/feed.json", "/tag/open-ai/feed.json"],
      ]) {
        const response = await page.request.get(url(old!), { maxRedirects: 0 });
        expect(response.status(), old).toBe(301);
        expect(response.headers().location, old).toBe(now);
        expect((await page.request.get(url(now!), { maxRedirects: 0 })).status(), now).toBe(200);
      }
    });

    await test.step("deleting a tag asks first in a dialog, then its articles lose it", async () => {
      await page.getByRole("button", { name: "Delete EU AI Act", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Delete tag" });
      await waitForModal(dialog);
      await expect(dialog).toHaveAccessibleDescription(/Delete the tag EU AI Act\? 1 article will lose it/);
      expect(await dialog.evaluate((node) => node.tagName)).toBe("DIALOG");
      await dialog.getByRole("button", { name: "Delete", exact: true }).click();
      await expect(notice(page, "Tag deleted.")).toBeVisible();
      await expect(page.getByRole("table", { name: "Tags" }).getByRole("rowheader")).toHaveText(["OpenAI"], {
        useInnerText: true,
      });
      expect((await page.request.get(url("/tag/eu-ai-act"), { maxRedirects: 0 })).status()).toBe(404);
      const article = await (await page.request.get(url(`/article/${id}`))).text();
      expect(article).not.toContain('content="EU AI Act"');
    });
  });

  test("a contributor gets 403 on the Tags tab and does not see it", async ({ page }) => {
    const client = await signedInClient(server.url, contributor, 49);
    try {
      expect((await client.get(`${server.url}/admin/tags`, { maxRedirects: 0 })).status()).toBe(403);
    } finally {
      await client.dispose();
    }
    await signInTo(page, server.url, contributor);
    await page.goto(`${server.url}/admin/articles`);
    await expect(page.getByRole("link", { name: "Article Management", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Tags", exact: true })).toHaveCount(0);
  });
});
