import { test, expect, request as requestFactory, type APIRequestContext } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { sql } from "drizzle-orm";
import { readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import routeConfig from "../../app/routes";
import { openDatabase } from "../../app/db/client.server";
import { newDataDir } from "../support/pglite-template";
import { errorLogLines, PROJECT_ROOT, startServer, type ServerProcess } from "../support/server-process";
import { runScript } from "../support/run-script";
import { can, STAFF_ROLES, type Action, type StaffRole } from "../../app/domain/permissions";
import { SESSION_COOKIE } from "./admin-support";
import { sameOriginHeaders } from "./support";
import { createStaffAccount, signedInClient, type StaffAccount } from "./team-support";
import { DEFAULT_SETTINGS } from "../../app/validation/site-settings";

/** The Settings form as a browser posts the defaults. */
const DEFAULT_SETTINGS_FORM = Object.fromEntries(Object.entries(DEFAULT_SETTINGS).map(([key, value]) => [key, String(value)]));

/**
 * The route matrix: every route mounted under /admin, taken from the route table itself, answers 401 to a
 * request without a session, whatever the method and whether the page or its data is asked for; no answer
 * carries admin data; and none changes anything in the database. A new admin route whose loader or action
 * forgets requireAdmin makes this spec fail without anyone adding it here.
 *
 * With a session it is a role x route x method matrix: RULES below names, for every admin route,
 * the permission it needs and the roles that have it; a route without a rule fails the spec; every role gets
 * through where its rule says and a 403 with no admin data elsewhere; and no refused write changes anything.
 */

const APP_DIR = path.join(PROJECT_ROOT, "app");
const ADMIN_ROUTES_DIR = path.join(APP_DIR, "routes", "admin");

interface MountedRoute {
  id: string;
  /** Relative to app/, as in app/routes.ts. */
  file: string;
  /** The full path without a leading slash, such as "admin/articles"; "" for the home page. */
  path: string;
  index: boolean;
  /** The ids of the routes it is nested in, outermost first: their loaders run with its own. */
  parents: string[];
}

/** The route table as the router mounts it: nested children with their parents' paths joined in front. */
function mountedRoutes(entries: RouteConfigEntry[], parentPath = "", parents: string[] = []): MountedRoute[] {
  return entries.flatMap((entry) => {
    const fullPath = [parentPath, entry.path ?? ""].join("/").split("/").filter(Boolean).join("/");
    const route: MountedRoute = {
      id: entry.id ?? entry.file.replace(/\.[cm]?[jt]sx?$/, ""),
      file: entry.file,
      path: fullPath,
      index: entry.index === true,
      parents,
    };
    return [route, ...mountedRoutes(entry.children ?? [], fullPath, [...parents, route.id])];
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

/** Routes whose dynamic segment names something other than a record, with an address that exists. */
const SAMPLE_PATHS: Record<string, string> = {
  "routes/admin/insights-csv": "/admin/insights/reads-per-day.csv",
};

/** A concrete address for a route: every dynamic segment and splat becomes "1" (or its SAMPLE_PATHS address). */
function concretePath(route: MountedRoute): string {
  const sample = SAMPLE_PATHS[route.id];
  if (sample) return sample;
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
  /** Statuses that mean "refused": 401, and 405 for a route with no action or a method no route takes. */
  allowed: number[];
  cookie?: string;
}

/**
 * What a client can ask of a route without a session: the page (and `/x/`, which is answered 308 to `/x`), its
 * single-fetch data (`/x.data`, and with trailing-slash-aware data requests `/x/_.data` for `/x/`), the data of
 * this route alone (`?_routes=`),
 * and form submissions with every writing method to the page and to its data URL (`?index` for an index route).
 */
function probesFor(route: MountedRoute, module: RouteModule, forgedCookie: string): Probe[] {
  const url = concretePath(route);
  const writeStatuses = module.action ? [401] : [401, 405];
  const target = route.index ? "?index" : "";
  const probes: Probe[] = readsFor(route, module).flatMap((read) => [
    { method: "GET" as const, url: read, allowed: [401] },
    { method: "GET" as const, url: read, allowed: [401], cookie: forgedCookie },
  ]);
  // Another spelling of the page (a trailing slash) is sent to the page's own address before any route answers.
  probes.push(
    { method: "GET", url: `${url}/`, allowed: [308] },
    { method: "GET", url: `${url}/`, allowed: [308], cookie: forgedCookie },
  );
  for (const method of ["POST", "PUT", "PATCH", "DELETE"] as const) {
    const allowed = method === "POST" ? writeStatuses : [405];
    for (const write of [`${url}${target}`, `${url}.data${target}`]) probes.push({ method, url: write, allowed });
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
  newDataDir(dataDir);
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
      const imported = await runScript("import", [file], { DATA_DIR: dataDir });
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

// ---------------------------------------------------------------------------------------------------------
// The role matrix.

/** What a signed-in person gets for something their role does not allow, written out here. */
const FORBIDDEN_MESSAGE = "Your role does not allow this. Ask an editor or an administrator.";

const EVERYONE = STAFF_ROLES;
const EDITORIAL: readonly StaffRole[] = ["administrator", "editor"];

interface Rule {
  /** The permission the route's loader and action ask `can` for. */
  permission: Action;
  /** Who has it, written out here (in STAFF_ROLES order) rather than read from the permission table. */
  roles: readonly StaffRole[];
}

/**
 * Every admin route and what it needs. A route added to app/routes.ts without a line here fails the next test.
 * The article editor is probed on article 1, an administrator's draft: only editors and administrators may
 * open or save someone else's article. A nested route needs its own rule and its parents' (their loaders run too).
 */
const RULES: Record<string, Rule> = {
  "routes/admin/layout": { permission: "admin.enter", roles: EVERYONE },
  "routes/admin/index": { permission: "admin.enter", roles: EVERYONE },
  "routes/admin/generate": { permission: "generation.run", roles: EDITORIAL },
  "routes/admin/articles": { permission: "admin.enter", roles: EVERYONE },
  "routes/admin/article-new": { permission: "article.create", roles: EVERYONE },
  "routes/admin/article-edit": { permission: "article.view", roles: EDITORIAL },
  // Corrections are for published articles: on the probed draft nobody gets through.
  "routes/admin/article-corrections": { permission: "article.correct", roles: [] },
  "routes/admin/article-history": { permission: "article.view", roles: EDITORIAL },
  "routes/admin/newsletter": { permission: "newsletter.manage", roles: EDITORIAL },
  "routes/admin/insights": { permission: "insights.view", roles: EDITORIAL },
  "routes/admin/insights-csv": { permission: "insights.view", roles: EDITORIAL },
  "routes/admin/staff": { permission: "staff.manage", roles: ["administrator"] },
  "routes/admin/security": { permission: "security.view", roles: ["administrator"] },
  "routes/admin/security-csv": { permission: "security.view", roles: ["administrator"] },
  "routes/admin/profile": { permission: "admin.enter", roles: EVERYONE },
  "routes/admin/two-step": { permission: "admin.enter", roles: EVERYONE },
  "routes/admin/profile-sessions": { permission: "admin.enter", roles: EVERYONE },
  "routes/admin/profile-email": { permission: "admin.enter", roles: EVERYONE },
  "routes/admin/profile-passkeys": { permission: "admin.enter", roles: EVERYONE },
  "routes/admin/passkey-options": { permission: "admin.enter", roles: EVERYONE },
  "routes/admin/settings": { permission: "settings.manage", roles: ["administrator"] },
  "routes/admin/sections": { permission: "sections.manage", roles: EDITORIAL },
  "routes/admin/tags": { permission: "tags.manage", roles: EDITORIAL },
  "routes/admin/navigation": { permission: "navigation.manage", roles: ["administrator"] },
  "routes/admin/pages": { permission: "pages.manage", roles: EDITORIAL },
  "routes/admin/page-new": { permission: "pages.manage", roles: EDITORIAL },
  "routes/admin/page-edit": { permission: "pages.manage", roles: EDITORIAL },
  "routes/admin/page-history": { permission: "pages.manage", roles: EDITORIAL },
  "routes/admin/session-status": { permission: "admin.enter", roles: EVERYONE },
  "routes/admin/preview-markdown": { permission: "article.create", roles: EVERYONE },
  "routes/admin/upload-image": { permission: "article.create", roles: EVERYONE },
  "routes/admin/subscribers-csv": { permission: "subscribers.view", roles: EDITORIAL },
  "routes/admin/newsroom-export": { permission: "newsroom.export", roles: ["administrator"] },
};

/** The roles that get through a route: those its own rule and every parent's rule allow. */
function allowedRoles(route: MountedRoute): StaffRole[] {
  return STAFF_ROLES.filter((role) => [...route.parents, route.id].every((id) => RULES[id]?.roles.includes(role)));
}

test("every admin route has a rule in the role matrix, and each rule says what the permission table says", () => {
  for (const route of adminRoutes) expect(RULES[route.id], `${route.id} has a rule in RULES`).toBeDefined();
  expect(Object.keys(RULES).sort(), "no rule names a route that is gone").toEqual(adminRoutes.map((route) => route.id).sort());
  // The article rules are read for someone else's plain draft, as the matrix probes them.
  const othersDraft = { authorId: -1, status: "draft" as const, isAiGenerated: false };
  for (const [id, rule] of Object.entries(RULES)) {
    const permitted = STAFF_ROLES.filter((role) => can({ role, authorId: 0 }, rule.permission, othersDraft));
    expect(permitted, `${id}: the roles can() gives ${rule.permission}`).toEqual([...rule.roles]);
  }
});

/** The reads of a route: the page, its data (also as asked for `/x/`), and its own route's data. */
function readsFor(route: MountedRoute, module: RouteModule): string[] {
  const url = concretePath(route);
  const reads = [url, `${url}.data`, `${url}/_.data`];
  if (module.loader) reads.push(`${url}.data?_routes=${encodeURIComponent(route.id)}`);
  return reads;
}

/** The writes of a route: every writing method to the page and to its data URL (`?index` for an index route). */
function writesFor(route: MountedRoute): { method: "POST" | "PUT" | "PATCH" | "DELETE"; url: string }[] {
  const url = concretePath(route);
  const target = route.index ? "?index" : "";
  return (["POST", "PUT", "PATCH", "DELETE"] as const).flatMap((method) =>
    [`${url}${target}`, `${url}.data${target}`].map((write) => ({ method, url: write })),
  );
}

test("for every role every admin route answers as its rule says: 403 with no admin data where refused, and a refused write changes nothing", async () => {
  test.setTimeout(400_000);
  const run = `${process.pid}-${Date.now()}`;
  const dir = path.join(PROJECT_ROOT, "tests", ".tmp", `role-matrix-${run}`);
  const dataDir = path.join(dir, "data");
  newDataDir(dataDir);
  const password = "matrix correct horse battery";
  const person = (name: string, role: StaffRole): StaffAccount => ({ username: `${name}-${process.pid}`, password, role });
  const staff: Record<StaffRole, StaffAccount> = {
    administrator: person("m-chief", "administrator"),
    editor: person("m-editor", "editor"),
    author: person("m-writer", "author"),
    contributor: person("m-freelancer", "contributor"),
  };
  const otherAuthor = person("m-other-writer", "author");
  const subscriberEmail = `matrix-${run}@example.com`;

  // Articles 1 to 6, imported in this order. Article 1 is the one the matrix opens in the editor.
  const articles = {
    chiefDraft: { title: `Sentinel draft ${run}`, content: `Sentinel body ${run}.`, author: staff.administrator.username },
    otherDraft: {
      title: `Another writer's draft ${run}`,
      content: `Another writer's body ${run}.`,
      author: otherAuthor.username,
    },
    otherPublished: {
      title: `Another writer's story ${run}`,
      author: otherAuthor.username,
      published_at: "2026-01-05T09:00:00Z",
    },
    freelanceDraft: { title: `Freelance draft ${run}`, author: staff.contributor.username },
    writerAiDraft: { title: `Writer's AI draft ${run}`, author: staff.author.username, is_ai_generated: true },
    writerDraft: { title: `Writer's own draft ${run}`, author: staff.author.username },
  };
  const ids = Object.fromEntries(Object.keys(articles).map((key, index) => [key, index + 1])) as Record<
    keyof typeof articles,
    number
  >;
  const everyUsername = [...Object.values(staff), otherAuthor].map((account) => account.username);
  /** What a refused answer must not show: other people's articles, names and the subscribers. */
  const sentinelsFor = (role: StaffRole) => [
    subscriberEmail,
    articles.chiefDraft.title,
    articles.chiefDraft.content,
    articles.otherDraft.title,
    articles.otherDraft.content,
    ...everyUsername.filter((username) => username !== staff[role].username),
  ];
  const env = { DATA_DIR: dataDir, SEED_CONTENT: "none" };
  const clients: APIRequestContext[] = [];
  const signedIn = {} as Record<StaffRole, APIRequestContext>;
  let server: ServerProcess | undefined;
  const modules = new Map<string, RouteModule>();
  for (const route of adminRoutes) modules.set(route.id, (await import(path.join(APP_DIR, route.file))) as RouteModule);

  try {
    await test.step("import the articles and create the four roles (and a second author) from the shell", async () => {
      // An import signs only profiles without an account: the accounts made afterwards take their imported profiles.
      const file = path.join(dir, "articles.json");
      writeFileSync(
        file,
        JSON.stringify(
          Object.values(articles).map((article) => ({
            excerpt: "A sentence for the list.",
            content: "A body for the matrix.",
            category: "Security",
            ...article,
          })),
        ),
      );
      const imported = await runScript("import", [file], { DATA_DIR: dataDir });
      expect(imported.stdout, imported.stderr).toContain(`Imported ${Object.keys(articles).length} articles.`);
      for (const account of [...Object.values(staff), otherAuthor]) await createStaffAccount(dataDir, account);
    });

    await test.step("sign everyone in; each role opens what its rule allows, every way", async () => {
      server = await startServer(env);
      const url = server.url;
      const reader = await requestFactory.newContext();
      clients.push(reader);
      const signUp = await reader.post(`${url}/newsletter`, {
        form: { email: subscriberEmail },
        headers: sameOriginHeaders(url),
      });
      expect(await signUp.json()).toEqual({ outcome: "checkInbox" });
      for (const [index, role] of STAFF_ROLES.entries()) {
        signedIn[role] = await signedInClient(url, staff[role], 60 + index);
        clients.push(signedIn[role]);
      }

      let probed = 0;
      for (const route of adminRoutes) {
        const module = modules.get(route.id)!;
        for (const role of allowedRoles(route)) {
          const client = signedIn[role];
          for (const read of readsFor(route, module)) {
            const response = await client.get(`${url}${read}`, { maxRedirects: 0 });
            // A page or its data (200), a redirect (the index), or 405 for a route that only takes posts.
            expect
              .soft([200, 202, 302, 405], `GET ${read} as ${role} (${route.id}) answered ${response.status()}`)
              .toContain(response.status());
            probed += 1;
          }
          // A write with a form no action accepts: refused for what it says (400), never for who sent it.
          for (const write of writesFor(route)) {
            const response = await client.fetch(`${url}${write.url}`, {
              method: write.method,
              headers: sameOriginHeaders(url),
              form: { intent: "matrix-probe" },
              maxRedirects: 0,
            });
            const name = `${write.method} ${write.url} as ${role} (${route.id}) answered ${response.status()}`;
            expect.soft([401, 403], name).not.toContain(response.status());
            expect.soft(response.status(), name).toBeLessThan(500);
            probed += 1;
          }
        }
      }
      expect(probed).toBeGreaterThan(adminRoutes.length * 2 * 13);

      // The list is scoped: an author sees their own articles only, an editor everyone's.
      const ownList = await (await signedIn.author.get(`${url}/admin/articles`)).text();
      expect(ownList).toContain(articles.writerDraft.title);
      expect(ownList).not.toContain(articles.otherDraft.title);
      expect(ownList).not.toContain(articles.chiefDraft.title);
      expect(await (await signedIn.editor.get(`${url}/admin/articles`)).text()).toContain(articles.otherDraft.title);

      // And an author publishes their own plain draft: the refusals below are not a blanket 403.
      const published = await signedIn.author.post(`${url}/admin/articles`, {
        form: { intent: "publish", id: String(ids.writerDraft) },
        headers: sameOriginHeaders(url),
        maxRedirects: 0,
      });
      expect(published.status()).toBe(303);
      expect((await reader.get(`${url}/article/${ids.writerDraft}`)).status()).toBe(200);

      expect(await server.stop()).toBe(0);
      expect(errorLogLines(server.output())).toEqual([]);
    });

    const before = await snapshotDatabase(dataDir);
    const everything = JSON.stringify(before);
    for (const sentinel of [...sentinelsFor("administrator"), staff.administrator.username])
      expect(everything, "the sentinel is in the database").toContain(sentinel);
    const adminIds = Object.fromEntries(
      (before["public.admins"] ?? []).map((row) => {
        const { id, username } = JSON.parse(row) as { id: number; username: string };
        return [username, id];
      }),
    );
    expect(Object.keys(adminIds)).toHaveLength(5);

    /** Forms that would change something if the route's guard let them through. */
    const forgedForms: Record<string, Record<string, string>[]> = {
      "routes/admin/generate": [
        { category: "AI", model: "gpt-4o", count: "1", apiKey: "sk-guard-0123456789abcdefghij" },
        { intent: "dismiss" },
      ],
      "routes/admin/newsletter": [
        { intent: "generate", model: "gpt-4o", apiKey: "sk-guard-0123456789abcdefghij" },
        { intent: "send", draftId: "1" },
      ],
      "routes/admin/staff": [
        { intent: "invite", name: "Forged Person", email: `forged-${run}@example.com`, role: "administrator" },
        { intent: "changeRole", id: String(adminIds[staff.contributor.username]), role: "administrator" },
        { intent: "changeRole", id: String(adminIds[staff.editor.username]), role: "administrator" },
        { intent: "suspend", id: String(adminIds[staff.administrator.username]) },
        { intent: "delete", id: String(adminIds[otherAuthor.username]) },
      ],
      "routes/admin/article-edit": [
        {
          title: "Hijacked headline",
          excerpt: "Hijacked.",
          content: "Hijacked body.",
          category: "AI",
          readTime: "5",
          image: "",
          sources: "",
        },
      ],
      "routes/admin/subscribers-csv": [{ intent: "delete", email: subscriberEmail }],
      "routes/admin/settings": [{ ...DEFAULT_SETTINGS_FORM, siteName: "Forged Newsroom", version: "1" }],
      "routes/admin/navigation": [{ version: "0", "header.0.label": "Forged Menu", "header.0.target": "/", "footer.blurb": "" }],
      "routes/admin/newsroom-export": [{ intent: "export" }],
      "routes/admin/sections": [
        {
          intent: "create",
          name: "Forged",
          slug: "forged",
          description: "",
          colour: "#3730a3",
          cover: "",
          keywords: "",
          explore: "0",
        },
        { intent: "delete", id: "1", moveTo: "2" },
        { intent: "up", id: "2" },
      ],
      "routes/admin/tags": [
        { intent: "rename", id: "1", name: "Forged tag", slug: "forged-tag" },
        { intent: "merge", id: "1", into: "2" },
        { intent: "delete", id: "1" },
      ],
      "routes/admin/pages": [{ intent: "delete", pageId: "1" }],
      "routes/admin/page-new": [{ address: "forged", title: "Forged page", status: "published", body: "Forged." }],
      // Page 1 is About, put in place at start-up.
      "routes/admin/page-edit": [{ address: "about", title: "Forged About", status: "published", body: "Forged." }],
      "routes/admin/page-history": [{ intent: "restore", revisionId: "1" }],
      "routes/admin/insights": [{ days: "90" }],
      "routes/admin/insights-csv": [{ days: "90" }],
      // The security log only reads; a write to it must be refused as any other.
      "routes/admin/security": [{ person: "1", kind: "sign-in" }],
      "routes/admin/security-csv": [{ person: "1", kind: "export" }],
      "routes/admin/article-corrections": [{ intent: "add", kind: "correction", note: "Forged correction." }],
      // Revision 1 is article 1's, recorded by the import.
      "routes/admin/article-history": [{ intent: "restore", revisionId: "1" }],
    };

    await test.step("ask every route a role may not use, every way: 403, no admin data", async () => {
      server = await startServer(env);
      const url = server.url;
      let refused = 0;
      for (const route of adminRoutes) {
        const module = modules.get(route.id)!;
        const allowed = allowedRoles(route);
        for (const role of STAFF_ROLES.filter((candidate) => !allowed.includes(candidate))) {
          const client = signedIn[role];
          const sentinels = sentinelsFor(role);
          for (const read of readsFor(route, module)) {
            const response = await client.get(`${url}${read}`, { maxRedirects: 0 });
            const name = `GET ${read} as ${role} (${route.id})`;
            expect.soft(response.status(), `${name} answered ${response.status()}`).toBe(403);
            const body = await response.text();
            if (!read.includes(".data")) expect.soft(body, `${name} says why`).toContain(FORBIDDEN_MESSAGE);
            for (const sentinel of sentinels) expect.soft(body, `${name} shows ${sentinel}`).not.toContain(sentinel);
            refused += 1;
          }
          const forms = forgedForms[route.id];
          expect(forms, `${route.id} has forged forms for the roles it refuses`).toBeDefined();
          for (const write of writesFor(route)) {
            for (const form of forms!) {
              const response = await client.fetch(`${url}${write.url}`, {
                method: write.method,
                headers: sameOriginHeaders(url),
                form,
                maxRedirects: 0,
              });
              const name = `${write.method} ${write.url} as ${role} with ${JSON.stringify(form)} (${route.id})`;
              // PUT, PATCH and DELETE are refused as methods (405) before anyone is asked who they are.
              const statuses = write.method !== "POST" ? [405] : module.action ? [403] : [403, 405];
              expect.soft(statuses, `${name} answered ${response.status()}`).toContain(response.status());
              const body = await response.text();
              for (const sentinel of sentinels) expect.soft(body, `${name} shows ${sentinel}`).not.toContain(sentinel);
              refused += 1;
            }
          }
        }
      }
      expect(refused).toBeGreaterThan(100);
    });

    await test.step("article by article: someone else's, a contributor's own, an AI draft: 403", async () => {
      const url = server!.url;
      const forged: { role: StaffRole; url: string; form: Record<string, string>; why: string }[] = [
        {
          role: "author",
          url: "/admin/articles",
          form: { intent: "publish", id: String(ids.otherDraft) },
          why: "publish another author's draft",
        },
        {
          role: "author",
          url: "/admin/articles",
          form: { intent: "delete", id: String(ids.otherDraft) },
          why: "delete another author's draft",
        },
        {
          role: "author",
          url: "/admin/articles",
          form: { intent: "unpublish", id: String(ids.otherPublished) },
          why: "unpublish another author's story",
        },
        {
          role: "author",
          url: "/admin/articles",
          form: { intent: "delete", id: String(ids.otherPublished) },
          why: "delete another author's story",
        },
        {
          role: "author",
          url: "/admin/articles",
          form: { intent: "sendBack", id: String(ids.otherDraft), note: "Forged." },
          why: "review another author's draft",
        },
        {
          role: "author",
          url: `/admin/articles/${ids.otherDraft}/edit`,
          form: forgedForms["routes/admin/article-edit"]![0]!,
          why: "save another author's draft",
        },
        {
          role: "author",
          url: "/admin/articles",
          form: { intent: "publish", id: String(ids.writerAiDraft) },
          why: "publish their own AI draft",
        },
        {
          role: "contributor",
          url: "/admin/articles",
          form: { intent: "publish", id: String(ids.freelanceDraft) },
          why: "publish their own draft",
        },
        {
          role: "contributor",
          url: "/admin/articles",
          form: { intent: "delete", id: String(ids.otherDraft) },
          why: "delete another's draft",
        },
        {
          role: "editor",
          url: "/admin/articles",
          form: { intent: "submit", id: String(ids.otherDraft) },
          why: "submit for review (editors publish directly)",
        },
      ];
      for (const attempt of forged) {
        for (const target of [attempt.url, `${attempt.url}.data`]) {
          const response = await signedIn[attempt.role].post(`${url}${target}`, {
            headers: sameOriginHeaders(url),
            form: attempt.form,
            maxRedirects: 0,
          });
          expect.soft(response.status(), `a ${attempt.role} may not ${attempt.why} (POST ${target})`).toBe(403);
          if (!target.endsWith(".data")) expect.soft(await response.text()).toContain(FORBIDDEN_MESSAGE);
        }
      }
      expect(await server!.stop()).toBe(0);
      expect(errorLogLines(server!.output())).toEqual([]);
    });

    const after = await snapshotDatabase(dataDir);
    expect(after, "the database after the refused requests").toEqual(before);
  } finally {
    await Promise.all(clients.map((context) => context.dispose()));
    if (server?.child.exitCode === null) await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
