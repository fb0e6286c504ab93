import { lookup } from "node:dns/promises";
import { afterEach, describe, expect, it } from "vitest";
import { rssFeed, atomFeed, startFeedServer, type FeedServer } from "../../../../tests/fakes/feed-server";
import { manualClock, type ManualClock } from "../../../../tests/support/manual-clock";
import { startNewsFixtures, type NewsFixtures } from "../../../../tests/support/news-fixtures";
import { createTestLogger, type TestLogger } from "../../../../tests/setup/test-logger";
import { CATEGORIES, type Category } from "../../../domain/sections";
import {
  createNewsFeedReader,
  FEED_ACCEPT,
  FEED_USER_AGENT,
  NewsUnavailableError,
  type NewsFeedReaderOptions,
} from "./feed-reader.server";
import { loadNewsOutlets, type NewsOutlet } from "./outlets.server";
import { MAX_FEED_BYTES, MAX_FEED_REDIRECTS } from "./safe-fetch.server";

/*
 * The feed reader against the fake feed server over a real socket: conditional requests,
 * the cache, timeouts and failing feeds, and the fixture feeds later end-to-end tests use.
 */

const START = "2025-06-10T12:00:00.000Z";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The README's feed cache: the reader is made with its default. */
const TTL = 10 * MINUTE;

let server: FeedServer | undefined;
let fixtures: NewsFixtures | undefined;

afterEach(async () => {
  await server?.close();
  await fixtures?.close();
  server = undefined;
  fixtures = undefined;
});

function story(title: string, clock: ManualClock, hoursAgo = 1) {
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  return { title, link: `https://news.test/${slug}`, pubDate: new Date(clock.now().getTime() - hoursAgo * HOUR) };
}

function rss(items: ReturnType<typeof story>[]): string {
  return rssFeed({ title: "Feed", link: "https://news.test/", items });
}

interface Setup {
  clock: ManualClock;
  log: TestLogger;
  /** Headers of every request the reader made, in order. */
  sent: { url: string; headers: Record<string, string> }[];
  reader: ReturnType<typeof createNewsFeedReader>;
}

function setup(outlets: NewsOutlet[], options: Partial<NewsFeedReaderOptions> = {}): Setup {
  const clock = manualClock(START);
  const log = createTestLogger();
  const sent: Setup["sent"] = [];
  const reader = createNewsFeedReader({
    outlets,
    clock,
    logger: log.logger,
    // The real fetch, watched: the test reads which headers went out.
    fetch: (input, init) => {
      sent.push({ url: String(input), headers: { ...(init?.headers as Record<string, string>) } });
      return globalThis.fetch(input, init);
    },
    ...options,
  });
  return { clock, log, sent, reader };
}

const outletOf = (name: string, urls: string[], categories: Category[] = ["AI"]): NewsOutlet => ({
  outlet: name,
  homepage: "https://news.test/",
  showcase: false,
  // The fake feed server listens on loopback, which a feed reaches only with the feeds file's opt-in.
  feeds: urls.map((url) => ({ url, categories, allowPrivateAddresses: true })),
});

const warnings = (log: TestLogger) => log.entries.filter((entry) => entry.level === 40).map((entry) => entry.msg);

