import { createServer, connect, type Server, type Socket } from "node:net";
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CONTENT_CHANGE_HEARD } from "../../app/services/content-changes.server";
import { isoWeekKey } from "../../app/services/newsletter/weekly-schedule.server";
import { DEMO_ARTICLES } from "../../app/services/seed/demo-content.server";
import {
  startChatCompletionsServer,
  type ChatCompletionRequest,
  type ChatCompletionsServer,
} from "../fakes/chat-completions-server";
import { header, startSmtpSink, type SmtpMessage, type SmtpSink } from "../fakes/smtp-sink";
import { articleReply, completionRequests, promptOf, SERVER_KEY, type Story } from "../e2e/generation-support";
import { startNewsFixtures, type NewsFixtures } from "../support/news-fixtures";
import { postgresUrlFor } from "../support/postgres-url";
import { signInOverHttp } from "../support/sign-in";
import { waitFor } from "../support/wait-for";
import { errorLogLines, logEntries, startServer, type ServerProcess } from "../support/server-process";

/**
 * Several instances: two real server processes (the production build) on one fresh PostgreSQL
 * database behave as one site. Sessions and the sign-in lockout are shared; a change made on one instance
 * clears the other's page cache within milliseconds (PostgreSQL NOTIFY); a newsletter issue, a generation job
 * and the weekly digest are each done once however many instances run. Each instance mails through its own SMTP sink, so every
 * message says which instance sent it. Runs when TEST_DATABASE_URL points at a PostgreSQL server; in CI
 * (.ci/run sets CI and the URL) it must not be skipped.
 */

const postgresUrl = process.env.TEST_DATABASE_URL;
const ADMIN = { username: "twin-load-editor", password: "twin load correct horse battery" };
/** The session cookie's name on a site served over http. */
const SESSION_COOKIE = "byline_session";
/** Both instances are one site behind a load balancer: one public address in every link they mail. */
const SITE_URL = "http://byline-twins.test";
/** The spec's texts, written out so a changed text in the app fails here. */
const TEXTS = {
  invalid: "Invalid username or password",
  locked: "Account temporarily locked. Try again in 15 minutes.",
  published: "Article published successfully",
  unpublished: "Article unpublished successfully",
  updated: "Article updated successfully",
  signInHeading: "Admin Access",
} as const;
const LOCKOUT_SECONDS = 15 * 60;
/** Client addresses (documentation range); the server trusts X-Forwarded-For from loopback. */
const CLIENT = {
  working: "198.51.100.200",
  crossSession: "198.51.100.201",
  attacker: "198.51.100.202",
  editor: "198.51.100.203",
  reader: "198.51.100.204",
  mailProvider: "198.51.100.205",
} as const;
const REQUEST_TIMEOUT_MS = 20_000;
/**
 * How long to wait for B to log that it heard of a change made on A before failing: a deadline against a hang,
 * not a measure (B hears within some 100 ms even on a loaded 2-CPU machine), and far inside the page cache's
 * 60-second lifetime, so a page rendered anew after it was cleared by the NOTIFY, not by its age.
 */
const HEARD_TIMEOUT_MS = 30_000;
/** Newsletter subscribers for the manual send, and for the weekly digest's own database. */
const SUBSCRIBERS = 300;
const WEEKLY_SUBSCRIBERS = 60;
/**
 * How long each sink's relay holds every SMTP reply. A real provider answers in tens of milliseconds; a sink
 * on loopback in microseconds, so fast that one instance could send a few hundred messages before the other's
 * sender (polling every 2 s) looks for work, and the test would not see the two share an issue.
 */
const SMTP_REPLY_DELAY_MS = 15;

/** Demo articles have ids in DEMO_ARTICLES order, from 1 (one insert into a fresh database). */
const demo = DEMO_ARTICLES.map((article, index) => ({ ...article, id: index + 1 }));
const draft = demo.find((article) => article.publishedDaysAgo === null)!;
const [toEdit, toUnpublish] = demo.filter((article) => article.publishedDaysAgo !== null).slice(-2);

const GENERATED: Story[] = [
  {
    title: "Twin Servers Share One Job Queue Without Stepping on Each Other",
    excerpt: "An editor asked for three drafts through one instance while a second instance watched the same job table.",
  },
  {
    title: "Grounded Drafting Keeps Every Claim Tied to a Linked Report",
    excerpt: "Each generated paragraph points back to the outlet that reported it, so reviewers can check the facts quickly.",
  },
  {
    title: "Editors Review Machine Drafts Before Anything Reaches Readers",
    excerpt: "Drafts made by the correspondent wait in Article Management until a person publishes them by hand.",
  },
];
const ORPHANED: Story = {
  title: "A Queued Request Outlives the Server That Accepted It",
  excerpt: "The instance that stored the request stopped before starting it, and another instance's worker took it over.",
};
const NEWSLETTER_SUBJECT = "Twin Instances Deliver This Week at Byline";

interface Instance {
  label: "A" | "B";
  server: ServerProcess;
  sink: SmtpSink;
}

