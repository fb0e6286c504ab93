import { expect, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { sameOriginHeaders } from "./support";

/**
 * What the Article Management and upload specs share: signing in to a server of their own and waiting for the
 * admin pages to hydrate (the image files they upload are made by ../support/png.ts).
 */

export interface AdminAccount {
  username: string;
  password: string;
}

/**
 * Signs in to `serverUrl` as the sign-in form does, through the page's own request context, so the session
 * cookie lands in the page's browser context. The context needs its own client address (fromOwnClientAddress).
 */
export async function signInTo(page: Page, serverUrl: string, admin: AdminAccount): Promise<void> {
  const response = await page.request.post(`${serverUrl}/auth/login`, {
    form: { username: admin.username, password: admin.password, returnTo: "/admin/articles" },
    headers: sameOriginHeaders(serverUrl),
    maxRedirects: 0,
  });
  expect(response.status(), "the sign-in succeeds").toBe(303);
}

/** Waits until React has hydrated the element, so a click or a keystroke reaches its handlers. */
export async function waitForHydrated(element: Locator): Promise<void> {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactProps$"))), {
      message: "the page is hydrated",
    })
    .toBe(true);
}

/** Waits until the dialog is a real modal (after hydration), the state in which Escape closes it and the page behind is inert. */
export async function waitForModal(dialog: Locator): Promise<void> {
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((node) => node.matches(":modal")), { message: "the dialog is modal" }).toBe(true);
}

/** A row of Article Management's table, by the article's title. */
export function articleRow(page: Page, title: string): Locator {
  return page
    .getByRole("table", { name: "Articles, newest first" })
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader").filter({ hasText: title }) });
}

/** Sign Out in another tab of the same browser: the session ends on the server and the cookie goes. */
export async function signOutElsewhere(context: BrowserContext, serverUrl: string): Promise<void> {
  const otherTab = await context.newPage();
  await otherTab.goto(`${serverUrl}/admin`);
  await otherTab.getByRole("button", { name: "Sign Out", exact: true }).click();
  await expect(otherTab.getByRole("heading", { name: "Admin Access" })).toBeVisible();
  await otherTab.close();
}

/** Signs in as `admin` in the Sign in again dialog (open over the page), which then closes. */
export async function signInThere(signIn: Locator, admin: AdminAccount): Promise<void> {
  await signIn.getByLabel("Username", { exact: true }).fill(admin.username);
  await signIn.getByLabel("Password", { exact: true }).fill(admin.password);
  await signIn.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(signIn).toBeHidden();
}

/** The names of the files in DATA_DIR/uploads, including half-written ones; none when the folder does not exist yet. */
export function storedUploads(dataDir: string): string[] {
  const directory = path.join(dataDir, "uploads");
  return existsSync(directory) ? readdirSync(directory).sort() : [];
}

export const UPLOADED_IMAGE_URL = /^\/uploads\/[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

export const MB = 1024 * 1024;
