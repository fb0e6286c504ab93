import { test, expect, request as requestFactory, type APIRequestContext } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { sql } from "drizzle-orm";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import routeConfig from "../../app/routes";
import { openDatabase } from "../../app/db/client.server";
import { errorLogLines, PROJECT_ROOT, runCommand, startServer, type ServerProcess } from "../support/server-process";
import { SESSION_COOKIE } from "./admin-support";
import { sameOriginHeaders } from "./support";

/**
 * The route matrix: every route mounted under /admin, taken from the route table itself, answers 401 to a
 * request without a session, whatever the method and whether the page or its data is asked for; no answer
 * carries admin data; and none changes anything in the database. A new admin route whose loader or action
 * forgets requireAdmin makes this spec fail without anyone adding it here.
 */

const APP_DIR = path.join(PROJECT_ROOT, "app");
const ADMIN_ROUTES_DIR = path.join(APP_DIR, "routes", "admin");
const tsx = path.join(PROJECT_ROOT, "node_modules", ".bin", "tsx");

interface MountedRoute {
  id: string;
  /** Relative to app/, as in app/routes.ts. */
  file: string;
  /** The full path without a leading slash, such as "admin/articles"; "" for the home page. */
  path: string;
  index: boolean;
}

/** The route table as the router mounts it: nested children with their parents' paths joined in front. */
function mountedRoutes(entries: RouteConfigEntry[], parentPath = ""): MountedRoute[] {
  return entries.flatMap((entry) => {
    const fullPath = [parentPath, entry.path ?? ""].join("/").split("/").filter(Boolean).join("/");
    const route: MountedRoute = {
      id: entry.id ?? entry.file.replace(/\.[cm]?[jt]sx?$/, ""),
      file: entry.file,
      path: fullPath,
      index: entry.index === true,
    };
    return [route, ...mountedRoutes(entry.children ?? [], fullPath)];
  });
}

const routes = mountedRoutes(routeConfig);
const adminRoutes = routes.filter((route) => route.path === "admin" || route.path.startsWith("admin/"));

/** Every route module under app/routes/admin (server-only helpers and tests are not routes). */
function adminRouteModules(dir = ADMIN_ROUTES_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return adminRouteModules(full);
    if (!/\.[jt]sx?$/.test(entry.name) || /\.server\.[jt]sx?$/.test(entry.name) || /\.test\.[jt]sx?$/.test(entry.name)) return [];
    return [path.relative(APP_DIR, full).split(path.sep).join("/")];
  });
}

/** A concrete address for a route: every dynamic segment and splat becomes "1". */
function concretePath(route: MountedRoute): string {
  const segments = route.path.split("/").map((segment) => (segment.startsWith(":") || segment === "*" ? "1" : segment));
  return `/${segments.join("/")}`;
}

interface RouteModule {
  loader?: unknown;
  action?: unknown;
}

interface Probe {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  /** Statuses that mean "refused": 401, and 405 for a method the route has no action for. */
  allowed: number[];
  cookie?: string;
}

/**
 * What a client can ask of a route without a session: the page, its single-fetch data (`/x.data`, and with
 * trailing-slash-aware data requests `/x/_.data` for `/x/`), the data of this route alone (`?_routes=`),
 * and form submissions with every writing method to the page and to its data URL (`?index` for an index route).
 */
function probesFor(route: MountedRoute, module: RouteModule, forgedCookie: string): Probe[] {
  const url = concretePath(route);
  const reads = [url, `${url}/`, `${url}.data`, `${url}/_.data`];
  if (module.loader) reads.push(`${url}.data?_routes=${encodeURIComponent(route.id)}`);
  const writeStatuses = module.action ? [401] : [401, 405];
  const target = route.index ? "?index" : "";
  const probes: Probe[] = reads.flatMap((read) => [
    { method: "GET" as const, url: read, allowed: [401] },
    { method: "GET" as const, url: read, allowed: [401], cookie: forgedCookie },
  ]);
  for (const method of ["POST", "PUT", "PATCH", "DELETE"] as const) {
    for (const write of [`${url}${target}`, `${url}.data${target}`]) probes.push({ method, url: write, allowed: writeStatuses });
  }
  return probes;
}

