import type { Browser, BrowserContext, Page } from "@playwright/test";
import { rmSync } from "node:fs";
import path from "node:path";
import { startSmtpSink, type SmtpMessage, type SmtpSink } from "../fakes/smtp-sink";
import { newDataDir } from "../support/pglite-template";
import { errorLogLines, PROJECT_ROOT, startServer, type ServerProcess } from "../support/server-process";
import { dashboardHeading, loginHeading, statusConsoleError } from "./admin-support";
import { accessibilityViolations, expect, test } from "./fixtures";
import { createStaffAccount, type StaffAccount } from "./team-support";

/**
 * Sessions a person can see and end, on a server of this file's own with mail going to the SMTP sink: the first
 * administrator (made from the shell, so without an address) is told to add one, confirms it from the mail, and is
 * then told of a sign-in from another browser; Profile lists both sessions, and ending the other one from there signs
 * that browser out. The link in the "New sign-in" mail ends a session too, from a page with one button.
 */

const SITE_NAME = "Byline Session Desk";
const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

test.describe("Sessions", () => {
  // The browsers signed out here ask for pages that answer 401 until they sign in again; a used link answers 410.
  test.use({ allowedConsoleErrors: [statusConsoleError(401, 410)] });
  const run = `${process.pid}-${Date.now().toString(36)}`;
  const dir = path.join(PROJECT_ROOT, "tests", ".tmp", `sessions-${run}`);
  const dataDir = path.join(dir, "data");
  const chief: StaffAccount = {
    username: `chief-${process.pid}`,
    password: "session desk correct horse battery",
    role: "administrator",
  };
  const address = `chief-${run}@example.com`;
  const writer: StaffAccount = {
    username: `writer-${process.pid}`,
    password: "session desk writer's passphrase",
    role: "author",
  };
  const writerAddress = `writer-${run}@example.com`;
  let sink: SmtpSink;
  let server: ServerProcess;
  const contexts: BrowserContext[] = [];
  /** The secrets of the links followed, which the server's log must never hold. */
  const linkSecrets: string[] = [];

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    rmSync(dir, { recursive: true, force: true });
    newDataDir(dataDir);
    await createStaffAccount(dataDir, chief);
    await createStaffAccount(dataDir, writer);
    sink = await startSmtpSink();
    server = await startServer({
      DATA_DIR: dataDir,
      SEED_CONTENT: "none",
      SITE_NAME,
      SMTP_URL: sink.url,
      MAIL_FROM: "Byline Session Desk <desk@byline.example>",
    });
  });

  test.afterAll(async () => {
    for (const context of contexts) await context.close();
    const code = server ? await server.stop() : 0;
    await sink?.close();
    rmSync(dir, { recursive: true, force: true });
    expect(code).toBe(0);
    if (server) expect(errorLogLines(server.output())).toEqual([]);
    for (const secret of linkSecrets)
      expect(server?.output() ?? "", "the request log names no link's secret").not.toContain(secret);
  });

  /** The messages sent to `to` with `subject`, once `count` have arrived. */
  async function messagesTo(to: string, subject: string, count = 1): Promise<SmtpMessage[]> {
    const matching = () => sink.messages.filter((sent) => sent.envelope.to.includes(to) && sent.parsed.subject === subject);
    await expect.poll(() => matching().length).toBe(count);
    return matching();
  }

  /** The path of the first link to `route` in a message's text. */
  function linkIn(message: SmtpMessage, route: string): string {
    const link = new RegExp(`https?://\\S+(${route}/[^\\s"<>)]+)`).exec(message.parsed.text ?? "")?.[1];
    expect(link, `the message carries a ${route} link`).toBeDefined();
    linkSecrets.push(link!.split(".")[1]!);
    return link!;
  }

  async function signInWithForm(page: Page, account: StaffAccount = chief): Promise<void> {
    await page.goto(`${server.url}/admin`);
    await page.getByLabel("Username", { exact: true }).fill(account.username);
    await page.getByRole("textbox", { name: "Password" }).fill(account.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(dashboardHeading(page)).toBeVisible();
  }

  /** A browser of its own: its own cookies, address and User-Agent. */
  async function otherBrowser(browser: Browser, octet: number, userAgent: string): Promise<Page> {
    const context = await browser.newContext({ userAgent, extraHTTPHeaders: { "X-Forwarded-For": `198.51.100.${octet}` } });
    contexts.push(context);
    return context.newPage();
  }

  const sessionsSection = (page: Page) => page.getByRole("region", { name: "Where you are signed in" });
  const emailSection = (page: Page) => page.getByRole("region", { name: "E-mail address" });

  test("an administrator adds an address from the mail, hears of a new browser, and ends that session from Profile or from the mail", async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const url = server.url;

    await test.step("without an address, Profile says to add one and lists this browser alone", async () => {
      await signInWithForm(page);
      await page.goto(`${url}/admin/profile`);
      await expect(emailSection(page)).toContainText("Add an e-mail address so that you can reset a forgotten password");
      await expect(sessionsSection(page).getByRole("listitem")).toHaveCount(1);
      await expect(sessionsSection(page).getByRole("listitem")).toContainText("This browser");
      await expect(sessionsSection(page)).toContainText("password");
      await expect(sessionsSection(page)).toContainText("You are signed in nowhere else.");
    });

    await test.step("the address is the account's once the link mailed to it is followed, from a page with one button", async () => {
      await emailSection(page).getByLabel("E-mail address").fill(address.toUpperCase());
      await emailSection(page).getByRole("button", { name: "Send confirmation link" }).click();
      await expect(page.getByRole("status").first()).toContainText(`We sent a confirmation link to ${address}.`);
      await expect(emailSection(page)).toContainText(`Waiting for confirmation: ${address}`);
      const [confirmation] = await messagesTo(address, `Confirm your e-mail address for ${SITE_NAME}`);
      const confirmPath = linkIn(confirmation!, "/auth/email");
      await page.goto(`${url}${confirmPath}`);
      await expect(page.getByRole("heading", { level: 1, name: "Confirm your e-mail address" })).toBeVisible();
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.getByRole("button", { name: "Use this address" }).click();
      await expect(page.getByRole("status")).toHaveText(`Your e-mail address is now ${address}.`);
      await page.goto(`${url}/admin/profile`);
      await expect(emailSection(page)).toContainText(address);
      await expect(emailSection(page)).toContainText("Verified");
      const again = await page.goto(`${url}${confirmPath}`);
      expect(again?.status(), "the link works once").toBe(410);
      await expect(page.getByText("This confirmation link has already been used.")).toBeVisible();
    });

    const phone = await otherBrowser(browser, 61, IPHONE_SAFARI);
    await test.step("a sign-in from another browser is mailed, with its browser and address", async () => {
      await signInWithForm(phone);
      const [notice] = await messagesTo(address, `New sign-in to ${SITE_NAME}`);
      expect(notice!.parsed.text).toContain("Browser: Safari 17 on iOS");
      expect(notice!.parsed.text).toContain("Address: 198.51.100.61");
    });

    await test.step("Profile lists both; ending the other one signs that browser out", async () => {
      await page.goto(`${url}/admin/profile`);
      await expect(sessionsSection(page).getByRole("listitem")).toHaveCount(2);
      expect(await accessibilityViolations(page)).toEqual([]);
      await sessionsSection(page).getByRole("button", { name: "End the session in Safari 17 on iOS from 198.51.100.61" }).click();
      await expect(page.getByRole("status").first()).toHaveText("That session has ended: the browser it was in is signed out.");
      await expect(sessionsSection(page).getByRole("listitem")).toHaveCount(1);
      await phone.reload();
      await expect(loginHeading(phone)).toBeVisible();
    });

    await test.step("signing in again from that browser is not news: it is known now", async () => {
      // The sign-in has been answered (its dashboard shows); the next step's mail, from a new browser, is then the
      // second one, so this sign-in sent none.
      await signInWithForm(phone);
      await messagesTo(address, `New sign-in to ${SITE_NAME}`, 1);
    });

    const tablet = await otherBrowser(browser, 62, ANDROID_CHROME);
    await test.step("the mailed link opens a page that changes nothing; its button ends that session", async () => {
      await signInWithForm(tablet);
      const notices = await messagesTo(address, `New sign-in to ${SITE_NAME}`, 2);
      expect(notices[1]!.parsed.text, "the second mail is the tablet's").toContain("Browser: Chrome 131 on Android");
      const endPath = linkIn(notices[1]!, "/auth/sessions/end");
      const mailbox = await otherBrowser(browser, 63, IPHONE_SAFARI);
      await mailbox.goto(`${url}${endPath}`);
      await expect(mailbox.getByRole("heading", { level: 1, name: "End that session" })).toBeVisible();
      await expect(mailbox.getByText("Chrome 131 on Android from 198.51.100.62")).toBeVisible();
      expect(await accessibilityViolations(mailbox)).toEqual([]);
      await tablet.reload();
      await expect(dashboardHeading(tablet), "opening the page ended nothing").toBeVisible();
      await mailbox.getByRole("button", { name: "End that session" }).click();
      await expect(mailbox.getByRole("status")).toHaveText("That session has ended: the browser it was in is signed out.");
      await tablet.reload();
      await expect(loginHeading(tablet)).toBeVisible();
    });

    await test.step("a new password, keeping the other sessions when asked; this browser stays signed in", async () => {
      await page.goto(`${url}/admin/profile`);
      await page.getByLabel("Current password", { exact: true }).fill(chief.password);
      await page.getByLabel("New password", { exact: true }).fill(`${chief.password} anew`);
      await page.getByLabel("New password again", { exact: true }).fill(`${chief.password} anew`);
      await page.getByLabel("Sign out my other sessions").uncheck();
      await page.getByRole("button", { name: "Change password" }).click();
      await expect(page.getByRole("status").first()).toHaveText("Password changed. Your other sessions stay signed in.");
      await phone.reload();
      await expect(dashboardHeading(phone)).toBeVisible();
      await page.reload();
      await expect(sessionsSection(page).getByRole("listitem")).toHaveCount(2);
    });

    await test.step("sign out all other sessions", async () => {
      await sessionsSection(page).getByRole("button", { name: "Sign out all other sessions" }).click();
      await expect(page.getByRole("status").first()).toHaveText("Signed out of 1 other session.");
      await phone.reload();
      await expect(loginHeading(phone)).toBeVisible();
    });

    await test.step("the person's own security log shows each of these", async () => {
      await page.reload();
      const activity = page.getByRole("table", { name: "Your security activity" });
      for (const [kind, detail] of [
        ["Session ended", "which: all others"],
        ["Password changed", "otherSessionsEnded: 0"],
        ["Session ended", "which: mailed link"],
        ["Session ended", "which: one"],
        ["E-mail changed", `email: ${address}`],
        ["E-mail change requested", `email: ${address}`],
      ] as const) {
        await expect(activity.getByRole("row").filter({ hasText: kind }).filter({ hasText: detail })).toHaveCount(1);
      }
    });

    await test.step("at 390 pixels wide the sections fit", async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${url}/admin/profile`);
      await emailSection(page).scrollIntoViewIfNeeded();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const shots = path.join(PROJECT_ROOT, "tests", ".tmp");
      await page.screenshot({ path: path.join(shots, "profile-sessions-390.png"), fullPage: true });
      await emailSection(page).screenshot({ path: path.join(shots, "profile-email-section-390.png") });
      await sessionsSection(page).screenshot({ path: path.join(shots, "profile-sessions-section-390.png") });
    });
  });

  test("without JavaScript: an address is added and confirmed, and another session ended", async ({ browser }) => {
    test.setTimeout(120_000);
    const url = server.url;
    const context = await browser.newContext({
      javaScriptEnabled: false,
      extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.71" },
    });
    contexts.push(context);
    const page = await context.newPage();
    const laptop = await otherBrowser(browser, 72, ANDROID_CHROME);
    await signInWithForm(laptop, writer);
    await signInWithForm(page, writer);

    await page.goto(`${url}/admin/profile`);
    await emailSection(page).getByLabel("E-mail address").fill(writerAddress);
    await emailSection(page).getByRole("button", { name: "Send confirmation link" }).click();
    await expect(page.getByRole("status").first()).toContainText(`We sent a confirmation link to ${writerAddress}.`);
    const [confirmation] = await messagesTo(writerAddress, `Confirm your e-mail address for ${SITE_NAME}`);
    await page.goto(`${url}${linkIn(confirmation!, "/auth/email")}`);
    await page.getByRole("button", { name: "Use this address" }).click();
    await expect(page.getByRole("status")).toHaveText(`Your e-mail address is now ${writerAddress}.`);

    await page.goto(`${url}/admin/profile`);
    await expect(emailSection(page)).toContainText("Verified");
    await sessionsSection(page)
      .getByRole("button", { name: "End the session in Chrome 131 on Android from 198.51.100.72" })
      .click();
    await expect(page.getByRole("status").first()).toHaveText("That session has ended: the browser it was in is signed out.");
    await laptop.reload();
    await expect(loginHeading(laptop)).toBeVisible();
  });
});
