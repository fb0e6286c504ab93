import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDatabase, withTestDatabase } from "../../../tests/setup/test-database";
import { createTestLogger } from "../../../tests/setup/test-logger";
import { insertArticles } from "../../../tests/support/article-factory";
import { manualClock, type ManualClock } from "../../../tests/support/manual-clock";
import {
  articleDailyViews,
  newsletterDailyReads,
  newsletterDeliveries,
  newsletterIssues,
  newsletterSubscribers,
  searchGapsDaily,
  subscriberDailyCounts,
} from "../../db/schema";
import { csvDocument } from "../../utils/csv";
import { insightsTables } from "../../utils/insights-tables";
import { normalizeSearchGap } from "../../validation/views";
import { createArticleService, POPULAR_MIN_ADDRESSES, POPULAR_MIN_READS } from "../articles/articles.server";
import type { Mailer } from "../mail/mailer.server";
import { createConfirmationLinks } from "../newsletter/confirmation-links.server";
import { withNewsletterRef } from "../newsletter/newsletter-sender.server";
import { createSubscriberService } from "../newsletter/subscribers.server";
import { createRateLimiter } from "../rate-limits/rate-limiter.server";
import { createInsights } from "./insights.server";
import { createViewCounter, SEARCH_GAP_MIN_ADDRESSES } from "./view-counter.server";

/**
 * The second slice on the real database: reads from newsletters, subscriber changes per day, Popular Stories
 * from reads with the pin and the threshold, search gaps (normalised, bots and staff left out, 30 days) and the
 * tables and CSV of the Insights tab.
 */

const database = withTestDatabase();

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
/** Another build of the same browser: what a client that rotates its user agent names itself. */
const firefoxBuild = (build: number) => FIREFOX.replace(/Firefox\/[\d.]+/, `Firefox/${build}.0`);
/** Far from UTC, so a day that follows UTC instead of the newsroom's calendar shows. */
const TIME_ZONE = "Pacific/Honolulu";
const SITE = { name: "Byline", url: "https://news.byline.test" } as const;

function counterAt(clock: ManualClock, searchFindsNothing: (query: string) => Promise<boolean> = async () => true) {
  const { logger } = createTestLogger();
  return createViewCounter({ db: database.db, clock, logger, timeZone: TIME_ZONE, enabled: true, searchFindsNothing });
}

function visitor(index: number) {
  return { clientAddress: `203.0.113.${index}`, userAgent: FIREFOX, staff: false };
}

async function sentIssue(subject: string, sendStartedAt: Date): Promise<number> {
  const [issue] = await database.db
    .insert(newsletterIssues)
    .values({ subject, status: "sent", sendStartedAt, finishedAt: sendStartedAt })
    .returning({ id: newsletterIssues.id });
  return issue!.id;
}

beforeEach(() => resetDatabase(database.db));

