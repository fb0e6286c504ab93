import type { Page, Response } from "@playwright/test";
import { rmSync } from "node:fs";
import path from "node:path";
import { newDataDir } from "../support/pglite-template";
import { errorLogLines, PROJECT_ROOT, startServer } from "../support/server-process";
import {
  ACCOUNT_LOCKED,
  dashboardHeading,
  E2E_ADMIN,
  fromOwnClientAddress,
  INVALID_CREDENTIALS,
  loginHeading,
  loginMessage,
  passwordField,
  SESSION_COOKIE,
  SESSION_LENGTH_MS,
  signIn,
  statusConsoleError,
  submitLogin,
  unknownUsername,
  usernameField,
  waitForLoginForm,
} from "./admin-support";
import { accessibilityViolations, expect, test } from "./fixtures";
import { waitForHydrated } from "./article-admin-support";

// Every visit to /admin without a session is answered 401 (the login screen), and refused sign-ins 401 or 429.
test.use({ allowedConsoleErrors: [statusConsoleError(401, 429)] });

/** The tabs an administrator (the shared e2e server's admin) sees; Staff and Profile came with the team, Settings, Sections, Tags and Navigation with the newsroom's own settings, Security with the security log. */
const TABS = [
  { name: "Article Generation", href: "/admin/generate" },
  { name: "Article Management", href: "/admin/articles" },
  { name: "Newsletter Management", href: "/admin/newsletter" },
  { name: "Sections", href: "/admin/sections" },
  { name: "Insights", href: "/admin/insights" },
  { name: "Pages", href: "/admin/pages" },
  { name: "Staff", href: "/admin/staff" },
  { name: "Security", href: "/admin/security" },
  { name: "Settings", href: "/admin/settings" },
  { name: "Tags", href: "/admin/tags" },
  { name: "Navigation", href: "/admin/navigation" },
  { name: "Profile", href: "/admin/profile" },
];

function adminSections(page: Page) {
  return page.getByRole("navigation", { name: "Admin sections" });
}

function signInButton(page: Page) {
  return page.getByRole("button", { name: "Sign In", exact: true });
}

/** The sign-in answer the form waits for (the browser posts to /auth/login.data). */
function loginAnswer(page: Page): Promise<Response> {
  return page.waitForResponse(
    (response) => new URL(response.url()).pathname.startsWith("/auth/login") && response.request().method() === "POST",
  );
}