interface Twins {
  db: pg.Client;
  a: Instance;
  b: Instance;
}

/** Undone in reverse order in afterAll, whatever failed before. */
const cleanups: { what: string; run: () => Promise<void> }[] = [];
const exitCodes: Record<string, number | null> = {};
let maintenance: pg.Client | undefined;

function cleanUpLater(what: string, run: () => Promise<void>): void {
  cleanups.push({ what, run });
}

async function createDatabase(label: string): Promise<{ name: string; db: pg.Client }> {
  const name = `byline_load_twins_${label}_${process.pid}_${Date.now()}`;
  await maintenance!.query(`create database ${name}`);
  cleanUpLater(`drop database ${name}`, async () => {
    await maintenance!.query(`drop database if exists ${name} with (force)`);
  });
  const db = new pg.Client({ connectionString: postgresUrlFor(postgresUrl!, name) });
  await db.connect();
  cleanUpLater(`close the connection to ${name}`, () => db.end());
  return { name, db };
}

/**
 * A relay in front of a sink that holds every reply of the SMTP server for `delayMs` (in order), as a mail
 * provider across a network would. What the client sends goes through at once.
 */
async function startSlowRelay(target: SmtpSink, delayMs: number): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.on("data", (chunk: Buffer) => {
      setTimeout(() => {
        if (!client.destroyed) client.write(chunk);
      }, delayMs);
    });
    upstream.on("end", () => setTimeout(() => client.end(), delayMs));
    client.on("end", () => upstream.end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

async function startInstance(label: Instance["label"], env: Record<string, string>, database: string): Promise<Instance> {
  const sink = await startSmtpSink();
  cleanUpLater(`close SMTP sink ${label}`, () => sink.close());
  const relay = await startSlowRelay(sink, SMTP_REPLY_DELAY_MS);
  cleanUpLater(`close SMTP relay ${label}`, () => relay.close());
  const server = await startServer({ ...env, SMTP_URL: relay.url });
  const key = `${database} ${label}`;
  cleanUpLater(`stop instance ${key}`, async () => {
    exitCodes[key] = await server.stop();
  });
  return { label, server, sink };
}

const PROCESS_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * A fresh database and two instances on it. The second starts once the first has migrated, seeded the demo
 * newsroom and created the admin, as in a rolling deploy (seeding is not locked, docs/deploying.md).
 */
async function startTwins(label: string, env: Record<string, string>): Promise<Twins> {
  const { name, db } = await createDatabase(label);
  const shared = {
    DATABASE_URL: postgresUrlFor(postgresUrl!, name),
    SITE_URL,
    SEED_CONTENT: "demo",
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    // Debug: the background loops' "looked for work" lines are the events the negative checks below wait for.
    LOG_LEVEL: "debug",
    // The weekly schedule below is written in this process's zone: the newsroom's zone is the same.
    TIME_ZONE: PROCESS_TIME_ZONE,
    ...env,
  };
  const a = await startInstance("A", shared, name);
  const b = await startInstance("B", shared, name);
  return { db, a, b };
}

// ---------------------------------------------------------------------------------------------------------
// HTTP as a browser's form would send it, with a cookie and a client address passed by hand.

interface RequestOptions {
  cookie?: string;
  address?: string;
}

function requestHeaders({ cookie, address }: RequestOptions): Record<string, string> {
  return { ...(cookie ? { Cookie: cookie } : {}), ...(address ? { "X-Forwarded-For": address } : {}) };
}

function get(server: ServerProcess, path: string, options: RequestOptions = {}): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    headers: requestHeaders(options),
    redirect: "manual",
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
}

/** A form post from the site's own page (the server refuses a POST that cannot show its origin). */
function post(
  server: ServerProcess,
  path: string,
  form: Record<string, string>,
  options: RequestOptions = {},
): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    body: new URLSearchParams(form),
    headers: { ...requestHeaders(options), Origin: new URL(server.url).origin },
    redirect: "manual",
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
}

/** The `name=value` pair of a cookie the response sets, or undefined. */
function cookieFrom(response: Response, name: string): string | undefined {
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(";")[0]!;
    if (pair.startsWith(`${name}=`)) return pair;
  }
  return undefined;
}

function signIn(server: ServerProcess, password: string, address: string): Promise<Response> {
  return post(server, "/auth/login", { username: ADMIN.username, password, returnTo: "/admin" }, { address });
}

function sessionFrom(server: ServerProcess, address: string): Promise<string> {
  return signInOverHttp(server.url, ADMIN, address);
}

/** The text a reader sees in an HTML page: no scripts, tags or React's text separators; entities decoded; spaces collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<\/?(?:span|strong|em|b|i|a|code|time)\b[^>]*>/gi, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/** The JSON log lines of a server with this message, from `since` characters on. */
function logEntriesWith(server: ServerProcess, message: string, since = 0): Record<string, unknown>[] {
  return logEntries(server.output().slice(since)).filter((entry) => entry.msg === message);
}