/** Every table in the database, each as its rows in JSON, sorted: equal snapshots mean nothing changed. */
async function snapshotDatabase(dataDir: string): Promise<Record<string, string[]>> {
  const database = await openDatabase({ driver: "pglite", dataDir: path.join(dataDir, "db") });
  try {
    const { rows: tables } = await database.db.execute<{ schema: string; name: string }>(sql`
      select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      order by 1, 2`);
    const snapshot: Record<string, string[]> = {};
    for (const { schema, name } of tables) {
      const { rows } = await database.db.execute(sql`select * from ${sql.identifier(schema)}.${sql.identifier(name)}`);
      snapshot[`${schema}.${name}`] = rows.map((row) => JSON.stringify(row)).sort();
    }
    return snapshot;
  } finally {
    await database.close();
  }
}

test("the route table imports and mounts the admin area under /admin", () => {
  expect(adminRoutes.map((route) => concretePath(route))).toEqual(
    expect.arrayContaining(["/admin", "/admin/generate", "/admin/articles", "/admin/newsletter", "/admin/api/session"]),
  );
  expect(adminRoutes.filter((route) => route.index).map((route) => route.id)).toContain("routes/admin/index");
});

test("every route module in app/routes/admin is mounted, and only under /admin", () => {
  const modules = adminRouteModules();
  expect(modules.length).toBeGreaterThan(0);
  for (const file of modules) {
    const mountedAt = routes.filter((route) => route.file === file).map((route) => `/${route.path}`);
    expect(mountedAt, `${file} is mounted`).not.toEqual([]);
    for (const at of mountedAt) expect(at, `${file} is mounted under /admin`).toMatch(/^\/admin(\/|$)/);
  }
});

/** The spec's text (section 5) for a generation asked for without a session. */
const GENERATION_UNAUTHORIZED =
  "UNAUTHORIZED: Admin authentication required to generate articles. Please log in to the admin panel.";

