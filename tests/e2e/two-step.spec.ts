import type { Browser, BrowserContext, Page } from "@playwright/test";
import { rmSync } from "node:fs";
import path from "node:path";
import { totpCode } from "../../app/services/auth/totp.server";
import { newDataDir } from "../support/pglite-template";
import { errorLogLines, PROJECT_ROOT, startServer, type ServerProcess } from "../support/server-process";
import { dashboardHeading, loginHeading, statusConsoleError, waitForLoginForm } from "./admin-support";
import { accessibilityViolations, expect, test } from "./fixtures";
import { createStaffAccount, type StaffAccount } from "./team-support";

/**
 * Two-step sign-in on a server of this file's own: an administrator sets up an authenticator app from Profile (the
 * test reads the key written out and computes the codes an app would), signs in with a code on the second screen and
 * then with a recovery code; an editor whose role Settings names cannot reach Article Management until they have set
 * one up; an administrator resets it for someone who lost every factor.
 */

const WRONG_CODE = "That code is not right. Try the newest code in your app, or a recovery code.";

test.describe("Two-step sign-in", () => {
  test.describe.configure({ mode: "serial" });
  // A browser whose session ended asks for the session check, which answers 401; a wrong code answers 401 too.
  test.use({ allowedConsoleErrors: [statusConsoleError(401)] });
  const run = `${process.pid}-${Date.now().toString(36)}`;
  const dir = path.join(PROJECT_ROOT, "tests", ".tmp", `two-step-${run}`);
  const dataDir = path.join(dir, "data");
  const chief: StaffAccount = {
    username: `chief-${process.pid}`,
    password: "two step desk correct horse",
    role: "administrator",
  };
  const owner: StaffAccount = {
    username: `owner-${process.pid}`,
    password: "the settings owner passphrase",
    role: "administrator",
  };
  const desk: StaffAccount = { username: `desk-${process.pid}`, password: "the desk editor passphrase", role: "editor" };
  let server: ServerProcess;
  let octet = 10;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    rmSync(dir, { recursive: true, force: true });
    newDataDir(dataDir);
    for (const account of [chief, owner, desk]) await createStaffAccount(dataDir, account);
    server = await startServer({ DATA_DIR: dataDir, SEED_CONTENT: "none", SITE_NAME: "Byline Two Step" });
  });

  test.afterAll(async () => {
    const code = server ? await server.stop() : 0;
    rmSync(dir, { recursive: true, force: true });
    expect(code).toBe(0);
    if (server) expect(errorLogLines(server.output())).toEqual([]);
  });

  /** A browser of its own, from an address of its own (the sign-in budget is per address). */
  async function newBrowser(browser: Browser, width = 1280): Promise<BrowserContext> {
    octet += 1;
    return browser.newContext({
      extraHTTPHeaders: { "X-Forwarded-For": `198.51.100.${octet}` },
      viewport: { width, height: 900 },
    });
  }

  async function passwordStep(page: Page, account: StaffAccount): Promise<void> {
    await page.goto(`${server.url}/admin`);
    await expect(loginHeading(page)).toBeVisible();
    await waitForLoginForm(page);
    await page.getByLabel("Username", { exact: true }).fill(account.username);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
  }

  /** Sign Out, and wait until the server has ended the session (the login screen shows). */
  async function signOut(page: Page): Promise<void> {
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(loginHeading(page)).toBeVisible();
  }

  const secondScreen = (page: Page) => page.getByRole("heading", { level: 1, name: "Second step" });
  const codeField = (page: Page) => page.getByLabel("Code from your authenticator app, or a recovery code");

  /** Sets up the app from the two-step page the browser is on; returns the key and the recovery codes shown. */
  async function setUpApp(page: Page, screenshot?: string): Promise<{ key: string; codes: string[] }> {
    await page.getByRole("button", { name: "Set up an authenticator app" }).click();
    await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
    const key = (await page.getByLabel(/set-up key/).inputValue()).replaceAll(" ", "");
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    if (screenshot) await page.screenshot({ path: screenshot, fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByLabel("Code from the app").fill("000000");
    await page.getByRole("button", { name: "Turn on" }).click();
    await expect(page.getByRole("alert")).toContainText("That code is not right.");
    await page.getByLabel("Code from the app").fill(totpCode(key, new Date()));
    await page.getByRole("button", { name: "Turn on" }).click();
    const list = page.getByRole("list", { name: "Your recovery codes" });
    await expect(list).toBeVisible();
    const codes = (await list.getByRole("listitem").allTextContents()).map((code) => code.trim());
    expect(codes).toHaveLength(10);
    return { key, codes };
  }

  test("an administrator sets up an app in Profile, then signs in with a code the app would show and with a recovery code", async ({
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const context = await newBrowser(browser, 390);
    const page = await context.newPage();
    let secret: { key: string; codes: string[] } = { key: "", codes: [] };

    await test.step("Profile offers the app; the set-up shows a QR code and the key written out, and wants a first code", async () => {
      await passwordStep(page, chief);
      await expect(dashboardHeading(page)).toBeVisible();
      await page.goto(`${server.url}/admin/profile`);
      const section = page.getByRole("region", { name: "Two-step sign-in" });
      await expect(section.getByText("Authenticator app: not set up")).toBeVisible();
      secret = await setUpApp(page, testInfo.outputPath("two-step-setup-390.png"));
      await expect(page.getByRole("status")).toContainText("Authenticator app turned on.");
    });

    await test.step("the right password alone leads to the second screen; a wrong code is refused, the app's code signs in", async () => {
      await signOut(page);
      await passwordStep(page, chief);
      await expect(secondScreen(page)).toBeVisible();
      await expect(page).toHaveURL(/\/auth\/second-step$/);
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath("second-step-390.png"), fullPage: true });
      await codeField(page).fill("000000");
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(page.getByRole("alert")).toHaveText(WRONG_CODE);
      // The set-up used this step's code: the app's next one (one step of drift is allowed) is still new.
      await codeField(page).fill(totpCode(secret.key, new Date(Date.now() + 30_000)));
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(dashboardHeading(page)).toBeVisible();
    });

    await test.step("a recovery code signs in once, and Profile says how many are left", async () => {
      await signOut(page);
      await passwordStep(page, chief);
      await expect(secondScreen(page)).toBeVisible();
      await codeField(page).fill(secret.codes[0]!);
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(dashboardHeading(page)).toBeVisible();
      await page.goto(`${server.url}/admin/profile`);
      await expect(page.getByText("Recovery codes left: 9 of 10")).toBeVisible();

      await signOut(page);
      await passwordStep(page, chief);
      await codeField(page).fill(secret.codes[0]!);
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(page.getByRole("alert")).toHaveText(WRONG_CODE);
      await codeField(page).fill(secret.codes[1]!);
      await page.getByRole("button", { name: "Verify" }).click();
      await expect(dashboardHeading(page)).toBeVisible();
    });

    await test.step("the security log shows the sign-ins, the failed code and the recovery codes used", async () => {
      await page.goto(`${server.url}/admin/security`);
      for (const kind of ["Second step added", "Second step failed", "Recovery code used", "Signed in"]) {
        await expect(page.getByRole("cell", { name: kind, exact: true }).first()).toBeVisible();
      }
    });
    await context.close();
  });

  test("an editor whose role requires a second step cannot reach Article Management until they set one up", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const ownerContext = await newBrowser(browser);
    const ownerPage = await ownerContext.newPage();
    await test.step("an administrator requires a second step of editors in Settings", async () => {
      await passwordStep(ownerPage, owner);
      await expect(dashboardHeading(ownerPage)).toBeVisible();
      await ownerPage.goto(`${server.url}/admin/settings`);
      const sign = ownerPage.getByRole("group", { name: "Roles that must use a second step" });
      await sign.getByRole("checkbox", { name: "Editor" }).check();
      await ownerPage.getByRole("button", { name: "Save settings" }).click();
      await expect(ownerPage.getByText("Settings saved. Every page shows them now.")).toBeVisible();
      await expect(sign.getByRole("checkbox", { name: "Editor" })).toBeChecked();
    });

    const deskContext = await newBrowser(browser);
    const page = await deskContext.newPage();
    await test.step("the editor signs in with the password and is taken to set it up; every other page sends them back", async () => {
      await passwordStep(page, desk);
      await expect(page).toHaveURL(/\/admin\/profile\/two-step/);
      await expect(page.getByText("Your role must use a second step at sign-in.")).toBeVisible();
      await expect(page.getByRole("link", { name: "Article Management" })).toHaveCount(0);
      await page.goto(`${server.url}/admin/articles`);
      await expect(page).toHaveURL(/\/admin\/profile\/two-step/);
      await expect(page.getByRole("heading", { name: "Article Management" })).toHaveCount(0);
      const refused = await page.request.get(`${server.url}/admin/articles`, { maxRedirects: 0 });
      expect(refused.status()).toBe(303);
      expect(refused.headers()["location"]).toBe("/admin/profile/two-step");
    });

    await test.step("with the app set up, Article Management opens", async () => {
      await setUpApp(page);
      await page.getByRole("link", { name: "I have kept my codes: go to the dashboard" }).click();
      await expect(dashboardHeading(page)).toBeVisible();
      await page.getByRole("link", { name: "Article Management" }).click();
      await expect(page.getByRole("heading", { name: "Article Management" })).toBeAttached();
      await expect(page).toHaveURL(/\/admin\/articles$/);
    });

    await test.step("an administrator resets the editor's second step on the Staff tab: the editor is signed out", async () => {
      await ownerPage.goto(`${server.url}/admin/staff`);
      await ownerPage.getByRole("button", { name: `Reset the second step of ${desk.username}` }).click();
      await expect(ownerPage.getByText(`Second step of ${desk.username} reset`)).toBeVisible();
      await page.reload();
      await expect(loginHeading(page)).toBeVisible();
    });
    await ownerContext.close();
    await deskContext.close();
  });
});