/** The line each instance's newsletter sender logs (at debug level) at the end of every look for due deliveries. */
const SENDER_LOOKED = "the newsletter sender looked for due deliveries";
/** The line each instance's generation worker logs (at debug level) at the end of every look for queued jobs. */
const WORKER_LOOKED = "the generation worker looked for queued jobs";

/**
 * The event a negative check waits for: every server has logged `message` (a background loop's "looked for
 * work") at least twice since its output stood at `marks`. The first such line may end a look that began before
 * the mark; the second belongs to a look that began after it, so whatever that loop would still do about what
 * the test saw at the mark (send a message again, run a job again) has been done by then.
 */
async function eachLookedAgain(servers: ServerProcess[], message: string, marks: number[], timeoutMs = 60_000): Promise<void> {
  await waitFor(
    `two more "${message}" lines from each instance`,
    async () => (servers.every((server, index) => logEntriesWith(server, message, marks[index]).length >= 2) ? true : undefined),
    { timeoutMs },
  );
}

/** Every recipient address of the messages, with how many messages it got. */
function recipientCounts(messages: SmtpMessage[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const message of messages) {
    for (const to of message.envelope.to) counts.set(to, (counts.get(to) ?? 0) + 1);
  }
  return counts;
}

/** The newsletter prompt lists each article as "[n] id: 12", then "Title: ...". */
function promptArticles(prompt: string): { id: number; title: string }[] {
  return [...prompt.matchAll(/^\[\d+\] id: (\d+)\nTitle: (.+)$/gm)].map(([, id, title]) => ({ id: Number(id), title: title! }));
}

/** The model's digest: the JSON the newsletter prompt asks for, one summary per listed article. */
function digestReply(subject: string) {
  return (request: ChatCompletionRequest) => ({
    content: JSON.stringify({
      subject,
      intro: "Two servers, one newsroom: here is what happened this week.",
      summaries: promptArticles(promptOf(request)).map((article) => ({
        id: article.id,
        summary: `${article.title}: what happened this week, who is affected and why it matters to readers.`,
      })),
    }),
  });
}

async function addSubscribers(db: pg.Client, count: number, domain: string): Promise<string[]> {
  const { rows } = await db.query<{ email: string }>(
    `insert into newsletter_subscribers (email)
     select 'reader-' || lpad(n::text, 4, '0') || '@' || $2::text from generate_series(1, $1::int) as n
     returning email`,
    [count, domain],
  );
  return rows.map((row) => row.email).sort();
}

