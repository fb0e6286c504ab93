import type { Locator, Page } from "@playwright/test";
import { rmSync } from "node:fs";
import path from "node:path";
import { startChatCompletionsServer, type ChatCompletionsServer } from "../fakes/chat-completions-server";
import { newDataDir } from "../support/pglite-template";
import { startNewsFixtures, type NewsFixtures } from "../support/news-fixtures";
import { errorLogLines, PROJECT_ROOT, startServer, type ServerProcess } from "../support/server-process";
import { fromOwnClientAddress } from "./admin-support";
import { articleRow, signInTo, waitForHydrated, waitForModal } from "./article-admin-support";
import { expect, test } from "./fixtures";
import { articleReply, FORM_KEY, type Story } from "./generation-support";
import { notice } from "./support";
import { createStaffAccount, type StaffAccount } from "./team-support";

/**
 * An AI draft and the named editor who takes responsibility for it, on a server of this file's own
 * talking to the fake chat-completions server and the fixture feeds: the editor generates a draft, which waits
 * in review for them; they rewrite part of it and approve it; the article page's "AI-assisted" label opens to
 * the sources, the editor's name and the share of the AI text they rewrote, and the JSON-LD names the editor.
 */

const STORY: Story = {
  title: "Harbour Sensors Learn to Predict Silting Before Dredgers Are Needed",
  excerpt: "Port authorities are trialling models that forecast where channels will silt up, two reports say.",
};
const EDITOR_NAME = "Nadia Brandt";
const JOB_TIMEOUT = 20_000;

function statusBox(page: Page): Locator {
  return page.getByRole("status").filter({ has: page.getByRole("heading", { level: 3 }) });
}