/** What a reader looks for in a shown moment: its date, its time and the time zone, all in `timeZone`. */
function momentParts(date: Date, timeZone: string): string[] {
  const format = new Intl.DateTimeFormat("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  });
  const part = Object.fromEntries(format.formatToParts(date).map(({ type, value }) => [type, value]));
  return [`${part.month} ${part.day}, ${part.year}`, `${part.hour}:${part.minute} ${part.dayPeriod}`, part.timeZoneName!];
}

/** Text with every kind of space (the formatter puts a narrow no-break space before AM/PM) as a plain space. */
function plainSpaces(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

test.describe("signing in", () => {
  test.describe(() => {
    fromOwnClientAddress();
    test.use({ timezoneId: "America/New_York" });

    test("shows the dashboard with the welcome line, the tabs and the session banner", async ({ page }) => {
      const response = await page.goto("/admin");
      expect(response?.status()).toBe(401);
      await expect(loginHeading(page)).toBeVisible();
      await expect(dashboardHeading(page)).toHaveCount(0);

      const before = Date.now();
      await waitForLoginForm(page);
      await submitLogin(page, E2E_ADMIN);
      await expect(dashboardHeading(page)).toBeVisible();
      const after = Date.now();
      await expect(page).toHaveURL("/admin/articles");
      await expect(loginHeading(page)).toHaveCount(0);

      const welcome = page.getByText(/^Welcome, /);
      await expect(welcome).toContainText(`Welcome, ${E2E_ADMIN.username}. Your session expires `);
      const expiresAt = new Date((await welcome.getByRole("time").getAttribute("datetime")) ?? "");
      expect(expiresAt.getTime()).toBeGreaterThanOrEqual(before + SESSION_LENGTH_MS - 1_000);
      expect(expiresAt.getTime()).toBeLessThanOrEqual(after + SESSION_LENGTH_MS + 1_000);
      // Shown in the reader's own time zone (the page's is New York), once the page has hydrated.
      for (const part of momentParts(expiresAt, "America/New_York")) {
        await expect
          .poll(async () => plainSpaces((await welcome.textContent()) ?? ""), { message: `the expiry shows ${part}` })
          .toContain(part);
      }

      await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
      const links = adminSections(page).getByRole("link");
      await expect(links).toHaveText(TABS.map((tab) => tab.name));
      for (const tab of TABS)
        await expect(adminSections(page).getByRole("link", { name: tab.name })).toHaveAttribute("href", tab.href);
      await expect(adminSections(page).getByRole("link", { name: "Article Management" })).toHaveAttribute("aria-current", "page");

      const banner = page.getByRole("status", { name: "Admin Session Active" });
      await expect(banner).toBeVisible();
      await expect(banner).toContainText(`Signed in as ${E2E_ADMIN.username} until `);
      await expect(page.getByRole("status", { name: "Security Warning" })).toHaveCount(0);
    });
  });

  test.describe(() => {
    fromOwnClientAddress();

    test("the session cookie is httpOnly, SameSite=Lax, not Secure over http, and lasts 24 hours", async ({ page, context }) => {
      await signIn(page);
      const signedInAt = Date.now();
      const cookies = await context.cookies();
      const session = cookies.find((cookie) => cookie.name === SESSION_COOKIE);
      expect(session, `a ${SESSION_COOKIE} cookie among ${cookies.map((cookie) => cookie.name).join(", ")}`).toBeDefined();
      expect(session!.httpOnly).toBe(true);
      expect(session!.sameSite).toBe("Lax");
      expect(session!.secure).toBe(false);
      expect(session!.path).toBe("/");
      expect(session!.expires * 1000).toBeGreaterThan(signedInAt + SESSION_LENGTH_MS - 60_000);
      expect(session!.expires * 1000).toBeLessThan(signedInAt + SESSION_LENGTH_MS + 60_000);
      expect(cookies.map((cookie) => cookie.name)).not.toContain(`__Host-${SESSION_COOKIE}`);
      // httpOnly: the page's own scripts cannot read it.
      expect(await page.evaluate(() => document.cookie)).not.toContain(SESSION_COOKIE);
    });
  });

  test.describe(() => {
    fromOwnClientAddress();

    test("Sign Out returns to the login screen and ends the session on the server", async ({ page, context, request }) => {
      await signIn(page);
      const token = (await context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE)?.value;
      expect(token).toBeTruthy();
      const replay = () => request.get("/admin/api/session", { headers: { Cookie: `${SESSION_COOKIE}=${token}` } });

      const whileSignedIn = await replay();
      expect(whileSignedIn.status()).toBe(200);
      expect(await whileSignedIn.json()).toEqual({ username: E2E_ADMIN.username, expiresAt: expect.any(String) });

      await page.getByRole("button", { name: "Sign Out" }).click();
      await expect(loginHeading(page)).toBeVisible();
      await expect(page).toHaveURL("/admin");
      await expect(dashboardHeading(page)).toHaveCount(0);
      expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain(SESSION_COOKIE);

      const afterSignOut = await replay();
      expect(afterSignOut.status()).toBe(401);
      expect(await afterSignOut.text()).not.toContain(E2E_ADMIN.username);

      const reload = await page.goto("/admin/articles");
      expect(reload?.status()).toBe(401);
      await expect(loginHeading(page)).toBeVisible();
    });
  });

  test.describe(() => {
    fromOwnClientAddress();

    test("a wrong password keeps the login screen with its message; the right one then signs in", async ({ page }) => {
      await page.goto("/admin");
      await waitForLoginForm(page);
      const answer = loginAnswer(page);
      await submitLogin(page, { username: E2E_ADMIN.username, password: "not the password" });
      expect((await answer).status()).toBe(401);
      await expect(loginMessage(page)).toHaveText(INVALID_CREDENTIALS);
      await expect(loginHeading(page)).toBeVisible();
      await expect(page).toHaveURL("/admin");
      await expect(dashboardHeading(page)).toHaveCount(0);
      await expect(usernameField(page)).toHaveValue(E2E_ADMIN.username);

      await passwordField(page).fill(E2E_ADMIN.password);
      await signInButton(page).click();
      await expect(dashboardHeading(page)).toBeVisible();
      await expect(loginMessage(page)).toHaveCount(0);
    });
  });

  test.describe(() => {
    fromOwnClientAddress();

    test("the fifth failure locks the username for 15 minutes, and it stays locked after a reload", async ({ page }) => {
      const username = unknownUsername("lockout");
      await page.goto("/admin");
      await waitForLoginForm(page);
      for (let attempt = 1; attempt <= 4; attempt++) {
        const answer = loginAnswer(page);
        await submitLogin(page, { username, password: `wrong password ${attempt}` });
        expect((await answer).status(), `attempt ${attempt}`).toBe(401);
        await expect(loginMessage(page), `attempt ${attempt}`).toHaveText(INVALID_CREDENTIALS);
        await expect(signInButton(page)).toBeEnabled();
      }

      const fifth = loginAnswer(page);
      await submitLogin(page, { username, password: "wrong password 5" });
      expect((await fifth).status()).toBe(429);
      await expect(loginMessage(page)).toHaveText(ACCOUNT_LOCKED);
      await expect(usernameField(page)).toBeDisabled();
      await expect(passwordField(page)).toBeDisabled();
      await expect(page.getByRole("button", { name: "Account Locked" })).toBeDisabled();
      await expect(signInButton(page)).toHaveCount(0);

      // A reload gives a fresh form, but the server still refuses the name: the sixth failure.
      await page.reload();
      await waitForLoginForm(page);
      await expect(loginMessage(page)).toHaveCount(0);
      const sixth = loginAnswer(page);
      await submitLogin(page, { username: username.toUpperCase(), password: "wrong password 6" });
      expect((await sixth).status()).toBe(429);
      await expect(loginMessage(page)).toHaveText(ACCOUNT_LOCKED);
      await expect(usernameField(page)).toBeDisabled();
      await expect(passwordField(page)).toBeDisabled();
      await expect(page.getByRole("button", { name: "Account Locked" })).toBeDisabled();

      // The lock is on that username, not on the browser: another admin still signs in from here.
      await signIn(page);
    });
  });

  test("Show password reveals the password and Hide password hides it again", async ({ page }) => {
    await page.goto("/admin");
    await waitForLoginForm(page);
    await passwordField(page).fill("a secret phrase");
    await expect(passwordField(page)).toHaveAttribute("type", "password");

    await page.getByRole("button", { name: "Show password" }).click();
    await expect(passwordField(page)).toHaveAttribute("type", "text");
    await expect(passwordField(page)).toHaveValue("a secret phrase");
    await expect(page.getByRole("button", { name: "Show password" })).toHaveCount(0);

    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(passwordField(page)).toHaveAttribute("type", "password");
    await expect(passwordField(page)).toHaveValue("a secret phrase");
  });

  test.describe(() => {
    fromOwnClientAddress();

    test('the button says "Signing in..." and is disabled while the request runs', async ({ page }) => {
      await page.goto("/admin");
      await waitForLoginForm(page);
      await usernameField(page).fill(E2E_ADMIN.username);
      await passwordField(page).fill(E2E_ADMIN.password);
      const answer = loginAnswer(page);
      const sentAt = Date.now();
      await signInButton(page).click();
      const busy = page.getByRole("button", { name: "Signing in..." });
      await expect(busy).toBeVisible();
      await expect(busy).toBeDisabled();
      await answer;
      // The server never answers a sign-in in less than 500 ms, which is what made the state visible.
      expect(Date.now() - sentAt).toBeGreaterThanOrEqual(450);
      await expect(dashboardHeading(page)).toBeVisible();
      await expect(busy).toHaveCount(0);
    });
  });

  test.describe(() => {
    fromOwnClientAddress();

    test("after signing in, a reload of the Newsletter Management tab stays on that tab", async ({ page }) => {
      await signIn(page);
      await adminSections(page).getByRole("link", { name: "Newsletter Management" }).click();
      await expect(page).toHaveURL("/admin/newsletter");
      await expect(page.getByRole("heading", { level: 2, name: "Newsletter Management" })).toBeVisible();

      const reload = await page.reload();
      expect(reload?.status()).toBe(200);
      await expect(page).toHaveURL("/admin/newsletter");
      await expect(dashboardHeading(page)).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: "Newsletter Management" })).toBeVisible();
      await expect(adminSections(page).getByRole("link", { name: "Newsletter Management" })).toHaveAttribute(
        "aria-current",
        "page",
      );
    });
  });

  test.describe(() => {
    fromOwnClientAddress();

    test("a deep link without a session shows the login screen, then lands on the page asked for", async ({ page }) => {
      const response = await page.goto("/admin/generate");
      expect(response?.status()).toBe(401);
      await expect(loginHeading(page)).toBeVisible();
      await expect(page.getByRole("heading", { name: "Article Generation" })).toHaveCount(0);

      await waitForLoginForm(page);
      await submitLogin(page, E2E_ADMIN);
      await expect(dashboardHeading(page)).toBeVisible();
      await expect(page).toHaveURL("/admin/generate");
      await expect(page.getByRole("heading", { level: 2, name: "Article Generation" })).toBeVisible();
      await expect(adminSections(page).getByRole("link", { name: "Article Generation" })).toHaveAttribute("aria-current", "page");
    });
  });
});

