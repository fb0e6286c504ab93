import type { Page } from "@playwright/test";
import { rmSync } from "node:fs";
import path from "node:path";
import { startSmtpSink, type SmtpMessage, type SmtpSink } from "../fakes/smtp-sink";
import { newDataDir } from "../support/pglite-template";
import { errorLogLines, PROJECT_ROOT, startServer, type ServerProcess } from "../support/server-process";
import { dashboardHeading, loginHeading, statusConsoleError } from "./admin-support";
import { accessibilityViolations, expect, test } from "./fixtures";
import { sameOriginHeaders } from "./support";
import { createStaffAccount, signedInClient, type StaffAccount } from "./team-support";

/**
 * A forgotten password on a server of this file's own, mail going to the SMTP sink: an editor who joined by
 * invitation (so their address is known to reach them) asks for a link on the sign-in screen, follows it from the
 * message, chooses a new password and is in; the browser that was signed in before is signed out, the old password
 * no longer works, and the link does not work twice. Asking for an account that does not exist reads the same.
 */

const SITE_NAME = "Byline Reset Desk";
const REQUESTED = "If an account matches, we have sent a link to its e-mail address.";
const WEAK_PASSWORD =
  "This password is too easy to guess: it is a common one or follows a simple pattern. Add a few words, or choose another.";

