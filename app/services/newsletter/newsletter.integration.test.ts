import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  header,
  startChatCompletionsServer,
  startSmtpSink,
  type ChatCompletionsServer,
  type SmtpMessage,
  type SmtpSink,
} from "../../../tests/fakes";
import { insertArticles, publishedOn } from "../../../tests/support/article-factory";
import { manualClock } from "../../../tests/support/manual-clock";
import { openSecondHandle, resetDatabase, testDriver, withTestDatabase } from "../../../tests/setup/test-database";
import { createTestLogger } from "../../../tests/setup/test-logger";
import type { Database, DatabaseHandle } from "../../db/client.server";
import type { ArticleRow } from "../../db/schema";
import { newsletterDeliveries, newsletterIssues, newsletterSubscribers } from "../../db/schema";
import { createAiProviders } from "../generation/ai-provider.server";
import type { Clock } from "../clock.server";
import { createMailer, type Mailer, type OutgoingMessage } from "../mail/mailer.server";
import { createRateLimiter } from "../rate-limits/rate-limiter.server";
import { createNewsletterService, SEND_CONCURRENCY } from "./newsletter.server";
import { createNewsletterIssues } from "./newsletter-issues.server";
import { createNewsletterSender, DEFAULT_STALE_CLAIM_MS, type SenderTimings } from "./newsletter-sender.server";
import { createSubscriberService } from "./subscribers.server";
import { isoWeekKey } from "./weekly-schedule.server";

/**
 * The newsletter end to end inside one process: the real database, the real OpenAI SDK talking to the
 * fake chat-completions server, and real SMTP over a loopback socket to the sink. Each case checks what
 * an editor or a reader would: the rows the tab counts, and the messages that arrived.
 */

const database = withTestDatabase();
const NOW = "2025-03-20T09:00:00.000Z";
const SITE = { name: "Byline", tagline: "technology news", url: "https://news.byline.test", timeZone: "UTC" } as const;
const FROM = "Byline <newsletter@byline.test>";
const SERVER_KEY = "sk-server-0123456789abcdefghijkl";
const TYPED_KEY = "sk-test-0123456789abcdefghijkl";
const MODEL_SUBJECT = "Chips, copilots and a quiet privacy win this week";
const realClock: Clock = { now: () => new Date() };

let chat: ChatCompletionsServer;
let sink: SmtpSink;
/** Everything a test opened, closed after it in reverse order: senders first, second handles last. */
let cleanups: (() => Promise<void>)[] = [];

beforeEach(async () => {
  await resetDatabase(database.db);
  chat = await startChatCompletionsServer();
  sink = await startSmtpSink();
});

afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
  await sink.close();
  await chat.close();
});

interface Instance {
  service: ReturnType<typeof createNewsletterService>;
  entries: Record<string, unknown>[];
}

/** One instance of the app's newsletter, as server/main.ts wires it, on the given database and clock. */
function newsletter({
  db = database.db,
  clock = manualClock(NOW),
  openaiKey,
  smtpUrl = sink.url,
  mailer = createMailer({ smtpUrl, from: FROM, dataDir: path.join(tmpdir(), "byline-unused"), connections: SEND_CONCURRENCY }),
  timings = {},
}: {
  db?: Database;
  clock?: Clock;
  openaiKey?: string;
  smtpUrl?: string;
  mailer?: Mailer;
  timings?: SenderTimings;
} = {}): Instance {
  const { logger, entries } = createTestLogger();
  const providers = createAiProviders({
    openai: { apiKey: openaiKey, baseUrl: chat.url },
    perplexity: { apiKey: undefined, baseUrl: chat.url.replace(/\/v1$/, "") },
    compatible: undefined,
  });
  const subscribers = createSubscriberService({
    db,
    clock,
    rateLimiter: createRateLimiter({ db, clock }),
    signUp: { doubleOptIn: true, mailer, logger, site: SITE },
  });
  const service = createNewsletterService({
    db,
    clock,
    logger,
    providers,
    subscribers,
    mailer,
    site: SITE,
    weekly: { autoSend: false, schedule: "0 9 * * 0" },
    senderTimings: { batchSize: 50, pollMs: 20, retryDelayMs: 1_000, staleAfterMs: 60_000, heartbeatMs: 60_000, ...timings },
  });
  cleanups.push(() => service.stop());
  return { service, entries };
}

/** A second instance's database: another pool on PostgreSQL; PGlite lives in this process, so the same one. */
async function secondDatabase(): Promise<Database> {
  if (testDriver() !== "postgres") return database.db;
  const second: DatabaseHandle = await openSecondHandle(database.handle);
  cleanups.push(() => second.close());
  return second.db;
}

async function addSubscribers(active: number, unsubscribed = 0, pending = 0) {
  const values = [
    ...Array.from({ length: pending }, (_, index) => ({ email: `waiting${index + 1}@example.com`, status: "pending" as const })),
    ...Array.from({ length: active }, (_, index) => ({ email: `reader${index + 1}@example.com`, status: "active" as const })),
    ...Array.from({ length: unsubscribed }, (_, index) => ({
      email: `gone${index + 1}@example.com`,
      status: "unsubscribed" as const,
    })),
  ];
  return database.db
    .insert(newsletterSubscribers)
    .values(values)
    .returning({ id: newsletterSubscribers.id, email: newsletterSubscribers.email, status: newsletterSubscribers.status });
}