test.describe("AI provenance", () => {
  fromOwnClientAddress();

  const dir = path.join(PROJECT_ROOT, "tests", ".tmp", `team-ai-${process.pid}-${Date.now().toString(36)}`);
  const dataDir = path.join(dir, "data");
  const editor: StaffAccount = { username: `ai-desk-${process.pid}`, password: "ai desk correct horse battery", role: "editor" };
  let chat: ChatCompletionsServer;
  let news: NewsFixtures;
  let server: ServerProcess;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    rmSync(dir, { recursive: true, force: true });
    newDataDir(dataDir);
    await createStaffAccount(dataDir, editor);
    chat = await startChatCompletionsServer();
    news = await startNewsFixtures({ now: new Date() });
    server = await startServer({
      DATA_DIR: dataDir,
      SEED_CONTENT: "none",
      NEWS_FEEDS_FILE: news.feedsFile,
      OPENAI_BASE_URL: chat.url,
      GENERATION_SPACING_MS: "300",
    });
  });

  test.afterAll(async () => {
    const code = server ? await server.stop() : 0;
    await chat?.close();
    await news?.close();
    rmSync(dir, { recursive: true, force: true });
    expect(code).toBe(0);
    if (server) expect(errorLogLines(server.output())).toEqual([]);
  });

  test("an editor's AI draft waits in review, is rewritten in part and approved; the article discloses the approver and the rewrite", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const url = server.url;
    await signInTo(page, url, editor);

    await test.step("the editor signs as a person: their display name on the profile", async () => {
      expect((await page.goto(`${url}/admin/profile`))?.status()).toBe(200);
      const save = page.getByRole("button", { name: "Save profile", exact: true });
      await waitForHydrated(save);
      await page.getByLabel("Display name", { exact: true }).fill(EDITOR_NAME);
      await save.click();
      await expect(notice(page, "Profile saved.")).toBeVisible();
    });

    let id = 0;
    await test.step("the editor generates one AI draft from this week's news", async () => {
      expect((await page.goto(`${url}/admin/generate`))?.status()).toBe(200);
      const form = page.getByRole("form", { name: "Generate articles from this week's news" });
      const button = form.getByRole("button", { name: "Generate 1 AI Article", exact: true });
      await waitForHydrated(button);
      chat.script(articleReply(STORY, { usedItems: [1, 2] }));
      await form.getByLabel("Category", { exact: true }).selectOption("AI");
      await form.getByLabel("OpenAI API key", { exact: true }).fill(FORM_KEY);
      await button.click();
      await expect(statusBox(page).getByRole("heading", { level: 3 })).toHaveText("Article Generated", { timeout: JOB_TIMEOUT });
      const href = await statusBox(page).getByRole("link", { name: STORY.title, exact: true }).getAttribute("href");
      const match = /^\/admin\/articles\/(\d+)\/edit$/.exec(href ?? "");
      expect(match, "the draft's link opens its editor").not.toBeNull();
      id = Number(match![1]);
    });

    await test.step("the draft is in review, marked as an AI draft, and the editor may approve it", async () => {
      expect((await page.goto(`${url}/admin/articles`))?.status()).toBe(200);
      const row = articleRow(page, STORY.title);
      await expect(row.getByRole("cell").nth(3)).toHaveText("In review");
      // Assigned to the editor who started the job.
      await expect(row.getByText(`By Correspondent · AI draft · waiting for ${EDITOR_NAME}`, { exact: true })).toBeVisible();
      await expect(row.getByRole("button", { name: `Approve and publish ${STORY.title}`, exact: true })).toBeVisible();
    });

    await test.step("the editor rewrites the opening and saves", async () => {
      await page.goto(`${url}/admin/articles/${id}/edit`);
      const dialog = page.getByRole("dialog", { name: "Edit article" });
      await waitForModal(dialog);
      const content = dialog.getByLabel("Content", { exact: true });
      await waitForHydrated(content);
      const paragraphs = (await content.inputValue()).split("\n\n");
      expect(paragraphs.length).toBeGreaterThan(6);
      const rewritten = [
        "Two port authorities told reporters this week that sensor buoys now warn them weeks before a channel silts up.",
        ...paragraphs.slice(3),
      ].join("\n\n");
      await content.fill(rewritten);
      await dialog.getByRole("button", { name: "Save Changes", exact: true }).click();
      await expect(notice(page, "Article updated successfully")).toBeVisible();
    });

    await test.step("the editor approves and publishes it", async () => {
      const button = articleRow(page, STORY.title).getByRole("button", {
        name: `Approve and publish ${STORY.title}`,
        exact: true,
      });
      await waitForHydrated(button);
      await button.click();
      const dialog = page.getByRole("dialog", { name: "Publish article" });
      await waitForModal(dialog);
      await dialog.getByRole("button", { name: "Publish", exact: true }).click();
      await expect(notice(page, "Article published successfully")).toBeVisible();
      await expect(articleRow(page, STORY.title).getByRole("cell").nth(3)).toHaveText("Published");
    });

    await test.step("the article page's AI-assisted label opens to the sources, the approving editor and the rewrite share", async () => {
      expect((await page.goto(`${url}/article/${id}`))?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(STORY.title);
      const summary = page.locator("summary").filter({ hasText: "AI-assisted" });
      await expect(summary).toBeVisible();
      const details = page.locator("details").filter({ has: summary });
      const approval = details.getByText(`Approved for publication by ${EDITOR_NAME}`, { exact: false });
      await expect(approval, "closed until the reader opens it").toBeHidden();
      await summary.click();
      await expect(details).toHaveAttribute("open", "");
      await expect(approval).toBeVisible();
      await expect(details.getByText(EDITOR_NAME, { exact: true })).toBeVisible();
      const rewrite = details.getByText(/The editors rewrote (\d+)% of the AI text\./);
      await expect(rewrite).toBeVisible();
      const percent = Number(/rewrote (\d+)%/.exec((await rewrite.textContent()) ?? "")?.[1]);
      expect(percent, "part of the text was rewritten").toBeGreaterThan(0);
      expect(percent).toBeLessThan(100);
      // The sources it was drafted from, linked.
      await expect(details.getByRole("link")).toHaveCount(2);
    });

    await test.step("the JSON-LD names the approving editor", async () => {
      const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
      const documents = blocks.map((text) => JSON.parse(text) as unknown);
      const articles = documents
        .flatMap((document) => (Array.isArray(document) ? (document as unknown[]) : [document]))
        .filter((node): node is Record<string, unknown> => typeof node === "object" && node !== null && "headline" in node);
      expect(articles).toHaveLength(1);
      expect(articles[0]!.editor).toEqual({ "@type": "Person", name: EDITOR_NAME });
    });
  });
});