describe("reads from the newsletter", () => {
  it("adds the issue's campaign parameter to its article links, in the HTML and the text, and nowhere else", () => {
    const html =
      '<a href="https://news.byline.test/article/12">Read</a> <a href="https://news.byline.test/article/123">Next</a> ' +
      '<a href="https://news.byline.test/about">About</a> <a href="https://other.test/article/12">Elsewhere</a> ' +
      '<a href="https://news.byline.test/unsubscribe/your-personal-link">Unsubscribe</a>';
    expect(withNewsletterRef(html, SITE.url, 42)).toBe(
      '<a href="https://news.byline.test/article/12?ref=newsletter-42">Read</a> ' +
        '<a href="https://news.byline.test/article/123?ref=newsletter-42">Next</a> ' +
        '<a href="https://news.byline.test/about">About</a> <a href="https://other.test/article/12">Elsewhere</a> ' +
        '<a href="https://news.byline.test/unsubscribe/your-personal-link">Unsubscribe</a>',
    );
    expect(withNewsletterRef("Read: https://news.byline.test/article/7\n", SITE.url, 3)).toBe(
      "Read: https://news.byline.test/article/7?ref=newsletter-3\n",
    );
  });

  it("counts reads per issue per newsroom day by the view rules, only for issues that were sent", async () => {
    const clock = manualClock("2026-05-04T20:00:00Z"); // May 4, 10:00 in Honolulu
    const [article, other] = await insertArticles(database.db, { title: "From the issue" }, { title: "Also in it" });
    const issue = await sentIssue("Week 18", new Date("2026-05-03T18:00:00Z"));
    const [draft] = await database.db
      .insert(newsletterIssues)
      .values({ subject: "Draft" })
      .returning({ id: newsletterIssues.id });
    const counter = counterAt(clock);

    expect(counter.record({ ...visitor(1), articleId: article!.id, newsletterIssueId: issue })).toBe("counted");
    // The same reader following the link again the same day counts once.
    expect(counter.record({ ...visitor(1), articleId: article!.id, newsletterIssueId: issue })).toBe("repeat");
    expect(counter.record({ ...visitor(2), articleId: other!.id, newsletterIssueId: issue })).toBe("counted");
    // Bots and staff are not readers, whatever link they followed.
    expect(counter.record({ ...visitor(3), userAgent: GOOGLEBOT, articleId: article!.id, newsletterIssueId: issue })).toBe("bot");
    expect(counter.record({ ...visitor(4), staff: true, articleId: article!.id, newsletterIssueId: issue })).toBe("staff");
    // A read without the parameter is a read, not a newsletter read; a made-up issue or a draft is dropped when written.
    expect(counter.record({ ...visitor(5), articleId: article!.id })).toBe("counted");
    expect(counter.record({ ...visitor(6), articleId: article!.id, newsletterIssueId: 999 })).toBe("counted");
    expect(counter.record({ ...visitor(7), articleId: article!.id, newsletterIssueId: draft!.id })).toBe("counted");
    // 23:30 in Honolulu is already May 6 in UTC: still May 5 on the newsroom's calendar.
    clock.set("2026-05-06T09:30:00Z");
    expect(counter.record({ ...visitor(1), articleId: article!.id, newsletterIssueId: issue })).toBe("counted");
    await counter.flush();

    const rows = await database.db.select().from(newsletterDailyReads).orderBy(newsletterDailyReads.day);
    expect(rows).toEqual([
      { issueId: issue, day: "2026-05-04", reads: 2 },
      { issueId: issue, day: "2026-05-05", reads: 1 },
    ]);
    const articleViews = await database.db
      .select({ views: sql<number>`sum(${articleDailyViews.views})::int` })
      .from(articleDailyViews);
    expect(Number(articleViews[0]!.views)).toBe(6);
  });

  it("shows each sent issue with its deliveries, failures and reads", async () => {
    const clock = manualClock("2026-05-10T20:00:00Z");
    const issue = await sentIssue("Week 18", new Date("2026-05-03T18:00:00Z"));
    const subscribers = await database.db
      .insert(newsletterSubscribers)
      .values(["a@example.test", "b@example.test", "c@example.test"].map((email) => ({ email })))
      .returning({ id: newsletterSubscribers.id, email: newsletterSubscribers.email });
    await database.db.insert(newsletterDeliveries).values([
      { issueId: issue, subscriberId: subscribers[0]!.id, email: subscribers[0]!.email, status: "sent" },
      { issueId: issue, subscriberId: subscribers[1]!.id, email: subscribers[1]!.email, status: "sent" },
      { issueId: issue, subscriberId: subscribers[2]!.id, email: subscribers[2]!.email, status: "failed" },
    ]);
    await database.db.insert(newsletterDailyReads).values([
      { issueId: issue, day: "2026-05-03", reads: 4 },
      { issueId: issue, day: "2026-05-04", reads: 3 },
    ]);
    const report = await createInsights({ db: database.db, clock, timeZone: TIME_ZONE }).report(30);
    expect(report.newsletterIssues).toEqual([
      { id: issue, subject: "Week 18", sentOn: "2026-05-03", delivered: 2, failed: 1, reads: 7 },
    ]);
  });
});

