import type { CDPSession, Page } from "@playwright/test";
import { rmSync } from "node:fs";
import path from "node:path";
import { newDataDir } from "../support/pglite-template";
import { errorLogLines, PROJECT_ROOT, startServer, type ServerProcess } from "../support/server-process";
import { dashboardHeading, loginHeading, statusConsoleError, submitLogin, waitForLoginForm } from "./admin-support";
import { accessibilityViolations, expect, test } from "./fixtures";
import { notice } from "./support";
import { createStaffAccount, type StaffAccount } from "./team-support";

/**
 * Passkeys in Chromium, on a server of this file's own, with the browser's virtual authenticator (the DevTools
 * protocol's WebAuthn domain) standing in for a phone or a laptop's fingerprint reader: an editor adds one in Profile,
 * signs out, signs in with the passkey alone, and removes it, after which it signs nobody in. WebAuthn needs a host
 * name for its relying party, so the browser goes to http://localhost:PORT, the server's SITE_URL.
 */

test.describe("Passkeys", () => {
  // The sign-in screen is the admin area answered 401; a refused passkey is a 401, a wrong password a 400.
  test.use({ allowedConsoleErrors: [statusConsoleError(400, 401)] });
  const run = `${process.pid}-${Date.now().toString(36)}`;
  const dir = path.join(PROJECT_ROOT, "tests", ".tmp", `passkeys-${run}`);
  const dataDir = path.join(dir, "data");
  const editor: StaffAccount = { username: `keys-${process.pid}`, password: "passkey desk correct horse", role: "editor" };
  let server: ServerProcess;
  let site: string;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    rmSync(dir, { recursive: true, force: true });
    newDataDir(dataDir);
    await createStaffAccount(dataDir, editor);
    server = await startServer({ DATA_DIR: dataDir, SEED_CONTENT: "none", SITE_NAME: "Byline Passkey Desk" });
    site = server.url.replace("127.0.0.1", "localhost");
  });

  test.afterAll(async () => {
    const code = server ? await server.stop() : 0;
    rmSync(dir, { recursive: true, force: true });
    expect(code).toBe(0);
    if (server) expect(errorLogLines(server.output())).toEqual([]);
  });

  /** A platform authenticator that keeps passkeys and verifies its user (as a fingerprint would), in this page's browser. */
  async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    return { cdp, authenticatorId };
  }

  async function signInWithPassword(page: Page): Promise<void> {
    await page.goto(`${site}/admin`);
    await expect(loginHeading(page)).toBeVisible();
    await waitForLoginForm(page);
    await submitLogin(page, editor);
    await expect(dashboardHeading(page)).toBeVisible();
  }

  async function signOut(page: Page): Promise<void> {
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(loginHeading(page)).toBeVisible();
  }

  test("an editor adds a passkey in Profile, signs in with it alone, and removes it", async ({ page }) => {
    test.setTimeout(120_000);
    const { cdp, authenticatorId } = await virtualAuthenticator(page);
    const passkeys = page.getByRole("list", { name: "Your passkeys" });

    await test.step("add a passkey named Work laptop", async () => {
      await signInWithPassword(page);
      await page.goto(`${site}/admin/profile`);
      const section = page.getByRole("region", { name: "Passkeys" });
      await expect(section.getByText("You have no passkeys yet.")).toBeVisible();
      // The name is asked for first; an empty one is refused before the browser is asked anything.
      await section.getByRole("button", { name: "Add a passkey" }).click();
      await expect(section.getByText("Give the passkey a name, such as “Work laptop”.")).toBeVisible();
      await section.getByLabel("Name of the passkey").fill("Work laptop");
      await expect(section.getByLabel("End my other sessions")).toBeChecked();
      await section.getByRole("button", { name: "Add a passkey" }).click();
      await expect(notice(page, "Passkey “Work laptop” added.")).toBeVisible();
      await expect(section.getByLabel("Name of the passkey")).toHaveValue("");
      await expect(passkeys.getByRole("listitem")).toHaveCount(1);
      await expect(passkeys.getByRole("listitem").first()).toContainText("Work laptop");
      await expect(passkeys.getByRole("listitem").first()).toContainText("never used");

      // The authenticator keeps it as a discoverable credential (a passkey), for this site's host.
      const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
      expect(credentials).toHaveLength(1);
      expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: "localhost" });
      expect(await accessibilityViolations(page)).toEqual([]);
    });

    await test.step("the same authenticator is not added twice", async () => {
      const section = page.getByRole("region", { name: "Passkeys" });
      await section.getByLabel("Name of the passkey").fill("Work laptop again");
      await section.getByRole("button", { name: "Add a passkey" }).click();
      await expect(section.getByRole("alert")).toHaveText(
        "This passkey is already registered. Use another one, or remove it first.",
      );
      await expect(passkeys.getByRole("listitem")).toHaveCount(1);
    });

    await test.step("sign out, then sign in with the passkey alone", async () => {
      await signOut(page);
      await waitForLoginForm(page);
      await page.getByRole("button", { name: "Sign in with a passkey" }).click();
      await expect(dashboardHeading(page)).toBeVisible();
      const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
      expect(credentials[0]!.signCount).toBeGreaterThan(0);
      await page.goto(`${site}/admin/profile`);
      await expect(passkeys.getByRole("listitem").first()).toContainText("last used");
    });

    await test.step("remove it with the current password; it no longer signs in", async () => {
      const section = page.getByRole("region", { name: "Passkeys" });
      await section.getByText("Remove “Work laptop”").click();
      await section.getByLabel("Current password", { exact: true }).fill("not the password");
      await section.getByRole("button", { name: "Remove passkey" }).click();
      await expect(section.getByText("The current password is not right.")).toBeVisible();
      await section.getByLabel("Current password", { exact: true }).fill(editor.password);
      await section.getByRole("button", { name: "Remove passkey" }).click();
      await expect(notice(page, "Passkey “Work laptop” removed.")).toBeVisible();
      await expect(section.getByText("You have no passkeys yet.")).toBeVisible();

      await signOut(page);
      await waitForLoginForm(page);
      await page.getByRole("button", { name: "Sign in with a passkey" }).click();
      await expect(page.getByRole("alert")).toHaveText(
        "That passkey could not sign you in. Try again, or sign in with your password.",
      );
      await expect(loginHeading(page)).toBeVisible();
    });
  });

  test("with a password, a passkey is the second step: the second screen's Use a passkey finishes the sign-in", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await virtualAuthenticator(page);
    await signInWithPassword(page);
    await page.goto(`${site}/admin/profile`);
    const section = page.getByRole("region", { name: "Passkeys" });
    await section.getByLabel("Name of the passkey").fill("Phone");
    await section.getByRole("button", { name: "Add a passkey" }).click();
    await expect(notice(page, "Passkey “Phone” added.")).toBeVisible();
    await signOut(page);

    // The right password alone no longer gives a session: the second screen asks, and the passkey answers.
    await waitForLoginForm(page);
    await submitLogin(page, editor);
    await expect(page.getByRole("heading", { name: "Second step" })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Use a passkey" }).click();
    await expect(dashboardHeading(page)).toBeVisible();

    // Tidy up: the other tests sign in with the password alone.
    await page.goto(`${site}/admin/profile`);
    await section.getByText("Remove “Phone”").click();
    await section.getByLabel("Current password", { exact: true }).fill(editor.password);
    await section.getByRole("button", { name: "Remove passkey" }).click();
    await expect(notice(page, "Passkey “Phone” removed.")).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the sign-in screen offers no passkey button, and the password form still signs in", async ({ page }) => {
      await page.goto(`${site}/admin`);
      await expect(loginHeading(page)).toBeVisible();
      await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toHaveCount(0);
      await submitLogin(page, editor);
      await expect(dashboardHeading(page)).toBeVisible();
      await page.goto(`${site}/admin/profile`);
      await expect(page.getByText("Adding a passkey needs JavaScript in this browser.")).toBeVisible();
    });
  });
});
