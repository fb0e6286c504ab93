import { eq } from "drizzle-orm";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "../../app/db/client.server";
import { articles, newsletterDeliveries, newsletterIssues, newsletterSubscribers } from "../../app/db/schema";
import { startSmtpSink, type SmtpSink } from "../fakes/smtp-sink";
import { newDataDir } from "../support/pglite-template";
import { pngImage } from "../support/png";
import { errorLogLines, PROJECT_ROOT, startServer, type ServerProcess } from "../support/server-process";
import { runScript } from "../support/run-script";
import { fromOwnClientAddress, statusConsoleError } from "./admin-support";
import { articleRow, signInThere, signInTo, signOutElsewhere, waitForHydrated, waitForModal } from "./article-admin-support";
import type { Page } from "@playwright/test";
import { accessibilityViolations, expect, test } from "./fixtures";
import { exactly, notice } from "./support";
import { createStaffAccount, type StaffAccount } from "./team-support";

/**
 * Corrections and updates on a server of this file's own (so the shared server's reader pages keep their
 * numbers), mail going to the SMTP sink. An editor adds a correction to a published story from Article Management:
 * readers see the "Correction" box with its note and time, the JSON-LD carries the CorrectionComment and the new
 * dateModified, /corrections lists it and its feed carries it; the one newsletter reader who received the story gets
 * one correction notice with an unsubscribe link.
 */

const TIME_ZONE = "America/Chicago";

/** "Nov 26, 2026, 1:30 AM CST": a moment as the newsroom shows it. */
function newsroomTime(value: string): string {
  return new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: TIME_ZONE,
    timeZoneName: "short",
  }).format(new Date(value));
}

fromOwnClientAddress();

