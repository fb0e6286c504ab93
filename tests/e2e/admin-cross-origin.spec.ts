import { createServer, type Server } from "node:http";
import { rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { openDatabase } from "../../app/db/client.server";
import { admins, newsletterSubscribers, sessions } from "../../app/db/schema";
import { newDataDir } from "../support/pglite-template";
import { errorLogLines, PROJECT_ROOT, startServer, type ServerProcess } from "../support/server-process";
import { dashboardHeading, FORM_REFUSED, loginHeading, SESSION_COOKIE, signIn, statusConsoleError } from "./admin-support";
import { expect, test } from "./fixtures";
import { sameOriginHeaders } from "./support";

/**
 * CSRF: forms on another website that post to Byline are refused with 403, and nothing they asked for happens.
 * The spec runs its own server, so that afterwards it can open the database and look.
 */

test.describe.configure({ mode: "serial" });
// 401 is the login screen, 403 the refusal.
test.use({ allowedConsoleErrors: [statusConsoleError(401, 403)] });

const ADMIN = { username: "csrf-editor", password: "csrf correct horse battery" };
const run = `${process.pid}-${Date.now()}`;
const FORGED_EMAIL = `forged-${run}@example.com`;
const ACCEPTED_EMAILS = [`own-origin-${run}@example.com`, `own-referer-${run}@example.com`];

let dataDir: string;
let app: ServerProcess | undefined;
let appOrigin: string;
let forgery: { server: Server; port: number } | undefined;

/** A page on another website with three innocent-looking buttons that post forms to Byline. */
function forgeryPage(target: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Win a prize</title></head>
<body><main><h1>Win a prize</h1>
<form method="post" action="${target}/auth/logout"><button>Claim the prize</button></form>
<form method="post" action="${target}/newsletter">
  <input type="hidden" name="email" value="${FORGED_EMAIL}"><input type="hidden" name="returnTo" value="/">
  <button>Get the newsletter</button>
</form>
<form method="post" action="${target}/auth/login">
  <input type="hidden" name="username" value="${ADMIN.username}"><input type="hidden" name="password" value="${ADMIN.password}">
  <input type="hidden" name="returnTo" value="/admin"><button>Enter the draw</button>
</form>
</main></body></html>`;
}

async function startForgerySite(target: string): Promise<{ server: Server; port: number }> {
  const server = createServer((_req, res) =>
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(forgeryPage(target)),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

test.beforeAll(async () => {
  dataDir = path.join(PROJECT_ROOT, "tests", ".tmp", `cross-origin-${run}`);
  newDataDir(dataDir);
  app = await startServer({
    DATA_DIR: dataDir,
    SEED_CONTENT: "none",
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
  });
  appOrigin = new URL(app.url).origin;
  forgery = await startForgerySite(appOrigin);
});

test.afterAll(async () => {
  await new Promise((resolve) => forgery?.server.close(resolve));
  await app?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test("a form on another origin cannot sign the admin out, although the browser sends the session cookie", async ({
  page,
  context,
}) => {
  await signIn(page, `${appOrigin}/admin`, ADMIN);
  // Another port on the same host is another origin but the same site, so the Lax cookie travels with the post.
  await page.goto(`http://127.0.0.1:${forgery!.port}/`);
  const sent = page.waitForRequest(`${appOrigin}/auth/logout`);
  const answered = page.waitForResponse(`${appOrigin}/auth/logout`);
  await page.getByRole("button", { name: "Claim the prize" }).click();

  const headers = await (await sent).allHeaders();
  expect(headers["origin"]).toBe(`http://127.0.0.1:${forgery!.port}`);
  expect(headers["cookie"]).toContain(`${SESSION_COOKIE}=`);
  expect((await answered).status()).toBe(403);
  await expect(page.getByText(FORM_REFUSED)).toBeVisible();

  expect((await context.cookies()).map((cookie) => cookie.name)).toContain(SESSION_COOKIE);
  const dashboard = await page.goto(`${appOrigin}/admin/articles`);
  expect(dashboard?.status()).toBe(200);
  await expect(dashboardHeading(page)).toBeVisible();
  await expect(page.getByText(/^Welcome, /)).toContainText(`Welcome, ${ADMIN.username}.`);
});

