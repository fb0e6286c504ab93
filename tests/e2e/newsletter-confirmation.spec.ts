import type { Page } from "@playwright/test";
import { rmSync } from "node:fs";
import path from "node:path";
import { startSmtpSink, type SmtpMessage, type SmtpSink } from "../fakes/smtp-sink";
import { newDataDir } from "../support/pglite-template";
import { errorLogLines, PROJECT_ROOT, startServer, type ServerProcess } from "../support/server-process";
import type { AdminAccount } from "./article-admin-support";
import { accessibilityViolations, expect, test } from "./fixtures";
import { cardValues, newsletterTab, openNewsletterTab } from "./newsletter-support";
import { NOT_FOUND_CONSOLE_ERROR, waitForHydration } from "./support";

/**
 * Double opt-in (decision 013), as a reader lives it, on a server of this file's own with the SMTP
 * sink as SMTP_URL: the home page's form thanks and asks to check the inbox; the message arrives with a signed
 * link; the link opens a page whose button confirms; the editor's cards count the reader as pending, then active.
 * Without JavaScript the same. A link that was altered changes nothing and says so.
 */

const admin: AdminAccount = {
  username: `confirmation-editor-${process.pid}`,
  password: "confirmation editor correct horse battery",
};
const THANKS = "Thanks for subscribing! Check your inbox to confirm.";
const SUBJECT = "Confirm your subscription to the Byline newsletter";
const READER = "reader-confirms@example.com";
const READER_WITHOUT_SCRIPT = "reader-without-script@example.com";

test.describe.configure({ mode: "serial" });
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.170" } });

let dir: string;
let sink: SmtpSink;
let server: ServerProcess;
/** The address the server gives itself without SITE_URL (localhost on its port), which it puts in the links it mails. */
let siteUrl: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dir = path.join(PROJECT_ROOT, "tests", ".tmp", `newsletter-confirmation-${process.pid}-${Date.now().toString(36)}`);
  rmSync(dir, { recursive: true, force: true });
  newDataDir(dir);
  sink = await startSmtpSink();
  server = await startServer({
    DATA_DIR: dir,
    SEED_CONTENT: "demo",
    SITE_NAME: "Byline",
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    SMTP_URL: sink.url,
    MAIL_FROM: "Byline <newsletter@byline.example>",
  });
  siteUrl = `http://localhost:${new URL(server.url).port}`;
});

test.afterAll(async () => {
  const code = server ? await server.stop() : 0;
  await sink?.close();
  rmSync(dir, { recursive: true, force: true });
  expect(code).toBe(0);
  if (server) expect(errorLogLines(server.output())).toEqual([]);
});

function signUpBlock(page: Page) {
  return page.getByRole("region", { name: "Stay in the loop" });
}

async function signUp(page: Page, email: string) {
  const block = signUpBlock(page);
  await block.getByLabel("Email address").fill(email);
  await block.getByRole("button", { name: "Subscribe" }).click();
}

/** The one message the sink received for an address, once it arrived. */
async function messageFor(email: string): Promise<SmtpMessage> {
  await expect
    .poll(() => sink.messages.filter((message) => message.envelope.to.includes(email)).length, {
      message: `the confirmation message to ${email} arrives`,
    })
    .toBe(1);
  return sink.messages.find((message) => message.envelope.to.includes(email))!;
}

/** The confirmation link in the plain-text part, which must be the one in the HTML part too. */
function confirmationLink(message: SmtpMessage): string {
  const pattern = new RegExp(`${siteUrl.replaceAll(".", "\\.")}/newsletter/confirm/[0-9a-z]+\\.[0-9a-z]+\\.[A-Za-z0-9_-]+`);
  const link = pattern.exec(message.parsed.text ?? "")?.[0];
  expect(link, "the text part carries the link").toBeDefined();
  expect(message.parsed.html).toContain(`href="${link!}"`);
  return link!;
}

