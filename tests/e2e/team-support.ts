import { expect, request as requestFactory, type APIRequestContext } from "@playwright/test";
import type { StaffRole } from "../../app/domain/permissions";
import { runScript } from "../support/run-script";
import { sameOriginHeaders } from "./support";

/**
 * What the team specs share: staff accounts made from the shell, as an administrator would
 * (`npm run admin -- create NAME --role ROLE --password-stdin`), and API clients signed in as them.
 */

export interface StaffAccount {
  username: string;
  password: string;
  role: StaffRole;
}

/**
 * Creates the account with the admin CLI, the password piped in, in the embedded database of a data directory (the
 * server must not be running on it) or in a PostgreSQL database (`{ DATABASE_URL }`, running instances or not).
 */
export async function createStaffAccount(store: string | { DATABASE_URL: string }, account: StaffAccount): Promise<void> {
  const database = typeof store === "string" ? { DATA_DIR: store } : store;
  const { code, stdout, stderr } = await runScript(
    "admin",
    ["create", account.username, "--role", account.role, "--password-stdin"],
    database,
    { stdin: `${account.password}\n` },
  );
  const output = stdout + stderr;
  expect(output, `creating ${account.role} ${account.username}`).toContain(`"${account.username}"`);
  expect(code, output).toBe(0);
}

/**
 * A request context signed in as `account` from its own client address (the sign-in budget is per address).
 * The caller disposes of it.
 */
export async function signedInClient(serverUrl: string, account: StaffAccount, clientOctet: number): Promise<APIRequestContext> {
  const context = await requestFactory.newContext({ extraHTTPHeaders: { "X-Forwarded-For": `198.51.100.${clientOctet}` } });
  const response = await context.post(`${serverUrl}/auth/login`, {
    form: { username: account.username, password: account.password, returnTo: "/admin/articles" },
    headers: sameOriginHeaders(serverUrl),
    maxRedirects: 0,
  });
  expect(response.status(), `${account.username} signs in`).toBe(303);
  return context;
}