describe("subscriber changes per day", () => {
  const mailer = { send: async () => undefined } as unknown as Mailer;

  function service(clock: ManualClock, doubleOptIn = true) {
    const { logger } = createTestLogger();
    return createSubscriberService({
      db: database.db,
      clock,
      timeZone: TIME_ZONE,
      rateLimiter: createRateLimiter({ db: database.db, clock }),
      signUp: { doubleOptIn, mailer, logger, site: SITE },
    });
  }

  async function confirmationToken(clock: ManualClock, email: string): Promise<string> {
    const [row] = await database.db
      .select({ id: newsletterSubscribers.id })
      .from(newsletterSubscribers)
      .where(sql`${newsletterSubscribers.email} = ${email}`);
    const link = await createConfirmationLinks({ db: database.db, clock, siteUrl: SITE.url }).linkFor(row!.id, clock.now());
    return link.split("/").at(-1)!;
  }

  it("counts sign-ups, confirmations and unsubscribes on the newsroom's day, with the list's totals; no addresses", async () => {
    const clock = manualClock("2026-05-04T20:00:00Z"); // May 4 in Honolulu
    const subscribers = service(clock);
    await subscribers.signUp("Ada@example.test", "198.51.100.1");
    await subscribers.signUp("bob@example.test", "198.51.100.2");
    // Asking again while pending is not another sign-up.
    await subscribers.signUp("ada@example.test", "198.51.100.1");
    await subscribers.settled();
    await subscribers.confirm(await confirmationToken(clock, "ada@example.test"));
    // Following the link again changes nothing and counts nothing.
    await subscribers.confirm(await confirmationToken(clock, "ada@example.test"));

    // 22:00 in Honolulu on May 5 (08:00 UTC on May 6).
    clock.set("2026-05-06T08:00:00Z");
    const [ada] = await database.db
      .select()
      .from(newsletterSubscribers)
      .where(sql`email = 'ada@example.test'`);
    await subscribers.setStatus(ada!.id, "unsubscribed");
    await subscribers.setStatus(ada!.id, "unsubscribed");

    const rows = await database.db.select().from(subscriberDailyCounts).orderBy(subscriberDailyCounts.day);
    expect(rows).toEqual([
      { day: "2026-05-04", signUps: 2, confirmations: 1, unsubscribes: 0, active: 1, pending: 1, unsubscribed: 0 },
      { day: "2026-05-05", signUps: 0, confirmations: 0, unsubscribes: 1, active: 0, pending: 1, unsubscribed: 1 },
    ]);

    // The tab carries the totals over days without changes, and ends with the list as it is.
    clock.set("2026-05-08T20:00:00Z");
    const report = await createInsights({ db: database.db, clock, timeZone: TIME_ZONE }).report(30);
    expect(report.subscribers).toHaveLength(30);
    expect(report.subscribers.slice(-5)).toEqual([
      { day: "2026-05-04", signUps: 2, confirmations: 1, unsubscribes: 0, active: 1, pending: 1, unsubscribed: 0 },
      { day: "2026-05-05", signUps: 0, confirmations: 0, unsubscribes: 1, active: 0, pending: 1, unsubscribed: 1 },
      { day: "2026-05-06", signUps: 0, confirmations: 0, unsubscribes: 0, active: 0, pending: 1, unsubscribed: 1 },
      { day: "2026-05-07", signUps: 0, confirmations: 0, unsubscribes: 0, active: 0, pending: 1, unsubscribed: 1 },
      { day: "2026-05-08", signUps: 0, confirmations: 0, unsubscribes: 0, active: 0, pending: 1, unsubscribed: 1 },
    ]);
  });

  it("counts the spec's immediate sign-up once, and a resubscription as a sign-up", async () => {
    const clock = manualClock("2026-05-04T20:00:00Z");
    const subscribers = service(clock, false);
    await subscribers.signUp("ada@example.test", "198.51.100.1");
    await subscribers.signUp("ada@example.test", "198.51.100.1");
    const [ada] = await database.db.select().from(newsletterSubscribers);
    await subscribers.setStatus(ada!.id, "unsubscribed");
    await subscribers.setStatus(ada!.id, "active");
    const rows = await database.db.select().from(subscriberDailyCounts);
    expect(rows).toEqual([
      { day: "2026-05-04", signUps: 2, confirmations: 0, unsubscribes: 1, active: 1, pending: 0, unsubscribed: 0 },
    ]);
  });
});