test.describe("the session banner", () => {
  fromOwnClientAddress();

  test("re-checks the session every 60 seconds and warns once the server no longer confirms it", async ({ page }) => {
    await page.clock.install();
    await signIn(page);
    await expect(page.getByRole("status", { name: "Admin Session Active" })).toBeVisible();
    // The 60-second check starts once React has hydrated the banner; on a busy machine that can be after sign-in returns.
    await waitForHydrated(page.getByRole("status", { name: "Admin Session Active" }));

    // The session ends on the server (as after Sign Out in another tab); the page does not know yet.
    const signOut = await page.request.post("/auth/logout", { headers: { Origin: new URL(page.url()).origin }, maxRedirects: 0 });
    expect(signOut.status()).toBe(303);
    await page.clock.fastForward(59_000);
    await expect(page.getByRole("status", { name: "Admin Session Active" })).toBeVisible();

    const check = page.waitForResponse((response) => new URL(response.url()).pathname === "/admin/api/session");
    await page.clock.fastForward(1_000);
    expect((await check).status()).toBe(401);
    const warning = page.getByRole("status", { name: "Security Warning" });
    await expect(warning).toContainText("Your session could not be confirmed");
    await expect(warning.getByRole("link", { name: "Sign in again" })).toHaveAttribute("href", "/admin");
  });
});