/** Three published stories (newest last) and an unpublished draft the newsletter must leave out. */
async function publishArticles(): Promise<ArticleRow[]> {
  const rows = await insertArticles(
    database.db,
    {
      title: "Chip makers race to ship AI accelerators",
      excerpt: "Three chip makers announced accelerators within a week.",
      publishedAt: publishedOn(10),
    },
    {
      title: "A coding copilot learns to run the tests",
      excerpt: "The assistant now runs a project's test suite before it suggests a change.",
      category: "Software",
      publishedAt: publishedOn(11),
    },
    {
      title: "Regulators approve a privacy-first messaging standard",
      excerpt: "Europe's regulators signed off on end-to-end encryption between apps.",
      category: "Security",
      publishedAt: publishedOn(12),
    },
    { title: "An unpublished draft about a secret phone", excerpt: "Not for readers yet.", publishedAt: null },
  );
  return rows.slice(0, 3);
}

/** The JSON the newsletter prompt asks the model for; `subject: null` leaves the subject out. */
function digestReply(stories: ArticleRow[], subject: string | null = MODEL_SUBJECT): string {
  return JSON.stringify({
    ...(subject === null ? {} : { subject }),
    intro: "Welcome back, Byline readers. This week the hardware, the tools and the rules all moved at once.",
    summaries: stories.map((story) => ({ id: story.id, summary: `What mattered about "${story.title}", in two sentences.` })),
  });
}

/** A draft written by the fake model, through the service as the tab makes it. */
async function generateDraft(instance: Instance, stories: ArticleRow[], subject?: string | null) {
  chat.script({ content: digestReply(stories, subject) });
  return instance.service.generate({ modelId: "gpt-4o", adminId: null });
}

/** Runs the sender the way the background loop does, until nothing is due. */
async function drain(instance: Instance): Promise<void> {
  while ((await instance.service.sender.sendBatch()) > 0) {
    // keep going
  }
}

function deliveries() {
  return database.db
    .select({
      subscriberId: newsletterDeliveries.subscriberId,
      email: newsletterDeliveries.email,
      status: newsletterDeliveries.status,
      attempts: newsletterDeliveries.attempts,
      lastError: newsletterDeliveries.lastError,
      nextAttemptAt: newsletterDeliveries.nextAttemptAt,
    })
    .from(newsletterDeliveries)
    .orderBy(asc(newsletterDeliveries.id));
}

async function issueStatus(issueId: number) {
  const [row] = await database.db
    .select({ status: newsletterIssues.status })
    .from(newsletterIssues)
    .where(eq(newsletterIssues.id, issueId));
  return row?.status;
}

async function subscriberStatus(id: number) {
  const [row] = await database.db
    .select({ status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, id));
  return row?.status;
}

/** The address in a message's List-Unsubscribe header, without its angle brackets. */
function listUnsubscribeUrl(message: SmtpMessage): string {
  const value = header(message, "list-unsubscribe") ?? "";
  return /^<(.+)>$/.exec(value)?.[1] ?? `(no List-Unsubscribe: "${value}")`;
}

const recipients = (messages: SmtpMessage[]) => messages.flatMap((message) => message.envelope.to).sort();
const chatCompletions = () => chat.requests.filter((request) => request.path.endsWith("/chat/completions"));
const ARTICLE_LINK = new RegExp(`${SITE.url.replaceAll(".", "\\.")}/article/[^"\\s<>)\\]]+`, "g");
const UNSUBSCRIBE_LINK = new RegExp(`${SITE.url.replaceAll(".", "\\.")}/unsubscribe/[^"\\s<>)\\]]+`, "g");

