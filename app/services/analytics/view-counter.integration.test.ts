import { beforeEach, describe, expect, it } from "vitest";
import { articleDailyViews } from "../../db/schema";
import { manualClock } from "../../../tests/support/manual-clock";
import { insertArticles } from "../../../tests/support/article-factory";
import { resetDatabase, withTestDatabase } from "../../../tests/setup/test-database";
import { createTestLogger } from "../../../tests/setup/test-logger";
import { newsroomDay } from "../../utils/dates";
import { createViewCounter, VIEW_REPORTS_PER_MINUTE, type ViewReport } from "./view-counter.server";

const database = withTestDatabase();

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
/** The newsroom is in New York: its day ends at 05:00 UTC in March (before summer time). */
const TIME_ZONE = "America/New_York";

function setUp({ enabled = true, start = "2026-03-02T15:00:00Z" } = {}) {
  const clock = manualClock(start);
  const salts: Buffer[] = [];
  const { logger } = createTestLogger();
  const counter = createViewCounter({
    db: database.db,
    clock,
    logger,
    timeZone: TIME_ZONE,
    enabled,
    newSalt: () => {
      const salt = Buffer.alloc(32, salts.length + 1);
      salts.push(salt);
      return salt;
    },
  });
  return { clock, counter, salts };
}

function reader(articleId: number, overrides: Partial<ViewReport> = {}): ViewReport {
  return { articleId, clientAddress: "203.0.113.7", userAgent: FIREFOX, staff: false, ...overrides };
}

async function storedRows() {
  const rows = await database.db.select().from(articleDailyViews);
  return rows
    .map((row) => ({ articleId: row.articleId, day: row.day, views: row.views }))
    .sort((a, b) => a.day.localeCompare(b.day) || a.articleId - b.articleId);
}

