import { test, expect, request as requestFactory, type APIRequestContext } from "@playwright/test";
import pg from "pg";
import { postgresUrlFor } from "../support/postgres-url";
import { errorLogLines, startServer, type ServerProcess } from "../support/server-process";
import { SESSION_COOKIE } from "./admin-support";
import { sameOriginHeaders } from "./support";

/**
 * Two Byline instances on one PostgreSQL database share what sign-in depends on: the lockout counter
 * and the sessions. Runs when TEST_DATABASE_URL points at a PostgreSQL server (always in CI, see .ci/run).
 */

const postgresUrl = process.env.TEST_DATABASE_URL;
const ADMIN = { username: "twin-editor", password: "twin correct horse battery" };
/** The locked answer's text before the form fills in the minutes left. */
const LOCKED_TEXT = "Account temporarily locked. Try again in N minutes.";
const LOCKOUT_SECONDS = 15 * 60;

test.describe("two instances on one PostgreSQL database", () => {
  // Needs a PostgreSQL server. Locally it is skipped without TEST_DATABASE_URL; in CI (.ci/run sets CI and the URL) it always runs.
  test.skip(!postgresUrl && !process.env.CI, "TEST_DATABASE_URL is not set");
  test.describe.configure({ mode: "serial" });

  const name = `byline_e2e_twins_${process.pid}_${Date.now()}`;
  let maintenance: pg.Client;
  let first: ServerProcess | undefined;
  let second: ServerProcess | undefined;
  let client: APIRequestContext;

  test.beforeAll(async () => {
    if (!postgresUrl)
      throw new Error("TEST_DATABASE_URL must be set in CI: the two-instance lockout test cannot be skipped there.");
    maintenance = new pg.Client({ connectionString: postgresUrl });
    await maintenance.connect();
    await maintenance.query(`create database ${name}`);
    const env = { DATABASE_URL: postgresUrlFor(postgresUrl!, name), SEED_CONTENT: "none", ...adminEnv() };
    first = await startServer(env);
    // The second starts once the first has migrated and created the admin, as a rolling deploy would.
    second = await startServer(env);
    // One client address for every attempt, as from one attacker; cookies are passed by hand.
    client = await requestFactory.newContext({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.200" } });
  });

  test.afterAll(async () => {
    await client?.dispose();
    const codes = [await first?.stop(), await second?.stop()];
    try {
      expect(codes).toEqual([0, 0]);
      expect(errorLogLines(`${first?.output() ?? ""}${second?.output() ?? ""}`)).toEqual([]);
    } finally {
      await maintenance.query(`drop database if exists ${name} with (force)`);
      await maintenance.end();
    }
  });

  function adminEnv() {
    return { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password };
  }

  /** A sign-in as the browser's form sends it (a single-fetch post to /auth/login.data). */
  function signIn(server: ServerProcess, password: string) {
    return client.post(`${server.url}/auth/login.data`, {
      form: { username: ADMIN.username, password, returnTo: "/admin" },
      headers: sameOriginHeaders(server.url),
      maxRedirects: 0,
    });
  }

  function sessionCookieOf(setCookie: string | undefined): string {
    const match = new RegExp(`(?:^|\\n)(${SESSION_COOKIE}=[^;]+)`).exec(setCookie ?? "");
    if (!match?.[1]) throw new Error(`No ${SESSION_COOKIE} in Set-Cookie: ${setCookie}`);
    return match[1];
  }

  test("a session started on one instance is valid on the other", async () => {
    const signedIn = await signIn(first!, ADMIN.password);
    expect(signedIn.status()).toBeLessThan(400);
    const cookie = sessionCookieOf(signedIn.headers()["set-cookie"]);

    for (const server of [second!, first!]) {
      const status = await client.get(`${server.url}/admin/api/session`, { headers: { Cookie: cookie } });
      expect(status.status(), server.url).toBe(200);
      expect(await status.json()).toEqual({ username: ADMIN.username, expiresAt: expect.any(String) });
    }
    const page = await client.get(`${second!.url}/admin/articles`, { headers: { Cookie: cookie } });
    expect(page.status()).toBe(200);
    expect(await page.text()).toContain(ADMIN.username);

    // Signing out on the second ends the session on the first too.
    const signOut = await client.post(`${second!.url}/auth/logout`, {
      headers: { ...sameOriginHeaders(second!.url), Cookie: cookie },
      maxRedirects: 0,
    });
    expect(signOut.status()).toBe(303);
    expect((await client.get(`${first!.url}/admin/api/session`, { headers: { Cookie: cookie } })).status()).toBe(401);
  });

  test("failures on both instances add up: the fifth locks the name everywhere", async () => {
    const servers = [first!, second!];
    for (let attempt = 1; attempt <= 4; attempt++) {
      const server = servers[(attempt - 1) % 2]!;
      const refused = await signIn(server, `wrong password ${attempt}`);
      expect(refused.status(), `attempt ${attempt} on ${server.url}`).toBe(401);
      expect(await refused.text()).toContain("Invalid username or password");
    }
    const fifth = await signIn(first!, "wrong password 5");
    expect(fifth.status()).toBe(429);
    expect(await fifth.text()).toContain(LOCKED_TEXT);
    const retryAfter = Number(fifth.headers()["retry-after"]);
    expect(retryAfter).toBeGreaterThan(LOCKOUT_SECONDS - 60);
    expect(retryAfter).toBeLessThanOrEqual(LOCKOUT_SECONDS);

    // The right password on the other instance is refused while the lock lasts, and starts no session.
    const rightPassword = await signIn(second!, ADMIN.password);
    expect(rightPassword.status()).toBe(429);
    expect(await rightPassword.text()).toContain(LOCKED_TEXT);
    expect(Number(rightPassword.headers()["retry-after"])).toBeGreaterThan(LOCKOUT_SECONDS - 60);
    expect(rightPassword.headers()["set-cookie"] ?? "").not.toContain(`${SESSION_COOKIE}=`);
  });
});