test.describe("Corrections and updates", () => {
  const run = `${process.pid}-${Date.now().toString(36)}`;
  const dir = path.join(PROJECT_ROOT, "tests", ".tmp", `corrections-${run}`);
  const dataDir = path.join(dir, "data");
  const editor: StaffAccount = {
    username: `copy-desk-${process.pid}`,
    password: "copy desk correct horse battery",
    role: "editor",
  };
  const story = { title: `Harbour Cranes Go Electric ${run}`, id: 0, publishedAt: new Date(Date.now() - 3 * 86_400_000) };
  /** A story waiting for review, for the row actions' dialog. */
  const inReview = { title: `Ferry Timetable Changes ${run}` };
  const reader = `reader-${run}@example.com`;
  const note = "An earlier version said the cranes were built in 2019; they were built in 2021.";
  let sink: SmtpSink;
  let server: ServerProcess;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    rmSync(dir, { recursive: true, force: true });
    newDataDir(dataDir);
    await createStaffAccount(dataDir, editor);
    const file = path.join(dir, "articles.json");
    writeFileSync(
      file,
      JSON.stringify([
        {
          title: story.title,
          excerpt: "The port's cranes now run on electricity.",
          content: "The port replaced its diesel cranes with electric ones.",
          category: "Gadgets",
          author: "Port Desk",
          published_at: story.publishedAt.toISOString(),
        },
        {
          title: inReview.title,
          excerpt: "The winter timetable starts a week early.",
          content: "The ferry company moves its winter timetable forward by a week.",
          category: "Gadgets",
          author: "Port Desk",
        },
      ]),
    );
    const imported = await runScript("import", [file], { DATA_DIR: dataDir });
    expect(imported.stdout, imported.stderr).toContain("Imported 2 articles");

    // A reader who received the story in last week's newsletter, as the sender left the rows.
    const database = await openDatabase({ driver: "pglite", dataDir: path.join(dataDir, "db") });
    try {
      const [row] = await database.db.select({ id: articles.id }).from(articles).where(eq(articles.title, story.title));
      story.id = row!.id;
      // Submitted for review by its author, as the list's Submit leaves it.
      await database.db.update(articles).set({ status: "in_review" }).where(eq(articles.title, inReview.title));
      const [subscriber] = await database.db
        .insert(newsletterSubscribers)
        .values({ email: reader, status: "active" })
        .returning({ id: newsletterSubscribers.id });
      const [issue] = await database.db
        .insert(newsletterIssues)
        .values({ subject: "Last week", html: "<p>Hi</p>", text: "Hi", articleIds: [story.id], status: "sent" })
        .returning({ id: newsletterIssues.id });
      await database.db.insert(newsletterDeliveries).values({
        issueId: issue!.id,
        subscriberId: subscriber!.id,
        email: reader,
        status: "sent",
        attempts: 1,
        sentAt: new Date(),
      });
    } finally {
      await database.close();
    }

    sink = await startSmtpSink();
    server = await startServer({
      DATA_DIR: dataDir,
      SEED_CONTENT: "none",
      SITE_NAME: "Byline Corrections Desk",
      TIME_ZONE,
      SMTP_URL: sink.url,
      MAIL_FROM: "Byline <desk@byline.example>",
    });
  });

  test.afterAll(async () => {
    const code = server ? await server.stop() : 0;
    await sink?.close();
    const errors = server ? errorLogLines(server.output()) : [];
    rmSync(dir, { recursive: true, force: true });
    expect(code).toBe(0);
    expect(errors, "the server logged no unexpected error").toEqual([]);
  });

  test.describe("when the session ends while a form is being filled in", () => {
    // The post that finds no session is answered 401, which Chromium reports in the console.
    test.use({ allowedConsoleErrors: [statusConsoleError(401)] });

    /** The Sign in again dialog over the page, its sentence, and signing in there. */
    async function signInAgain(page: Page) {
      const signIn = page.getByRole("dialog", { name: "Sign in again" });
      await waitForModal(signIn);
      await expect(signIn).toHaveAccessibleDescription(
        "Your session has ended. Sign in to go on; this page stays as you left it.",
      );
      await expect(signIn.getByLabel("Username", { exact: true }), "the sign-in takes the focus").toBeFocused();
      await signInThere(signIn, editor);
    }

    const notDone =
      "Not done: your session has ended. Sign in again, then send it again; what you typed is still here. Sign in again";

    test("a correction note and a profile keep what was typed; signed in again there, sending it again saves it", async ({
      page,
      context,
    }) => {
      const url = (address: string) => `${server.url}${address}`;
      await signInTo(page, server.url, editor);

      await test.step("a note sent after the session ended stays in its field, with the reason", async () => {
        await page.goto(url(`/admin/articles/${story.id}/corrections`));
        await waitForHydrated(page.getByRole("button", { name: "Add note" }));
        await page.getByRole("radio", { name: "Update", exact: true }).check();
        const typed = "The port's second terminal switches to electric cranes next spring.";
        await page.getByLabel("Note", { exact: true }).fill(typed);
        await signOutElsewhere(context, server.url);
        await page.getByRole("button", { name: "Add note" }).click();

        const signIn = page.getByRole("dialog", { name: "Sign in again" });
        await waitForModal(signIn);
        expect.soft(await accessibilityViolations(page), "the sign-in dialog").toEqual([]);
        await page.keyboard.press("Escape");
        await expect(signIn).toBeHidden();
        const message = page.getByRole("alert").filter({ hasText: "Not done" });
        await expect(message).toHaveText(notDone);
        await expect(page.getByLabel("Note", { exact: true })).toHaveValue(typed);
        await expect(page.getByRole("heading", { name: "Admin Access" }), "not the login screen").toHaveCount(0);

        await message.getByRole("button", { name: "Sign in again", exact: true }).click();
        await signInAgain(page);
        await expect(message).toHaveCount(0);
        await expect(page).toHaveURL(url(`/admin/articles/${story.id}/corrections`));
        await expect(page.getByLabel("Note", { exact: true })).toHaveValue(typed);
        await expect(page.getByRole("radio", { name: "Update", exact: true })).toBeChecked();
        await page.getByRole("button", { name: "Add note" }).click();
        await expect(notice(page, "Update added.")).toBeVisible();
        const added = page.getByRole("listitem").filter({ hasText: typed });
        await expect(added).toBeVisible();

        // Gone again, so that the other test finds the story as imported.
        await added.getByRole("button", { name: /^Delete the update of / }).click();
        await expect(notice(page, "Note deleted.")).toBeVisible();
        await expect(added).toHaveCount(0);
      });

      await test.step("so does a profile, whether it is saved or a photo is uploaded", async () => {
        await page.goto(url("/admin/profile"));
        const bio = page.getByLabel("Short bio", { exact: true });
        const upload = page.getByLabel("Upload a photo", { exact: true });
        const photo = { name: "desk.png", mimeType: "image/png", buffer: pngImage(48, 48, [200, 120, 40]) };
        await waitForHydrated(page.getByRole("button", { name: "Save profile" }));
        const typed = "Copy desk since 2019. Writes about ports, cranes and the people who run them.";
        await bio.fill(typed);
        await signOutElsewhere(context, server.url);
        await page.getByRole("button", { name: "Save profile" }).click();
        await signInAgain(page);
        await expect(page.getByRole("alert").filter({ hasText: "Not done" })).toHaveCount(0);
        await expect(bio).toHaveValue(typed);

        await signOutElsewhere(context, server.url);
        await upload.setInputFiles(photo);
        await signInAgain(page);
        await expect(page.getByRole("alert").filter({ hasText: "Not uploaded" })).toHaveText(
          "Not uploaded: your session has ended. Sign in again, then choose the file again.",
        );
        await upload.setInputFiles(photo);
        await expect(notice(page, "Image uploaded.")).toBeVisible();
        await expect(bio).toHaveValue(typed);
        await page.getByRole("button", { name: "Save profile" }).click();
        await expect(notice(page, "Profile saved.")).toBeVisible();
        await page.reload();
        await expect(bio, "saved").toHaveValue(typed);
        await expect(page.getByLabel("Avatar address", { exact: true }), "with the photo").toHaveValue(/^\/uploads\/.+\.png$/);
      });
    });
    test.describe("in the row actions' dialog", () => {
      // The refused time is answered 400, which Chromium reports in the console too.
      test.use({ allowedConsoleErrors: [statusConsoleError(400, 401)] });

      test("the row actions' dialog keeps a note and a time it could not send, and closes once it is done", async ({
        page,
        context,
      }) => {
        await signInTo(page, server.url, editor);
        await page.goto(`${server.url}/admin/articles`);
        await waitForHydrated(page.getByRole("link", { name: "New article" }));
        const row = articleRow(page, inReview.title);

        await test.step("a time in the past is refused in the dialog, which keeps it", async () => {
          await row.getByRole("button", { name: `Schedule ${inReview.title}`, exact: true }).click();
          const dialog = page.getByRole("dialog", { name: "Schedule article" });
          await waitForModal(dialog);
          const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
          await dialog.getByLabel("Publish on").fill(`${yesterday}T09:00`);
          await dialog.getByRole("button", { name: "Schedule", exact: true }).click();
          await expect(dialog.getByRole("alert")).toHaveText("Failed to schedule article. Choose a time in the future.");
          await expect(dialog.getByLabel("Publish on")).toHaveValue(`${yesterday}T09:00`);
          expect.soft(await accessibilityViolations(page), "the dialog with its refusal").toEqual([]);
          await dialog.getByRole("button", { name: "Cancel", exact: true }).click();
          await expect(dialog).toBeHidden();
          await expect(row.getByRole("cell").nth(3)).toHaveText("In review");
        });

        await test.step("a note sent after the session ended stays in the dialog; signed in there, it is sent", async () => {
          await row.getByRole("button", { name: `Request changes to ${inReview.title}`, exact: true }).click();
          const dialog = page.getByRole("dialog", { name: "Request changes" });
          await waitForModal(dialog);
          await expect(dialog.getByRole("alert"), "the earlier refusal belongs to the other dialog").toHaveCount(0);
          const typed = "Say which crossings change, and from which date.";
          await dialog.getByLabel("What should change?", { exact: true }).fill(typed);
          await signOutElsewhere(context, server.url);
          await dialog.getByRole("button", { name: "Send back", exact: true }).click();

          const signIn = page.getByRole("dialog", { name: "Sign in again" });
          await waitForModal(signIn);
          await page.keyboard.press("Escape");
          await expect(signIn).toBeHidden();
          await expect(dialog, "the Escape was the sign-in's").toBeVisible();
          const message = dialog.getByRole("alert").filter({ hasText: "Not done" });
          await expect(message).toHaveText(notDone);
          await expect(dialog.getByLabel("What should change?", { exact: true })).toHaveValue(typed);
          await message.getByRole("button", { name: "Sign in again", exact: true }).click();
          await signInAgain(page);
          await expect(dialog, "still open").toBeVisible();
          await expect(dialog.getByLabel("What should change?", { exact: true })).toHaveValue(typed);
          await expect(dialog.getByRole("alert"), "the reason goes once signed in").toHaveCount(0);
          await expect(page.getByRole("heading", { name: "Admin Access" }), "not the login screen").toHaveCount(0);
          await dialog.getByRole("button", { name: "Send back", exact: true }).click();
          await expect(dialog).toBeHidden();
          await expect(notice(page, "Article sent back with your note")).toBeVisible();
          await expect(row.getByRole("cell").nth(3)).toHaveText("Draft");
          await expect(row.getByText(`Note: ${typed}`)).toBeVisible();
        });
      });
    });
  });

  test("an editor corrects a published story: the page, its JSON-LD, /corrections, the feed and the newsletter reader see it", async ({
    page,
  }) => {
    const url = (address: string) => `${server.url}${address}`;
    await signInTo(page, server.url, editor);

    await test.step("open the Corrections page from the story's row in Article Management", async () => {
      await page.goto(url("/admin/articles"));
      const link = page.getByRole("link", { name: `Corrections to ${story.title}`, exact: true });
      await waitForHydrated(link);
      await link.click();
      await expect(page).toHaveURL(url(`/admin/articles/${story.id}/corrections`));
      await expect(page.getByRole("heading", { name: "Corrections and updates", exact: true })).toBeVisible();
      await expect(page.getByText("No corrections or updates yet.")).toBeVisible();
    });

    await test.step("an empty note is refused with a sentence, in the browser", async () => {
      await waitForHydrated(page.getByRole("button", { name: "Add note" }));
      await page.getByRole("button", { name: "Add note" }).click();
      await expect(page.getByRole("alert").filter({ hasText: exactly("Write the note readers will see.") })).toBeVisible();
    });

    await test.step("add the correction and notify the one reader who received the story", async () => {
      await page.getByRole("radio", { name: "Correction", exact: true }).check();
      await page.getByLabel("Note", { exact: true }).fill(note);
      await page
        .getByRole("checkbox", { name: "Notify newsletter readers who received this story (1 person)", exact: true })
        .check();
      await page.getByRole("button", { name: "Add note" }).click();
      await expect(notice(page, "Correction added. 1 newsletter reader will be notified.")).toBeVisible();
      await expect(page.getByRole("listitem").filter({ hasText: note })).toBeVisible();
      expect(await accessibilityViolations(page)).toEqual([]);
    });

    let createdAt = "";
    let anchor = "";
    await test.step("the article page shows the Correction box with the note and its time", async () => {
      await page.goto(url(`/article/${story.id}`));
      const box = page.getByRole("complementary", { name: "Correction", exact: true });
      await expect(box).toBeVisible();
      await expect(box.getByText(note, { exact: true })).toBeVisible();
      // The feed and /corrections link to the box by its id (the note's, which depends on the notes made before).
      anchor = (await box.getAttribute("id")) ?? "";
      expect(anchor).toMatch(/^correction-\d+$/);
      const time = box.locator("time");
      createdAt = (await time.getAttribute("datetime")) ?? "";
      expect(Date.now() - new Date(createdAt).getTime(), "the note is dated now").toBeLessThan(120_000);
      await expect(time).toHaveText(newsroomTime(createdAt));

      const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
      const newsArticle = blocks
        .map((block) => JSON.parse(block) as Record<string, unknown>)
        .find((data) => data["@type"] === "NewsArticle");
      expect(newsArticle?.correction).toEqual([{ "@type": "CorrectionComment", text: note, datePublished: createdAt }]);
      expect(newsArticle?.dateModified, "the correction moved dateModified").toBe(createdAt);
      expect(await accessibilityViolations(page)).toEqual([]);
    });

    await test.step("/corrections lists it with the story linked, from the footer", async () => {
      await page.getByRole("contentinfo").getByRole("link", { name: "Corrections", exact: true }).click();
      await expect(page).toHaveURL(url("/corrections"));
      await expect(page.getByRole("heading", { level: 1, name: "Corrections and updates" })).toBeVisible();
      const entry = page.getByRole("article", { name: story.title });
      await expect(entry.getByRole("link", { name: story.title, exact: true })).toHaveAttribute(
        "href",
        `/article/${story.id}#${anchor}`,
      );
      await expect(entry.getByText("Correction", { exact: true })).toBeVisible();
      await expect(entry.locator("time")).toHaveText(newsroomTime(createdAt));
      await expect(entry.getByText(note, { exact: true })).toBeVisible();
      expect(await accessibilityViolations(page)).toEqual([]);
    });

    await test.step("/corrections/rss.xml carries it", async () => {
      const feed = await page.request.get(url("/corrections/rss.xml"));
      expect(feed.status()).toBe(200);
      expect(feed.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
      const xml = await feed.text();
      expect(xml).toContain(`<title>Correction: ${story.title}</title>`);
      expect(xml).toContain(`<description>${note}</description>`);
      expect(xml).toContain(`<pubDate>${new Date(createdAt).toUTCString()}</pubDate>`);
    });

    await test.step("the reader who received the story gets one correction notice, with an unsubscribe link", async () => {
      const [message] = await sink.waitForMessages(1, 30_000);
      expect(message!.envelope.to).toEqual([reader]);
      expect(message!.parsed.subject).toBe(`Correction: ${story.title}`);
      expect(message!.parsed.text).toContain(note);
      expect(message!.parsed.headers.find((entry) => entry.key === "list-unsubscribe")?.value).toMatch(/\/unsubscribe\/[^>]+>$/);
      await expect.poll(() => sink.messages.length, { timeout: 3_000 }).toBe(1);
    });

    await test.step("an update added by mistake is deleted, and readers no longer see it", async () => {
      await page.goto(url(`/admin/articles/${story.id}/corrections`));
      await waitForHydrated(page.getByRole("button", { name: "Add note" }));
      await page.getByRole("radio", { name: "Update", exact: true }).check();
      await page.getByLabel("Note", { exact: true }).fill("Posted on the wrong story.");
      await page.getByRole("button", { name: "Add note" }).click();
      await expect(notice(page, "Update added.")).toBeVisible();
      const mistake = page.getByRole("listitem").filter({ hasText: "Posted on the wrong story." });
      await mistake.getByRole("button", { name: /^Delete the update of / }).click();
      await expect(notice(page, "Note deleted.")).toBeVisible();
      await expect(mistake).toHaveCount(0);
      await page.goto(url(`/article/${story.id}`));
      await expect(page.getByRole("complementary", { name: "Correction", exact: true })).toBeVisible();
      await expect(page.getByRole("complementary", { name: "Updated", exact: true })).toHaveCount(0);
      expect(sink.messages, "no notice without the box ticked").toHaveLength(1);
    });
  });
});