describe.skipIf(!postgresUrl && !process.env.CI)("two instances on one PostgreSQL database", () => {
  let twins: Twins;
  let a: ServerProcess;
  let b: ServerProcess;
  let chat: ChatCompletionsServer;
  let news: NewsFixtures;
  /** A session started on A before the lockout test locks the admin's name; the later tests work with it. */
  let editorCookie: string;
  /** Where each server's output stood when the current test began. */
  let outputMarks: number[] = [];

  beforeAll(async () => {
    if (!postgresUrl)
      throw new Error("TEST_DATABASE_URL must be set in CI: the two-instance load tests cannot be skipped there.");
    maintenance = new pg.Client({ connectionString: postgresUrl });
    await maintenance.connect();
    chat = await startChatCompletionsServer({ apiKey: SERVER_KEY });
    cleanUpLater("close the chat-completions fake", () => chat.close());
    news = await startNewsFixtures({ now: new Date() });
    cleanUpLater("close the news feeds", () => news.close());
    twins = await startTwins("main", {
      OPENAI_API_KEY: SERVER_KEY,
      OPENAI_BASE_URL: chat.url,
      NEWS_FEEDS_FILE: news.feedsFile,
      // Long enough that a three-article job outlives a poll of the other instance's worker (every 5 s).
      GENERATION_SPACING_MS: "3000",
    });
    a = twins.a.server;
    b = twins.b.server;
    editorCookie = await sessionFrom(a, CLIENT.working);
  });

  afterAll(async () => {
    const problems: string[] = [];
    for (const { what, run } of cleanups.reverse()) {
      try {
        await run();
      } catch (error) {
        problems.push(`${what}: ${(error as Error).message}`);
      }
    }
    await maintenance?.end();
    expect(problems, "clean-up").toEqual([]);
    for (const [instance, code] of Object.entries(exitCodes)) expect(code, `exit code of ${instance}`).toBe(0);
  });

  beforeEach(() => {
    outputMarks = twins ? [a.output().length, b.output().length] : [];
  });

  afterEach(() => {
    if (!twins) return;
    expect(errorLogLines(a.output().slice(outputMarks[0])), "error lines logged by instance A").toEqual([]);
    expect(errorLogLines(b.output().slice(outputMarks[1])), "error lines logged by instance B").toEqual([]);
  });

  it("a session started by signing in on A is valid on B, and signing out on B ends it on A", async () => {
    const cookie = await sessionFrom(a, CLIENT.crossSession);

    for (const server of [b, a]) {
      const status = await get(server, "/admin/api/session", { cookie });
      expect(status.status, `session check on ${server.url}`).toBe(200);
      expect(await status.json()).toEqual({ username: ADMIN.username, expiresAt: expect.any(String) });
    }
    const page = await get(b, "/admin/articles", { cookie });
    expect(page.status).toBe(200);
    const text = textOf(await page.text());
    expect(text).toContain("Article Management");
    expect(text).toContain(demo[0]!.title);
    expect(text).not.toContain(TEXTS.signInHeading);

    const signOut = await post(b, "/auth/logout", {}, { cookie });
    expect(signOut.status).toBe(303);
    expect(signOut.headers.get("location")).toBe("/admin");
    expect(cookieFrom(signOut, SESSION_COOKIE), "B clears the cookie").toBe(`${SESSION_COOKIE}=`);

    // A browser that kept the cookie (or a copy of it) is signed out on A too: the session row is gone.
    expect((await get(a, "/admin/api/session", { cookie })).status).toBe(401);
    const refused = await get(a, "/admin/articles", { cookie });
    expect(refused.status).toBe(401);
    expect(textOf(await refused.text())).toContain(TEXTS.signInHeading);
    // The editor's other session, started on A before, is untouched.
    expect((await get(b, "/admin/api/session", { cookie: editorCookie })).status).toBe(200);
    const { rows } = await twins.db.query<{ sessions: number }>("select count(*)::int as sessions from sessions");
    expect(rows[0]!.sessions, "only the editor's other session is left").toBe(1);
  });

  it("the sign-in lockout counts failures on both instances: alternating wrong passwords lock the name on both", async () => {
    const servers = [a, b];
    for (let attempt = 1; attempt <= 4; attempt++) {
      const server = servers[(attempt - 1) % 2]!;
      const refused = await signIn(server, `wrong password ${attempt}`, CLIENT.attacker);
      expect(refused.status, `attempt ${attempt} on ${server.url}`).toBe(401);
      expect(textOf(await refused.text())).toContain(TEXTS.invalid);
    }
    const counter = () =>
      twins.db.query<{ failures: number }>("select failures from login_attempts where username = $1", [ADMIN.username]);
    expect((await counter()).rows).toEqual([{ failures: 4 }]);

    // The fifth failure, on B, locks the name.
    const fifth = await signIn(b, "wrong password 5", CLIENT.attacker);
    expect(fifth.status).toBe(429);
    expect(textOf(await fifth.text())).toContain(TEXTS.locked);
    const retryAfter = Number(fifth.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(LOCKOUT_SECONDS - 60);
    expect(retryAfter).toBeLessThanOrEqual(LOCKOUT_SECONDS);

    // The right password is refused on both while the lock lasts, and starts no session.
    for (const server of [a, b]) {
      const locked = await signIn(server, ADMIN.password, CLIENT.attacker);
      expect(locked.status, `the right password on ${server.url}`).toBe(429);
      expect(textOf(await locked.text())).toContain(TEXTS.locked);
      expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(LOCKOUT_SECONDS - 60);
      expect(cookieFrom(locked, SESSION_COOKIE)).toBeUndefined();
    }
    expect((await counter()).rows).toEqual([{ failures: 5 }]);
    // A session started before the lock stays valid on both.
    for (const server of [a, b]) expect((await get(server, "/admin/api/session", { cookie: editorCookie })).status).toBe(200);
  });

  describe("page cache across instances", () => {
    /** Requests `path` on B until B answers it from its page cache; the page's text. */
    async function cachedOnB(path: string): Promise<string> {
      const first = await get(b, path);
      expect(first.status, `${path} on B`).toBe(200);
      await first.arrayBuffer();
      const second = await get(b, path);
      expect(second.status, `${path} on B again`).toBe(200);
      expect(second.headers.get("x-page-cache"), `${path}: B answers from its page cache`).toBe("hit");
      return textOf(await second.text());
    }

    /** An admin's row action on A, as the confirm dialog posts it. */
    function rowActionOnA(intent: "publish" | "unpublish", id: number): Promise<Response> {
      return post(a, "/admin/articles", { intent, id: String(id) }, { cookie: editorCookie, address: CLIENT.editor });
    }

    /** The editor's own request to B: signed in, so never answered from a cache. */
    async function editorSeesOnB(path: string): Promise<{ status: number; text: string }> {
      const response = await get(b, path, { cookie: editorCookie, address: CLIENT.editor });
      expect(response.headers.get("x-page-cache"), "a signed-in request bypasses the page cache").toBeNull();
      return { status: response.status, text: textOf(await response.text()) };
    }

    /**
     * What a reader on B gets for `path` once B has heard of the change made on A: B logs (at debug level) that it
     * dropped its pages when the PostgreSQL NOTIFY reaches it, a few milliseconds after A answered. `mark` is B's
     * output length before the change. The reader's next request must show the change, rendered anew ("miss"):
     * the NOTIFY cleared B's copy, long before the cache's 60-second lifetime would have.
     */
    async function readerSeesOnB(
      path: string,
      mark: number,
      showsChange: (status: number, text: string) => boolean,
    ): Promise<string> {
      await waitFor(
        `B's "${CONTENT_CHANGE_HEARD}" line`,
        async () => (logEntriesWith(b, CONTENT_CHANGE_HEARD, mark).length > 0 ? true : undefined),
        { timeoutMs: HEARD_TIMEOUT_MS, intervalMs: 20 },
      );
      const response = await get(b, path, { address: CLIENT.reader });
      const text = textOf(await response.text());
      expect(showsChange(response.status, text), `${path}: B's next answer shows the change`).toBe(true);
      expect(response.headers.get("x-page-cache"), `${path}: B renders the changed page`).toBe(
        response.status === 200 ? "miss" : null,
      );
      return text;
    }

    /** The one-time notice the redirect after an admin action carries, as the list page shows it. */
    async function noticeAfter(response: Response): Promise<string> {
      const notice = cookieFrom(response, "byline_notice");
      expect(notice, "the action leaves a notice").toBeDefined();
      const list = await get(a, response.headers.get("location")!, {
        cookie: `${editorCookie}; ${notice}`,
        address: CLIENT.editor,
      });
      expect(list.status).toBe(200);
      return textOf(await list.text());
    }

    it("a draft published on A shows on B although B had the home page and the feed cached", async () => {
      const home = await cachedOnB("/");
      const feed = await cachedOnB("/rss.xml");
      expect(home).not.toContain(draft.title);
      expect(feed).not.toContain(draft.title);
      expect((await get(b, `/article/${draft.id}`)).status, "a draft has no public page").toBe(404);

      const mark = b.output().length;
      const published = await rowActionOnA("publish", draft.id);
      expect(published.status).toBe(303);
      // The editor's very next request, sent to B, shows the change.
      expect((await editorSeesOnB("/")).text).toContain(draft.title);
      // A reader on B sees it as soon as B heard the NOTIFY; then every page is rendered anew.
      await readerSeesOnB("/", mark, (status, text) => status === 200 && text.includes(draft.title));
      const feedAfter = await get(b, "/rss.xml", { address: CLIENT.reader });
      expect(feedAfter.headers.get("x-page-cache"), "the feed is rendered anew").toBe("miss");
      expect(await feedAfter.text()).toContain(draft.title);
      const page = await get(b, `/article/${draft.id}`, { address: CLIENT.reader });
      expect(page.status).toBe(200);
      expect(textOf(await page.text())).toContain(draft.title);

      expect(await noticeAfter(published)).toContain(TEXTS.published);
    });

    it("an editor's request to B reads the database, not what B keeps for readers", async () => {
      // A change no instance announces (typed into psql), so B cannot have heard of it: what B keeps for readers
      // is stale until it expires, and the editor's page must not be made from it.
      const story = demo.find((article) => article.publishedDaysAgo !== null && article !== toEdit && article !== toUnpublish)!;
      const path = `/article/${story.id}`;
      expect(await cachedOnB(path)).toContain(story.title);
      const quietTitle = `${story.title} (Changed Behind the Services' Back)`;
      await twins.db.query("update articles set title = $1 where id = $2", [quietTitle, story.id]);
      try {
        const reader = await get(b, path, { address: CLIENT.reader });
        expect(reader.headers.get("x-page-cache"), "a reader still gets B's copy").toBe("hit");
        expect(textOf(await reader.text())).not.toContain(quietTitle);
        const editor = await editorSeesOnB(path);
        expect(editor.status).toBe(200);
        expect(editor.text).toContain(quietTitle);
      } finally {
        await twins.db.query("update articles set title = $1 where id = $2", [story.title, story.id]);
      }
    });

    it("an article edited on A shows its new title on B although B had the page cached", async () => {
      const path = `/article/${toEdit!.id}`;
      expect(await cachedOnB(path)).toContain(toEdit!.title);
      const { rows } = await twins.db.query<{
        excerpt: string;
        content: string;
        category: string;
        read_time: number;
        sources: string;
        image: string;
        is_featured: boolean;
        is_popular: boolean;
        updated_at: Date;
      }>(
        "select excerpt, content, category, read_time, sources, image, is_featured, is_popular, updated_at from articles where id = $1",
        [toEdit!.id],
      );
      const article = rows[0]!;
      const newTitle = `${toEdit!.title} (Updated on Instance A)`;
      const mark = b.output().length;
      // The editor's form, with every field as it was but the title.
      const edited = await post(
        a,
        `/admin/articles/${toEdit!.id}/edit`,
        {
          title: newTitle,
          excerpt: article.excerpt,
          content: article.content,
          category: article.category,
          readTime: String(article.read_time),
          sources: article.sources,
          image: article.image,
          ...(article.is_featured ? { isFeatured: "on" } : {}),
          ...(article.is_popular ? { isPopular: "on" } : {}),
          updatedAt: article.updated_at.toISOString(),
        },
        { cookie: editorCookie, address: CLIENT.editor },
      );
      expect(edited.status).toBe(303);
      expect((await editorSeesOnB(path)).text).toContain(newTitle);
      await readerSeesOnB(path, mark, (status, text) => status === 200 && text.includes(newTitle));

      expect(await noticeAfter(edited)).toContain(TEXTS.updated);
    });

    it("an article unpublished on A is gone from B although B had its page and its category cached", async () => {
      const path = `/article/${toUnpublish!.id}`;
      const categoryPath = `/category/${toUnpublish!.category.toLowerCase()}`;
      expect(await cachedOnB(path)).toContain(toUnpublish!.title);
      expect(await cachedOnB(categoryPath)).toContain(toUnpublish!.title);

      const mark = b.output().length;
      const unpublished = await rowActionOnA("unpublish", toUnpublish!.id);
      expect(unpublished.status).toBe(303);
      expect((await editorSeesOnB(path)).status).toBe(404);
      await readerSeesOnB(path, mark, (status) => status === 404);
      const category = await get(b, categoryPath, { address: CLIENT.reader });
      expect(category.headers.get("x-page-cache"), "the category is rendered anew").toBe("miss");
      expect(textOf(await category.text())).not.toContain(toUnpublish!.title);

      expect(await noticeAfter(unpublished)).toContain(TEXTS.unpublished);
    });
  });

  it("a newsletter issue sent on A while both run reaches every subscriber exactly once, sent by both instances", async () => {
    const { db } = twins;
    const readers = await addSubscribers(db, SUBSCRIBERS, "twins.example");
    const options = { cookie: editorCookie, address: CLIENT.editor };

    // Generate Newsletter, then Send Newsletter, as the tab's forms post them (without JavaScript).
    chat.script(digestReply(NEWSLETTER_SUBJECT));
    const generated = await post(a, "/admin/newsletter", { intent: "generate", model: "gpt-4o" }, options);
    expect(generated.status).toBe(200);
    expect(textOf(await generated.text())).toContain(`Newsletter generated: “${NEWSLETTER_SUBJECT}”. Preview it, then send it.`);
    const tab = await get(a, "/admin/newsletter", options);
    expect(tab.status).toBe(200);
    const draftId = /<input type="hidden" name="draftId" value="(\d+)"/.exec(await tab.text())?.[1];
    expect(draftId, "the tab's Send Newsletter form names the draft").toBeDefined();

    const sent = await post(a, "/admin/newsletter", { intent: "send", draftId: draftId! }, options);
    expect(sent.status).toBe(200);
    expect(textOf(await sent.text())).toContain(`Sending the newsletter to ${SUBSCRIBERS} active subscribers.`);

    const total = () => twins.a.sink.messages.length + twins.b.sink.messages.length;
    await waitFor(
      `${SUBSCRIBERS} messages and the issue marked sent`,
      async () => {
        const { rows } = await db.query<{ status: string }>("select status from newsletter_issues where id = $1", [draftId]);
        return total() >= SUBSCRIBERS && rows[0]?.status === "sent" ? true : undefined;
      },
      { timeoutMs: 90_000 },
    );
    // Both senders have looked for due deliveries again since: a message sent twice would have arrived by now.
    await eachLookedAgain([a, b], SENDER_LOOKED, [a.output().length, b.output().length]);

    const messages = [...twins.a.sink.messages, ...twins.b.sink.messages];
    const counts = recipientCounts(messages);
    expect([...counts.keys()].sort(), "every subscriber got the issue").toEqual(readers);
    expect(
      [...counts].filter(([, count]) => count !== 1),
      "nobody got it twice",
    ).toEqual([]);
    expect(messages).toHaveLength(SUBSCRIBERS);
    for (const message of messages) expect(message.parsed.subject).toBe(NEWSLETTER_SUBJECT);
    expect(new Set(messages.map((message) => header(message, "Message-ID"))).size).toBe(SUBSCRIBERS);

    // Each instance mails through its own sink: both took part in sending this one issue.
    const byA = twins.a.sink.messages.length;
    const byB = twins.b.sink.messages.length;
    expect(byA, "messages sent by instance A").toBeGreaterThan(0);
    expect(byB, "messages sent by instance B").toBeGreaterThan(0);

    const { rows: deliveries } = await db.query<{ status: string; attempts: number; count: number }>(
      "select status, attempts, count(*)::int as count from newsletter_deliveries where issue_id = $1 group by status, attempts",
      [draftId],
    );
    expect(deliveries, "one delivery row per subscriber, sent at the first attempt").toEqual([
      { status: "sent", attempts: 1, count: SUBSCRIBERS },
    ]);
    for (const server of [a, b]) {
      expect(logEntriesWith(server, "a newsletter message was not accepted"), "no message was refused").toEqual([]);
      expect(logEntriesWith(server, "newsletter deliveries of a stopped sender will be sent again")).toEqual([]);
    }

    // Either instance shows the progress: every message sent.
    const progress = await get(b, "/admin/newsletter", options);
    expect(textOf(await progress.text())).toContain(`${SUBSCRIBERS} sent, 0 failed, 0 pending of ${SUBSCRIBERS} recipients.`);

    // A link mailed by A unsubscribes through B: both sign and check links with the key in the database.
    const fromA = twins.a.sink.messages[0]!;
    const link = /^<(\S+)>$/.exec(header(fromA, "List-Unsubscribe") ?? "")?.[1];
    expect(link).toMatch(new RegExp(`^${SITE_URL}/unsubscribe/[^/]+$`));
    const oneClick = await fetch(`${b.url}${new URL(link!).pathname}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": CLIENT.mailProvider },
      body: "List-Unsubscribe=One-Click",
      redirect: "manual",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toBe("You have been unsubscribed.");
    const { rows: statuses } = await db.query<{ status: string }>("select status from newsletter_subscribers where email = $1", [
      fromA.envelope.to[0],
    ]);
    expect(statuses).toEqual([{ status: "unsubscribed" }]);
  });

  it("a generation job started through A runs once: one job row, its drafts made once, none by B's worker", async () => {
    const { db } = twins;
    const before = completionRequests(chat).length;
    const { rows: newest } = await db.query<{ id: number }>("select coalesce(max(id), 0)::int as id from articles");
    const markA = a.output().length;
    const markB = b.output().length;
    chat.script(GENERATED.map((story, index) => articleReply(story, { usedItems: [index + 1] })));

    const started = await post(
      a,
      "/admin/generate",
      { category: "AI", topic: "", model: "gpt-4o", count: "3" },
      { cookie: editorCookie, address: CLIENT.editor },
    );
    expect(started.status).toBe(303);
    expect(started.headers.get("location")).toBe("/admin/generate?category=AI&model=gpt-4o");

    const job = await waitFor(
      "the generation job to finish",
      async () => {
        const { rows } = await db.query<{ id: number; status: string; article_ids: number[]; runner: string; errors: unknown[] }>(
          "select id, status, article_ids, runner, errors from generation_jobs",
        );
        return rows.length === 1 && !["queued", "running"].includes(rows[0]!.status) ? rows[0] : undefined;
      },
      { timeoutMs: 60_000 },
    );
    // Both workers have looked for queued jobs again since: a second run of the job would have started by now.
    await eachLookedAgain([a, b], WORKER_LOOKED, [a.output().length, b.output().length]);

    const { rows: jobs } = await db.query<{ id: number; status: string }>("select id, status from generation_jobs");
    expect(jobs, "one job row").toEqual([{ id: job.id, status: "succeeded" }]);
    expect(job.errors).toEqual([]);
    expect(job.article_ids).toHaveLength(3);
    expect(completionRequests(chat).length - before, "the model was asked once per article").toBe(3);
    expect(chat.pendingReplies()).toBe(0);

    const { rows: drafts } = await db.query<{ id: number; title: string; published: boolean; is_ai_generated: boolean }>(
      "select id, title, published_at is not null as published, is_ai_generated from articles where id > $1 order by id",
      [newest[0]!.id],
    );
    expect(drafts, "each draft made once, unpublished").toEqual(
      GENERATED.map((story, index) => ({
        id: job.article_ids[index],
        title: story.title,
        published: false,
        is_ai_generated: true,
      })),
    );

    // A ran it (its log says so); B never touched it.
    expect(logEntriesWith(a, "generation job finished", markA).map((entry) => entry.jobId)).toEqual([job.id]);
    expect(logEntriesWith(b, "generation job finished", markB)).toEqual([]);
    expect(logEntriesWith(b, "marked a generation job interrupted: its process stopped", markB)).toEqual([]);

    // The editor following the job on B sees the three drafts.
    const tab = await get(b, "/admin/generate", { cookie: editorCookie, address: CLIENT.editor });
    expect(tab.status).toBe(200);
    const text = textOf(await tab.text());
    expect(text).toContain("Articles Generated");
    for (const story of GENERATED) expect(text).toContain(story.title);
  });

  it("a queued job left by an instance that stopped before starting it is run by exactly one of the two workers", async () => {
    const { db } = twins;
    const before = completionRequests(chat).length;
    const marks = [a.output().length, b.output().length];
    chat.script(articleReply(ORPHANED, { usedItems: [2] }));
    // What an instance leaves when it stops between storing a job that uses the server's key and starting it:
    // a queued row, older than a worker's poll, which either worker may take (FOR UPDATE SKIP LOCKED).
    const { rows: queued } = await db.query<{ id: number }>(
      `insert into generation_jobs (requested_by, category, model, count, uses_form_key, status, created_at)
       select id, 'AI', 'gpt-4o', 1, false, 'queued', now() - interval '10 seconds' from admins
       returning id`,
    );
    expect(queued).toHaveLength(1);
    const jobId = queued[0]!.id;

    const job = await waitFor(
      "a worker to run the queued job",
      async () => {
        const { rows } = await db.query<{ status: string; article_ids: number[] }>(
          "select status, article_ids from generation_jobs where id = $1",
          [jobId],
        );
        return ["queued", "running"].includes(rows[0]!.status) ? undefined : rows[0];
      },
      { timeoutMs: 30_000 },
    );
    // Both workers have looked for queued jobs again since: a second run would have started by now.
    await eachLookedAgain([a, b], WORKER_LOOKED, [a.output().length, b.output().length]);

    expect(job.status).toBe("succeeded");
    expect(job.article_ids).toHaveLength(1);
    expect(completionRequests(chat).length - before, "the model was asked once").toBe(1);
    const { rows: made } = await db.query<{ id: number }>("select id from articles where title = $1", [ORPHANED.title]);
    expect(made).toEqual([{ id: job.article_ids[0] }]);
    const runs = [a, b].map((server, index) =>
      logEntriesWith(server, "generation job finished", marks[index]).filter((entry) => entry.jobId === jobId),
    );
    expect(runs.flat(), "one instance ran it").toHaveLength(1);
  });

  it("the weekly digest is made once when both instances' schedules fire at the same second", async () => {
    // A database of its own: the issue above already covered the newest stories, and a digest sends only news.
    // The schedule names one second (croner's six-field form) soon after both instances are up. How long two
    // instances take to start is not known beforehand (a loaded or paused machine): when they were not both up,
    // with the subscribers in place, a second before it, they are stopped and two more are started with a later one.
    // Two instances on PostgreSQL start in about a second and a half on an idle machine: 8 s ahead is enough on most
    // days, and a slower start only costs a retry.
    let lead = 8_000;
    let fireAt: Date;
    let weekly: Twins;
    let readers: string[];
    for (let attempt = 1; ; attempt++) {
      fireAt = new Date(Math.ceil((Date.now() + lead) / 1000) * 1000);
      const schedule = [
        fireAt.getSeconds(),
        fireAt.getMinutes(),
        fireAt.getHours(),
        fireAt.getDate(),
        fireAt.getMonth() + 1,
        "*",
      ].join(" ");
      weekly = await startTwins(`weekly${attempt}`, { NEWSLETTER_AUTO_SEND: "true", NEWSLETTER_SCHEDULE: schedule });
      readers = await addSubscribers(weekly.db, WEEKLY_SUBSCRIBERS, "weekly.example");
      if (Date.now() < fireAt.getTime() - 1_000 || attempt === 3) break;
      await Promise.all([weekly.a.server.stop(), weekly.b.server.stop()]);
      lead += 25_000;
    }
    for (const instance of [weekly.a, weekly.b]) {
      expect(
        logEntriesWith(instance.server, "weekly digest scheduled").map((entry) => entry.nextRun),
        `instance ${instance.label} fires at ${fireAt.toISOString()}`,
      ).toEqual([fireAt.toISOString()]);
    }
    expect(Date.now(), "both instances were ready before the schedule fired").toBeLessThan(fireAt.getTime() - 1_000);
    const { rows: early } = await weekly.db.query("select id from newsletter_issues");
    expect(early).toEqual([]);

    const messages = () => [...weekly.a.sink.messages, ...weekly.b.sink.messages];
    await waitFor(
      "the weekly digest to be sent to every subscriber",
      async () => {
        const { rows } = await weekly.db.query<{ status: string }>("select status from newsletter_issues");
        return messages().length >= WEEKLY_SUBSCRIBERS && rows[0]?.status === "sent" ? true : undefined;
      },
      { timeoutMs: fireAt.getTime() - Date.now() + 60_000 },
    );
    // Both senders have looked for due deliveries again since: a message sent twice would have arrived by now.
    await eachLookedAgain([weekly.a.server, weekly.b.server], SENDER_LOOKED, [
      weekly.a.server.output().length,
      weekly.b.server.output().length,
    ]);

    const { rows: issues } = await weekly.db.query<{ week_key: string; status: string }>(
      "select week_key, status from newsletter_issues",
    );
    expect(issues, "one issue for the week").toEqual([{ week_key: isoWeekKey(fireAt, PROCESS_TIME_ZONE), status: "sent" }]);
    const counts = recipientCounts(messages());
    expect([...counts.keys()].sort()).toEqual(readers);
    expect(
      [...counts].filter(([, count]) => count !== 1),
      "nobody got it twice",
    ).toEqual([]);

    // Both schedules fired: one instance made the issue, the other found the week already taken.
    const made = [weekly.a, weekly.b].map(
      (instance) => logEntriesWith(instance.server, "the weekly digest is being sent").length,
    );
    const skipped = [weekly.a, weekly.b].map(
      (instance) => logEntriesWith(instance.server, "this week's digest was already made").length,
    );
    expect([...made].sort(), "one instance made the digest").toEqual([0, 1]);
    expect(skipped, "the other instance's schedule fired too and made nothing").toEqual(made.map((count) => 1 - count));
    for (const instance of [weekly.a, weekly.b]) {
      expect(errorLogLines(instance.server.output()), `error lines logged by weekly instance ${instance.label}`).toEqual([]);
    }
  });
});