describe("Popular Stories from reads", () => {
  const NOW = "2026-05-10T20:00:00Z"; // May 10 in Honolulu: the 7 days are May 4 to May 10

  async function reads(articleId: number, day: string, views: number) {
    await database.db.insert(articleDailyViews).values({ articleId, day, views });
  }

  function homeAt(withReads = true) {
    return createArticleService({
      db: database.db,
      clock: manualClock(NOW),
      popularFromReads: withReads ? { timeZone: TIME_ZONE } : undefined,
    }).homePage();
  }

  it("lists the most read of the last 7 days, pinned stories first; below the threshold only pins show", async () => {
    const [pinned, mostRead, second, under, old, draft] = await insertArticles(
      database.db,
      { title: "Pinned by the editor", isPopular: true },
      { title: "Most read" },
      { title: "Second most read" },
      { title: "Just under the threshold" },
      { title: "Read a lot, two weeks ago" },
      { title: "A draft", publishedAt: null },
    );
    await reads(mostRead!.id, "2026-05-04", 20);
    await reads(mostRead!.id, "2026-05-10", 30);
    await reads(second!.id, "2026-05-09", POPULAR_MIN_READS);
    await reads(under!.id, "2026-05-08", POPULAR_MIN_READS - 1);
    await reads(old!.id, "2026-05-03", 500);
    await reads(draft!.id, "2026-05-10", 500);
    await reads(pinned!.id, "2026-05-10", 1);

    expect((await homeAt()).popular.map((article) => article.title)).toEqual([
      "Pinned by the editor",
      "Most read",
      "Second most read",
    ]);
    // Without counting (ANALYTICS=off), Popular Stories are the pinned ones, as before.
    expect((await homeAt(false)).popular.map((article) => article.title)).toEqual(["Pinned by the editor"]);
  });

  it("keeps the spec's three: pins fill it first, and with too few reads only pins show", async () => {
    const articles = await insertArticles(
      database.db,
      { title: "Pin one", isPopular: true },
      { title: "Pin two", isPopular: true },
      { title: "Read" },
      { title: "Read less" },
    );
    await reads(articles[2]!.id, "2026-05-10", 40);
    await reads(articles[3]!.id, "2026-05-10", 20);
    expect((await homeAt()).popular.map((article) => article.title)).toEqual(["Pin two", "Pin one", "Read"]);

    await database.db.update(articleDailyViews).set({ views: POPULAR_MIN_READS - 1 });
    expect((await homeAt()).popular.map((article) => article.title)).toEqual(["Pin two", "Pin one"]);
  });
});

describe("one client posing as many readers", () => {
  const NOW = "2026-05-10T20:00:00Z"; // May 10 in Honolulu

  function homeAt(clock: ManualClock) {
    return createArticleService({ db: database.db, clock, popularFromReads: { timeZone: TIME_ZONE } }).homePage();
  }

  it("counts one address once however many browsers it claims to be: 12 user agents make neither a popular story nor 12 reads", async () => {
    const clock = manualClock(NOW);
    const [target] = await insertArticles(database.db, { title: "Pushed by one client" });
    const counter = counterAt(clock);
    for (let build = 1; build <= 12; build += 1)
      counter.record({ ...visitor(9), userAgent: firefoxBuild(build), articleId: target!.id });
    await counter.flush();

    expect((await homeAt(clock)).popular.map((article) => article.title)).not.toContain("Pushed by one client");
    const report = await createInsights({ db: database.db, clock, timeZone: TIME_ZONE }).report(30);
    expect(report.topArticles.map(({ title, reads }) => ({ title, reads }))).toEqual([
      { title: "Pushed by one client", reads: 1 },
    ]);
  });

  it(`needs reads from ${POPULAR_MIN_ADDRESSES} addresses on one day before a story is popular, however many reads it has`, async () => {
    const clock = manualClock(NOW);
    const [target] = await insertArticles(database.db, { title: "Read by two" });
    // Two readers every day of the week: more reads than the threshold, never more than two addresses.
    for (let day = 4; day <= 10; day += 1) {
      clock.set(`2026-05-${String(day).padStart(2, "0")}T20:00:00Z`);
      const counter = counterAt(clock);
      for (const index of [1, 2]) counter.record({ ...visitor(index), articleId: target!.id });
      await counter.flush();
    }
    expect(2 * 7).toBeGreaterThanOrEqual(POPULAR_MIN_READS);
    expect((await homeAt(clock)).popular.map((article) => article.title)).toEqual([]);

    // A third address the same day: now several readers found it.
    const counter = counterAt(clock);
    for (let index = 3; index <= POPULAR_MIN_ADDRESSES; index += 1) counter.record({ ...visitor(index), articleId: target!.id });
    await counter.flush();
    expect((await homeAt(clock)).popular.map((article) => article.title)).toEqual(["Read by two"]);
  });

  it(`lists a search only once ${SEARCH_GAP_MIN_ADDRESSES} addresses reported it the same day, however many user agents one address uses`, async () => {
    const clock = manualClock("2026-05-04T20:00:00Z");
    const counter = counterAt(clock);
    const insights = createInsights({ db: database.db, clock, timeZone: TIME_ZONE });
    const planted = normalizeSearchGap("Visit evil.example for cheap pills")!;
    for (let build = 1; build <= 12; build += 1)
      counter.recordSearchGap({ ...visitor(9), userAgent: firefoxBuild(build), query: planted });
    for (let index = 1; index < SEARCH_GAP_MIN_ADDRESSES; index += 1)
      counter.recordSearchGap({ ...visitor(index), query: "quantum routers" });
    await counter.flush();
    expect((await insights.report(30)).searchGaps).toEqual([]);

    counter.recordSearchGap({ ...visitor(SEARCH_GAP_MIN_ADDRESSES), query: "quantum routers" });
    await counter.flush();
    expect((await insights.report(30)).searchGaps).toEqual([
      { query: "quantum routers", searches: SEARCH_GAP_MIN_ADDRESSES, lastSearched: "2026-05-04" },
    ]);
  });
});

