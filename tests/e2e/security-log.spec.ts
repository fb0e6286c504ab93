import type { Page } from "@playwright/test";
import { rmSync } from "node:fs";
import path from "node:path";
import { newDataDir } from "../support/pglite-template";
import { errorLogLines, PROJECT_ROOT, startServer, type ServerProcess } from "../support/server-process";
import { dashboardHeading, statusConsoleError } from "./admin-support";
import { accessibilityViolations, expect, test } from "./fixtures";
import { createStaffAccount, type StaffAccount } from "./team-support";

/**
 * The security log in Chromium, on a server of this file's own: an administrator changes a writer's role on the Staff
 * tab, finds the change in the Security tab with the person and kind filters, downloads it as CSV (which is recorded
 * too), and the writer sees the change in their own Profile. Writers have no Security tab.
 */

test.describe("Security log", () => {
  // The sign-in screen asks for the session's state before anyone has one.
  test.use({ allowedConsoleErrors: [statusConsoleError(401)] });
  const run = `${process.pid}-${Date.now().toString(36)}`;
  const dir = path.join(PROJECT_ROOT, "tests", ".tmp", `security-log-${run}`);
  const dataDir = path.join(dir, "data");
  const chief: StaffAccount = {
    username: `chief-${process.pid}`,
    password: "security desk correct horse",
    role: "administrator",
  };
  const writer: StaffAccount = { username: `writer-${process.pid}`, password: "writer desk correct horse", role: "author" };
  let server: ServerProcess;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    rmSync(dir, { recursive: true, force: true });
    newDataDir(dataDir);
    await createStaffAccount(dataDir, chief);
    await createStaffAccount(dataDir, writer);
    server = await startServer({ DATA_DIR: dataDir, SEED_CONTENT: "none" });
  });

  test.afterAll(async () => {
    const code = server ? await server.stop() : 0;
    rmSync(dir, { recursive: true, force: true });
    expect(code).toBe(0);
    if (server) expect(errorLogLines(server.output())).toEqual([]);
  });

  async function signInAs(page: Page, account: StaffAccount) {
    await page.goto(`${server.url}/admin`);
    await page.getByLabel("Username", { exact: true }).fill(account.username);
    await page.getByRole("textbox", { name: "Password" }).fill(account.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(dashboardHeading(page)).toBeVisible();
  }

  test("a role change is in the administrators' log, filtered and downloaded, and in the writer's own Profile", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await signInAs(page, chief);

    await test.step("the administrator makes the writer an editor on the Staff tab", async () => {
      await page.getByRole("link", { name: "Staff", exact: true }).click();
      await page.getByLabel(`Role of ${writer.username}`, { exact: true }).selectOption("editor");
      await page.getByRole("button", { name: `Change the role of ${writer.username}` }).click();
      await expect(page.getByText("Role changed to Editor.")).toBeVisible();
    });

    await test.step("the Security tab shows it, and the filters narrow the table to it", async () => {
      await page.getByRole("link", { name: "Security", exact: true }).click();
      await expect(page.getByRole("heading", { name: "Security log" })).toBeVisible();
      const table = page.getByRole("table", { name: "Security log" });
      const roleRow = table.getByRole("row").filter({ hasText: "Role changed" });
      await expect(roleRow).toHaveCount(1);
      await expect(roleRow.getByRole("cell")).toHaveText([
        /\w{3} \d{1,2}, \d{4}/,
        "Role changed",
        chief.username,
        writer.username,
        "127.0.0.1",
        /^Chrome \d+ on Linux$/,
        "Author to Editor",
      ]);
      expect(await accessibilityViolations(page)).toEqual([]);

      await page.getByLabel("Person").selectOption({ label: writer.username });
      await page.getByLabel("Kind").selectOption({ label: "Account suspended" });
      await page.getByRole("button", { name: "Show" }).click();
      await expect(page.getByText("No event matches these filters.")).toBeVisible();

      await page.getByLabel("Kind").selectOption({ label: "Role changed" });
      await page.getByRole("button", { name: "Show" }).click();
      await expect(page).toHaveURL(/kind=role-changed/);
      await expect(page.getByRole("table", { name: "Security log" }).getByRole("row")).toHaveCount(2);
    });

    await test.step("the CSV has the filtered events, and the download is recorded as an export", async () => {
      const href = await page.getByRole("link", { name: "Download CSV" }).getAttribute("href");
      expect(href).toMatch(/^\/admin\/security\.csv\?person=\d+&kind=role-changed$/);
      const response = await page.request.get(`${server.url}${href!}`);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
      const lines = (await response.text()).trim().split("\r\n");
      expect(lines[0]).toBe('"time","event","kind","by","account","address","browser","user_agent","details"');
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(`"Role changed","role-changed","${chief.username}","${writer.username}","127.0.0.1"`);
      expect(lines[1]).toContain('"Author to Editor"');

      await page.goto(`${server.url}/admin/security?kind=export`);
      await expect(
        page.getByRole("table", { name: "Security log" }).getByRole("row").filter({ hasText: "what: security log" }),
      ).toHaveCount(1);
    });

    await test.step("the writer sees it in Profile, and has no Security tab", async () => {
      const context = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.61" } });
      const writerPage = await context.newPage();
      await signInAs(writerPage, writer);
      await expect(writerPage.getByRole("link", { name: "Security", exact: true })).toHaveCount(0);
      await writerPage.getByRole("link", { name: "Profile", exact: true }).click();
      const activity = writerPage.getByRole("table", { name: "Your security activity" });
      await expect(activity.getByRole("row").filter({ hasText: "Role changed" })).toContainText("Author to Editor");
      expect(await accessibilityViolations(writerPage)).toEqual([]);
      await context.close();
    });
  });
});
