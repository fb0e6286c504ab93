import { expect, type Locator, type Page } from "@playwright/test";
import { test } from "./fixtures";

/**
 * What the admin specs know about the shared e2e server's admin and the sign-in screen. The global setup
 * creates this admin with ADMIN_USERNAME / ADMIN_PASSWORD; tests that need a lockout use other usernames
 * (a lockout works the same for unknown names), so this one is never locked.
 */
export const E2E_ADMIN = { username: "e2e-editor", password: "e2e correct horse battery staple" } as const;

/** The session cookie's name on a site served over http (https adds the __Host- prefix). */
export const SESSION_COOKIE = "byline_session";

export const SESSION_LENGTH_MS = 24 * 60 * 60_000;

/** The spec's texts, written out here so a changed text in the app fails a test. */
export const INVALID_CREDENTIALS = "Invalid username or password";
export const ACCOUNT_LOCKED = "Account temporarily locked. Try again in 15 minutes.";
export const FORM_REFUSED = "This form was sent from another website, so it was refused. Please use the form on this site.";

/** Chromium logs a console error for every answer with this status, which the admin tests provoke on purpose. */
export function statusConsoleError(...statuses: number[]): RegExp {
  return new RegExp(`the server responded with a status of (${statuses.join("|")})`);
}

/**
 * The server limits sign-in attempts per client address, so every test that signs in comes from an address of its
 * own, fresh on every run of it (fixtures.ts), and spends its own budget.
 */
export function fromOwnClientAddress(): void {
  test.use({ ownClientAddress: true });
}

let uniqueName = 0;
/** A username nobody has, so locking it out leaves the shared admin alone. */
export function unknownUsername(purpose: string): string {
  uniqueName += 1;
  return `${purpose}-${process.pid}-${Date.now().toString(36)}-${uniqueName}`;
}

export function loginHeading(page: Page): Locator {
  return page.getByRole("heading", { level: 1, name: "Admin Access" });
}

export function dashboardHeading(page: Page): Locator {
  return page.getByRole("heading", { level: 1, name: "Admin Dashboard" });
}

export function usernameField(page: Page): Locator {
  return page.getByLabel("Username", { exact: true });
}

export function passwordField(page: Page): Locator {
  return page.getByLabel("Password", { exact: true });
}

export function loginMessage(page: Page): Locator {
  return page.getByRole("alert");
}

/**
 * Waits until React has hydrated the sign-in form: before that, a click on "Show password" does nothing and
 * Sign In posts the form as a plain page, without the checks and the busy state the tests look at.
 */
export async function waitForLoginForm(page: Page): Promise<void> {
  const form = page.getByRole("button", { name: "Sign In", exact: true });
  await expect
    .poll(() => form.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactProps$"))), {
      message: "the sign-in form is hydrated",
    })
    .toBe(true);
}

/** Fills the sign-in form that is on the page and submits it. */
export async function submitLogin(page: Page, credentials: { username: string; password: string }): Promise<void> {
  await usernameField(page).fill(credentials.username);
  await passwordField(page).fill(credentials.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/**
 * Signs in from the login screen at `path` (an /admin page) and waits for the dashboard. The page's
 * context needs a client address of its own (fromOwnClientAddress) and 401 in its allowed console errors.
 */
export async function signIn(page: Page, path = "/admin", credentials: { username: string; password: string } = E2E_ADMIN) {
  await page.goto(path);
  await expect(loginHeading(page)).toBeVisible();
  await waitForLoginForm(page);
  await submitLogin(page, credentials);
  await expect(dashboardHeading(page)).toBeVisible();
}