describe("article view counting", () => {
  beforeEach(() => resetDatabase(database.db));

  it("counts an address once per article per day, whatever browser it names, and each other address or article once more", async () => {
    const [first, second] = await insertArticles(database.db, { title: "First" }, { title: "Second" });
    const { counter } = setUp();

    expect(counter.record(reader(first!.id))).toBe("counted");
    expect(counter.record(reader(first!.id))).toBe("repeat");
    expect(counter.record(reader(first!.id))).toBe("repeat");
    // Another browser at the same address is the same visitor (the user agent is the client's to choose); another
    // address with the same browser is another.
    expect(counter.record(reader(first!.id, { userAgent: SAFARI }))).toBe("repeat");
    expect(counter.record(reader(first!.id, { clientAddress: "2001:db8::/64" }))).toBe("counted");
    // The same visitor reading another article.
    expect(counter.record(reader(second!.id))).toBe("counted");
    await counter.flush();

    expect(await storedRows()).toEqual([
      { articleId: first!.id, day: "2026-03-02", views: 2 },
      { articleId: second!.id, day: "2026-03-02", views: 1 },
    ]);
  });

  it("gives the next newsroom day a new salt, so the same visitor counts again, and the day follows TIME_ZONE", async () => {
    const [article] = await insertArticles(database.db, { title: "Late story" });
    // 23:30 in New York on March 2 is 04:30 UTC on March 3.
    const { clock, counter, salts } = setUp({ start: "2026-03-03T04:30:00Z" });
    expect(newsroomDay(clock.now(), TIME_ZONE)).toBe("2026-03-02");

    expect(counter.record(reader(article!.id))).toBe("counted");
    clock.set("2026-03-03T04:59:59Z");
    expect(counter.record(reader(article!.id))).toBe("repeat");
    expect(salts).toHaveLength(1);

    // Midnight in New York: a new salt, an empty memory of visitors.
    clock.set("2026-03-03T05:00:01Z");
    expect(counter.record(reader(article!.id))).toBe("counted");
    expect(counter.record(reader(article!.id))).toBe("repeat");
    expect(salts).toHaveLength(2);
    expect(salts[1]!.equals(salts[0]!)).toBe(false);

    // Two days later: the salt changes again.
    clock.set("2026-03-05T15:00:00Z");
    expect(counter.record(reader(article!.id))).toBe("counted");
    expect(salts).toHaveLength(3);
    await counter.flush();

    expect(await storedRows()).toEqual([
      { articleId: article!.id, day: "2026-03-02", views: 1 },
      { articleId: article!.id, day: "2026-03-03", views: 1 },
      { articleId: article!.id, day: "2026-03-05", views: 1 },
    ]);
  });

  it("does not count bots, requests without a user agent, or signed-in staff", async () => {
    const [article] = await insertArticles(database.db, { title: "Crawled" });
    const { counter } = setUp();

    expect(counter.record(reader(article!.id, { userAgent: GOOGLEBOT }))).toBe("bot");
    expect(counter.record(reader(article!.id, { userAgent: "curl/8.5.0" }))).toBe("bot");
    expect(counter.record(reader(article!.id, { userAgent: undefined }))).toBe("bot");
    expect(counter.record(reader(article!.id, { staff: true }))).toBe("staff");
    await counter.flush();
    expect(await storedRows()).toEqual([]);

    // The editor's visit did not use up the reader's count: a reader with the same browser still counts.
    expect(counter.record(reader(article!.id))).toBe("counted");
    await counter.flush();
    expect(await storedRows()).toEqual([{ articleId: article!.id, day: "2026-03-02", views: 1 }]);
  });

  it("tells bots from browsers the same way with more user agents than it remembers verdicts for", async () => {
    const [article] = await insertArticles(database.db, { title: "Read by many browsers" });
    const { counter } = setUp();
    expect(counter.record(reader(article!.id, { userAgent: GOOGLEBOT }))).toBe("bot");
    // 1,500 browser builds (more than the 1,000 verdicts kept), each read once from its own address.
    for (let build = 0; build < 1_500; build += 1) {
      const userAgent = FIREFOX.replace(/Firefox\/[\d.]+/, `Firefox/${build}.0`);
      expect(
        counter.record(reader(article!.id, { userAgent, clientAddress: `10.0.${Math.floor(build / 250)}.${build % 250}` })),
        userAgent,
      ).toBe("counted");
      expect(counter.record(reader(article!.id, { userAgent: GOOGLEBOT, clientAddress: "192.0.2.1" }))).toBe("bot");
    }
    expect(counter.pendingViews()).toBe(1_500);
  });

  it("keeps views in memory until a flush writes them as daily totals, adding to what is stored", async () => {
    const [article] = await insertArticles(database.db, { title: "Batched" });
    const { counter } = setUp();

    for (let visitor = 1; visitor <= 5; visitor++)
      counter.record(reader(article!.id, { clientAddress: `198.51.100.${visitor}` }));
    expect(counter.pendingViews()).toBe(5);
    expect(await storedRows()).toEqual([]);

    expect(await counter.flush()).toBe(5);
    expect(counter.pendingViews()).toBe(0);
    expect(await storedRows()).toEqual([{ articleId: article!.id, day: "2026-03-02", views: 5 }]);

    for (let visitor = 6; visitor <= 8; visitor++)
      counter.record(reader(article!.id, { clientAddress: `198.51.100.${visitor}` }));
    // Stopping (at shutdown) writes what is still waiting.
    await counter.stop();
    expect(await storedRows()).toEqual([{ articleId: article!.id, day: "2026-03-02", views: 8 }]);
    expect(await counter.flush()).toBe(0);
  });

  it("drops views of articles readers cannot see (missing, drafts, scheduled) when writing", async () => {
    const [published, draft, scheduled] = await insertArticles(
      database.db,
      { title: "Out" },
      { title: "Draft", publishedAt: null },
      { title: "Tomorrow", status: "scheduled", publishedAt: new Date("2026-03-03T09:00:00Z") },
    );
    const { counter } = setUp();

    for (const id of [published!.id, draft!.id, scheduled!.id, 999_999]) expect(counter.record(reader(id))).toBe("counted");
    expect(await counter.flush()).toBe(1);
    expect(await storedRows()).toEqual([{ articleId: published!.id, day: "2026-03-02", views: 1 }]);
  });

  it("answers but stops counting one address past its reports per minute", async () => {
    const [article] = await insertArticles(database.db, { title: "Hammered" });
    const { clock, counter } = setUp();

    const outcomes = Array.from({ length: VIEW_REPORTS_PER_MINUTE + 5 }, () => counter.record(reader(article!.id)));
    expect(outcomes.slice(0, 2)).toEqual(["counted", "repeat"]);
    expect(outcomes.slice(VIEW_REPORTS_PER_MINUTE)).toEqual(Array(5).fill("limited"));
    // Another address is not held back; the next minute this one is answered as before (it was counted already).
    expect(counter.record(reader(article!.id, { clientAddress: "192.0.2.1" }))).toBe("counted");
    clock.advance(60_000);
    expect(counter.record(reader(article!.id))).toBe("repeat");
    await counter.flush();
    expect(await storedRows()).toEqual([{ articleId: article!.id, day: "2026-03-02", views: 2 }]);
  });

  it("counts nothing and writes nothing when ANALYTICS is off", async () => {
    const [article] = await insertArticles(database.db, { title: "Private newsroom" });
    const { counter } = setUp({ enabled: false });

    expect(counter.record(reader(article!.id))).toBe("off");
    await counter.stop();
    expect(await storedRows()).toEqual([]);
  });
});
