import { tmpdir } from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { header, startSmtpSink, type SmtpMessage, type SmtpSink } from "../../../tests/fakes";
import { insertArticles, publishedOn } from "../../../tests/support/article-factory";
import { manualClock, type ManualClock } from "../../../tests/support/manual-clock";
import { resetDatabase, withTestDatabase } from "../../../tests/setup/test-database";
import { createTestLogger } from "../../../tests/setup/test-logger";
import type { ArticleRow } from "../../db/schema";
import { articleCorrections, articles, newsletterDeliveries, newsletterIssues, newsletterSubscribers } from "../../db/schema";
import { createAiProviders } from "../generation/ai-provider.server";
import { createMailer } from "../mail/mailer.server";
import { createNewsletterService, SEND_CONCURRENCY } from "../newsletter/newsletter.server";
import { createSubscriberService } from "../newsletter/subscribers.server";
import { createRateLimiter } from "../rate-limits/rate-limiter.server";
import { CorrectionError, createCorrectionService } from "./corrections.server";

/**
 * Corrections and updates against the real database: what the editor adds, what readers may see, and the
 * correction notice, delivered by the real newsletter sender over real SMTP to the sink.
 */

const database = withTestDatabase();
const NOW = "2025-03-20T09:00:00.000Z";
const SITE = { name: "Byline", tagline: "technology news", url: "https://news.byline.test", timeZone: "UTC" } as const;

let sink: SmtpSink;
let clock: ManualClock;
let announced: number;
let stops: (() => Promise<void>)[] = [];

beforeEach(async () => {
  await resetDatabase(database.db);
  sink = await startSmtpSink();
  clock = manualClock(NOW);
  announced = 0;
});

afterEach(async () => {
  for (const stop of stops.reverse()) await stop();
  stops = [];
  await sink.close();
});

/** The corrections service as index.server.ts wires it, with the newsletter's notices. */
function services() {
  const db = database.db;
  const { logger } = createTestLogger();
  const mailer = createMailer({
    smtpUrl: sink.url,
    from: "Byline <newsletter@byline.test>",
    dataDir: path.join(tmpdir(), "byline-unused"),
    connections: SEND_CONCURRENCY,
  });
  const providers = createAiProviders({
    openai: { apiKey: undefined, baseUrl: "http://127.0.0.1:9/v1" },
    perplexity: { apiKey: undefined, baseUrl: "http://127.0.0.1:9" },
    compatible: undefined,
  });
  const subscribers = createSubscriberService({
    db,
    clock,
    rateLimiter: createRateLimiter({ db, clock }),
    signUp: { doubleOptIn: true, mailer, logger, site: SITE },
  });
  const newsletter = createNewsletterService({
    db,
    clock,
    logger,
    providers,
    subscribers,
    mailer,
    site: SITE,
    weekly: { autoSend: false, schedule: "0 9 * * 0" },
    senderTimings: { batchSize: 50, pollMs: 20, retryDelayMs: 1_000, staleAfterMs: 60_000, heartbeatMs: 60_000 },
  });
  stops.push(() => newsletter.stop());
  const corrections = createCorrectionService({
    db,
    clock,
    logger,
    site: SITE,
    notices: newsletter.correctionNotices,
    onPublicChange: async () => {
      announced += 1;
    },
  });
  return { corrections, newsletter };
}

/** A published story, another one, and a draft. */
async function newsroom(): Promise<{ story: ArticleRow; other: ArticleRow; draft: ArticleRow }> {
  const [story, other, draft] = await insertArticles(
    database.db,
    { title: "Chip makers race to ship AI accelerators", publishedAt: publishedOn(10), updatedAt: publishedOn(10) },
    { title: "A coding copilot learns to run the tests", publishedAt: publishedOn(11), updatedAt: publishedOn(11) },
    { title: "An unpublished draft about a secret phone", publishedAt: null },
  );
  return { story: story!, other: other!, draft: draft! };
}

