import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { newDataDir } from "../support/pglite-template";
import { errorLogLines, PROJECT_ROOT, startServer, type ServerProcess } from "../support/server-process";
import { runScript } from "../support/run-script";
import { signInTo, waitForHydrated, waitForModal } from "./article-admin-support";
import { expect, test } from "./fixtures";
import { notice } from "./support";
import { createStaffAccount, signedInClient, type StaffAccount } from "./team-support";

/**
 * The export from the admin area and the "Updated" line, on a server of this file's own: an
 * administrator downloads the newsroom from the Staff tab, an editor is refused; an editor's edit of a published
 * article shows "Updated {date}" with the very time of its dateModified, in the newsroom's time zone.
 */

// Far from UTC on purpose: the shown day must be the newsroom's, whatever zone the tests run in.
const TIME_ZONE = "Pacific/Kiritimati";
const FORBIDDEN_MESSAGE = "Your role does not allow this. Ask an editor or an administrator.";

test.describe("The newsroom export and the Updated line", () => {
  const run = `${process.pid}-${Date.now().toString(36)}`;
  const dir = path.join(PROJECT_ROOT, "tests", ".tmp", `newsroom-export-${run}`);
  const dataDir = path.join(dir, "data");
  const password = "export desk correct horse battery";
  const chief: StaffAccount = { username: `chief-${process.pid}`, password, role: "administrator" };
  const editor: StaffAccount = { username: `editor-${process.pid}`, password, role: "editor" };
  const story = { title: `Harbour Cranes Go Electric ${run}`, id: 1, publishedAt: "2026-01-05T12:00:00.000Z" };
  let server: ServerProcess;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    rmSync(dir, { recursive: true, force: true });
    newDataDir(dataDir);
    // Imported first: an import signs only profiles without an account, which the editor's account then takes.
    const file = path.join(dir, "articles.json");
    writeFileSync(
      file,
      JSON.stringify([
        {
          title: story.title,
          excerpt: "The port's cranes run on batteries now.",
          content: "The first electric crane lifted its first container at dawn.",
          category: "Gadgets",
          published_at: story.publishedAt,
          created_at: story.publishedAt,
          author: editor.username,
        },
      ]),
    );
    const imported = await runScript("import", [file], { DATA_DIR: dataDir });
    expect(imported.stdout, imported.stderr).toContain("Imported 1 article.");
    for (const account of [chief, editor]) await createStaffAccount(dataDir, account);
    server = await startServer({ DATA_DIR: dataDir, SEED_CONTENT: "none", TIME_ZONE });
  });

  test.afterAll(async () => {
    const code = server ? await server.stop() : 0;
    rmSync(dir, { recursive: true, force: true });
    expect(code).toBe(0);
    // The editor's refused download is a 403 the server answers, not an error it logs.
    if (server) expect(errorLogLines(server.output())).toEqual([]);
  });

  test("an administrator downloads the export from the Staff tab; an editor cannot", async ({ page }) => {
    await signInTo(page, server.url, chief);
    await page.goto(`${server.url}/admin/staff`);
    const section = page.getByRole("region", { name: "Export the newsroom" });
    const link = section.getByRole("link", { name: "Download export", exact: true });
    await expect(link).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^byline-export-\d{4}-\d{2}-\d{2}\.json$/);
    const document = JSON.parse(readFileSync(await download.path(), "utf8")) as {
      format: string;
      articles: { id: number; title: string; status: string; published_at: string }[];
      accounts: Record<string, unknown>[];
    };
    expect(document.format).toBe("byline-export");
    expect(document.articles).toEqual([
      expect.objectContaining({ id: story.id, title: story.title, status: "published", published_at: story.publishedAt }),
    ]);
    expect(document.accounts.map((account) => account.username).sort()).toEqual([chief.username, editor.username].sort());
    expect(JSON.stringify(document)).not.toContain("scrypt");

    const response = await page.request.get(`${server.url}/admin/export.json`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="byline-export-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers()["cache-control"]).toBe("no-store");

    const editorClient = await signedInClient(server.url, editor, 61);
    try {
      const refused = await editorClient.get(`${server.url}/admin/export.json`);
      expect(refused.status()).toBe(403);
      expect(await refused.text()).not.toContain(story.title);
    } finally {
      await editorClient.dispose();
    }
    const anonymous = await page.context().browser()!.newContext();
    try {
      const refused = await anonymous.request.get(`${server.url}/admin/export.json`);
      expect(refused.status()).toBe(401);
    } finally {
      await anonymous.close();
    }
  });

  /** The "Updated" line's `<time>`, found by its text. */
  function updatedLine(page: Page) {
    return page.getByText(/^Updated /);
  }

  test("an edited published article shows Updated with its dateModified, in the newsroom's time zone", async ({ browser }) => {
    const context = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.62" } });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/article/${story.id}`);
      await expect(page.getByRole("heading", { level: 1, name: story.title })).toBeVisible();
      await expect(updatedLine(page)).toHaveCount(0);

      await signInTo(page, server.url, editor);
      await page.goto(`${server.url}/admin/articles/${story.id}/edit`);
      const dialog = page.getByRole("dialog", { name: "Edit article" });
      await waitForModal(dialog);
      const save = dialog.getByRole("button", { name: "Save Changes", exact: true });
      await waitForHydrated(save);
      await dialog
        .getByLabel("Content", { exact: true })
        .fill("The first electric crane lifted its first container at dawn, on time.");
      await save.click();
      await expect(notice(page, "Article updated successfully")).toBeVisible();

      await page.goto(`${server.url}/article/${story.id}`);
      const line = updatedLine(page);
      await expect(line).toBeVisible();
      const time = line.getByRole("time");
      const datetime = (await time.getAttribute("datetime")) ?? "";
      const modified = new Date(datetime);
      expect(Date.now() - modified.getTime(), "the edit's time").toBeLessThan(10 * 60_000);
      const day = new Intl.DateTimeFormat("en-US", {
        month: "short",
        day: "numeric",
        year: "numeric",
        timeZone: TIME_ZONE,
      }).format(modified);
      await expect(line).toHaveText(`Updated ${day}`);
      await expect(time).toHaveText(day);

      const html = await (await page.request.get(`${server.url}/article/${story.id}`)).text();
      const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]+)<\/script>/g)]
        .map(([, json]) => JSON.parse(json!) as Record<string, unknown>)
        .find((data) => data["@type"] === "NewsArticle");
      expect(jsonLd?.dateModified).toBe(datetime);
      expect(jsonLd?.datePublished).toBe(story.publishedAt);
      const modifiedTag = /<meta[^>]*property="article:modified_time"[^>]*>/.exec(html)?.[0] ?? "";
      expect(/content="([^"]*)"/.exec(modifiedTag)?.[1]).toBe(datetime);
      const sitemap = await (await page.request.get(`${server.url}/sitemap.xml`)).text();
      expect(sitemap).toContain(`/article/${story.id}</loc><lastmod>${datetime}</lastmod>`);
    } finally {
      await context.close();
    }
  });

  test("the editor is told the Staff tab is not theirs", async ({ browser }) => {
    const context = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.63" } });
    const page = await context.newPage();
    try {
      await signInTo(page, server.url, editor);
      const response = await page.goto(`${server.url}/admin/staff`);
      expect(response?.status()).toBe(403);
      await expect(page.getByText(FORBIDDEN_MESSAGE)).toBeVisible();
      await expect(page.getByRole("link", { name: "Download export" })).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});