test("without a session every admin route answers 401, shows no admin data and changes nothing", async () => {
  test.setTimeout(180_000);
  const run = `${process.pid}-${Date.now()}`;
  const dir = path.join(PROJECT_ROOT, "tests", ".tmp", `route-guard-${run}`);
  const dataDir = path.join(dir, "data");
  mkdirSync(dataDir, { recursive: true });
  const admin = { username: `guard-${process.pid}`, password: "guard correct horse battery" };
  const draftTitle = `Sentinel draft ${run}`;
  const subscriberEmail = `sentinel-${run}@example.com`;
  const sentinels = [draftTitle, subscriberEmail, admin.username];
  // What every write sends: the fields of the article actions and of the generator (a valid form and key), so a
  // route whose guard is missing would act on them (and a job would show in the database snapshot).
  const writeForm = {
    title: draftTitle,
    email: subscriberEmail,
    intent: "delete",
    category: "AI",
    model: "gpt-4o",
    count: "1",
    apiKey: "sk-guard-0123456789abcdefghij",
  };
  const env = { DATA_DIR: dataDir, SEED_CONTENT: "none", ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password };
  const clients: APIRequestContext[] = [];
  const client = async () => {
    const context = await requestFactory.newContext();
    clients.push(context);
    return context;
  };
  let server: ServerProcess | undefined;

  try {
    await test.step("start, add a subscriber, and check the admin routes open with a session", async () => {
      server = await startServer(env);
      const reader = await client();
      const signUp = await reader.post(`${server.url}/newsletter`, {
        form: { email: subscriberEmail },
        headers: sameOriginHeaders(server.url),
      });
      expect(await signUp.json()).toEqual({ outcome: "checkInbox" });

      // With a session the same addresses are real routes (not 404s): a page or data (200), or a redirect (302,
      // such as the editor of an article that does not exist), or for a route with only an action (an endpoint
      // that takes posts, whose loader only guards), 405 to a GET. The admin pages show admin data.
      const editor = await client();
      const signIn = await editor.post(`${server.url}/auth/login`, {
        form: { ...admin, returnTo: "/admin/articles" },
        headers: sameOriginHeaders(server.url),
        maxRedirects: 0,
      });
      expect(signIn.status()).toBe(303);
      for (const route of adminRoutes) {
        const module = (await import(path.join(APP_DIR, route.file))) as RouteModule;
        expect(module.loader || module.action, `${route.id} has a loader or an action`).toBeTruthy();
        const response = await editor.get(`${server.url}${concretePath(route)}`, { maxRedirects: 0 });
        const answers = module.action && route.path.startsWith("admin/api/") ? [405] : [200, 302];
        expect.soft(answers, `${route.id} with a session`).toContain(response.status());
      }
      expect(await (await editor.get(`${server.url}/admin/articles`)).text()).toContain(admin.username);
      expect(await server.stop()).toBe(0);
      expect(errorLogLines(server.output())).toEqual([]);
    });

    await test.step("import a draft while the server is stopped", async () => {
      const file = path.join(dir, "draft.json");
      writeFileSync(
        file,
        JSON.stringify([{ title: draftTitle, excerpt: "Not for readers yet.", content: "Draft body.", category: "Security" }]),
      );
      const imported = await runCommand(tsx, ["scripts/import.ts", file], { DATA_DIR: dataDir });
      expect(imported.stdout, imported.stderr).toContain("Imported 1 article.");
      expect(imported.code).toBe(0);
    });

    const before = await snapshotDatabase(dataDir);
    const everything = JSON.stringify(before);
    for (const sentinel of sentinels) expect(everything, "the sentinel is in the database").toContain(sentinel);

    await test.step("ask every admin route, every way, without a session", async () => {
      server = await startServer(env);
      const stranger = await client();
      const forgedCookie = `${SESSION_COOKIE}=${Buffer.from(JSON.stringify("f".repeat(43))).toString("base64")}`;
      let probed = 0;
      for (const route of adminRoutes) {
        const module = (await import(path.join(APP_DIR, route.file))) as RouteModule;
        for (const probe of probesFor(route, module, forgedCookie)) {
          const name = `${probe.method} ${probe.url}${probe.cookie ? " with a made-up session cookie" : ""} (${route.id})`;
          const headers: Record<string, string> = { ...sameOriginHeaders(server!.url) };
          if (probe.cookie) headers["Cookie"] = probe.cookie;
          const response = await stranger.fetch(`${server!.url}${probe.url}`, {
            method: probe.method,
            headers,
            form: probe.method === "GET" ? undefined : writeForm,
            maxRedirects: 0,
          });
          expect.soft(probe.allowed, `${name} answered ${response.status()}`).toContain(response.status());
          const body = await response.text();
          for (const sentinel of sentinels) expect.soft(body, `${name} shows ${sentinel}`).not.toContain(sentinel);
          probed += 1;
        }
      }
      expect(probed).toBeGreaterThanOrEqual(adminRoutes.length * 16);

      // Generation names why signing in is needed, in the spec's words, and starts no job (the snapshot below).
      const generate = await stranger.post(`${server!.url}/admin/generate`, {
        headers: sameOriginHeaders(server!.url),
        form: writeForm,
        maxRedirects: 0,
      });
      expect(generate.status()).toBe(401);
      expect(await generate.text()).toContain(GENERATION_UNAUTHORIZED);
      expect(await server!.stop()).toBe(0);
      expect(errorLogLines(server!.output())).toEqual([]);
    });

    const after = await snapshotDatabase(dataDir);
    expect(after, "the database after the matrix").toEqual(before);
  } finally {
    await Promise.all(clients.map((context) => context.dispose()));
    if (server?.child.exitCode === null) await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
