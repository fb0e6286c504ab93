import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { newDataDir } from "../support/pglite-template";
import { errorLogLines, PROJECT_ROOT, startServer, type ServerProcess } from "../support/server-process";
import { signInTo, type AdminAccount } from "./article-admin-support";
import { accessibilityViolations, expect, test } from "./fixtures";
import { sameOriginHeaders } from "./support";

/**
 * The Newsletter Management tab's subscriber side on a server of this file's own:
 * the cards (the spec's three, with Pending apart since double opt-in), the Recent Subscribers table with the
 * spec's "Showing 10 of N subscribers", and the CSV export of the whole list. The readers sign up through the
 * public form with double opt-in on (the default) and confirm nothing, so every one of them is pending.
 */

const admin: AdminAccount = { username: `newsletter-editor-${process.pid}`, password: "newsletter editor correct horse battery" };
const SIGNUPS = Array.from({ length: 12 }, (_, index) => `reader${String(index + 1).padStart(2, "0")}@example.com`);

let dir: string;
let server: ServerProcess;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  dir = path.join(PROJECT_ROOT, "tests", ".tmp", `admin-newsletter-${process.pid}-${Date.now().toString(36)}`);
  rmSync(dir, { recursive: true, force: true });
  newDataDir(dir);
  server = await startServer({
    DATA_DIR: dir,
    SEED_CONTENT: "none",
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
  });
  // Sign-ups from several client addresses, as from several readers (one address may sign up 10 times per quarter hour).
  for (const [index, email] of SIGNUPS.entries()) {
    const response = await request.post(`${server.url}/newsletter`, {
      form: { email },
      maxRedirects: 0,
      headers: { ...sameOriginHeaders(server.url), "X-Forwarded-For": `198.51.100.${40 + index}` },
    });
    expect(response.ok(), `the sign-up of ${email} succeeds`).toBe(true);
  }
});

test.afterAll(async () => {
  const code = server ? await server.stop() : 0;
  rmSync(dir, { recursive: true, force: true });
  expect(code).toBe(0);
  if (server) expect(errorLogLines(server.output())).toEqual([]);
});

test("the tab counts the subscribers and lists the newest ten", async ({ page }) => {
  await signInTo(page, server.url, admin);
  const response = await page.goto(`${server.url}/admin/newsletter`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 2, name: "Newsletter Management" })).toBeVisible();

  const stats = page.getByLabel("Subscriber statistics");
  await expect(stats.getByRole("term")).toHaveText(["Total", "Active", "Pending", "Unsubscribed"]);
  await expect(stats.getByRole("definition")).toHaveText(["12", "0", "12", "0"]);

  const table = page.getByRole("table", { name: "Recent Subscribers" });
  await expect(table.getByRole("columnheader")).toHaveText(["Email", "Status", "Subscribed"]);
  const rows = table.getByRole("row").filter({ has: page.getByRole("cell") });
  await expect(rows).toHaveCount(10);
  await expect(rows.first().getByRole("cell").first()).toHaveText(/^reader12@example\.com/);
  await expect(rows.last().getByRole("cell").first()).toHaveText(/^reader03@example\.com/);
  await expect(rows.first().getByRole("cell").nth(1)).toHaveText("pending");
  await expect(page.getByText("Showing 10 of 12 subscribers", { exact: true })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
});

test("Export CSV downloads every subscriber, oldest first", async ({ page }) => {
  await signInTo(page, server.url, admin);
  await page.goto(`${server.url}/admin/newsletter`);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync(await file.path(), "utf8")
    .trimEnd()
    .split("\r\n");
  // Every field quoted, so neither a comma nor a semicolon locale splits a value.
  expect(lines[0]).toBe('"email","status","subscribed_at"');
  expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(SIGNUPS.map((email) => `"${email}"`));
  expect(lines[1]).toMatch(/^"reader01@example\.com","pending","\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z"$/);
});

test("the export needs a session", async ({ request }) => {
  const response = await request.get(`${server.url}/admin/newsletter/subscribers.csv`, { maxRedirects: 0 });
  expect(response.status()).toBe(401);
  expect(await response.text()).not.toContain("@example.com");
});