async function updatedAt(id: number): Promise<Date> {
  const [row] = await database.db.select({ updatedAt: articles.updatedAt }).from(articles).where(eq(articles.id, id));
  return row!.updatedAt;
}

async function correctionRows() {
  return database.db.select().from(articleCorrections).orderBy(asc(articleCorrections.id));
}

/** A sent issue covering these articles, with one delivery per recipient in the given state. */
async function pastIssue(articleIds: number[], deliveries: { subscriberId: number; email: string; status: "sent" | "failed" }[]) {
  const [issue] = await database.db
    .insert(newsletterIssues)
    .values({ subject: "Weekly digest", html: "<p>Hi</p>", text: "Hi", articleIds, status: "sent", createdAt: publishedOn(12) })
    .returning({ id: newsletterIssues.id });
  await database.db.insert(newsletterDeliveries).values(
    deliveries.map((delivery) => ({
      issueId: issue!.id,
      subscriberId: delivery.subscriberId,
      email: delivery.email,
      status: delivery.status,
      attempts: 1,
      sentAt: delivery.status === "sent" ? publishedOn(12) : null,
    })),
  );
  return issue!.id;
}

describe("adding a correction or an update", () => {
  it("keeps the note trimmed with its kind, author and time, lists them newest first, moves dateModified and clears pages", async () => {
    const { story } = await newsroom();
    const { corrections } = services();

    const first = await corrections.add({
      articleId: story.id,
      kind: "correction",
      note: "  An earlier version gave the wrong launch date.  ",
      by: null,
    });
    expect(first.notified).toBe(0);
    expect(await updatedAt(story.id)).toEqual(new Date(NOW));
    expect(announced).toBe(1);

    clock.advance(60 * 60_000);
    await corrections.add({ articleId: story.id, kind: "update", note: "The company has since confirmed\nthe price.", by: null });
    expect(await updatedAt(story.id)).toEqual(new Date("2025-03-20T10:00:00.000Z"));

    expect(await corrections.listForArticle(story.id)).toEqual([
      {
        id: 2,
        kind: "update",
        note: "The company has since confirmed the price.",
        createdAt: new Date("2025-03-20T10:00:00.000Z"),
      },
      { id: 1, kind: "correction", note: "An earlier version gave the wrong launch date.", createdAt: new Date(NOW) },
    ]);
    expect(announced).toBe(2);
  });

  it("refuses a draft and a missing article, and keeps nothing", async () => {
    const { draft } = await newsroom();
    const { corrections } = services();
    const before = await updatedAt(draft.id);
    await expect(corrections.add({ articleId: draft.id, kind: "correction", note: "Wrong date.", by: null })).rejects.toThrow(
      new CorrectionError("NOT_PUBLISHED", "Only a published article can have corrections and updates."),
    );
    await expect(corrections.add({ articleId: 999, kind: "update", note: "New facts.", by: null })).rejects.toMatchObject({
      code: "MISSING",
    });
    expect(await correctionRows()).toEqual([]);
    expect(await updatedAt(draft.id)).toEqual(before);
    expect(announced).toBe(0);
  });

  it("refuses an empty, an over-long and a control-character note with a plain sentence", async () => {
    const { story } = await newsroom();
    const { corrections } = services();
    const refusals: [string, string][] = [
      ["", "Write the note readers will see."],
      ["   \n  ", "Write the note readers will see."],
      ["x".repeat(501), "The note must be at most 500 characters."],
      ["A bell\u0007 in the note.", "The note contains characters that are not allowed."],
    ];
    for (const [note, message] of refusals) {
      await expect(
        corrections.add({ articleId: story.id, kind: "correction", note, by: null }),
        JSON.stringify(note),
      ).rejects.toThrow(new CorrectionError("INVALID_NOTE", message));
    }
    await corrections.add({ articleId: story.id, kind: "correction", note: "y".repeat(500), by: null });
    expect((await correctionRows()).map((row) => row.note.length)).toEqual([500]);
    expect(await updatedAt(story.id)).toEqual(new Date(NOW));
  });

  it("deletes a note added by mistake, only on its own article", async () => {
    const { story, other } = await newsroom();
    const { corrections } = services();
    const { correction } = await corrections.add({ articleId: story.id, kind: "update", note: "Added by mistake.", by: null });
    expect(await corrections.delete(other.id, correction.id)).toBe("missing");
    expect(await corrections.delete(story.id, correction.id)).toBe("done");
    expect(await corrections.delete(story.id, correction.id)).toBe("missing");
    expect(await correctionRows()).toEqual([]);
  });
});

