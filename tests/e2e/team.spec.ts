import type { Browser, BrowserContext, Locator, Page } from "@playwright/test";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startSmtpSink, type SmtpSink } from "../fakes/smtp-sink";
import { newDataDir } from "../support/pglite-template";
import { errorLogLines, PROJECT_ROOT, startServer, type ServerProcess } from "../support/server-process";
import { runScript } from "../support/run-script";
import { dashboardHeading, loginHeading, statusConsoleError } from "./admin-support";
import { articleRow, signInThere, signInTo, signOutElsewhere, waitForHydrated, waitForModal } from "./article-admin-support";
import { expect, test } from "./fixtures";
import { exactly, notice } from "./support";
import { createStaffAccount, type StaffAccount } from "./team-support";

/**
 * A newsroom of four on a server of this file's own, mail going to the SMTP sink: the administrator
 * invites an editor, who accepts from the message in a browser of their own; a contributor's draft goes to
 * review with a note, comes back with the editor's note, is fixed and resubmitted, and the editor approves and
 * publishes it for readers; an author cannot open another author's article; suspending someone signs them out.
 */

const SITE_NAME = "Byline Team Desk";
const FORBIDDEN_MESSAGE = "Your role does not allow this. Ask an editor or an administrator.";

const TEXTS = {
  submitted: "Article submitted for review",
  sentBack: "Article sent back with your note",
  published: "Article published successfully",
  updated: "Article updated successfully",
} as const;

/** A row's Status cell (Category, Read Time, Sources, Status, Published, Actions). */
function statusCell(page: Page, title: string): Locator {
  return articleRow(page, title).getByRole("cell").nth(3);
}

/** Opens Article Management, ready for clicks. */
async function openArticles(page: Page, serverUrl: string): Promise<void> {
  const response = await page.goto(`${serverUrl}/admin/articles`);
  expect(response?.status()).toBe(200);
  await waitForHydrated(page.getByRole("link", { name: "New article" }));
}

/** Clicks a row's button, fills the note (when given) in the confirmation, and confirms with `confirm`. */
async function rowAction(
  page: Page,
  title: string,
  { button, dialog, note, confirm }: { button: string; dialog: string; note?: { label: string; text: string }; confirm: string },
): Promise<void> {
  await articleRow(page, title).getByRole("button", { name: button, exact: true }).click();
  const box = page.getByRole("dialog", { name: dialog });
  await waitForModal(box);
  if (note) await box.getByLabel(note.label, { exact: true }).fill(note.text);
  await box.getByRole("button", { name: confirm, exact: true }).click();
  await expect(box).toBeHidden();
}

