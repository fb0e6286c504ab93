import { execFile } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { openDatabase } from "../../app/db/client.server";
import { newsletterSubscribers } from "../../app/db/schema/newsletter-subscribers";
import { createUnsubscribeLinks } from "../../app/services/newsletter/unsubscribe-links.server";
import { newDataDir } from "../support/pglite-template";
import { errorLogLines, PROJECT_ROOT, startServer, type ServerProcess } from "../support/server-process";
import { signInTo, type AdminAccount } from "./article-admin-support";
import { expect, test } from "./fixtures";
import { coverPath, sameOriginHeaders, seeded } from "./support";

/**
 * Valid to the letter: every reader and admin page kind, as the production server sends it, has no
 * error in the W3C's Nu Html Checker (vnu-jar from npm, run on the machine's Java). The pages are saved to a
 * folder and checked in one run; warnings are printed, errors fail the test, each with its page.
 */

const execFileAsync = promisify(execFile);
const VNU_JAR = path.join(PROJECT_ROOT, "node_modules", "vnu-jar", "build", "dist", "vnu.jar");
const JAVA = process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, "bin", "java") : "java";
const admin: AdminAccount = { username: `html-checker-${process.pid}`, password: "html checker correct horse battery" };
const SUBSCRIBER = "valid-html-reader@example.com";

/** A demo article with a table, a blockquote and a cover image in its body's neighbourhood. */
const richArticle = seeded.find(
  (article) => article.publishedDaysAgo !== null && article.content.includes("|---|") && /^> /m.test(article.content),
)!;

interface VnuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

let dir: string;
let server: ServerProcess;
let unsubscribeToken: string;

test.describe.configure({ mode: "serial" });
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.126" } });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dir = path.join(PROJECT_ROOT, "tests", ".tmp", `html-conformance-${process.pid}-${Date.now().toString(36)}`);
  rmSync(dir, { recursive: true, force: true });
  newDataDir(path.join(dir, "data"));
  // A subscriber and their signed unsubscribe link, made before the server opens the database.
  const database = await openDatabase({ driver: "pglite", dataDir: path.join(dir, "data", "db") });
  try {
    await database.migrate();
    const [row] = await database.db
      .insert(newsletterSubscribers)
      .values({ email: SUBSCRIBER, status: "active" })
      .returning({ id: newsletterSubscribers.id });
    unsubscribeToken = await createUnsubscribeLinks({ db: database.db, siteUrl: "" }).tokenFor(row!.id);
  } finally {
    await database.close();
  }
  server = await startServer({
    DATA_DIR: path.join(dir, "data"),
    SEED_CONTENT: "demo",
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
  });
});

test.afterAll(async () => {
  const code = server ? await server.stop() : 0;
  rmSync(dir, { recursive: true, force: true });
  expect(code).toBe(0);
  if (server) expect(errorLogLines(server.output())).toEqual([]);
});