describe("the public list and its feed", () => {
  it("lists notes on articles readers may see, newest first, paged; the feed carries them", async () => {
    const { story, other } = await newsroom();
    const [future] = await insertArticles(database.db, {
      title: "Scheduled for next week",
      status: "published",
      publishedAt: new Date("2025-03-27T09:00:00.000Z"),
    });
    const { corrections } = services();
    await corrections.add({ articleId: story.id, kind: "correction", note: "The chip has 8 cores, not 16.", by: null });
    clock.advance(60_000);
    await corrections.add({ articleId: other.id, kind: "update", note: "The copilot is now generally available.", by: null });
    clock.advance(60_000);
    await corrections.add({ articleId: future!.id, kind: "update", note: "Not for readers yet.", by: null });

    const firstPage = await corrections.recent(1, 1);
    expect(firstPage).toEqual({
      corrections: [
        {
          id: 2,
          kind: "update",
          note: "The copilot is now generally available.",
          createdAt: new Date("2025-03-20T09:01:00.000Z"),
          articleId: other.id,
          articleTitle: "A coding copilot learns to run the tests",
        },
      ],
      total: 2,
      page: 1,
      pageCount: 2,
    });
    expect((await corrections.recent(2, 1)).corrections.map((row) => row.note)).toEqual(["The chip has 8 cores, not 16."]);

    const feed = await corrections.rss();
    expect(feed).toContain("<title>Correction: Chip makers race to ship AI accelerators</title>");
    expect(feed).toContain(`<link>https://news.byline.test/article/${story.id}#correction-1</link>`);
    expect(feed).toContain("<description>The chip has 8 cores, not 16.</description>");
    expect(feed).toContain("<pubDate>Thu, 20 Mar 2025 09:00:00 GMT</pubDate>");
    expect(feed).toContain("<title>Updated: A coding copilot learns to run the tests</title>");
    expect(feed).not.toContain("Not for readers yet.");

    // Unpublished: its notes leave the public list with it.
    await database.db.update(articles).set({ status: "draft", publishedAt: null }).where(eq(articles.id, other.id));
    expect((await corrections.recent()).corrections.map((row) => row.articleId)).toEqual([story.id]);
  });
});