test.describe("A newsroom of four", () => {
  const run = `${process.pid}-${Date.now().toString(36)}`;
  const dir = path.join(PROJECT_ROOT, "tests", ".tmp", `team-${run}`);
  const dataDir = path.join(dir, "data");
  const password = "team desk correct horse battery";
  const chief: StaffAccount = { username: `chief-${process.pid}`, password, role: "administrator" };
  const writer: StaffAccount = { username: `writer-${process.pid}`, password, role: "author" };
  const otherWriter: StaffAccount = { username: `columnist-${process.pid}`, password, role: "author" };
  const freelancer: StaffAccount = { username: `freelancer-${process.pid}`, password, role: "contributor" };
  const editor = { name: "Edith Okafor", email: `edith-${run}@example.com`, username: `edith-${process.pid}`, password };
  const draft = { title: `Ports Reopen After the Storm ${run}`, excerpt: "Shipping resumes along the coast.", id: 1 };
  const column = { title: `A Columnist's Notebook ${run}`, id: 2 };
  let sink: SmtpSink;
  let server: ServerProcess;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    rmSync(dir, { recursive: true, force: true });
    newDataDir(dataDir);
    // The articles are imported before the accounts exist: an import signs only profiles without an account, and an
    // account made afterwards under the same name takes that profile as its own.
    const file = path.join(dir, "articles.json");
    writeFileSync(
      file,
      JSON.stringify([
        {
          title: draft.title,
          excerpt: draft.excerpt,
          content: "The harbour master said the first ships docked at dawn.",
          category: "Startups",
          author: freelancer.username,
        },
        {
          title: column.title,
          excerpt: "Notes from the week.",
          content: "Only mine.",
          category: "Software",
          author: otherWriter.username,
        },
      ]),
    );
    const imported = await runScript("import", [file], { DATA_DIR: dataDir });
    expect(imported.stdout, imported.stderr).toContain("Imported 2 articles.");
    for (const account of [chief, writer, otherWriter, freelancer]) await createStaffAccount(dataDir, account);
    sink = await startSmtpSink();
    server = await startServer({
      DATA_DIR: dataDir,
      SEED_CONTENT: "none",
      SITE_NAME,
      SMTP_URL: sink.url,
      MAIL_FROM: "Byline Team Desk <desk@byline.example>",
    });
  });

  test.afterAll(async () => {
    const code = server ? await server.stop() : 0;
    await sink?.close();
    rmSync(dir, { recursive: true, force: true });
    expect(code).toBe(0);
    if (server) expect(errorLogLines(server.output())).toEqual([]);
  });

  /** A browser of someone's own, from their own client address (the sign-in budget is per address). */
  async function browserOf(browser: Browser, octet: number): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": `198.51.100.${octet}` } });
    return { context, page: await context.newPage() };
  }

  test("invite an editor, review a contributor's draft twice, publish it; authors keep out of others' articles; suspension signs out", async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    const url = server.url;
    const contexts: BrowserContext[] = [];
    try {
      await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": "198.51.100.80" });
      let link = "";

      await test.step("the administrator invites an editor from the Staff tab", async () => {
        await signInTo(page, url, chief);
        expect((await page.goto(`${url}/admin/staff`))?.status()).toBe(200);
        const form = page.getByRole("region", { name: "Invite someone" });
        await waitForHydrated(form.getByRole("button", { name: "Send invitation" }));
        await form.getByLabel("Name", { exact: true }).fill(editor.name);
        await form.getByLabel("Email", { exact: true }).fill(editor.email);
        await form.getByLabel("Role", { exact: true }).selectOption({ label: "Editor" });
        await form.getByRole("button", { name: "Send invitation" }).click();
        await expect(notice(page, `Invitation sent to ${editor.email}. The link works once, for 24 hours.`)).toBeVisible();
        const shown = page.getByLabel("Invitation link (shown only now)", { exact: true });
        await expect(shown).toHaveValue(/\/auth\/invite\/\S+$/);
        link = await shown.inputValue();
        await expect(
          page.getByRole("region", { name: "Pending invitations" }).getByRole("row", { name: editor.name }),
        ).toBeVisible();
      });

      await test.step("the invitation arrives by mail with the same link", async () => {
        // Found by its address: the file's other test sends an invitation too, in whichever order they run.
        await expect.poll(() => sink.messages.filter((sent) => sent.envelope.to.includes(editor.email)).length).toBe(1);
        const message = sink.messages.find((sent) => sent.envelope.to.includes(editor.email));
        expect(message!.envelope.to).toEqual([editor.email]);
        expect(message!.parsed.subject).toBe(`You are invited to join ${SITE_NAME}`);
        const mailed = /https?:\/\/\S+\/auth\/invite\/[^\s"<>)]+/.exec(message!.parsed.text ?? "")?.[0];
        expect(mailed, "the message carries the link").toBe(link);
      });

      const editorBrowser = await browserOf(browser, 81);
      contexts.push(editorBrowser.context);
      const editorPage = editorBrowser.page;

      await test.step("the invitee opens the link in a browser of their own, chooses a username and password, and is in", async () => {
        // The link names the site's configured address (localhost); the browser asks the server where it listens.
        const { pathname } = new URL(link);
        expect((await editorPage.goto(`${url}${pathname}`))?.status()).toBe(200);
        await expect(editorPage.getByRole("heading", { level: 1, name: `Join ${SITE_NAME}` })).toBeVisible();
        await expect(editorPage.getByText(`Welcome, ${editor.name}. You are invited as an editor.`)).toBeVisible();
        await editorPage.getByLabel("Username", { exact: true }).fill(editor.username);
        await editorPage.getByLabel("Password", { exact: true }).fill(editor.password);
        await editorPage.getByLabel("Password again", { exact: true }).fill(editor.password);
        await editorPage.getByRole("button", { name: "Create my account" }).click();
        await expect(dashboardHeading(editorPage)).toBeVisible();
        expect(new URL(editorPage.url()).pathname).toMatch(/^\/admin(\/articles)?$/);
        await expect(editorPage.getByText(`Welcome, ${editor.name}.`, { exact: false })).toBeVisible();
        await expect(editorPage.getByText("Role: Editor", { exact: true })).toBeVisible();

        // The link was single use.
        const again = await editorPage.request.get(`${url}${pathname}`);
        expect(again.status()).toBe(410);
      });

      const freelancerBrowser = await browserOf(browser, 82);
      contexts.push(freelancerBrowser.context);
      const freelancerPage = freelancerBrowser.page;
      const submitNote = "Quotes are from the harbour master's briefing.";
      const changesNote = "Please name the ports and add when the storm hit.";

      await test.step("the contributor submits their draft with a note", async () => {
        await signInTo(freelancerPage, url, freelancer);
        await openArticles(freelancerPage, url);
        await expect(statusCell(freelancerPage, draft.title)).toHaveText("Draft");
        await expect(articleRow(freelancerPage, draft.title).getByText(`By ${freelancer.username}`)).toBeVisible();
        // A contributor cannot publish, and sees only their own articles.
        await expect(articleRow(freelancerPage, draft.title).getByRole("button", { name: `Publish ${draft.title}` })).toHaveCount(
          0,
        );
        await expect(articleRow(freelancerPage, column.title)).toHaveCount(0);
        await rowAction(freelancerPage, draft.title, {
          button: `Submit ${draft.title} for review`,
          dialog: "Submit for review",
          note: { label: "Note for the editor (optional)", text: submitNote },
          confirm: "Submit",
        });
        await expect(notice(freelancerPage, TEXTS.submitted)).toBeVisible();
        await expect(statusCell(freelancerPage, draft.title)).toHaveText("In review");
        // Once submitted it is the editors' until they send it back.
        await expect(articleRow(freelancerPage, draft.title).getByRole("link", { name: `Edit ${draft.title}` })).toHaveCount(0);
      });

      await test.step("the editor finds it under Needs review and sends it back with a note", async () => {
        await openArticles(editorPage, url);
        const inReview = editorPage.getByLabel("Article statistics", { exact: true });
        await expect(inReview.getByRole("term").filter({ hasText: exactly("In review") })).toBeVisible();
        await editorPage
          .getByRole("search", { name: "Articles" })
          .getByLabel("Status", { exact: true })
          .selectOption({ label: "Needs review" });
        await expect(editorPage).toHaveURL(/status=in_review/);
        await expect(editorPage.getByRole("table", { name: "Articles, newest first" }).getByRole("rowheader")).toHaveCount(1);
        const row = articleRow(editorPage, draft.title);
        await expect(row.getByText(`By ${freelancer.username}`)).toBeVisible();
        await expect(row.getByText(`Note: ${submitNote}`)).toBeVisible();
        await rowAction(editorPage, draft.title, {
          button: `Request changes to ${draft.title}`,
          dialog: "Request changes",
          note: { label: "What should change?", text: changesNote },
          confirm: "Send back",
        });
        await expect(notice(editorPage, TEXTS.sentBack)).toBeVisible();
      });

      await test.step("the contributor sees the note, edits the draft and submits it again", async () => {
        await openArticles(freelancerPage, url);
        await expect(statusCell(freelancerPage, draft.title)).toHaveText("Draft");
        await expect(articleRow(freelancerPage, draft.title).getByText(`Note: ${changesNote}`)).toBeVisible();
        await articleRow(freelancerPage, draft.title)
          .getByRole("link", { name: `Edit ${draft.title}`, exact: true })
          .click();
        const dialog = freelancerPage.getByRole("dialog", { name: "Edit article" });
        await waitForModal(dialog);
        await expect(dialog.getByText(`Review note: ${changesNote}`)).toBeVisible();
        const content = dialog.getByLabel("Content", { exact: true });
        await content.fill("Storm Nadia hit on Monday. The ports of Leith and Rosyth reopened at dawn, the harbour master said.");
        await dialog.getByRole("button", { name: "Save Changes", exact: true }).click();
        await expect(notice(freelancerPage, TEXTS.updated)).toBeVisible();
        await rowAction(freelancerPage, draft.title, {
          button: `Submit ${draft.title} for review`,
          dialog: "Submit for review",
          confirm: "Submit",
        });
        await expect(notice(freelancerPage, TEXTS.submitted)).toBeVisible();
        await expect(statusCell(freelancerPage, draft.title)).toHaveText("In review");
      });

      await test.step("the editor approves and publishes it, and readers see it", async () => {
        await openArticles(editorPage, url);
        await rowAction(editorPage, draft.title, {
          button: `Approve and publish ${draft.title}`,
          dialog: "Publish article",
          confirm: "Publish",
        });
        await expect(notice(editorPage, TEXTS.published)).toBeVisible();
        await expect(statusCell(editorPage, draft.title)).toHaveText("Published");

        const reader = await browserOf(browser, 83);
        contexts.push(reader.context);
        expect((await reader.page.goto(`${url}/article/${draft.id}`))?.status()).toBe(200);
        await expect(reader.page.getByRole("heading", { level: 1, name: draft.title })).toBeVisible();
        await expect(reader.page.getByText("Storm Nadia hit on Monday.", { exact: false })).toBeVisible();
      });

      const writerBrowser = await browserOf(browser, 84);
      contexts.push(writerBrowser.context);
      const writerPage = writerBrowser.page;

      await test.step("an author cannot open another author's article", async () => {
        await signInTo(writerPage, url, writer);
        const response = await writerPage.goto(`${url}/admin/articles/${column.id}/edit`);
        expect(response?.status()).toBe(403);
        await expect(writerPage.getByRole("heading", { level: 1, name: "Not allowed" })).toBeVisible();
        await expect(writerPage.getByText(FORBIDDEN_MESSAGE, { exact: true })).toBeVisible();
        await expect(writerPage.getByText(column.title)).toHaveCount(0);
      });

      await test.step("suspending the author signs them out: their next page is the sign-in screen", async () => {
        expect((await page.goto(`${url}/admin/staff`))?.status()).toBe(200);
        const suspend = page.getByRole("button", { name: `Suspend ${writer.username}`, exact: true });
        await waitForHydrated(suspend);
        await suspend.click();
        await expect(notice(page, "Suspended; 1 session ended. Their articles and byline stay.")).toBeVisible();
        const staffRow = page.getByRole("table", { name: "Staff" }).getByRole("row", { name: new RegExp(`^${writer.username}`) });
        await expect(staffRow.getByRole("cell", { name: "Suspended", exact: true })).toBeVisible();

        const response = await writerPage.goto(`${url}/admin/articles`);
        expect(response?.status()).toBe(401);
        await expect(loginHeading(writerPage)).toBeVisible();
      });
    } finally {
      await Promise.all(contexts.map((context) => context.close()));
    }
  });

  test.describe("when the session ends while an invitation is typed", () => {
    // The post that finds no session is answered 401, which Chromium reports in the console.
    test.use({ allowedConsoleErrors: [statusConsoleError(401)] });

    test("the invitation stays in the form, and is sent once signed in again from the page", async ({ page, context }) => {
      const invitee = { name: "Ola Nordmann", email: `ola-${run}@example.com` };
      await context.setExtraHTTPHeaders({ "X-Forwarded-For": "198.51.100.90" });
      await signInTo(page, server.url, chief);
      await page.goto(`${server.url}/admin/staff`);
      const form = page.getByRole("region", { name: "Invite someone" });
      const pending = page.getByRole("region", { name: "Pending invitations" }).getByRole("row", { name: invitee.name });
      await waitForHydrated(form.getByRole("button", { name: "Send invitation" }));
      await form.getByLabel("Name", { exact: true }).fill(invitee.name);
      await form.getByLabel("Email", { exact: true }).fill(invitee.email);
      await form.getByLabel("Role", { exact: true }).selectOption({ label: "Author" });

      await signOutElsewhere(context, server.url);
      await form.getByRole("button", { name: "Send invitation" }).click();

      const signIn = page.getByRole("dialog", { name: "Sign in again" });
      await waitForModal(signIn);
      await expect(page.getByRole("alert").filter({ hasText: "Not done" })).toHaveText(
        "Not done: your session has ended. Sign in again, then send it again; what you typed is still here. Sign in again",
      );
      await signInThere(signIn, chief);
      await expect(page).toHaveURL(`${server.url}/admin/staff`);
      await expect(form.getByLabel("Name", { exact: true })).toHaveValue(invitee.name);
      await expect(form.getByLabel("Email", { exact: true })).toHaveValue(invitee.email);
      await expect(form.getByLabel("Role", { exact: true })).toHaveValue("author");
      await expect(pending, "nothing was sent while signed out").toHaveCount(0);
      expect(sink.messages.filter((sent) => sent.envelope.to.includes(invitee.email))).toEqual([]);

      await form.getByRole("button", { name: "Send invitation" }).click();
      await expect(notice(page, `Invitation sent to ${invitee.email}. The link works once, for 24 hours.`)).toBeVisible();
      await expect(pending).toBeVisible();
      await expect.poll(() => sink.messages.filter((sent) => sent.envelope.to.includes(invitee.email)).length).toBe(1);
    });
  });
});