describe("sending a generated newsletter", () => {
  it("delivers one message to each of 1,000 active subscribers (never to pending ones), each with their own unsubscribe link", async () => {
    const subscribers = await addSubscribers(1_000, 50, 20);
    const stories = await publishArticles();
    const one = newsletter({ openaiKey: SERVER_KEY });

    const untitled = await generateDraft(one, stories, null);
    expect(untitled.subject).toBe("Your Weekly Byline Digest");
    const draft = await generateDraft(one, stories);
    expect(draft.subject).toBe(MODEL_SUBJECT);
    expect(draft.modelName).toBe("GPT-4o");
    expect(draft.articleIds, "the 3 published stories, newest first; never the unpublished one").toEqual(
      [...stories].reverse().map((story) => story.id),
    );
    expect((await one.service.currentDraft())?.id, "the second draft replaced the first").toBe(draft.id);
    const prompt = JSON.stringify(chatCompletions()[1]?.body);
    for (const story of stories) expect(prompt).toContain(story.title);
    expect(prompt).not.toContain("An unpublished draft about a secret phone");

    expect(await one.service.sendDraft(draft.id)).toEqual({ issueId: draft.id, recipients: 1_000 });
    expect(await one.service.currentDraft(), "a sent draft is no longer the draft").toBeNull();
    await drain(one);

    const messages = sink.messages;
    expect(messages).toHaveLength(1_000);
    const active = subscribers.filter((subscriber) => subscriber.status === "active");
    expect(recipients(messages)).toEqual(active.map((subscriber) => subscriber.email).sort());
    const idByEmail = new Map(subscribers.map((subscriber) => [subscriber.email, subscriber.id]));
    for (const message of messages) {
      const to = message.envelope.to[0] ?? "";
      expect(message.envelope, "the envelope names the sender and exactly the one recipient").toEqual({
        from: "newsletter@byline.test",
        to: [to],
      });
      expect(message.parsed.to?.map((address) => address.address)).toEqual([to]);
      const subscriberId = idByEmail.get(to);
      const link = listUnsubscribeUrl(message);
      expect(link.startsWith(`${SITE.url}/unsubscribe/`), link).toBe(true);
      expect(await one.service.links.verify(link.slice(`${SITE.url}/unsubscribe/`.length)), to).toBe(subscriberId);
      expect(header(message, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
      expect(message.parsed.messageId).toBe(`<newsletter-${draft.id}-${subscriberId}@news.byline.test>`);
      expect(message.parsed.subject).toBe(MODEL_SUBJECT);
      expect(message.parsed.from?.address).toBe("newsletter@byline.test");
      expect(new Set(message.parsed.html?.match(UNSUBSCRIBE_LINK)), `the HTML of ${to}`).toEqual(new Set([link]));
      expect(new Set(message.parsed.text?.match(UNSUBSCRIBE_LINK)), `the text of ${to}`).toEqual(new Set([link]));
      expect(message.raw).not.toContain("your-personal-link");
    }
    // Every story's link carries the issue's campaign parameter, so reads from this issue are counted as such.
    const storyLinks = (body: string | undefined) => [...new Set(body?.match(ARTICLE_LINK))].sort();
    const tagged = stories.map((story) => `${SITE.url}/article/${story.id}?ref=newsletter-${draft.id}`).sort();
    expect(storyLinks(messages[0]?.parsed.html || undefined)).toEqual(tagged);
    expect(storyLinks(messages[0]?.parsed.text)).toEqual(tagged);

    const rows = await deliveries();
    expect(rows).toHaveLength(1_000);
    expect(rows.every((row) => row.status === "sent" && row.attempts === 1 && row.lastError === null)).toBe(true);
    expect(await issueStatus(draft.id)).toBe("sent");
    const [issue] = await one.service.history();
    expect(issue).toMatchObject({
      id: draft.id,
      subject: MODEL_SUBJECT,
      status: "sent",
      origin: "manual",
      counts: { pending: 0, sending: 0, sent: 1_000, failed: 0, skipped: 0, total: 1_000 },
    });
  }, 120_000);
});

describe("the spec's texts", () => {
  it('refuses to send to nobody with "No active subscribers found" and keeps the draft', async () => {
    await addSubscribers(0, 2);
    const one = newsletter({ openaiKey: SERVER_KEY });
    const draft = await generateDraft(one, await publishArticles());

    await expect(one.service.sendDraft(draft.id)).rejects.toThrow("No active subscribers found");
    expect((await one.service.currentDraft())?.id).toBe(draft.id);
    expect(await deliveries()).toEqual([]);
    expect(await one.service.history()).toEqual([]);
  });

  it('asks for content first when there is no draft: "Please generate newsletter content first"', async () => {
    await addSubscribers(2);
    const one = newsletter({ openaiKey: SERVER_KEY });
    await expect(one.service.sendDraft(999)).rejects.toThrow("Please generate newsletter content first");

    const draft = await generateDraft(one, await publishArticles());
    await one.service.sendDraft(draft.id);
    await expect(one.service.sendDraft(draft.id), "the same draft twice").rejects.toThrow(
      "Please generate newsletter content first",
    );
    expect(await deliveries()).toHaveLength(2);
  });

  it('says "No articles available for newsletter" when nothing is published', async () => {
    await insertArticles(database.db, { title: "Still a draft", publishedAt: null });
    const one = newsletter({ openaiKey: SERVER_KEY });
    await expect(one.service.generate({ modelId: "gpt-4o", adminId: null })).rejects.toThrow(
      "No articles available for newsletter",
    );
    expect(chatCompletions()).toHaveLength(0);
    expect(await one.service.currentDraft()).toBeNull();
  });

  it("names an unknown model and a missing key", async () => {
    await publishArticles();
    const one = newsletter();
    await expect(one.service.generate({ modelId: "nope", adminId: null })).rejects.toThrow("Unknown model: nope");
    await expect(one.service.generate({ modelId: "gpt-4o", adminId: null })).rejects.toThrow(
      "OpenAI API key is required for model gpt-4o",
    );
    await expect(one.service.generate({ modelId: "gpt-4o", formKey: "   ", adminId: null })).rejects.toThrow(
      "OpenAI API key is required for model gpt-4o",
    );
    expect(chatCompletions()).toHaveLength(0);
  });

  it("uses a key typed into the form when the server has none", async () => {
    const stories = await publishArticles();
    const one = newsletter();
    chat.script({ content: digestReply(stories) });
    const draft = await one.service.generate({ modelId: "gpt-4o", formKey: TYPED_KEY, adminId: null });
    expect(draft.subject).toBe(MODEL_SUBJECT);
    expect(chatCompletions()[0]?.headers.authorization).toBe(`Bearer ${TYPED_KEY}`);
  });

  it("reports a rejected key as the spec's client failure", async () => {
    await publishArticles();
    const one = newsletter();
    chat.script({ status: 401, error: { message: "Incorrect API key provided: sk-te*****ijkl.", code: "invalid_api_key" } });
    await expect(one.service.generate({ modelId: "gpt-4o", formKey: TYPED_KEY, adminId: null })).rejects.toThrow(
      "Failed to initialize OpenAI client. Please check your API key.",
    );
    expect(await one.service.currentDraft()).toBeNull();
  });

  it('says "Failed to generate newsletter" for a reply that is not the JSON asked for', async () => {
    await publishArticles();
    const one = newsletter({ openaiKey: SERVER_KEY });
    chat.script({ content: "Here is your newsletter! Chips were big this week." });
    await expect(one.service.generate({ modelId: "gpt-4o", adminId: null })).rejects.toThrow("Failed to generate newsletter");
    expect(await one.service.currentDraft()).toBeNull();
    expect(one.entries.some((entry) => entry.msg === "the newsletter reply was not the JSON asked for")).toBe(true);
  });
});

describe("SMTP failures", () => {
  const RETRY_MS = 1_000;

  async function oneRecipientIssue(timings: Partial<SenderTimings> = { retryDelayMs: RETRY_MS }) {
    const clock = manualClock(NOW);
    const [subscriber] = await addSubscribers(1);
    const one = newsletter({ clock, openaiKey: SERVER_KEY, timings });
    const draft = await generateDraft(one, await publishArticles());
    await one.service.sendDraft(draft.id);
    return { clock, one, draft, subscriber: subscriber! };
  }

  it("never sends to a stored address that names several recipients; the delivery fails at once", async () => {
    const [reader] = await addSubscribers(1);
    await database.db.insert(newsletterSubscribers).values({ email: "x:victim@example.com,1@example.com;", status: "active" });
    const one = newsletter({ openaiKey: SERVER_KEY });
    const draft = await generateDraft(one, await publishArticles());
    await one.service.sendDraft(draft.id);
    await drain(one);

    expect(recipients(sink.messages)).toEqual([reader!.email]);
    expect((await deliveries()).map((row) => [row.email, row.status, row.attempts])).toEqual([
      [reader!.email, "sent", 1],
      ["x:victim@example.com,1@example.com;", "failed", 1],
    ]);
  });

  it("retries a 4xx reply later and delivers exactly one message", async () => {
    const { clock, one, draft, subscriber } = await oneRecipientIssue();
    sink.failNext(1, { code: 451, message: "Greylisted, please try again later" });

    expect(await one.service.sender.sendBatch()).toBe(1);
    const [waiting] = await deliveries();
    expect(waiting).toMatchObject({ status: "pending", attempts: 1, nextAttemptAt: new Date(Date.parse(NOW) + RETRY_MS) });
    expect(waiting?.lastError).toContain("451");
    expect(waiting?.lastError).toContain("Greylisted, please try again later");
    expect(await one.service.sender.sendBatch(), "not due before the retry delay").toBe(0);
    expect(await issueStatus(draft.id)).toBe("sending");

    clock.advance(RETRY_MS);
    await drain(one);
    expect(recipients(sink.messages)).toEqual([subscriber.email]);
    expect(await deliveries()).toMatchObject([{ status: "sent", attempts: 2, lastError: null }]);
    expect(await issueStatus(draft.id)).toBe("sent");
  });

  it("tries a refused message again after the default 1 minute, then 4 minutes, and not a millisecond sooner", async () => {
    const MINUTE = 60_000;
    const { clock, one, subscriber } = await oneRecipientIssue({ retryDelayMs: undefined });
    sink.failNext(2, { code: 451, message: "Greylisted, please try again later" });

    expect(await one.service.sender.sendBatch()).toBe(1);
    expect(await deliveries()).toMatchObject([
      { status: "pending", attempts: 1, nextAttemptAt: new Date(Date.parse(NOW) + MINUTE) },
    ]);
    clock.advance(MINUTE - 1);
    expect(await one.service.sender.sendBatch(), "a millisecond before the first minute").toBe(0);
    clock.advance(1);
    expect(await one.service.sender.sendBatch(), "refused again").toBe(1);
    const secondTry = Date.parse(NOW) + MINUTE;
    expect(await deliveries()).toMatchObject([
      { status: "pending", attempts: 2, nextAttemptAt: new Date(secondTry + 4 * MINUTE) },
    ]);
    clock.advance(4 * MINUTE - 1);
    expect(await one.service.sender.sendBatch(), "a millisecond before the next four minutes").toBe(0);
    clock.advance(1);
    await drain(one);
    expect(recipients(sink.messages)).toEqual([subscriber.email]);
    expect(await deliveries()).toMatchObject([{ status: "sent", attempts: 3 }]);
  });

  it("fails a 5xx reply at once, keeping the server's reply", async () => {
    const { clock, one, draft } = await oneRecipientIssue();
    sink.failNext(1, { code: 550, message: "Mailbox unavailable" });

    await drain(one);
    const [failed] = await deliveries();
    expect(failed).toMatchObject({ status: "failed", attempts: 1 });
    expect(failed?.lastError).toMatch(/^550\b/);
    expect(failed?.lastError).toContain("Mailbox unavailable");

    clock.advance(60 * RETRY_MS);
    expect(await one.service.sender.sendBatch(), "never retried").toBe(0);
    expect(sink.messages).toHaveLength(0);
    expect(await issueStatus(draft.id)).toBe("sent");
    expect((await one.service.history())[0]?.counts).toMatchObject({ sent: 0, failed: 1, total: 1 });
  });

  it("gives up after 3 transient failures, waiting longer before the third attempt", async () => {
    const { clock, one } = await oneRecipientIssue();
    sink.failNext(3, { code: 421, message: "Service not available, closing channel" });

    await drain(one);
    expect(await deliveries()).toMatchObject([
      { status: "pending", attempts: 1, nextAttemptAt: new Date(Date.parse(NOW) + RETRY_MS) },
    ]);
    clock.advance(RETRY_MS);
    await drain(one);
    expect(await deliveries()).toMatchObject([
      { status: "pending", attempts: 2, nextAttemptAt: new Date(Date.parse(NOW) + RETRY_MS + 4 * RETRY_MS) },
    ]);
    clock.advance(4 * RETRY_MS - 1);
    expect(await one.service.sender.sendBatch()).toBe(0);
    clock.advance(1);
    await drain(one);

    const [failed] = await deliveries();
    expect(failed).toMatchObject({ status: "failed", attempts: 3 });
    expect(failed?.lastError).toContain("421");
    clock.advance(3_600_000);
    expect(await one.service.sender.sendBatch()).toBe(0);
    expect(sink.messages).toHaveLength(0);
  });
});

describe("unsubscribing while an issue is being sent", () => {
  it("skips a subscriber who unsubscribed after the issue was frozen", async () => {
    const subscribers = await addSubscribers(3);
    const one = newsletter({ openaiKey: SERVER_KEY });
    const draft = await generateDraft(one, await publishArticles());
    await one.service.sendDraft(draft.id);

    const leaving = subscribers[1]!;
    const token = await one.service.links.tokenFor(leaving.id);
    expect(await one.service.unsubscribe(token)).toEqual({ email: leaving.email, status: "unsubscribed" });
    await drain(one);

    expect(recipients(sink.messages)).toEqual([subscribers[0]!.email, subscribers[2]!.email].sort());
    expect((await deliveries()).map((row) => [row.email, row.status])).toEqual([
      [subscribers[0]!.email, "sent"],
      [leaving.email, "skipped"],
      [subscribers[2]!.email, "sent"],
    ]);
    expect(await issueStatus(draft.id)).toBe("sent");
    expect((await one.service.history())[0]?.counts).toMatchObject({ sent: 2, skipped: 1, total: 3 });
  });
});

/** A TCP server that accepts connections and never says a word: a mail server that hangs forever. */
async function startSilentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  let closed = false;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close() {
      if (closed) return Promise.resolve();
      closed = true;
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}

/**
 * A mailer to the sink that holds every message until the test opens its gate, as a slow SMTP server would:
 * `reached` resolves when the first message waits there.
 */
function gatedMailer() {
  const smtp = createMailer({ smtpUrl: sink.url, from: FROM, dataDir: tmpdir(), connections: SEND_CONCURRENCY });
  cleanups.push(async () => smtp.close());
  let open = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  let reachedGate = () => {};
  const reached = new Promise<void>((resolve) => (reachedGate = resolve));
  const waiting: OutgoingMessage[] = [];
  const mailer: Mailer = {
    kind: "smtp",
    async send(message) {
      waiting.push(message);
      reachedGate();
      await gate;
      await smtp.send(message);
    },
    close: () => smtp.close(),
  };
  return { mailer, reached, open, waiting };
}

/**
 * An instance whose sender stops while sending: it claims a batch of the issue it freezes, then hangs on a mail
 * server that never answers, with a heartbeat too slow to ever run. To the database it is a process that died
 * holding `batchSize` claims. `abandoned` settles once `silent` is closed and its late outcomes are refused.
 */
async function senderThatStops({ clock, batchSize = 50, claims = 1 }: { clock: Clock; batchSize?: number; claims?: number }) {
  const silent = await startSilentServer();
  cleanups.push(() => silent.close());
  const stuck = newsletter({ clock, openaiKey: SERVER_KEY, smtpUrl: silent.url, timings: { batchSize, heartbeatMs: 600_000 } });
  const draft = await generateDraft(stuck, await publishArticles());
  await stuck.service.sendDraft(draft.id);
  const abandoned = stuck.service.sender.sendBatch();
  await vi.waitFor(async () => expect(await countByStatus("sending")).toBe(claims), { timeout: 5_000 });
  return { draft, abandoned, silent };
}

async function countByStatus(status: "pending" | "sending" | "sent") {
  return (await deliveries()).filter((row) => row.status === status).length;
}

describe("a sender that stops mid-run", () => {
  it("leaves its claims to another instance, which sends them once they are stale; nobody is lost", async () => {
    const subscribers = await addSubscribers(60);
    const { draft, abandoned, silent } = await senderThatStops({ clock: realClock, batchSize: 20, claims: 20 });

    const rescuer = newsletter({
      db: await secondDatabase(),
      clock: realClock,
      timings: { batchSize: 25, staleAfterMs: 400, pollMs: 20, heartbeatMs: 100 },
    });
    rescuer.service.start({ exclusive: false });
    await sink.waitForMessages(60, 20_000);
    await vi.waitFor(async () => expect(await issueStatus(draft.id)).toBe("sent"), { timeout: 5_000 });

    // The hung connections finally break: the first sender's late outcomes must not undo the work.
    await silent.close();
    expect(await abandoned).toBe(20);

    expect(recipients(sink.messages)).toEqual(subscribers.map((subscriber) => subscriber.email).sort());
    const rows = await deliveries();
    expect(rows.map((row) => row.status)).toEqual(Array.from({ length: 60 }, () => "sent"));
    expect(rows.every((row) => row.attempts === 1)).toBe(true);
    expect(rescuer.entries.some((entry) => entry.msg === "newsletter deliveries of a stopped sender will be sent again")).toBe(
      true,
    );
    // Each look for work ends with a debug line saying what it claimed, idle looks too: the two-instance load test
    // waits for these lines before it checks that nothing was sent twice.
    const looks = () =>
      rescuer.entries
        .filter((entry) => entry.msg === "the newsletter sender looked for due deliveries")
        .map((entry) => entry.claimed);
    expect(looks()).toContain(25);
    await vi.waitFor(() => expect(looks().at(-1)).toBe(0), { timeout: 5_000 });
  }, 60_000);

  // A sender that fell behind (its claim went stale and another took the row over) must not change the row:
  // its late failure would put the row back to pending and the subscriber would get the issue twice.
  it("does not let a stale sender's late outcome undo another sender's claim", async () => {
    const clock = manualClock(NOW);
    const [subscriber] = await addSubscribers(1);
    const { abandoned, silent } = await senderThatStops({ clock });

    // The second instance's mail goes to the sink, but only once the test opens the gate.
    const gated = gatedMailer();
    const rescuer = newsletter({ db: await secondDatabase(), clock, mailer: gated.mailer, timings: { staleAfterMs: 1_000 } });
    clock.advance(1_001);
    expect(await rescuer.service.sender.recoverStaleClaims()).toBe(1);
    const rescue = rescuer.service.sender.sendBatch();
    await gated.reached;

    await silent.close();
    await abandoned;
    gated.open();
    await rescue;
    clock.advance(3_600_000);
    await drain(rescuer);

    expect(recipients(sink.messages)).toEqual([subscriber!.email]);
    expect(await deliveries()).toMatchObject([{ status: "sent", attempts: 1 }]);
  });
});

/** Each delivery's claim: who holds it (a random token per batch) and when they last said they were alive. */
function claims() {
  return database.db
    .select({
      email: newsletterDeliveries.email,
      status: newsletterDeliveries.status,
      claimToken: newsletterDeliveries.claimToken,
      claimedAt: newsletterDeliveries.claimedAt,
    })
    .from(newsletterDeliveries)
    .orderBy(asc(newsletterDeliveries.id));
}

/** How many messages each address received. */
function copiesPerRecipient(): Record<string, number> {
  const copies: Record<string, number> = {};
  for (const address of recipients(sink.messages)) copies[address] = (copies[address] ?? 0) + 1;
  return copies;
}

const onceEach = (addresses: string[]) => Object.fromEntries(addresses.map((address) => [address, 1]));

describe("sending when things change under the sender", () => {
  it("sends nothing of an issue deleted while its deliveries wait in a batch, and finishes the other issue", async () => {
    const readers = await addSubscribers(3);
    const stories = await publishArticles();
    const one = newsletter({ openaiKey: SERVER_KEY });
    const first = await generateDraft(one, stories);
    await one.service.sendDraft(first.id);
    const second = await generateDraft(one, stories, "A second issue for the same readers");
    await one.service.sendDraft(second.id);

    // A sender with one connection claims both issues' six deliveries in one batch; its first message waits at the
    // gate. The issue that message belongs to is kept; the other one is deleted while its deliveries wait.
    const gated = gatedMailer();
    const { logger, entries } = createTestLogger();
    const sender = createNewsletterSender({
      db: database.db,
      clock: manualClock(NOW),
      logger,
      mailer: gated.mailer,
      links: one.service.links,
      issues: createNewsletterIssues({ db: database.db, clock: manualClock(NOW) }),
      siteUrl: SITE.url,
      concurrency: 1,
    });
    const batch = sender.sendBatch();
    await gated.reached;
    const inFlight = Number(/^<newsletter-(\d+)-/.exec(gated.waiting[0]?.messageId ?? "")?.[1]);
    const [kept, deleted] = inFlight === first.id ? [first, second] : [second, first];
    await database.db.delete(newsletterIssues).where(eq(newsletterIssues.id, deleted.id));
    gated.open();
    expect(await batch, "both issues' deliveries were in the batch").toBe(6);

    expect(copiesPerRecipient()).toEqual(onceEach(readers.map((reader) => reader.email)));
    expect(new Set(sink.messages.map((message) => message.parsed.subject))).toEqual(new Set([kept.subject]));
    expect((await deliveries()).map((row) => row.status)).toEqual(["sent", "sent", "sent"]);
    expect((await one.service.history()).map((issue) => [issue.id, issue.status])).toEqual([[kept.id, "sent"]]);
    expect(await sender.sendBatch(), "nothing of the deleted issue is left to send").toBe(0);
    expect(
      entries.filter((entry) => entry.msg === "a newsletter message was not accepted"),
      "a deleted issue is not a refused message",
    ).toEqual([]);
  });

  it("gives the rest of a batch back when stopped mid-batch; the next run sends it, nobody twice", async () => {
    const readers = await addSubscribers(SEND_CONCURRENCY + 3);
    const gated = gatedMailer();
    const first = newsletter({ openaiKey: SERVER_KEY, mailer: gated.mailer });
    const draft = await generateDraft(first, await publishArticles());
    await first.service.sendDraft(draft.id);

    // The loop claims all eight; one message per connection waits at the gate when the sender is told to stop.
    first.service.sender.start({ exclusive: false });
    await gated.reached;
    const stopped = first.service.sender.stop();
    gated.open();
    await stopped;

    expect(sink.messages, "the messages in flight were finished").toHaveLength(SEND_CONCURRENCY);
    const afterStop = await deliveries();
    expect(afterStop.filter((row) => row.status === "sent")).toHaveLength(SEND_CONCURRENCY);
    expect(
      afterStop.filter((row) => row.status !== "sent").map((row) => [row.status, row.attempts, row.lastError]),
      "the rest is pending again, the attempt not counted",
    ).toEqual([
      ["pending", 0, null],
      ["pending", 0, null],
      ["pending", 0, null],
    ]);
    expect((await claims()).filter((row) => row.claimToken !== null || row.claimedAt !== null)).toEqual([]);
    expect(await issueStatus(draft.id)).toBe("sending");

    const next = newsletter();
    await drain(next);
    expect(copiesPerRecipient()).toEqual(onceEach(readers.map((reader) => reader.email)));
    expect((await deliveries()).map((row) => [row.status, row.attempts])).toEqual(readers.map(() => ["sent", 1]));
    expect(await issueStatus(draft.id)).toBe("sent");
  });

  it("takes over only the stale claim: a sender whose heartbeat keeps its claim fresh keeps its rows", async () => {
    const clock = manualClock(NOW);
    const readers = await addSubscribers(5);
    // A sender that stopped holding two claims.
    const { draft, abandoned, silent } = await senderThatStops({ clock, batchSize: 2, claims: 2 });

    // A live sender on another instance: its messages wait at a slow server while its heartbeat refreshes its claim.
    const gated = gatedMailer();
    const alive = newsletter({ db: await secondDatabase(), clock, mailer: gated.mailer, timings: { heartbeatMs: 20 } });
    const working = alive.service.sender.sendBatch();
    await gated.reached;

    // A minute and a bit later (the claims go stale after a minute here), the live sender's heartbeat has run.
    clock.advance(61_000);
    const now = clock.now().getTime();
    await vi.waitFor(
      async () =>
        expect(
          (await claims()).slice(2).map((row) => row.claimedAt?.getTime()),
          "the live sender's three rows, refreshed",
        ).toEqual([now, now, now]),
      { timeout: 5_000 },
    );
    // A third instance's sender starts beside them (not as the database's only process) and sends what it took over.
    const rescuer = newsletter({ db: await secondDatabase(), clock });
    rescuer.service.sender.start({ exclusive: false });
    await sink.waitForMessages(2, 10_000);
    await rescuer.service.sender.stop();
    expect((await deliveries()).map((row) => [row.email, row.status, row.attempts])).toEqual([
      [readers[0]!.email, "sent", 1],
      [readers[1]!.email, "sent", 1],
      [readers[2]!.email, "sending", 1],
      [readers[3]!.email, "sending", 1],
      [readers[4]!.email, "sending", 1],
    ]);
    expect(
      rescuer.entries.filter((entry) => entry.msg === "newsletter deliveries of a stopped sender will be sent again"),
    ).toEqual([expect.objectContaining({ count: 2, everyClaim: false })]);

    gated.open();
    expect(await working).toBe(3);
    await silent.close();
    await abandoned;
    expect(copiesPerRecipient()).toEqual(onceEach(readers.map((reader) => reader.email)));
    expect((await deliveries()).map((row) => [row.status, row.attempts])).toEqual(readers.map(() => ["sent", 1]));
    expect(await issueStatus(draft.id)).toBe("sent");
  });

  it("settles several rows of one batch at once: three readers who left are skipped together", async () => {
    const readers = await addSubscribers(6);
    const one = newsletter({ openaiKey: SERVER_KEY });
    const draft = await generateDraft(one, await publishArticles());
    await one.service.sendDraft(draft.id);
    const leaving = [readers[0]!, readers[2]!, readers[5]!];
    for (const reader of leaving) await one.service.unsubscribe(await one.service.links.tokenFor(reader.id));

    expect(await one.service.sender.sendBatch(), "one batch").toBe(6);
    const staying = readers.filter((reader) => !leaving.includes(reader));
    expect(copiesPerRecipient()).toEqual(onceEach(staying.map((reader) => reader.email)));
    expect((await deliveries()).map((row) => row.status)).toEqual(["skipped", "sent", "skipped", "sent", "sent", "skipped"]);
    expect((await claims()).filter((row) => row.claimToken !== null || row.claimedAt !== null)).toEqual([]);
    expect((await one.service.history())[0]).toMatchObject({
      status: "sent",
      counts: { pending: 0, sending: 0, sent: 3, failed: 0, skipped: 3, total: 6 },
    });
  });

  it("takes a claim over after the default 2 minutes without a heartbeat, and not a millisecond sooner", async () => {
    const clock = manualClock(NOW);
    const [reader] = await addSubscribers(1);
    const { abandoned, silent } = await senderThatStops({ clock });

    // Another instance with the default timings.
    const rescuer = newsletter({ db: await secondDatabase(), clock, timings: { staleAfterMs: undefined } });
    clock.advance(DEFAULT_STALE_CLAIM_MS - 1);
    expect(await rescuer.service.sender.recoverStaleClaims(), "a claim just under the default is left alone").toBe(0);
    expect(await countByStatus("sending")).toBe(1);
    clock.advance(2);
    expect(await rescuer.service.sender.recoverStaleClaims(), "a claim just over it is taken over").toBe(1);
    expect(
      rescuer.entries.filter((entry) => entry.msg === "newsletter deliveries of a stopped sender will be sent again"),
      "a look that found nothing stale says nothing",
    ).toEqual([expect.objectContaining({ count: 1, everyClaim: false })]);

    await drain(rescuer);
    await silent.close();
    await abandoned;
    expect(recipients(sink.messages)).toEqual([reader!.email]);
    expect(await deliveries()).toMatchObject([{ status: "sent", attempts: 1 }]);
  });
  it("takes every claim over at once when it starts as the database's only process, fresh claims too", async () => {
    const clock = manualClock(NOW);
    const [reader] = await addSubscribers(1);
    const { abandoned, silent } = await senderThatStops({ clock });

    // The embedded database serves one process: whatever is claimed was claimed by one that is gone.
    const only = newsletter({ clock });
    only.service.sender.start({ exclusive: true });
    await sink.waitForMessages(1, 10_000);
    await only.service.sender.stop();
    expect(only.entries.filter((entry) => entry.msg === "newsletter deliveries of a stopped sender will be sent again")).toEqual([
      expect.objectContaining({ count: 1, everyClaim: true }),
    ]);

    await silent.close();
    await abandoned;
    expect(recipients(sink.messages)).toEqual([reader!.email]);
    expect(await deliveries()).toMatchObject([{ status: "sent", attempts: 1 }]);
  });
});

describe("the weekly digest", () => {
  it("makes one issue per week however many instances fire at once, written from excerpts without a key", async () => {
    const subscribers = await addSubscribers(40);
    const stories = await publishArticles();
    const firedAt = new Date("2025-03-23T09:00:00.000Z");
    const clock = manualClock(firedAt.toISOString());
    // Small batches, so both instances' senders share the issue's deliveries.
    const one = newsletter({ clock, timings: { batchSize: 5 } });
    const two = newsletter({ db: await secondDatabase(), clock, timings: { batchSize: 5 } });

    const results = await Promise.all([one.service.sendWeeklyDigest(firedAt), two.service.sendWeeklyDigest(firedAt)]);
    expect(results.filter((result) => result !== null)).toEqual([{ issueId: expect.any(Number), recipients: 40 }]);

    const issues = await database.db.select().from(newsletterIssues);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({
      weekKey: isoWeekKey(firedAt, SITE.timeZone),
      subject: "Your Weekly Byline Digest",
      model: null,
      status: "sending",
    });
    expect(chatCompletions(), "no model was asked").toHaveLength(0);
    for (const story of stories) expect(issues[0]?.text).toContain(story.excerpt);

    one.service.start({ exclusive: false });
    two.service.start({ exclusive: false });
    await sink.waitForMessages(40, 20_000);
    await vi.waitFor(async () => expect(await one.service.history()).toMatchObject([{ status: "sent", origin: "weekly" }]), {
      timeout: 5_000,
    });
    expect(recipients(sink.messages)).toEqual(subscribers.map((subscriber) => subscriber.email).sort());
    expect(sink.messages.every((message) => message.parsed.subject === "Your Weekly Byline Digest")).toBe(true);

    expect(await one.service.sendWeeklyDigest(new Date("2025-03-21T12:00:00.000Z")), "the same ISO week later on").toBeNull();
    expect(await database.db.select().from(newsletterIssues)).toHaveLength(1);
  }, 60_000);

  it("does not send the same stories again: a week without new articles is recorded as not sent", async () => {
    await addSubscribers(3);
    await publishArticles();
    const one = newsletter();
    expect(await one.service.sendWeeklyDigest(new Date("2025-03-16T09:00:00.000Z"))).toEqual({
      issueId: expect.any(Number),
      recipients: 3,
    });

    expect(await one.service.sendWeeklyDigest(new Date("2025-03-23T09:00:00.000Z"))).toBeNull();
    const history = await one.service.history();
    expect(history.map((issue) => [issue.origin, issue.status, issue.error])).toEqual([
      ["weekly", "failed", "No new articles since the last newsletter"],
      ["weekly", "sending", null],
    ]);
    expect(history[0]?.counts.total).toBe(0);
  });

  it("uses the default model when the server holds its key", async () => {
    await addSubscribers(2);
    const stories = await publishArticles();
    const one = newsletter({ openaiKey: SERVER_KEY });
    chat.script({ content: digestReply(stories) });

    const result = await one.service.sendWeeklyDigest(new Date(NOW));
    expect(result).toEqual({ issueId: expect.any(Number), recipients: 2 });
    expect(chatCompletions()[0]?.body).toMatchObject({ model: "gpt-4o" });
    const [issue] = await database.db.select().from(newsletterIssues);
    expect(issue).toMatchObject({ subject: MODEL_SUBJECT, model: "gpt-4o", weekKey: isoWeekKey(new Date(NOW), SITE.timeZone) });
  });
});

describe("unsubscribe links", () => {
  it("turns a forged or altered token away, and unsubscribes and resubscribes with the right one", async () => {
    const [reader, other] = await addSubscribers(2);
    const one = newsletter();
    const token = await one.service.links.tokenFor(reader!.id);
    const [id, signature] = token.split(".") as [string, string];
    // One character of the signature changed. Not the last: of its 6 bits only 2 are signature, the rest padding.
    const flipped = `${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`;

    for (const forged of [
      `${id}.${flipped}`,
      `${other!.id.toString(36)}.${signature}`,
      `${id}.AAAAAAAAAAAAAAAAAAAAAA`,
      id,
      "",
      `${token}x`,
      `${id}.${signature}.${signature}`,
    ]) {
      expect(await one.service.unsubscribe(forged), forged).toBeNull();
    }
    expect(await subscriberStatus(reader!.id)).toBe("active");
    expect(await subscriberStatus(other!.id)).toBe("active");

    expect(await one.service.unsubscribe(token)).toEqual({ email: reader!.email, status: "unsubscribed" });
    expect(await subscriberStatus(reader!.id)).toBe("unsubscribed");
    expect(await one.service.subscription(token)).toEqual({ email: reader!.email, status: "unsubscribed" });
    expect(await one.service.resubscribe(token)).toEqual({ email: reader!.email, status: "active" });
    expect(await subscriberStatus(reader!.id)).toBe("active");
    expect(await subscriberStatus(other!.id)).toBe("active");
  });

  it("shares one signing key between instances, even when both make it at the same moment", async () => {
    const [reader] = await addSubscribers(1);
    const one = newsletter();
    const two = newsletter({ db: await secondDatabase() });

    const [fromOne, fromTwo] = await Promise.all([
      one.service.links.tokenFor(reader!.id),
      two.service.links.tokenFor(reader!.id),
    ]);
    expect(fromOne).toBe(fromTwo);
    expect(await two.service.links.verify(fromOne)).toBe(reader!.id);
    expect(await two.service.unsubscribe(fromOne)).toEqual({ email: reader!.email, status: "unsubscribed" });

    // A restarted instance loads the key kept in the database.
    const restarted = newsletter({ db: await secondDatabase() });
    expect(await restarted.service.links.verify(fromOne)).toBe(reader!.id);
  });
});