describe("notifying the newsletter readers who received the story", () => {
  async function audience(story: ArticleRow, other: ArticleRow) {
    const rows = await database.db
      .insert(newsletterSubscribers)
      .values([
        { email: "twice@example.com", status: "active" as const },
        { email: "once@example.com", status: "active" as const },
        { email: "gone@example.com", status: "unsubscribed" as const },
        { email: "bounced@example.com", status: "active" as const },
        { email: "other-story@example.com", status: "active" as const },
        { email: "new@example.com", status: "active" as const },
      ])
      .returning({ id: newsletterSubscribers.id, email: newsletterSubscribers.email });
    const [twice, once, gone, bounced, otherStory] = rows;
    await pastIssue(
      [other.id, story.id],
      [
        { ...sub(twice!), status: "sent" },
        { ...sub(once!), status: "sent" },
        { ...sub(gone!), status: "sent" },
        { ...sub(bounced!), status: "failed" },
      ],
    );
    await pastIssue([story.id], [{ ...sub(twice!), status: "sent" }]);
    await pastIssue([other.id], [{ ...sub(otherStory!), status: "sent" }]);
    return { twice: twice!, once: once! };
  }
  const sub = (row: { id: number; email: string }) => ({ subscriberId: row.id, email: row.email });

  it("counts only people with a sent delivery of an issue containing the article, still active, each once", async () => {
    const { story, other } = await newsroom();
    await audience(story, other);
    const { corrections } = services();
    expect(await corrections.recipientsToNotify(story.id)).toBe(2);
    expect(await corrections.recipientsToNotify(other.id)).toBe(3);
  });

  it("freezes a notice with exactly those deliveries, and the sender delivers one message each with its unsubscribe link", async () => {
    const { story, other } = await newsroom();
    const { twice, once } = await audience(story, other);
    const { corrections, newsletter } = services();

    const added = await corrections.add({
      articleId: story.id,
      kind: "correction",
      note: "An earlier version gave the wrong launch date.",
      by: null,
      notify: true,
    });
    expect(added.notified).toBe(2);

    const [notice] = await database.db
      .select()
      .from(newsletterIssues)
      .where(eq(newsletterIssues.correctionId, added.correction.id));
    expect(notice).toMatchObject({ subject: `Correction: ${story.title}`, status: "sending", articleIds: [] });
    const deliveries = await database.db
      .select({ subscriberId: newsletterDeliveries.subscriberId, status: newsletterDeliveries.status })
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.issueId, notice!.id))
      .orderBy(asc(newsletterDeliveries.subscriberId));
    expect(deliveries).toEqual([
      { subscriberId: twice.id, status: "pending" },
      { subscriberId: once.id, status: "pending" },
    ]);

    while ((await newsletter.sender.sendBatch()) > 0) {
      // until nothing is due
    }
    const messages: SmtpMessage[] = sink.messages;
    expect(messages.map((message) => message.envelope.to[0]).sort()).toEqual(["once@example.com", "twice@example.com"]);
    for (const message of messages) {
      expect(message.parsed.subject).toBe(`Correction: ${story.title}`);
      expect(message.parsed.text).toContain("An earlier version gave the wrong launch date.");
      expect(message.parsed.text).toContain(`https://news.byline.test/article/${story.id}`);
      const unsubscribe = /^<(.+)>$/.exec(header(message, "list-unsubscribe") ?? "")?.[1] ?? "";
      expect(unsubscribe).toMatch(/^https:\/\/news\.byline\.test\/unsubscribe\/.+/);
      expect(message.parsed.html).toContain(unsubscribe);
      expect(message.raw).not.toContain("your-personal-link");
      expect(header(message, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    }
    const history = await newsletter.history();
    expect(history[0]).toMatchObject({ subject: `Correction: ${story.title}`, origin: "correction", status: "sent" });
    expect(history[0]!.counts).toMatchObject({ sent: 2, total: 2 });
  });

  it("sends nothing when nobody received the story, and an Update notice is titled so", async () => {
    const { story, other } = await newsroom();
    await audience(story, other);
    const { corrections } = services();
    const [lonely] = await insertArticles(database.db, { title: "Never in a newsletter", publishedAt: publishedOn(13) });
    const quiet = await corrections.add({ articleId: lonely!.id, kind: "update", note: "New facts.", by: null, notify: true });
    expect(quiet.notified).toBe(0);
    const update = await corrections.add({ articleId: story.id, kind: "update", note: "New facts.", by: null, notify: true });
    expect(update.notified).toBe(2);
    const notices = await database.db
      .select({ subject: newsletterIssues.subject, correctionId: newsletterIssues.correctionId })
      .from(newsletterIssues)
      .where(eq(newsletterIssues.status, "sending"));
    expect(notices).toEqual([{ subject: `Update: ${story.title}`, correctionId: update.correction.id }]);
  });
});