describe("createNewsFeedReader", () => {
  it("fetches only the feeds covering the category, with its User-Agent and Accept, and labels items with their outlet", async () => {
    server = await startFeedServer();
    const aiFeed = `${server.url}/ai.xml`;
    const { reader, sent, clock } = setup([
      outletOf("TechCrunch", [`${server.url}/security.xml`], ["Security"]),
      outletOf("Wired", [aiFeed]),
    ]);
    server.set("/ai.xml", { body: rss([story("OpenAI ships a model", clock)]) });

    const items = await reader.recentNews({ category: "AI" });
    expect(items.map(({ outlet, title }) => ({ outlet, title }))).toEqual([{ outlet: "Wired", title: "OpenAI ships a model" }]);
    expect(sent).toEqual([{ url: aiFeed, headers: { "user-agent": FEED_USER_AGENT, accept: FEED_ACCEPT } }]);
    expect(server.requests).toEqual(["/ai.xml"]);
  });

  it("asks again with If-None-Match after the cache expires and keeps the items when the answer is 304", async () => {
    server = await startFeedServer();
    const { reader, sent, clock, log } = setup([outletOf("Ars Technica", [`${server.url}/etag.xml`])]);
    server.set("/etag.xml", { body: rss([story("First version", clock)]), conditional: true, headers: { etag: '"v1"' } });

    expect((await reader.recentNews({ category: "AI" })).map((item) => item.title)).toEqual(["First version"]);

    // Same ETag, new body: a reader that sends If-None-Match gets 304 and keeps what it had.
    server.set("/etag.xml", { body: rss([story("Second version", clock)]), conditional: true, headers: { etag: '"v1"' } });
    clock.advance(TTL);
    expect((await reader.recentNews({ category: "AI" })).map((item) => item.title)).toEqual(["First version"]);
    expect(sent[1]?.headers["if-none-match"]).toBe('"v1"');

    // A new ETag: the new body is read.
    server.set("/etag.xml", { body: rss([story("Second version", clock)]), conditional: true, headers: { etag: '"v2"' } });
    clock.advance(TTL);
    expect((await reader.recentNews({ category: "AI" })).map((item) => item.title)).toEqual(["Second version"]);
    expect(server.requests).toEqual(["/etag.xml", "/etag.xml", "/etag.xml"]);
    expect(warnings(log)).toEqual([]);
  });

  it("asks again with If-Modified-Since and keeps the items when the answer is 304", async () => {
    server = await startFeedServer();
    const { reader, sent, clock } = setup([outletOf("BBC News", [`${server.url}/modified.atom`])]);
    const lastModified = "Tue, 10 Jun 2025 11:00:00 GMT";
    const atom = (title: string) =>
      atomFeed({
        title: "A",
        link: "https://news.test/",
        entries: [{ title, link: "https://news.test/a", updated: new Date("2025-06-10T10:00:00Z") }],
      });
    server.set("/modified.atom", { body: atom("Atom first"), conditional: true, headers: { "last-modified": lastModified } });

    expect((await reader.recentNews({ category: "AI" })).map((item) => item.title)).toEqual(["Atom first"]);
    server.set("/modified.atom", { body: atom("Atom second"), conditional: true, headers: { "last-modified": lastModified } });
    clock.advance(TTL + MINUTE);
    expect((await reader.recentNews({ category: "AI" })).map((item) => item.title)).toEqual(["Atom first"]);
    expect(sent[1]?.headers["if-modified-since"]).toBe(lastModified);
    expect(sent[1]?.headers["if-none-match"]).toBeUndefined();
    expect(server.requests).toHaveLength(2);
  });

  it("answers from the cache without a request for the README's 10 minutes, and asks again after", async () => {
    server = await startFeedServer();
    const { reader, clock } = setup([outletOf("Wired", [`${server.url}/cached.xml`])]);
    server.set("/cached.xml", { body: rss([story("Cached story", clock)]) });

    await reader.recentNews({ category: "AI" });
    clock.advance(TTL - 1);
    expect((await reader.recentNews({ category: "AI", topic: "cached" })).map((item) => item.title)).toEqual(["Cached story"]);
    expect(server.requests).toHaveLength(1);

    clock.advance(1);
    await reader.recentNews({ category: "AI" });
    expect(server.requests).toHaveLength(2);
  });

  it("uses the reader's clock for the 7-day window", async () => {
    server = await startFeedServer();
    const { reader, clock } = setup([outletOf("Wired", [`${server.url}/week.xml`])], { cacheTtlMs: 0 });
    server.set("/week.xml", { body: rss([story("Six days old", clock, 6 * 24), story("Fresh", clock, 1)]) });

    expect((await reader.recentNews({ category: "AI" })).map((item) => item.title)).toEqual(["Fresh", "Six days old"]);
    clock.advance(2 * 24 * HOUR);
    expect((await reader.recentNews({ category: "AI" })).map((item) => item.title)).toEqual(["Fresh"]);
  });

  it("skips a feed that does not answer in time with a warning, and still counts the others", async () => {
    server = await startFeedServer();
    const { reader, log, clock } = setup(
      [outletOf("Slow", [`${server.url}/slow.xml`]), outletOf("Quick", [`${server.url}/quick.xml`])],
      {
        fetchTimeoutMs: 100,
      },
    );
    server.set("/slow.xml", { body: rss([story("Too late", clock)]), delayMs: 1000 });
    server.set("/quick.xml", { body: rss([story("On time", clock)]) });

    expect((await reader.recentNews({ category: "AI" })).map((item) => item.title)).toEqual(["On time"]);
    expect(warnings(log)).toEqual([`News feed ${server.url}/slow.xml failed (no answer within 100 ms); skipped`]);
    expect(log.entries.find((entry) => entry.level === 40)).toMatchObject({
      feedUrl: `${server.url}/slow.xml`,
      outlet: "Slow",
      usedCachedCopy: false,
    });
  });

  it("skips feeds that answer 500, are not feeds, are too large or cannot be reached", async () => {
    server = await startFeedServer();
    const closed = await startFeedServer();
    const unreachable = `${closed.url}/gone.xml`;
    await closed.close();
    const urls = ["broken", "html", "huge", "good"].map((name) => `${server!.url}/${name}.xml`);
    const { reader, log, clock } = setup([outletOf("Mixed", [...urls, unreachable])]);
    server.set("/broken.xml", { body: "Internal error", status: 500, contentType: "text/plain" });
    server.set("/html.xml", { body: "<html><body>Sign in</body></html>", contentType: "text/html" });
    server.set("/huge.xml", { body: `<rss><channel>${" ".repeat(MAX_FEED_BYTES)}</channel></rss>` });
    server.set("/good.xml", { body: rss([story("Still counts", clock)]) });

    expect((await reader.recentNews({ category: "AI" })).map((item) => item.title)).toEqual(["Still counts"]);
    const logged = warnings(log);
    expect(logged).toHaveLength(4);
    expect(logged).toEqual(
      expect.arrayContaining([
        `News feed ${server.url}/broken.xml failed (HTTP 500); skipped`,
        `News feed ${server.url}/html.xml failed (Not an RSS or Atom feed); skipped`,
        `News feed ${server.url}/huge.xml failed (the answer is larger than ${MAX_FEED_BYTES} bytes); skipped`,
      ]),
    );
    expect(logged.find((message) => String(message).includes(unreachable))).toMatch(
      new RegExp(`^News feed ${unreachable} failed \\(fetch failed: .*ECONNREFUSED.*\\); skipped$`),
    );
  });

  it("says the news is unavailable, rather than that there is none, when every feed of the category fails", async () => {
    server = await startFeedServer();
    const { reader } = setup([outletOf("Down", [`${server.url}/down.xml`]), outletOf("Also down", [`${server.url}/gone.xml`])]);
    server.set("/down.xml", { body: "down", status: 503, contentType: "text/plain" });
    await expect(reader.recentNews({ category: "AI" })).rejects.toThrow(new NewsUnavailableError("AI").message);
    expect(new NewsUnavailableError("AI").message).toBe(
      "None of the trusted news feeds for AI could be read just now. Please try again in a few minutes.",
    );
  });

  it("falls back to the copy read before when a feed starts failing", async () => {
    server = await startFeedServer();
    const { reader, log, clock } = setup([outletOf("Guardian", [`${server.url}/flaky.xml`])]);
    server.set("/flaky.xml", { body: rss([story("Kept from before", clock)]) });
    await reader.recentNews({ category: "AI" });

    server.set("/flaky.xml", { body: "down", status: 503, contentType: "text/plain" });
    clock.advance(TTL);
    expect((await reader.recentNews({ category: "AI" })).map((item) => item.title)).toEqual(["Kept from before"]);
    expect(warnings(log)).toEqual([`News feed ${server.url}/flaky.xml failed (HTTP 503); using the copy read before`]);

    // The failure did not refresh the cache: the next generation asks again.
    clock.advance(MINUTE);
    await reader.recentNews({ category: "AI" });
    expect(server.requests).toHaveLength(3);
  });

  it("shares one request per feed between generations running at once", async () => {
    server = await startFeedServer();
    const { reader, clock } = setup([outletOf("Verge", [`${server.url}/shared.xml`])]);
    server.set("/shared.xml", { body: rss([story("Shared", clock)]), delayMs: 50 });
    const [first, second] = await Promise.all([reader.recentNews({ category: "AI" }), reader.recentNews({ category: "AI" })]);
    expect(first).toEqual(second);
    expect(server.requests).toEqual(["/shared.xml"]);
  });
});

