import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startWebSubHub, type WebSubHub } from "../../../tests/fakes/websub-hub";
import { insertArticles, insertAuthor } from "../../../tests/support/article-factory";
import { manualClock } from "../../../tests/support/manual-clock";
import { resetDatabase, testDriver, withTestDatabase } from "../../../tests/setup/test-database";
import { createEditorialService } from "../articles/editorial.server";
import { createScheduler } from "../articles/scheduler.server";
import { websubPings } from "../../db/schema";
import { createWebSub, WEBSUB_MAX_ATTEMPTS, WEBSUB_RETRY_MS } from "./websub.server";

const database = withTestDatabase();
const SITE = { name: "Byline", url: "https://news.example" };
const NOW = "2026-11-26T09:00:00.000Z";

let hub: WebSubHub;
beforeAll(async () => {
  hub = await startWebSubHub();
});
afterAll(() => hub.close());
beforeEach(async () => {
  await resetDatabase(database.db);
  hub.received.length = 0;
  hub.failNext(0);
});

/** A draft by Maya Okafor, in Cloud. */
async function cloudDraft() {
  const maya = await insertAuthor(database.db, { name: "Maya Okafor" });
  const [draft] = await insertArticles(database.db, {
    title: "A cloud story",
    category: "Cloud",
    authorId: maya.id,
    publishedAt: null,
  });
  return draft!;
}

const topics = (list: { topic: string | null }[]) => list.map((entry) => entry.topic).sort();

describe(`WebSub on ${testDriver()}`, () => {
  it("pings every hub once for each feed that lists a newly published article, as hub.mode=publish", async () => {
    const draft = await cloudDraft();
    const clock = manualClock(NOW);
    const websub = createWebSub({ db: database.db, clock, site: SITE, hubs: [hub.url] });
    const editorial = createEditorialService({ db: database.db, clock, onPublished: websub.articlesPublished });
    expect(await editorial.transition(draft.id, "publish", { by: null })).toBe("done");

    const expected = [
      "https://news.example/author/maya-okafor/feed.json",
      "https://news.example/author/maya-okafor/rss.xml",
      "https://news.example/category/cloud/feed.json",
      "https://news.example/category/cloud/rss.xml",
      "https://news.example/feed.json",
      "https://news.example/rss.xml",
    ];
    const received = await hub.waitFor(expected.length);
    await websub.settled();
    expect(topics(received)).toEqual(expected);
    expect(received.every((entry) => entry.mode === "publish")).toBe(true);
    expect(received[0]?.contentType).toBe("application/x-www-form-urlencoded");
    await websub.stop();
    expect(await websub.counts()).toEqual({ sent: expected.length });
    // Nothing is sent twice: another round finds nothing due.
    expect(await websub.sendDue()).toBe(0);
    expect(hub.received).toHaveLength(expected.length);
  });

  it("pings when the scheduler publishes, and sends nothing at all without hubs", async () => {
    const draft = await cloudDraft();
    const clock = manualClock(NOW);
    const none = createWebSub({ db: database.db, clock, site: SITE, hubs: [] });
    await none.articlesPublished([draft.id]);
    expect(await none.counts()).toEqual({});

    const websub = createWebSub({ db: database.db, clock, site: SITE, hubs: [hub.url] });
    const editorial = createEditorialService({ db: database.db, clock });
    expect(await editorial.schedule(draft.id, new Date("2026-11-26T10:00:00Z"), { by: null })).toBe("done");
    const scheduler = createScheduler({
      db: database.db,
      clock,
      onPublished: (published) => websub.articlesPublished(published.map((article) => article.id)),
    });
    clock.set("2026-11-26T10:00:00.000Z");
    await scheduler.publishDue();
    expect(topics(await hub.waitFor(6))).toContain("https://news.example/rss.xml");
    await websub.stop();
  });

  it("tries a failing hub again with backoff and gives up after the last attempt", async () => {
    const clock = manualClock(NOW);
    const websub = createWebSub({ db: database.db, clock, site: SITE, hubs: [hub.url] });
    hub.failNext(1_000);
    await database.db
      .insert(websubPings)
      .values({ hub: hub.url, topic: "https://news.example/rss.xml", nextAttemptAt: clock.now() });
    expect(await websub.sendDue()).toBe(0);
    expect(await websub.counts()).toEqual({ pending: 1 });
    // Not due again before the backoff.
    clock.advance(WEBSUB_RETRY_MS - 1);
    await websub.sendDue();
    expect(hub.received).toHaveLength(1);
    for (let attempt = 2; attempt <= WEBSUB_MAX_ATTEMPTS; attempt += 1) {
      clock.advance(WEBSUB_RETRY_MS * 4 ** (attempt - 1));
      await websub.sendDue();
      expect(hub.received).toHaveLength(attempt);
    }
    expect(await websub.counts()).toEqual({ failed: 1 });

    // A hub that recovers gets the next ping through on the retry.
    const draft = await cloudDraft();
    hub.failNext(1);
    await websub.articlesPublished([draft.id]);
    await hub.waitFor(WEBSUB_MAX_ATTEMPTS + 6);
    await websub.settled();
    expect(await websub.counts()).toEqual({ failed: 1, pending: 1, sent: 5 });
    clock.advance(WEBSUB_RETRY_MS);
    await websub.sendDue();
    await websub.stop();
    expect(await websub.counts()).toEqual({ failed: 1, sent: 6 });
  });
});