describe("search gaps", () => {
  it("keeps normalised searches per day, once per visitor, without bots or staff, only while they still find nothing", async () => {
    const clock = manualClock("2026-05-04T20:00:00Z");
    const counter = counterAt(clock, async (query) => query !== "now found");
    const query = normalizeSearchGap("  Quantum   ROUTERS ")!;
    expect(query).toBe("quantum routers");

    expect(counter.recordSearchGap({ ...visitor(1), query })).toBe("counted");
    expect(counter.recordSearchGap({ ...visitor(1), query: normalizeSearchGap("quantum routers")! })).toBe("repeat");
    expect(counter.recordSearchGap({ ...visitor(2), query })).toBe("counted");
    expect(counter.recordSearchGap({ ...visitor(3), query })).toBe("counted");
    expect(counter.recordSearchGap({ ...visitor(4), userAgent: GOOGLEBOT, query })).toBe("bot");
    expect(counter.recordSearchGap({ ...visitor(5), userAgent: undefined, query })).toBe("bot");
    expect(counter.recordSearchGap({ ...visitor(6), staff: true, query })).toBe("staff");
    // Checked again before it is written: a search that finds something now is not a gap.
    for (const index of [7, 8, 9]) expect(counter.recordSearchGap({ ...visitor(index), query: "now found" })).toBe("counted");
    await counter.flush();

    expect(await database.db.select().from(searchGapsDaily)).toEqual([
      { day: "2026-05-04", query: "quantum routers", searches: 3 },
    ]);
  });

  it("counts nothing with ANALYTICS=off", async () => {
    const { logger } = createTestLogger();
    const clock = manualClock("2026-05-04T20:00:00Z");
    const counter = createViewCounter({
      db: database.db,
      clock,
      logger,
      timeZone: TIME_ZONE,
      enabled: false,
      searchFindsNothing: async () => true,
    });
    expect(counter.recordSearchGap({ ...visitor(1), query: "anything" })).toBe("off");
    await counter.flush();
    expect(await database.db.select().from(searchGapsDaily)).toEqual([]);
  });

  it("shows the last 30 days and deletes older rows when it next writes", async () => {
    const clock = manualClock("2026-05-31T20:00:00Z"); // May 31 in Honolulu: the 30 days start on May 2
    await database.db.insert(searchGapsDaily).values([
      { day: "2026-05-01", query: "too old", searches: 9 },
      { day: "2026-05-02", query: "mesh wi-fi", searches: 2 },
      { day: "2026-05-30", query: "mesh wi-fi", searches: 1 },
      { day: "2026-05-31", query: "e-ink tablets", searches: 1 },
    ]);
    const report = await createInsights({ db: database.db, clock, timeZone: TIME_ZONE }).report(90);
    expect(report.searchGaps).toEqual([
      { query: "mesh wi-fi", searches: 3, lastSearched: "2026-05-30" },
      { query: "e-ink tablets", searches: 1, lastSearched: "2026-05-31" },
    ]);

    const counter = counterAt(clock);
    counter.recordSearchGap({ ...visitor(1), query: "e-ink tablets" });
    await counter.flush();
    const days = (await database.db.select().from(searchGapsDaily).orderBy(searchGapsDaily.day)).map((row) => row.day);
    expect(days).toEqual(["2026-05-02", "2026-05-30", "2026-05-31"]);
  });
});

