import type { Browser, Page } from "@playwright/test";
import { rmSync } from "node:fs";
import path from "node:path";
import { newDataDir } from "../support/pglite-template";
import { errorLogLines, PROJECT_ROOT, startServer, type ServerProcess } from "../support/server-process";
import { statusConsoleError } from "./admin-support";
import { signInTo, waitForHydrated, waitForModal } from "./article-admin-support";
import { accessibilityViolations, expect, test } from "./fixtures";
import { notice, sameOriginHeaders } from "./support";
import { createStaffAccount, signedInClient, type StaffAccount } from "./team-support";

/**
 * Revisions on a server of this file's own, with two editors: one writes an article, the other changes
 * a word; History lists both revisions with their authors and times in the newsroom's zone and shows the change word
 * by word; the first editor's late save is refused with a link to that change; restoring the first revision puts its
 * text back on the article's public page and is kept as a new revision.
 */

const TIME_ZONE = "Asia/Tokyo";
const UPDATED = "Article updated successfully";
const DRAFT_SAVED = "Article saved as a draft";
const RESTORED = "Revision restored. The article shows it now, and the restore is kept as a new revision.";
const STALE =
  "Failed to update article. Another admin changed this article after you opened it. Copy your changes, reload it, and apply them again.";

function editorDialog(page: Page, heading: "New article" | "Edit article") {
  const dialog = page.getByRole("dialog", { name: heading });
  return {
    dialog,
    title: dialog.getByLabel("Title", { exact: true }),
    excerpt: dialog.getByLabel("Excerpt", { exact: true }),
    category: dialog.getByLabel("Category", { exact: true }),
    readTime: dialog.getByLabel("Reading time (minutes)", { exact: true }),
    content: dialog.getByLabel("Content", { exact: true }),
    save: dialog.getByRole("button", { name: "Save Changes", exact: true }),
    history: dialog.getByRole("link", { name: "History", exact: true }),
  };
}

/** The rows of the History table, each as its cells' text (Revision, Kind, By). */
async function revisionRows(page: Page): Promise<string[][]> {
  const table = page.getByRole("table", { name: "Revisions, newest first" });
  await expect(table).toBeVisible();
  const rows = table.getByRole("row").filter({ has: page.getByRole("rowheader") });
  const result: string[][] = [];
  for (const row of await rows.all()) {
    const header = (await row.getByRole("rowheader").innerText()).trim();
    const cells = await row.getByRole("cell").allInnerTexts();
    result.push([header, ...cells.slice(0, 2).map((cell) => cell.trim())]);
  }
  return result;
}