test("a reader signs up, confirms from the message, and the editor sees pending, then active", async ({ page, browser }) => {
  await page.goto(`${siteUrl}/`);
  await waitForHydration(page);
  await signUp(page, READER);
  await expect(signUpBlock(page).getByRole("status")).toHaveText(THANKS);
  await expect(signUpBlock(page).getByLabel("Email address")).toHaveValue("");

  const message = await messageFor(READER);
  expect(message.envelope).toEqual({ from: "newsletter@byline.example", to: [READER] });
  expect(message.parsed.subject).toBe(SUBJECT);
  const link = confirmationLink(message);

  // The editor, at another browser, sees the reader waiting.
  const editorContext = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.171" } });
  const editor = await editorContext.newPage();
  await openNewsletterTab(editor, siteUrl, admin);
  await expect(newsletterTab(editor).cards).toHaveText(cardValues(1, 0, 1));
  const readerRow = newsletterTab(editor)
    .recent.getByRole("row")
    .filter({ has: editor.getByRole("cell", { name: READER }) });
  await expect(readerRow.getByRole("cell").nth(1)).toHaveText("pending");

  // Opening the link changes nothing by itself (a mail scanner may open it); the button confirms.
  const opened = await page.goto(link);
  expect(opened?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your subscription");
  await expect(page.getByText(READER)).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await editor.reload();
  await expect(newsletterTab(editor).cards).toHaveText(cardValues(1, 0, 1));

  await waitForHydration(page);
  await page.getByRole("button", { name: "Confirm subscription" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are subscribed");
  await expect(page.getByRole("status")).toContainText(`${READER} will receive the Byline weekly digest`);
  expect(await accessibilityViolations(page)).toEqual([]);

  await editor.reload();
  await expect(newsletterTab(editor).cards).toHaveText(cardValues(1, 1, 0));
  await expect(readerRow.getByRole("cell").nth(1)).toHaveText("active");
  await editorContext.close();

  // Following the link again is harmless, and the page leads home.
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are subscribed");
  await page.getByRole("link", { name: "Back to Byline" }).click();
  await expect(page).toHaveURL(`${siteUrl}/`);

  // Signing up again while active sends nothing and reads the same.
  await waitForHydration(page);
  await signUp(page, READER.toUpperCase());
  await expect(signUpBlock(page).getByRole("status")).toHaveText(THANKS);
  expect(sink.messages.filter((candidate) => candidate.envelope.to.includes(READER))).toHaveLength(1);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form thanks and asks to check the inbox, and the link's button confirms", async ({ page }) => {
    await page.goto(`${siteUrl}/category/ai`);
    await signUp(page, READER_WITHOUT_SCRIPT);
    await expect(page).toHaveURL(`${siteUrl}/category/ai?newsletter=checkInbox#newsletter`);
    await expect(signUpBlock(page).getByRole("status")).toHaveText(THANKS);

    await page.goto(confirmationLink(await messageFor(READER_WITHOUT_SCRIPT)));
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are subscribed");
  });
});

test.describe("an altered link", () => {
  test.use({ allowedConsoleErrors: [NOT_FOUND_CONSOLE_ERROR] });

  test("answers 404 with a plain page that sends the reader back to the form, and changes nothing", async ({ page }) => {
    await page.goto(`${siteUrl}/`);
    await waitForHydration(page);
    const email = "reader-with-altered-link@example.com";
    await signUp(page, email);
    await expect(signUpBlock(page).getByRole("status")).toHaveText(THANKS);
    const link = confirmationLink(await messageFor(email));
    const position = link.length - 5;
    const altered = `${link.slice(0, position)}${link[position] === "x" ? "y" : "x"}${link.slice(position + 1)}`;

    const response = await page.goto(altered);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This confirmation link is not valid");
    await expect(page.getByText("Nothing was changed.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Confirm subscription" })).toHaveCount(0);
    await page.getByRole("link", { name: "sign up again" }).click();
    await expect(page).toHaveURL(`${siteUrl}/#newsletter`);
  });
});
