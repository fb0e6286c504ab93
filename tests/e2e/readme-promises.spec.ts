import { test, expect } from "@playwright/test";
import { rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { newDataDir } from "../support/pglite-template";
import { errorLogLines, PROJECT_ROOT, startServer, type ServerProcess } from "../support/server-process";
import { runCommand } from "../support/run-script";
import { freshTestDir } from "../support/test-dirs";

/*
 * README promises about the running server, each checked against the production build in a server process of
 * its own (its own data folder, its own sign-in budget), so every test passes alone and in any order.
 */
test.describe.configure({ mode: "serial", timeout: 240_000 });

const ADMIN = { username: "promise-editor", password: "a long enough passphrase" };
const tsx = path.join(PROJECT_ROOT, "node_modules", ".bin", "tsx");
const dirs: string[] = [];
const servers: ServerProcess[] = [];

function freshDir(name: string): string {
  const dir = freshTestDir(name);
  dirs.push(dir);
  return dir;
}

async function serve(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServer({ DATA_DIR: newDataDir(freshDir("promises")), SEED_CONTENT: "none", ...env });
  servers.push(server);
  return server;
}

test.afterEach(async () => {
  for (const server of servers.splice(0)) {
    await server.stop();
    expect(errorLogLines(server.output()), "error lines in the server's log").toEqual([]);
  }
});

test.afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function signInForm(password: string): URLSearchParams {
  return new URLSearchParams({ username: ADMIN.username, password, returnTo: "/admin" });
}

test("with an https SITE_URL every answer carries HSTS and upgrade-insecure-requests; with http, neither", async () => {
  const secure = await serve({ SITE_URL: "https://news.example.test" });
  const answer = await fetch(`${secure.url}/`);
  expect(answer.status).toBe(200);
  expect(answer.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
  expect(answer.headers.get("content-security-policy")).toMatch(/(^|;)\s*upgrade-insecure-requests(;|$)/);

  const plain = await serve({});
  const plainAnswer = await fetch(`${plain.url}/`);
  expect(plainAnswer.status).toBe(200);
  expect(plainAnswer.headers.get("strict-transport-security")).toBeNull();
  expect(plainAnswer.headers.get("content-security-policy")).not.toContain("upgrade-insecure-requests");
});

test("sign-in answers 429 with Retry-After over HTTP once a username is locked", async () => {
  const server = await serve({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password });
  const origin = new URL(server.url).origin;
  const attempt = () =>
    fetch(`${server.url}/auth/login`, {
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: signInForm("not the password"),
      redirect: "manual",
    });
  for (let failure = 1; failure <= 4; failure++) expect((await attempt()).status, `failure ${failure}`).toBe(401);
  const locked = await attempt();
  expect(locked.status).toBe(429);
  // Locked for 15 minutes from this failure.
  expect(locked.headers.get("retry-after")).toBe("900");
});

test("SIGTERM: a request in flight still gets its answer and its connection is closed, a new connection is refused, and the process exits 0", async () => {
  const server = await serve({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: "info" });
  const { hostname, port } = new URL(server.url);
  const origin = new URL(server.url).origin;
  const body = signInForm(ADMIN.password).toString();

  // The request's head asks for "100 Continue": the server's interim answer is the event that shows the
  // request has arrived and is being handled. Its body is sent only after the signal.
  const socket = net.connect(Number(port), hostname);
  let received = "";
  socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.write(
    [
      "POST /auth/login HTTP/1.1",
      `Host: ${hostname}:${port}`,
      `Origin: ${origin}`,
      "Content-Type: application/x-www-form-urlencoded",
      `Content-Length: ${Buffer.byteLength(body)}`,
      "Expect: 100-continue",
      "",
      "",
    ].join("\r\n"),
  );
  await expect.poll(() => received).toContain("HTTP/1.1 100 Continue");

  server.child.kill("SIGTERM");
  await expect.poll(() => server.output()).toContain("shutting down: finishing in-flight requests");
  const refused = await new Promise<string>((resolve) => {
    const probe = net.connect(Number(port), hostname);
    probe.once("connect", () => {
      probe.destroy();
      resolve("connected");
    });
    probe.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
  expect(refused, "a new connection after SIGTERM").toBe("ECONNREFUSED");

  // The request asked to keep its connection; its answer, written after the signal, says the connection closes,
  // and the server closes it (a browser's kept connection would otherwise hold the exit for the grace period).
  socket.write(body);
  await closed;
  const finalAnswer = received.slice(received.indexOf("\r\n\r\n") + 4);
  expect(finalAnswer, "the request in flight got its whole answer: the sign-in's redirect").toMatch(
    /^HTTP\/1\.1 303 See Other\r\n(?:.*\r\n)*?Location: \/admin\r\n/i,
  );
  expect(finalAnswer).toMatch(/\r\nConnection: close\r\n/i);
  // Wait for the exit the first signal started (stop() would send a second SIGTERM).
  const exitCode = await new Promise<number | null>((resolve) =>
    server.child.exitCode !== null ? resolve(server.child.exitCode) : server.child.once("exit", (code) => resolve(code)),
  );
  expect(exitCode, "exit code").toBe(0);
});

test("the import command's exit codes: 0 all imported, 1 some rejected, 2 nothing imported or no readable file", async () => {
  const dir = freshDir("import-codes");
  const env = { DATA_DIR: newDataDir(path.join(dir, "data")), SEED_CONTENT: "none" };
  const good = { title: "A good row", excerpt: "An excerpt.", content: "Body.", category: "Cloud" };
  const bad = { title: "A bad row", excerpt: "x", content: "y", category: "Robots" };
  const file = (name: string, rows: unknown[]) => {
    const target = path.join(dir, name);
    writeFileSync(target, JSON.stringify(rows));
    return target;
  };

  const all = await runCommand(tsx, ["scripts/import.ts", file("all.json", [good])], env);
  expect(all).toMatchObject({ code: 0, stdout: "Found Byline JSON: 1 article\nImported 1 article.\n" });
  const some = await runCommand(
    tsx,
    ["scripts/import.ts", file("some.json", [{ ...good, title: "Another good row" }, bad])],
    env,
  );
  expect(some.code).toBe(1);
  expect(some.stdout).toMatch(/^Found Byline JSON: 2 articles\nRow 2: .+\nImported 1 article; 1 row was rejected\.\n$/);
  const none = await runCommand(tsx, ["scripts/import.ts", file("none.json", [bad])], env);
  expect(none.code).toBe(2);
  expect(none.stdout).toMatch(/Imported 0 articles; 1 row was rejected\.\n$/);

  const missing = await runCommand(tsx, ["scripts/import.ts", path.join(dir, "missing.json")], env);
  expect(missing).toEqual({ code: 2, stdout: "", stderr: `Cannot read ${path.join(dir, "missing.json")}: no such file\n` });
  const folder = await runCommand(tsx, ["scripts/import.ts", dir], env);
  expect(folder.code).toBe(2);
  expect(folder.stderr).toMatch(new RegExp(`^Cannot read ${dir.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: .*EISDIR`));
  const notJson = await runCommand(tsx, ["scripts/import.ts", file("broken.json", [])], env);
  expect(notJson.code, "an empty array imports nothing").toBe(2);
});