test.describe("Password reset", () => {
  // The browser signed out by the reset asks for pages that answer 401 until it signs in again.
  test.use({ allowedConsoleErrors: [statusConsoleError(401)] });
  const run = `${process.pid}-${Date.now().toString(36)}`;
  const dir = path.join(PROJECT_ROOT, "tests", ".tmp", `reset-${run}`);
  const dataDir = path.join(dir, "data");
  const chief: StaffAccount = {
    username: `chief-${process.pid}`,
    password: "reset desk correct horse battery",
    role: "administrator",
  };
  const editor = {
    name: "Ines Duarte",
    email: `ines-${run}@example.com`,
    username: `ines-${process.pid}`,
    password: "my first passphrase",
  };
  const newPassword = "a fresh passphrase for spring";
  let sink: SmtpSink;
  let server: ServerProcess;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    rmSync(dir, { recursive: true, force: true });
    newDataDir(dataDir);
    await createStaffAccount(dataDir, chief);
    sink = await startSmtpSink();
    server = await startServer({
      DATA_DIR: dataDir,
      SEED_CONTENT: "none",
      SITE_NAME,
      SMTP_URL: sink.url,
      MAIL_FROM: "Byline Reset Desk <desk@byline.example>",
    });
  });

  test.afterAll(async () => {
    const code = server ? await server.stop() : 0;
    await sink?.close();
    rmSync(dir, { recursive: true, force: true });
    expect(code).toBe(0);
    if (server) expect(errorLogLines(server.output())).toEqual([]);
  });

  /** The one message sent to `address` with `subject`, once it has arrived. */
  async function messageTo(address: string, subject: string): Promise<SmtpMessage> {
    const matching = () => sink.messages.filter((sent) => sent.envelope.to.includes(address) && sent.parsed.subject === subject);
    await expect.poll(() => matching().length).toBe(1);
    return matching()[0]!;
  }

  /** The path of the first link to `route` in a message's text (the link names the site's configured address). */
  function linkIn(message: SmtpMessage, route: string): string {
    const link = new RegExp(`https?://\\S+(${route}/[^\\s"<>)]+)`).exec(message.parsed.text ?? "")?.[1];
    expect(link, `the message carries a ${route} link`).toBeDefined();
    return link!;
  }

  async function signInWithForm(page: Page, password: string): Promise<void> {
    await page.goto(`${server.url}/admin`);
    await page.getByLabel("Username", { exact: true }).fill(editor.username);
    await page.getByRole("textbox", { name: "Password" }).fill(password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
  }

  test("an editor asks for a link, chooses a new password from the mail and is signed in; every other session ends", async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const url = server.url;

    await test.step("the editor joins by invitation, so their address is known to reach them", async () => {
      const admin = await signedInClient(url, chief, 90);
      const invited = await admin.post(`${url}/admin/staff`, {
        form: { intent: "invite", name: editor.name, email: editor.email, role: "editor" },
        headers: sameOriginHeaders(url),
      });
      expect(invited.status()).toBe(200);
      await admin.dispose();
      const invitation = await messageTo(editor.email, `You are invited to join ${SITE_NAME}`);
      await page.goto(`${url}${linkIn(invitation, "/auth/invite")}`);
      await page.getByLabel("Username", { exact: true }).fill(editor.username);
      await page.getByLabel("Password", { exact: true }).fill(editor.password);
      await page.getByLabel("Password again", { exact: true }).fill(editor.password);
      await page.getByRole("button", { name: "Create my account" }).click();
      await expect(dashboardHeading(page)).toBeVisible();
    });

    const other = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.92" } });
    const resetPage = await other.newPage();

    await test.step("in another browser, the sign-in screen offers a link; an unknown name reads the same", async () => {
      await resetPage.goto(`${url}/admin`);
      await resetPage.getByRole("link", { name: "Forgot your password?" }).click();
      await expect(resetPage.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
      expect(await accessibilityViolations(resetPage)).toEqual([]);
      await resetPage.getByLabel("Username or e-mail address").fill("nobody-by-this-name");
      await resetPage.getByRole("button", { name: "Send reset link" }).click();
      await expect(resetPage.getByRole("status")).toHaveText(REQUESTED);
      await resetPage.getByLabel("Username or e-mail address").fill(editor.email.toUpperCase());
      await resetPage.getByRole("button", { name: "Send reset link" }).click();
      await expect(resetPage.getByRole("status")).toHaveText(REQUESTED);
    });

    let resetPath = "";
    await test.step("the message carries a one-hour link, which leads to a form for the new password", async () => {
      const message = await messageTo(editor.email, `Reset your ${SITE_NAME} password`);
      expect(message.parsed.text).toContain("The link works once, for 60 minutes.");
      resetPath = linkIn(message, "/auth/reset");
      expect(sink.messages, "nobody-by-this-name got nothing, so only the invitation and this went out").toHaveLength(2);
      await resetPage.goto(`${url}${resetPath}`);
      await expect(resetPage.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
      expect(await accessibilityViolations(resetPage)).toEqual([]);
      // A guessable password: the meter says so as it is typed, and the server refuses it (ASVS 2.1.7, 2.1.8).
      await resetPage.getByLabel("New password", { exact: true }).fill("qwertyuiopasdf");
      await expect(resetPage.getByText("Strength: Easy to guess. Add a few words, or choose another.")).toBeVisible();
      await resetPage.getByLabel("New password again", { exact: true }).fill("qwertyuiopasdf");
      await resetPage.getByRole("button", { name: "Save and sign in" }).click();
      await expect(resetPage.getByRole("alert")).toHaveText(WEAK_PASSWORD);
      await resetPage.getByLabel("New password", { exact: true }).fill(newPassword);
      await expect(resetPage.getByText(/^Strength: (Strong|Very strong)\.$/)).toBeVisible();
      // What was typed can be shown and hidden again (ASVS 2.1.12).
      await resetPage.getByRole("button", { name: "Show new password", exact: true }).click();
      await expect(resetPage.getByLabel("New password", { exact: true })).toHaveAttribute("type", "text");
      await resetPage.getByRole("button", { name: "Hide new password", exact: true }).click();
      await expect(resetPage.getByLabel("New password", { exact: true })).toHaveAttribute("type", "password");
      await resetPage.getByLabel("New password again", { exact: true }).fill(`${newPassword} typo`);
      await resetPage.getByRole("button", { name: "Save and sign in" }).click();
      await expect(resetPage.getByRole("alert")).toHaveText("The two passwords differ.");
      await resetPage.getByLabel("New password", { exact: true }).fill(newPassword);
      await resetPage.getByLabel("New password again", { exact: true }).fill(newPassword);
      await resetPage.getByRole("button", { name: "Save and sign in" }).click();
      await expect(dashboardHeading(resetPage)).toBeVisible();
    });

    await test.step("the browser signed in before is signed out, and the old password no longer works", async () => {
      await page.reload();
      await expect(loginHeading(page)).toBeVisible();
      await signInWithForm(page, editor.password);
      await expect(page.getByRole("alert")).toContainText("Invalid username or password");
      await signInWithForm(page, newPassword);
      await expect(dashboardHeading(page)).toBeVisible();
    });

    await test.step("the link works once", async () => {
      const again = await resetPage.goto(`${url}${resetPath}`);
      expect(again?.status()).toBe(410);
      await expect(resetPage.getByText("This reset link has already been used.")).toBeVisible();
      await resetPage.getByRole("link", { name: "Ask for a new link" }).click();
      await expect(resetPage.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
    });
    await other.close();
  });
});