describe("where feeds may be fetched from", () => {
  /*
   * The fake feed server listens on loopback. To see what happens when a public feed redirects inside, the
   * feed's host is a public name: a resolver that answers it with a documentation-free public address, and a
   * fetch that connects it to the fake server (as a network would), while every other name and address is
   * resolved and fetched for real.
   */
  const PUBLIC_HOST = "feeds.public.example";
  const publicNetwork = (serverUrl: string): Partial<NewsFeedReaderOptions> => ({
    lookup: async (hostname) => (hostname === PUBLIC_HOST ? ["93.184.215.14"] : [...(await systemAddresses(hostname))]),
    fetch: (input, init) => {
      const url = new URL(String(input));
      if (url.hostname !== PUBLIC_HOST) return globalThis.fetch(input, init);
      return globalThis.fetch(`${serverUrl}${url.pathname}${url.search}`, init);
    },
  });
  const publicUrl = (serverUrl: string, path: string) => `http://${PUBLIC_HOST}:${new URL(serverUrl).port}${path}`;
  const feedOf = (url: string, allowPrivateAddresses: boolean): NewsOutlet => ({
    outlet: "Redirecting",
    homepage: "https://news.test/",
    showcase: false,
    feeds: [{ url, categories: ["AI"], allowPrivateAddresses }],
  });
  const redirect = (location: string) => ({ body: "", status: 302, headers: { location } });

  it.each([
    ["loopback", (port: string) => `http://127.0.0.1:${port}/feed.xml`, "127.0.0.1"],
    ["a private network", () => "http://10.1.2.3/feed.xml", "10.1.2.3"],
    ["link-local (cloud metadata)", () => "http://169.254.169.254/latest/meta-data/", "169.254.169.254"],
    ["IPv6 loopback", (port: string) => `http://[::1]:${port}/feed.xml`, "[::1]"],
    ["IPv4-mapped IPv6 loopback", (port: string) => `http://[::ffff:127.0.0.1]:${port}/feed.xml`, "[::ffff:7f00:1]"],
    ["a name that resolves to loopback", (port: string) => `http://localhost:${port}/feed.xml`, "localhost"],
  ])("refuses a redirect to %s without the feeds file's opt-in", async (_kind, target, host) => {
    server = await startFeedServer();
    const port = new URL(server.url).port;
    server.set("/moved.xml", redirect(target(port)));
    server.set("/feed.xml", { body: rss([story("Inside news", manualClock(START))]) });
    const { reader, log } = setup([feedOf(publicUrl(server.url, "/moved.xml"), false)], publicNetwork(server.url));

    await expect(reader.recentNews({ category: "AI" })).rejects.toThrow(NewsUnavailableError);
    expect(server.requests).toEqual(["/moved.xml"]);
    const [warning] = warnings(log);
    expect(warning).toContain(`failed (${host}`);
    expect(warning).toContain('not a public address; "allowPrivateAddresses": true in the feeds file allows it); skipped');
  });

  it("refuses a feed on loopback itself without the opt-in, and reads it with the opt-in", async () => {
    server = await startFeedServer();
    const clock = manualClock(START);
    server.set("/feed.xml", { body: rss([story("Intranet news", clock)]) });
    const refused = setup([feedOf(`${server.url}/feed.xml`, false)]);
    await expect(refused.reader.recentNews({ category: "AI" })).rejects.toThrow(NewsUnavailableError);
    expect(server.requests).toEqual([]);

    const allowed = setup([feedOf(`${server.url}/feed.xml`, true)]);
    expect((await allowed.reader.recentNews({ category: "AI" })).map((item) => item.title)).toEqual(["Intranet news"]);
  });

  it("follows a redirect inside when the feed opts in", async () => {
    server = await startFeedServer();
    server.set("/moved.xml", redirect(`${server.url}/feed.xml`));
    server.set("/feed.xml", { body: rss([story("Followed", manualClock(START))]) });
    const { reader, log } = setup([feedOf(publicUrl(server.url, "/moved.xml"), true)], publicNetwork(server.url));
    expect((await reader.recentNews({ category: "AI" })).map((item) => item.title)).toEqual(["Followed"]);
    expect(server.requests).toEqual(["/moved.xml", "/feed.xml"]);
    expect(warnings(log)).toEqual([]);
  });

  it(`follows at most ${MAX_FEED_REDIRECTS} redirects, relative ones included`, async () => {
    server = await startFeedServer();
    const hops = (name: string, count: number) => {
      for (let hop = 1; hop <= count; hop++)
        server!.set(`/${name}${hop}`, redirect(hop === count ? "/feed.xml" : `${name}${hop + 1}`));
    };
    hops("ok", MAX_FEED_REDIRECTS);
    hops("long", MAX_FEED_REDIRECTS + 1);
    server.set("/feed.xml", { body: rss([story("At the end", manualClock(START))]) });

    const within = setup([feedOf(publicUrl(server.url, "/ok1"), false)], publicNetwork(server.url));
    expect((await within.reader.recentNews({ category: "AI" })).map((item) => item.title)).toEqual(["At the end"]);

    const beyond = setup([feedOf(publicUrl(server.url, "/long1"), true)], publicNetwork(server.url));
    await expect(beyond.reader.recentNews({ category: "AI" })).rejects.toThrow(NewsUnavailableError);
    expect(warnings(beyond.log)).toEqual([
      `News feed ${publicUrl(server.url, "/long1")} failed (more than ${MAX_FEED_REDIRECTS} redirects); skipped`,
    ]);
  });

  it("refuses a redirect to another scheme", async () => {
    server = await startFeedServer();
    server.set("/moved.xml", redirect("file:///etc/passwd"));
    const { reader, log } = setup([feedOf(publicUrl(server.url, "/moved.xml"), true)], publicNetwork(server.url));
    await expect(reader.recentNews({ category: "AI" })).rejects.toThrow(NewsUnavailableError);
    expect(warnings(log)[0]).toContain("(a redirect to an address that is not http(s))");
  });
});