/** Runs the Nu Html Checker once over every file in `folder`; its messages, in JSON. */
async function checkHtml(folder: string): Promise<VnuMessage[]> {
  const { stderr, stdout } = await execFileAsync(
    JAVA,
    ["-jar", VNU_JAR, "--format", "json", "--exit-zero-always", "--skip-non-html", folder],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const report = JSON.parse(stderr || stdout) as { messages: VnuMessage[] };
  return report.messages;
}

test("every page kind has no error in the Nu Html Checker", async ({ page, request }) => {
  test.setTimeout(180_000);
  expect(richArticle, "a demo article with a table and a blockquote").toBeDefined();
  const pagesDir = path.join(dir, "pages");
  mkdirSync(pagesDir, { recursive: true });
  const saved = new Map<string, string>();
  const save = async (name: string, url: string, expectedStatus: number, get = request.get.bind(request)) => {
    const response = await get(`${server.url}${url}`, { maxRedirects: 0 });
    expect(response.status(), url).toBe(expectedStatus);
    expect(response.headers()["content-type"], url).toMatch(/^text\/html/);
    const file = path.join(pagesDir, `${name}.html`);
    writeFileSync(file, await response.body());
    saved.set(`file:${file}`, url);
  };

  // Reader pages, as anyone sees them.
  await save("home", "/", 200);
  await save("category", "/category/ai", 200);
  await save("article-with-table", `/article/${richArticle.id}`, 200);
  await save("search-empty", "/search", 200);
  await save("search-results", "/search?query=model", 200);
  await save("search-no-results", "/search?query=zzqxv", 200);
  await save("corrections", "/corrections", 200);
  // An author page, and the first page of an author's list: the demo's senior editor.
  await save("author", "/author/maya-okafor", 200);
  for (const info of ["about", "careers", "contact", "advertise", "terms", "privacy", "cookie-policy"]) {
    await save(`info-${info}`, `/${info}`, 200);
  }
  await save("not-found", "/no-such-page", 404);
  await save("login", "/auth/login", 200);

  // The unsubscribe link's pages: the button, after pressing it, the invalid link, and Resubscribe's answer.
  const link = `/unsubscribe/${unsubscribeToken}`;
  await save("unsubscribe", link, 200);
  const pressed = await request.post(`${server.url}${link}`, {
    headers: sameOriginHeaders(server.url),
    form: {},
    maxRedirects: 0,
  });
  expect(pressed.status()).toBe(303);
  await save("unsubscribed", link, 200);
  await save("unsubscribe-invalid", "/unsubscribe/not-a-token", 404);
  await save("resubscribe-not-subscribed", `${link}/resubscribe`, 200);
  const resubscribed = await request.post(`${server.url}${link}/resubscribe`, {
    headers: sameOriginHeaders(server.url),
    form: {},
    maxRedirects: 0,
  });
  expect(resubscribed.status()).toBe(303);
  await save("resubscribed", `${link}/resubscribe`, 200);

  // The admin tabs and the editor, signed in.
  await signInTo(page, server.url, admin);
  const signedIn = page.request.get.bind(page.request);
  const editable = seeded[0]!;
  for (const [name, url] of [
    ["admin-generate", "/admin/generate"],
    ["admin-articles", "/admin/articles"],
    ["admin-article-new", "/admin/articles/new"],
    ["admin-article-edit", `/admin/articles/${editable.id}/edit`],
    ["admin-article-history", `/admin/articles/${editable.id}/history`],
    ["admin-article-corrections", `/admin/articles/${richArticle.id}/corrections`],
    ["admin-newsletter", "/admin/newsletter"],
    ["admin-insights", "/admin/insights"],
    ["admin-staff", "/admin/staff"],
    ["admin-profile", "/admin/profile"],
    ["admin-settings", "/admin/settings"],
    ["admin-sections", "/admin/sections"],
    ["admin-sections-edit", "/admin/sections?edit=4"],
    ["admin-navigation", "/admin/navigation"],
    ["admin-pages", "/admin/pages"],
    ["admin-page-new", "/admin/pages/new"],
    ["admin-page-edit", "/admin/pages/1/edit"],
    ["admin-page-history", "/admin/pages/1/history"],
  ] as const) {
    await save(name, url, 200, signedIn);
  }

  // Tags: the demo has none, so the editor gives the rich article two; then its page, the tag's page and
  // the Tags tab with rows.
  const tagged = await page.request.post(`${server.url}/admin/articles/${richArticle.id}/edit`, {
    headers: sameOriginHeaders(server.url),
    form: {
      title: richArticle.title,
      excerpt: richArticle.excerpt,
      content: richArticle.content,
      category: richArticle.category,
      readTime: String(richArticle.readTime),
      sources: richArticle.sources,
      image: coverPath(richArticle),
      ...(richArticle.isFeatured ? { isFeatured: "on" } : {}),
      ...(richArticle.isPopular ? { isPopular: "on" } : {}),
      tagEntry: "OpenAI, EU AI Act",
    },
    maxRedirects: 0,
  });
  expect(tagged.status()).toBe(303);
  await save("article-with-tags", `/article/${richArticle.id}`, 200);
  await save("tag", "/tag/eu-ai-act", 200);
  await save("admin-tags", "/admin/tags", 200, signedIn);

  const messages = await checkHtml(pagesDir);
  const where = (message: VnuMessage) => `${saved.get(message.url ?? "") ?? message.url ?? "?"}:${message.lastLine ?? "?"}`;
  // Warnings stay visible, one line per kind with the pages it is on.
  const warnings = new Map<string, Set<string>>();
  for (const message of messages.filter((candidate) => candidate.type === "info")) {
    const pages = warnings.get(message.message) ?? new Set<string>();
    warnings.set(message.message, pages.add(saved.get(message.url ?? "") ?? "?"));
  }
  for (const [message, pages] of warnings) console.log(`Nu Html Checker warning: ${message} (on ${[...pages].join(", ")})`);
  const errors = messages
    .filter((message) => message.type !== "info")
    .map(
      (message) =>
        `${where(message)} ${message.message}${message.extract ? ` (near: ${message.extract.trim().slice(0, 160)})` : ""}`,
    );
  expect(errors, "Nu Html Checker errors, each with its page and line").toEqual([]);
});