test.describe("Revisions", () => {
  test.use({
    extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.41" },
    // The refused stale save answers 409, which Chromium reports in the console.
    allowedConsoleErrors: [statusConsoleError(409)],
  });

  const run = `${process.pid}-${Date.now().toString(36)}`;
  const dir = path.join(PROJECT_ROOT, "tests", ".tmp", `revisions-${run}`);
  const dataDir = path.join(dir, "data");
  const password = "revisions correct horse battery";
  const alice: StaffAccount = { username: `rev-alice-${process.pid}`, password, role: "editor" };
  const bruno: StaffAccount = { username: `rev-bruno-${process.pid}`, password, role: "editor" };
  const story = {
    title: `Harbour cranes return ${run}`,
    excerpt: "The port reopens after the storm.",
    first: "The quick brown fox crossed the harbour at dawn.",
    second: "The slow brown fox crossed the harbour at dawn, twice.",
  };
  let server: ServerProcess;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    rmSync(dir, { recursive: true, force: true });
    newDataDir(dataDir);
    for (const account of [alice, bruno]) await createStaffAccount(dataDir, account);
    server = await startServer({ DATA_DIR: dataDir, SEED_CONTENT: "none", TIME_ZONE });
  });

  test.afterAll(async () => {
    if (!server) return rmSync(dir, { recursive: true, force: true });
    const code = await server.stop();
    rmSync(dir, { recursive: true, force: true });
    expect(code).toBe(0);
    expect(errorLogLines(server.output())).toEqual([]);
  });

  /** A second editor in a browser context of their own, from their own client address. */
  async function otherEditor(browser: Browser): Promise<Page> {
    const context = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.42" } });
    const page = await context.newPage();
    await signInTo(page, server.url, bruno);
    return page;
  }

  test("two editors' saves are two revisions; History shows the word-level change, a stale save links to it, and a restore brings the text back", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const url = (address: string) => `${server.url}${address}`;
    await signInTo(page, server.url, alice);

    await test.step("Alice writes the article", async () => {
      await page.goto(url("/admin/articles/new"));
      const form = editorDialog(page, "New article");
      await waitForModal(form.dialog);
      await form.title.fill(story.title);
      await form.excerpt.fill(story.excerpt);
      await form.category.selectOption("Cloud");
      await form.readTime.fill("4");
      await form.content.fill(story.first);
      await form.save.click();
      await expect(notice(page, DRAFT_SAVED)).toBeVisible();
    });
    const id = await (async () => {
      const href = await page
        .getByRole("link", { name: `Edit ${story.title}`, exact: true })
        .first()
        .getAttribute("href");
      const match = /\/admin\/articles\/(\d+)\/edit/.exec(href ?? "");
      expect(match, "the Edit link names the article").not.toBeNull();
      return Number(match![1]);
    })();

    // Alice opens the editor now and keeps it open while Bruno saves.
    await page.goto(url(`/admin/articles/${id}/edit`));
    const alicesEditor = editorDialog(page, "Edit article");
    await waitForModal(alicesEditor.dialog);
    await waitForHydrated(alicesEditor.save);

    await test.step("Bruno changes a word and adds one", async () => {
      const brunoPage = await otherEditor(browser);
      await brunoPage.goto(url(`/admin/articles/${id}/edit`));
      const form = editorDialog(brunoPage, "Edit article");
      await waitForModal(form.dialog);
      await expect(form.content).toHaveValue(story.first);
      await form.content.fill(story.second);
      await form.save.click();
      await expect(notice(brunoPage, UPDATED)).toBeVisible();
      await brunoPage.context().close();
    });

    await test.step("Alice's save of the version she opened is refused, with a link to what changed", async () => {
      await alicesEditor.content.fill("Alice's version, which must not overwrite Bruno's.");
      await alicesEditor.save.click();
      const alert = alicesEditor.dialog.getByRole("alert").filter({ hasText: STALE });
      await expect(alert).toHaveText(`${STALE} See what changed`);
      await alert.getByRole("link", { name: "See what changed", exact: true }).click();
      // Her text is still unsaved: leaving for the comparison asks first.
      const discard = page.getByRole("dialog", { name: "Discard your changes?" });
      await waitForModal(discard);
      await discard.getByRole("button", { name: "Discard changes", exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/articles\/\d+\/history\?from=\d+&to=\d+$/);
    });

    await test.step("History lists both revisions with their authors and shows the word-level diff", async () => {
      await expect(page.getByRole("heading", { name: `History: ${story.title}` })).toBeVisible();
      expect(await revisionRows(page)).toEqual([
        ["Revision 2", "Edited", bruno.username],
        ["Revision 1", "Created", alice.username],
      ]);
      // Times are the newsroom's (TIME_ZONE), whatever the browser's or the test machine's zone.
      const time = page.getByRole("table", { name: "Revisions, newest first" }).locator("time").first();
      const savedAt = await time.getAttribute("datetime");
      const inNewsroom = new Intl.DateTimeFormat("en-US", {
        month: "short",
        day: "numeric",
        year: "numeric",
        hour: "numeric",
        minute: "2-digit",
        timeZone: TIME_ZONE,
        timeZoneName: "short",
      }).format(new Date(savedAt ?? ""));
      await expect(time).toHaveText(inNewsroom);

      const diff = page.getByRole("region", { name: "Changes from revision 1 to revision 2" });
      await expect(diff).toBeVisible();
      await expect(diff.getByRole("deletion").filter({ hasText: "quick" })).toHaveCount(1);
      await expect(diff.getByRole("insertion").filter({ hasText: "slow" })).toHaveCount(1);
      await expect(diff.getByRole("insertion").filter({ hasText: "twice" })).toHaveCount(1);
      await expect(diff.getByRole("deletion").filter({ hasText: "brown" })).toHaveCount(0);
      await expect(diff.getByText(/Legend:/)).toBeVisible();
      // Only the body changed: no table of changed fields.
      await expect(diff.getByRole("table", { name: "Changed fields" })).toHaveCount(0);
      expect(await accessibilityViolations(page)).toEqual([]);
    });

    await test.step("the same revision on both sides has no differences", async () => {
      for (const name of ["Compare revision", "with revision"]) {
        const select = page.getByLabel(name, { exact: true });
        const first = await select.getByRole("option", { name: /^Revision 1 · Created ·/ }).textContent();
        await select.selectOption({ label: first ?? "" });
      }
      await page.getByRole("button", { name: "Compare", exact: true }).click();
      const diff = page.getByRole("region", { name: "Changes from revision 1 to revision 1" });
      await expect(diff.getByText("No differences", { exact: true })).toBeVisible();
    });

    await test.step("publish it: readers see Bruno's text", async () => {
      const published = await page.request.post(url("/admin/articles"), {
        form: { intent: "publish", id: String(id) },
        headers: sameOriginHeaders(server.url),
        maxRedirects: 0,
      });
      expect(published.status()).toBe(303);
      await page.goto(url(`/article/${id}`));
      await expect(page.getByText(story.second, { exact: true })).toBeVisible();
    });

    await test.step("restoring revision 1, after a confirmation, puts Alice's text back for readers", async () => {
      await page.goto(url(`/admin/articles/${id}/history`));
      await page.getByRole("link", { name: "Restore revision 1", exact: true }).click();
      const confirmation = page.getByRole("region", { name: "Restore revision 1?" });
      await expect(confirmation).toBeVisible();
      // The comparison shows what the restore changes: from the current text back to revision 1.
      const diff = page.getByRole("region", { name: "Changes from revision 2 to revision 1" });
      await expect(diff.getByRole("insertion").filter({ hasText: "quick" })).toHaveCount(1);
      await confirmation.getByRole("button", { name: "Restore revision 1", exact: true }).click();

      await expect(notice(page, RESTORED)).toBeVisible();
      expect(await revisionRows(page)).toEqual([
        ["Revision 3", "Restored (from revision 1)", alice.username],
        ["Revision 2", "Edited", bruno.username],
        ["Revision 1", "Created", alice.username],
      ]);
      await page.goto(url(`/article/${id}`));
      await expect(page.getByText(story.first, { exact: true })).toBeVisible();
      await expect(page.getByText(story.second, { exact: true })).toHaveCount(0);
    });

    await test.step("the editor links to History", async () => {
      await page.goto(url(`/admin/articles/${id}/edit`));
      const form = editorDialog(page, "Edit article");
      await waitForModal(form.dialog);
      await expect(form.content).toHaveValue(story.first);
      await form.history.click();
      await expect(page).toHaveURL(url(`/admin/articles/${id}/history`));
      await expect(page.getByRole("heading", { name: `History: ${story.title}` })).toBeVisible();
    });
  });
  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("comparing and restoring are plain forms", async ({ page }) => {
      const url = (address: string) => `${server.url}${address}`;
      const title = `Tide tables printed again ${run}`;
      const fields = { excerpt: "The almanac is back.", category: "Gadgets", readTime: "3", sources: "", image: "" };
      await signInTo(page, server.url, alice);
      const created = await page.request.post(url("/admin/articles/new"), {
        form: { ...fields, title, content: "Printed tables list every high tide." },
        headers: sameOriginHeaders(server.url),
        maxRedirects: 0,
      });
      expect(created.status()).toBe(303);
      await page.goto(url("/admin/articles"));
      const href = await page
        .getByRole("link", { name: `Edit ${title}`, exact: true })
        .first()
        .getAttribute("href");
      const id = Number(/\/admin\/articles\/(\d+)\/edit/.exec(href ?? "")?.[1]);
      const brunoClient = await signedInClient(server.url, bruno, 43);
      const edited = await brunoClient.post(url(`/admin/articles/${id}/edit`), {
        form: { ...fields, title, content: "Printed tables list every low tide." },
        headers: sameOriginHeaders(server.url),
        maxRedirects: 0,
      });
      expect(edited.status()).toBe(303);
      await brunoClient.dispose();

      await page.goto(url(`/admin/articles/${id}/history`));
      const diff = page.getByRole("region", { name: "Changes from revision 1 to revision 2" });
      await expect(diff.getByRole("deletion").filter({ hasText: "high" })).toHaveCount(1);
      await expect(diff.getByRole("insertion").filter({ hasText: "low" })).toHaveCount(1);

      for (const name of ["Compare revision", "with revision"]) {
        const select = page.getByLabel(name, { exact: true });
        const latest = await select.getByRole("option", { name: /^Revision 2 · Edited ·/ }).textContent();
        await select.selectOption({ label: latest ?? "" });
      }
      await page.getByRole("button", { name: "Compare", exact: true }).click();
      await expect(page).toHaveURL(/\?from=\d+&to=\d+$/);
      await expect(
        page.getByRole("region", { name: "Changes from revision 2 to revision 2" }).getByText("No differences", { exact: true }),
      ).toBeVisible();

      await page.getByRole("link", { name: "Restore revision 1", exact: true }).click();
      await page
        .getByRole("region", { name: "Restore revision 1?" })
        .getByRole("button", { name: "Restore revision 1", exact: true })
        .click();
      await expect(notice(page, RESTORED)).toBeVisible();
      expect(await revisionRows(page)).toEqual([
        ["Revision 3", "Restored (from revision 1)", alice.username],
        ["Revision 2", "Edited", bruno.username],
        ["Revision 1", "Created", alice.username],
      ]);
    });
  });
});