async function systemAddresses(hostname: string): Promise<string[]> {
  return (await lookup(hostname, { all: true })).map((entry) => entry.address);
}

describe("startNewsFixtures", () => {
  it("serves recent AI, Security, Startups and Mobile news from a 15-outlet file, and nothing recent for the rest", async () => {
    const now = new Date(START);
    fixtures = await startNewsFixtures({ now });
    const outlets = await loadNewsOutlets(fixtures.feedsFile);
    expect(outlets).toHaveLength(15);
    expect(outlets.filter((outlet) => outlet.showcase)).toHaveLength(9);
    for (const outlet of outlets) for (const feed of outlet.feeds) expect(feed.url.startsWith(fixtures.server.url)).toBe(true);

    const log = createTestLogger();
    const reader = createNewsFeedReader({ outlets, clock: { now: () => now }, logger: log.logger });
    for (const category of CATEGORIES) {
      const found = await reader.recentNews({ category });
      const expected = fixtures.items.filter((item) => item.recent && item.categories.includes(category));
      expect(
        found.map(({ outlet, title, url, publishedAt, summary }) => ({ outlet, title, url, publishedAt, summary })),
        category,
      ).toEqual(expected.map(({ outlet, title, url, publishedAt, summary }) => ({ outlet, title, url, publishedAt, summary })));
    }
    const counts = Object.fromEntries(
      CATEGORIES.map((category) => [
        category,
        fixtures!.items.filter((item) => item.recent && item.categories.includes(category)).length,
      ]),
    );
    expect(counts).toEqual({ AI: 4, Mobile: 3, Startups: 3, Cloud: 0, Gadgets: 0, Software: 0, Security: 4 });
    expect(fixtures.items.filter((item) => !item.recent).length).toBeGreaterThanOrEqual(5);
    expect(await reader.recentNews({ category: "AI", topic: "OpenAI" })).toHaveLength(1);
    expect(warnings(log)).toEqual([]);

    const page = await fetch(fixtures.items[0]!.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(fixtures.items[0]!.title);
  });
});