describe("the tab's figures and their CSV", () => {
  it("reads per day over the period, top articles and categories, weeks of articles", async () => {
    const clock = manualClock("2026-05-10T20:00:00Z"); // Sunday May 10 in Honolulu
    const [ai, cloud] = await insertArticles(
      database.db,
      { title: "AI story", category: "AI", publishedAt: new Date("2026-05-04T20:00:00Z"), isAiGenerated: true },
      { title: "Cloud story", category: "Cloud", publishedAt: new Date("2026-05-09T20:00:00Z"), isAiGenerated: false },
      { title: "A draft", publishedAt: null, isAiGenerated: false, createdAt: new Date("2026-05-06T20:00:00Z") },
    );
    await database.db.insert(articleDailyViews).values([
      { articleId: ai!.id, day: "2026-05-09", views: 3 },
      { articleId: ai!.id, day: "2026-05-10", views: 2 },
      { articleId: cloud!.id, day: "2026-05-10", views: 7 },
      { articleId: cloud!.id, day: "2026-03-01", views: 100 },
    ]);
    const report = await createInsights({ db: database.db, clock, timeZone: TIME_ZONE }).report(30);
    expect(report.period).toEqual({ days: 30, firstDay: "2026-04-11", lastDay: "2026-05-10" });
    expect(report.readsPerDay).toHaveLength(30);
    expect(report.readsPerDay.slice(-2)).toEqual([
      { day: "2026-05-09", reads: 3 },
      { day: "2026-05-10", reads: 9 },
    ]);
    expect(report.topArticles).toEqual([
      { id: cloud!.id, title: "Cloud story", category: "Cloud", reads: 7 },
      { id: ai!.id, title: "AI story", category: "AI", reads: 5 },
    ]);
    expect(report.readsPerCategory.slice(0, 3)).toEqual([
      { category: "Cloud", reads: 7 },
      { category: "AI", reads: 5 },
      { category: "Mobile", reads: 0 },
    ]);
    expect(report.articlesPerWeek.at(-1)).toEqual({
      week: "2026-05-04",
      published: 2,
      scheduled: 0,
      inReview: 0,
      draft: 1,
      aiAssisted: 1,
      humanWritten: 2,
    });
    expect(report.articlesPerWeek[0]!.week).toBe("2026-04-06");
  });

  it("writes each table as CSV with every field quoted and formulas disarmed", async () => {
    const clock = manualClock("2026-05-10T20:00:00Z");
    await database.db.insert(searchGapsDaily).values([
      { day: "2026-05-10", query: '=hyperlink("http://evil.test","x")', searches: 3 },
      { day: "2026-05-10", query: '+1 phones, "folding"', searches: 2 },
      { day: "2026-05-10", query: "-rf", searches: 1 },
      { day: "2026-05-10", query: "@sum(a1)", searches: 1 },
    ]);
    const report = await createInsights({ db: database.db, clock, timeZone: TIME_ZONE }).report(30);
    const { columns, rows } = insightsTables(report)["search-gaps"];
    expect(
      csvDocument(
        columns,
        rows.map((row) => row.map(String)),
      ),
    ).toBe(
      [
        '"Search","Searches","Last searched"',
        '"\'=hyperlink(""http://evil.test"",""x"")","3","2026-05-10"',
        '"\'+1 phones, ""folding""","2","2026-05-10"',
        '"\'-rf","1","2026-05-10"',
        '"\'@sum(a1)","1","2026-05-10"',
        "",
      ].join("\r\n"),
    );
  });
});
