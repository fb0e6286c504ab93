import { eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { insertArticles, insertAuthor } from "../../../tests/support/article-factory";
import { manualClock } from "../../../tests/support/manual-clock";
import { openSecondHandle, resetDatabase, testDriver, withTestDatabase } from "../../../tests/setup/test-database";
import type { Database } from "../../db/client.server";
import { articles } from "../../db/schema";
import { importArticles, parseImportFile } from "../import/article-import.server";
import { createSearchService } from "../search/search.server";
import { createRateLimiter } from "../rate-limits/rate-limiter.server";
import { createSyndicationService } from "../syndication/syndication.server";
import { createArticleService } from "./articles.server";
import { createEditorialService } from "./editorial.server";
import { createScheduler, SCHEDULER_BATCH, type PublishedArticle } from "./scheduler.server";
import { SPEC_SECTIONS } from "../sections/sections.server";

const database = withTestDatabase();

const NOW = "2026-11-26T08:00:00.000Z";
const NINE = new Date("2026-11-26T09:00:00.000Z");
const MINUTE = 60_000;

beforeEach(() => resetDatabase(database.db));

/** A scheduler with its own clock that records what it published, call by call. */
function schedulerOn(db: Database, clock = manualClock(NOW)) {
  const calls: PublishedArticle[][] = [];
  const scheduler = createScheduler({
    db,
    clock,
    onPublished: async (published) => {
      calls.push(published);
    },
  });
  return { clock, calls, scheduler };
}

async function statusOf(id: number) {
  const [row] = await database.db
    .select({ status: articles.status, publishedAt: articles.publishedAt })
    .from(articles)
    .where(eq(articles.id, id));
  return row;
}

/** Articles scheduled for `at`, written as the editorial service writes them. */
async function scheduled(count: number, at = NINE) {
  return insertArticles(
    database.db,
    ...Array.from({ length: count }, (_, index) => ({
      title: `Scheduled story ${index + 1}`,
      status: "scheduled" as const,
      publishedAt: at,
    })),
  );
}

describe(`the scheduler on ${testDriver()}`, () => {
  it("publishes nothing before its time and everything due once its time has come", async () => {
    const [story] = await scheduled(1);
    const { clock, calls, scheduler } = schedulerOn(database.db);
    expect(await scheduler.publishDue()).toEqual([]);
    clock.set("2026-11-26T08:59:59.999Z");
    expect(await scheduler.publishDue()).toEqual([]);
    expect(await statusOf(story!.id)).toEqual({ status: "scheduled", publishedAt: NINE });

    clock.set(NINE.toISOString());
    expect(await scheduler.publishDue()).toEqual([{ id: story!.id, title: "Scheduled story 1", publishedAt: NINE }]);
    // The publication time stays the one the editor chose, not the moment the poll ran.
    expect(await statusOf(story!.id)).toEqual({ status: "published", publishedAt: NINE });
    expect(calls).toEqual([[{ id: story!.id, title: "Scheduled story 1", publishedAt: NINE }]]);
    // A second poll finds nothing more: the follow-ups ran once.
    expect(await scheduler.publishDue()).toEqual([]);
    expect(calls).toHaveLength(1);
  });

  it("keeps a scheduled article from every reader query until it is published", async () => {
    await insertArticles(database.db, { title: "Already out", publishedAt: new Date("2026-11-25T08:00:00Z") });
    await scheduled(1);
    const clock = manualClock(NOW);
    const reader = createArticleService({ db: database.db, clock });
    const search = createSearchService({ db: database.db, clock, rateLimiter: createRateLimiter({ db: database.db, clock }) });
    const feeds = createSyndicationService({
      sections: SPEC_SECTIONS,
      db: database.db,
      clock,
      site: { name: "Byline", url: "https://news.example" },
    });
    const shown = async () => ({
      headlines: (await reader.listHeadlines()).map((article) => article.title),
      category: (await reader.categoryPage("AI", 1)).articles.map((article) => article.title),
      search: (await search.search("story", 1)).results.map((article) => article.title),
      feed: (await feeds.feedItems()).map((item) => item.title),
    });
    expect(await shown()).toEqual({ headlines: ["Already out"], category: ["Already out"], search: [], feed: ["Already out"] });

    clock.set("2026-11-26T09:00:30.000Z");
    await createScheduler({ db: database.db, clock }).publishDue();
    expect(await shown()).toEqual({
      headlines: ["Scheduled story 1", "Already out"],
      category: ["Scheduled story 1", "Already out"],
      search: ["Scheduled story 1"],
      feed: ["Scheduled story 1", "Already out"],
    });
  });

  it("works through a backlog larger than one claim, oldest first", async () => {
    const early = await scheduled(SCHEDULER_BATCH + 5, new Date("2026-11-26T07:00:00Z"));
    const { calls, scheduler } = schedulerOn(database.db);
    const published = await scheduler.publishDue();
    expect(published).toHaveLength(SCHEDULER_BATCH + 5);
    expect(new Set(published.map((article) => article.id))).toEqual(new Set(early.map((article) => article.id)));
    expect(calls).toHaveLength(1);
  });

  it("publishes on start what came due while no instance was running", async () => {
    const [story] = await scheduled(1);
    // Every instance was down at nine; one starts at ten past.
    const clock = manualClock("2026-11-26T09:10:00.000Z");
    let heard: (published: PublishedArticle[]) => void = () => {};
    const published = new Promise<PublishedArticle[]>((resolve) => (heard = resolve));
    const scheduler = createScheduler({ db: database.db, clock, onPublished: async (articles) => heard(articles) });
    scheduler.start();
    try {
      expect((await published).map((article) => article.id)).toEqual([story!.id]);
    } finally {
      await scheduler.stop();
    }
    expect(await statusOf(story!.id)).toEqual({ status: "published", publishedAt: NINE });
  });

  it("once started, looks again every 15 seconds, so an article goes out well within a minute of its time", async () => {
    const [story] = await scheduled(1);
    const clock = manualClock(NINE.toISOString());
    let heard: (published: PublishedArticle[]) => void = () => {};
    const published = new Promise<PublishedArticle[]>((resolve) => (heard = resolve));
    // Only the poll's interval is moved by hand: the databases keep their own timers.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const scheduler = createScheduler({ db: database.db, clock, onPublished: async (articles) => heard(articles) });
    try {
      scheduler.start({ firstRoundNow: false });
      vi.advanceTimersByTime(15_000 - 1);
      expect(await statusOf(story!.id), "no look before 15 seconds").toMatchObject({ status: "scheduled" });
      vi.advanceTimersByTime(1);
      expect((await published).map((article) => article.id)).toEqual([story!.id]);
    } finally {
      await scheduler.stop();
      vi.useRealTimers();
    }
    expect(await statusOf(story!.id)).toEqual({ status: "published", publishedAt: NINE });
  });

  it("follows a reschedule and an unschedule", async () => {
    const author = await insertAuthor(database.db);
    const [moved, withdrawn] = await insertArticles(
      database.db,
      { title: "Moved story", authorId: author.id, publishedAt: null },
      { title: "Withdrawn story", authorId: author.id, publishedAt: null },
    );
    const { clock, scheduler } = schedulerOn(database.db);
    const editorial = createEditorialService({ db: database.db, clock });
    expect(await editorial.schedule(moved!.id, NINE, { by: null })).toBe("done");
    expect(await editorial.schedule(withdrawn!.id, NINE, { by: null })).toBe("done");
    const ten = new Date("2026-11-26T10:00:00.000Z");
    expect(await editorial.schedule(moved!.id, ten, { by: null })).toBe("done");
    expect(await editorial.transition(withdrawn!.id, "unschedule", { by: null })).toBe("done");
    expect(await statusOf(withdrawn!.id)).toEqual({ status: "draft", publishedAt: null });

    clock.set("2026-11-26T09:30:00.000Z");
    expect(await scheduler.publishDue()).toEqual([]);
    clock.set(ten.toISOString());
    expect((await scheduler.publishDue()).map((article) => article.title)).toEqual(["Moved story"]);
    expect(await statusOf(withdrawn!.id)).toEqual({ status: "draft", publishedAt: null });
  });

  it("refuses a time that is not in the future and a published article", async () => {
    const [draft, published] = await insertArticles(
      database.db,
      { title: "A draft", publishedAt: null },
      { title: "Out already", publishedAt: new Date("2026-11-20T08:00:00Z") },
    );
    const clock = manualClock(NOW);
    const editorial = createEditorialService({ db: database.db, clock });
    expect(await editorial.schedule(draft!.id, new Date(NOW), { by: null })).toBe("past");
    expect(await editorial.schedule(draft!.id, new Date(Date.parse(NOW) - MINUTE), { by: null })).toBe("past");
    expect(await editorial.schedule(published!.id, NINE, { by: null })).toBe("already");
    expect(await editorial.schedule(999_999, NINE, { by: null })).toBe("missing");
    expect(await statusOf(draft!.id)).toEqual({ status: "draft", publishedAt: null });
  });

  it("schedules an imported article whose publication time is still to come", async () => {
    const parsed = parseImportFile(
      JSON.stringify([
        {
          title: "From the archive",
          excerpt: "Published last year.",
          content: "Body.",
          category: "Cloud",
          author: "Archivist",
          published_at: "2025-11-26T08:00:00Z",
        },
        {
          title: "Embargoed until tomorrow",
          excerpt: "Not yet.",
          content: "Body.",
          category: "Cloud",
          author: "Archivist",
          published_at: "2026-11-27T08:00:00Z",
        },
      ]),
    );
    expect(await importArticles({ db: database.db, now: new Date(NOW) }, parsed)).toEqual({
      imported: 2,
      skipped: 0,
      errors: [],
    });
    const rows = await database.db
      .select({ title: articles.title, status: articles.status, publishedAt: articles.publishedAt })
      .from(articles)
      .orderBy(articles.id);
    expect(rows).toEqual([
      { title: "From the archive", status: "published", publishedAt: new Date("2025-11-26T08:00:00Z") },
      { title: "Embargoed until tomorrow", status: "scheduled", publishedAt: new Date("2026-11-27T08:00:00Z") },
    ]);
  });
});

describe.runIf(testDriver() === "postgres")("two instances racing", () => {
  it("publish each of 200 articles once between them, each follow-up run by the one that published", async () => {
    const stories = await scheduled(200);
    const other = await openSecondHandle(database.handle);
    try {
      const clock = manualClock("2026-11-26T09:00:05.000Z");
      const first = schedulerOn(database.db, clock);
      const second = schedulerOn(other.db, clock);
      const rounds = await Promise.all([
        first.scheduler.publishDue(),
        second.scheduler.publishDue(),
        first.scheduler.publishDue(),
        second.scheduler.publishDue(),
      ]);
      const ids = rounds.flat().map((article) => article.id);
      expect(ids).toHaveLength(200);
      expect(new Set(ids)).toEqual(new Set(stories.map((story) => story.id)));
      const followedUp = [...first.calls, ...second.calls].flat().map((article) => article.id);
      expect(followedUp.sort((a, b) => a - b)).toEqual(ids.sort((a, b) => a - b));
      const rows = await database.db.select({ status: articles.status }).from(articles).where(inArray(articles.id, ids));
      expect(rows.every((row) => row.status === "published")).toBe(true);
    } finally {
      await other.close();
    }
  });
});