test("a form on another site cannot sign a browser in", async ({ page, context }) => {
  await page.goto(`http://localhost:${forgery!.port}/`);
  const answered = page.waitForResponse(`${appOrigin}/auth/login`);
  await page.getByRole("button", { name: "Enter the draw" }).click();
  expect((await answered).status()).toBe(403);
  await expect(page.getByText(FORM_REFUSED)).toBeVisible();

  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain(SESSION_COOKIE);
  const admin = await page.goto(`${appOrigin}/admin`);
  expect(admin?.status()).toBe(401);
  await expect(loginHeading(page)).toBeVisible();
});

test("a form on another site cannot subscribe an address to the newsletter", async ({ page }) => {
  await page.goto(`http://localhost:${forgery!.port}/`);
  const answered = page.waitForResponse(`${appOrigin}/newsletter`);
  await page.getByRole("button", { name: "Get the newsletter" }).click();
  expect((await answered).status()).toBe(403);
  await expect(page.getByText(FORM_REFUSED)).toBeVisible();
});

test("a script's POST is refused without proof of the site's own origin, and accepted with it", async ({ request }) => {
  const newsletter = `${appOrigin}/newsletter`;
  const refusals: { name: string; headers: Record<string, string> }[] = [
    { name: "another Origin", headers: { Origin: "https://evil.example" } },
    { name: "no Origin, Sec-Fetch-Site or Referer", headers: {} },
    { name: "Origin null from a cross-site request", headers: { Origin: "null", "Sec-Fetch-Site": "cross-site" } },
    { name: "a Referer on another site", headers: { Referer: "https://evil.example/prize" } },
    { name: "the site's host on another port", headers: { Origin: `http://127.0.0.1:${forgery!.port}` } },
  ];
  for (const { name, headers } of refusals) {
    const response = await request.post(newsletter, { form: { email: FORGED_EMAIL }, headers, maxRedirects: 0 });
    expect(response.status(), name).toBe(403);
    expect(await response.text(), name).toBe(FORM_REFUSED);
  }
  const logout = await request.post(`${appOrigin}/auth/logout`, { headers: { Origin: "https://evil.example" }, maxRedirects: 0 });
  expect(logout.status()).toBe(403);

  const sameOrigin = await request.post(newsletter, {
    form: { email: ACCEPTED_EMAILS[0]! },
    headers: sameOriginHeaders(app!.url),
  });
  expect(sameOrigin.status()).toBe(200);
  expect(await sameOrigin.json()).toEqual({ outcome: "checkInbox" });
  // A browser that leaves out Origin still sends the Referer of the page the form was on.
  const ownReferer = await request.post(newsletter, {
    form: { email: ACCEPTED_EMAILS[1]! },
    headers: { Referer: `${appOrigin}/about` },
  });
  expect(ownReferer.status()).toBe(200);
  expect(await ownReferer.json()).toEqual({ outcome: "checkInbox" });
});

test("nothing a refused form sent reached the database", async () => {
  expect(await app!.stop()).toBe(0);
  expect(errorLogLines(app!.output())).toEqual([]);
  const database = await openDatabase({ driver: "pglite", dataDir: path.join(dataDir, "db") });
  try {
    const emails = (await database.db.select({ email: newsletterSubscribers.email }).from(newsletterSubscribers)).map(
      (row) => row.email,
    );
    expect(emails.sort()).toEqual([...ACCEPTED_EMAILS].sort());
    // One session: the first test's sign-in. The forged sign-out did not end it and the forged sign-in started none.
    expect(await database.db.$count(sessions)).toBe(1);
    expect(await database.db.$count(admins)).toBe(1);
  } finally {
    await database.close();
  }
});