test.describe("signing in without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test.describe(() => {
    fromOwnClientAddress();

    test("the form signs in and opens the dashboard", async ({ page }) => {
      await page.goto("/admin");
      await submitLogin(page, E2E_ADMIN);
      await expect(dashboardHeading(page)).toBeVisible();
      await expect(page).toHaveURL("/admin/articles");
      await expect(page.getByText(/^Welcome, /)).toContainText(`Welcome, ${E2E_ADMIN.username}. Your session expires `);
      await expect(page.getByRole("status", { name: "Admin Session Active" })).toBeVisible();
    });
  });

  test.describe(() => {
    fromOwnClientAddress();

    test("a wrong password comes back with the message", async ({ page }) => {
      await page.goto("/admin");
      await submitLogin(page, { username: unknownUsername("nojs"), password: "not the password" });
      await expect(page).toHaveURL("/auth/login");
      await expect(loginMessage(page)).toHaveText(INVALID_CREDENTIALS, { timeout: 3_000 });
      await expect(loginHeading(page)).toBeVisible();
      await expect(dashboardHeading(page)).toHaveCount(0);
    });
  });
});

test("with no admin yet, the login screen explains how to create the first one", async ({ page }) => {
  const dataDir = path.join(PROJECT_ROOT, "tests", ".tmp", `no-admin-${process.pid}-${Date.now()}`);
  newDataDir(dataDir);
  const server = await startServer({ DATA_DIR: dataDir, SEED_CONTENT: "none" });
  try {
    const response = await page.goto(`${server.url}/admin/articles`);
    expect(response?.status()).toBe(401);
    await expect(loginHeading(page)).toBeVisible();
    await expect(page.getByText("There is no admin account yet.")).toBeVisible();
    await expect(page.getByRole("code").filter({ hasText: "npm run admin -- create NAME" })).toBeVisible();
    await expect(usernameField(page)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Sign In", exact: true })).toHaveCount(0);
    expect(await accessibilityViolations(page)).toEqual([]);
  } finally {
    expect(await server.stop()).toBe(0);
    rmSync(dataDir, { recursive: true, force: true });
  }
  expect(errorLogLines(server.output())).toEqual([]);
});

test.describe("accessibility", () => {
  test("axe finds no violations on the login screen", async ({ page }) => {
    await page.goto("/admin");
    await waitForLoginForm(page);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  test.describe(() => {
    fromOwnClientAddress();

    test("axe finds no violations on the dashboard", async ({ page }) => {
      await signIn(page);
      await expect(page.getByRole("status", { name: "Admin Session Active" })).toBeVisible();
      expect(await accessibilityViolations(page)).toEqual([]);
    });
  });
});

test.describe("response headers", () => {
  test.describe(() => {
    fromOwnClientAddress();

    test("admin pages and their data are never stored by the browser (Cache-Control: no-store)", async ({ page }) => {
      const answers: { url: string; cacheControl: string | undefined }[] = [];
      page.on("response", (response) => {
        const url = new URL(response.url());
        const kind = response.request().resourceType();
        if (!/^\/(admin|auth)(\/|\.|$)/.test(url.pathname)) return;
        if (kind !== "document" && kind !== "fetch") return;
        answers.push({
          url: `${response.request().method()} ${url.pathname}`,
          cacheControl: response.headers()["cache-control"],
        });
      });
      await signIn(page, "/admin/newsletter");
      await adminSections(page).getByRole("link", { name: "Article Generation" }).click();
      await expect(page.getByRole("heading", { level: 2, name: "Article Generation" })).toBeVisible();
      await page.goto("/admin/articles");
      await expect(page.getByRole("status", { name: "Admin Session Active" })).toBeVisible();

      const seen = answers.map((answer) => answer.url);
      expect(seen).toEqual(
        expect.arrayContaining([
          "GET /admin/newsletter",
          "POST /auth/login.data",
          "GET /admin/generate.data",
          "GET /admin/articles",
        ]),
      );
      for (const answer of answers) expect(answer.cacheControl, answer.url).toContain("no-store");
    });
  });

  for (const { name, path, signedIn } of [
    { name: "the login screen", path: "/admin", signedIn: false },
    { name: "the dashboard", path: "/admin/articles", signedIn: true },
  ]) {
    test.describe(() => {
      fromOwnClientAddress();

      test(`${name} carries the security headers, and its scripts run with the CSP nonce`, async ({ page }) => {
        if (signedIn) await signIn(page);
        const response = await page.goto(path);
        expect(response?.status()).toBe(signedIn ? 200 : 401);
        if (signedIn) await expect(dashboardHeading(page)).toBeVisible();
        else await expect(loginHeading(page)).toBeVisible();

        const headers = response!.headers();
        const csp = Object.fromEntries(
          (headers["content-security-policy"] ?? "")
            .split(";")
            .map((directive) => directive.trim().split(/\s+/))
            .map(([directive, ...values]) => [directive, values]),
        ) as Record<string, string[] | undefined>;
        const scriptSrc = csp["script-src"] ?? [];
        const nonces = scriptSrc.filter((source) => /^'nonce-[A-Za-z0-9+/=]{16,}'$/.test(source));
        expect(nonces, `script-src ${scriptSrc.join(" ")}`).toHaveLength(1);
        expect(scriptSrc).toContain("'self'");
        expect(scriptSrc).not.toContain("'unsafe-inline'");
        expect(scriptSrc).not.toContain("'unsafe-eval'");
        expect(csp["frame-ancestors"]).toEqual(["'none'"]);
        expect(csp["object-src"]).toEqual(["'none'"]);
        expect(headers["x-content-type-options"]).toBe("nosniff");
        expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
        expect(headers["permissions-policy"]).toMatch(/camera=\(\)/);
        expect(headers["permissions-policy"]).toMatch(/microphone=\(\)/);
        expect(headers["permissions-policy"]).toMatch(/geolocation=\(\)/);

        // Every script in the document carries this response's nonce, which is why the page could run them.
        const nonce = nonces[0]!.slice("'nonce-".length, -1);
        const scriptTags = [...(await response!.text()).matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
        expect(scriptTags.length).toBeGreaterThan(0);
        for (const tag of scriptTags) expect(tag).toContain(`nonce="${nonce}"`);
        if (!signedIn) await waitForLoginForm(page);

        const again = await page.request.get(path);
        expect(again.headers()["content-security-policy"]).not.toContain(nonce);
      });
    });
  }
});
