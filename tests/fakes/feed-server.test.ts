import { afterEach, describe, expect, it } from "vitest";
import { atomFeed, escapeXml, rssFeed, startFeedServer, type FeedServer } from "./feed-server";

let server: FeedServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

const published = new Date("2025-03-04T05:06:07.000Z");

describe("rssFeed", () => {
  it("builds RSS 2.0 with RFC 822 dates and escaped text", () => {
    const xml = rssFeed({
      title: "Chips & <Bits>",
      link: "https://chips.test/?a=1&b=2",
      items: [
        {
          title: 'AT&T <launches> "fibre"',
          link: "https://chips.test/1",
          description: "It's <b>fast</b>",
          pubDate: published,
          guid: "id-1",
        },
        { title: "Plain", link: "https://chips.test/2", pubDate: published },
      ],
    });
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<rss version="2.0">',
        "  <channel>",
        "    <title>Chips &amp; &lt;Bits&gt;</title>",
        "    <link>https://chips.test/?a=1&amp;b=2</link>",
        "    <description>Chips &amp; &lt;Bits&gt;</description>",
        "    <item>",
        "      <title>AT&amp;T &lt;launches&gt; &quot;fibre&quot;</title>",
        "      <link>https://chips.test/1</link>",
        "      <description>It&apos;s &lt;b&gt;fast&lt;/b&gt;</description>",
        "      <pubDate>Tue, 04 Mar 2025 05:06:07 GMT</pubDate>",
        '      <guid isPermaLink="false">id-1</guid>',
        "    </item>",
        "    <item>",
        "      <title>Plain</title>",
        "      <link>https://chips.test/2</link>",
        "      <pubDate>Tue, 04 Mar 2025 05:06:07 GMT</pubDate>",
        "    </item>",
        "  </channel>",
        "</rss>",
        "",
      ].join("\n"),
    );
  });
});

describe("atomFeed", () => {
  it("builds Atom 1.0 with ISO dates, escaped text and ids defaulting to links", () => {
    const later = new Date("2025-03-05T00:00:00.000Z");
    const xml = atomFeed({
      title: "Q&A <weekly>",
      link: "https://qa.test/",
      entries: [
        { title: "1 < 2 & 3", link: "https://qa.test/a?x=1&y=2", summary: "<p>hi</p>", updated: published, id: "urn:uuid:1" },
        { title: "Second", link: "https://qa.test/b", updated: later },
      ],
    });
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<feed xmlns="http://www.w3.org/2005/Atom">',
        "  <title>Q&amp;A &lt;weekly&gt;</title>",
        '  <link href="https://qa.test/"/>',
        "  <id>https://qa.test/</id>",
        "  <updated>2025-03-05T00:00:00.000Z</updated>",
        "  <entry>",
        "    <title>1 &lt; 2 &amp; 3</title>",
        '    <link href="https://qa.test/a?x=1&amp;y=2"/>',
        "    <id>urn:uuid:1</id>",
        "    <updated>2025-03-04T05:06:07.000Z</updated>",
        "    <summary>&lt;p&gt;hi&lt;/p&gt;</summary>",
        "  </entry>",
        "  <entry>",
        "    <title>Second</title>",
        '    <link href="https://qa.test/b"/>',
        "    <id>https://qa.test/b</id>",
        "    <updated>2025-03-05T00:00:00.000Z</updated>",
        "  </entry>",
        "</feed>",
        "",
      ].join("\n"),
    );
  });

  it("escapeXml escapes all five XML special characters", () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;");
  });
});

describe("startFeedServer", () => {
  it("serves RSS and Atom fixtures with their content types and records requests", async () => {
    const rss = rssFeed({
      title: "R & D",
      link: "https://rd.test/",
      items: [{ title: "<New> chip", link: "https://rd.test/1", pubDate: published }],
    });
    const atom = atomFeed({
      title: "Atom & Eve",
      link: "https://ae.test/",
      entries: [{ title: "A < B", link: "https://ae.test/1", updated: published }],
    });
    server = await startFeedServer({ "/rss.xml": { body: rss } });
    server.set("/atom.xml", { body: atom });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const rssResponse = await fetch(`${server.url}/rss.xml`);
    expect(rssResponse.status).toBe(200);
    expect(rssResponse.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    const rssText = await rssResponse.text();
    expect(rssText).toBe(rss);
    expect(rssText).toContain("<title>R &amp; D</title>");
    expect(rssText).toContain("<title>&lt;New&gt; chip</title>");

    const atomResponse = await fetch(`${server.url}/atom.xml?since=1`);
    expect(atomResponse.status).toBe(200);
    expect(atomResponse.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    const atomText = await atomResponse.text();
    expect(atomText).toBe(atom);
    expect(atomText).toContain("<title>Atom &amp; Eve</title>");
    expect(atomText).toContain("<title>A &lt; B</title>");

    expect(server.requests).toEqual(["/rss.xml", "/atom.xml?since=1"]);
  });

  it("honours an explicit content type, status and headers, and replaces routes with set()", async () => {
    server = await startFeedServer();
    server.set("/feed", { body: "<rss></rss>", contentType: "text/xml", status: 200, headers: { etag: '"v1"' } });
    const first = await fetch(`${server.url}/feed`);
    expect(first.headers.get("content-type")).toBe("text/xml");
    expect(first.headers.get("etag")).toBe('"v1"');

    server.set("/feed", { body: "gone", status: 410, contentType: "text/plain" });
    const second = await fetch(`${server.url}/feed`);
    expect(second.status).toBe(410);
    expect(await second.text()).toBe("gone");
  });

  it("404s unknown paths and still records them", async () => {
    server = await startFeedServer({ "/rss.xml": { body: "<rss></rss>" } });
    const response = await fetch(`${server.url}/missing.xml`);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("Not found");
    expect(server.requests).toEqual(["/missing.xml"]);
  });

  it("answers late when a route has delayMs", async () => {
    server = await startFeedServer({ "/slow.xml": { body: "<rss></rss>", delayMs: 300 } });
    await expect(fetch(`${server.url}/slow.xml`, { signal: AbortSignal.timeout(50) })).rejects.toThrow(/timeout|aborted/i);
    expect(server.requests).toEqual(["/slow.xml"]);
  });
});

describe("startFeedServer conditional routes", () => {
  const body = rssFeed({ title: "Cond", link: "https://cond.test/", items: [] });

  it("answers 304 without a body when If-None-Match names the route's ETag, 200 otherwise", async () => {
    server = await startFeedServer({ "/feed.xml": { body, conditional: true, headers: { ETag: '"v1"' } } });
    const matching = await fetch(`${server.url}/feed.xml`, { headers: { "if-none-match": '"v0", "v1"' } });
    expect(matching.status).toBe(304);
    expect(matching.headers.get("etag")).toBe('"v1"');
    expect(await matching.text()).toBe("");

    const other = await fetch(`${server.url}/feed.xml`, { headers: { "if-none-match": '"v0"' } });
    expect(other.status).toBe(200);
    expect(await other.text()).toBe(body);

    const plain = await fetch(`${server.url}/feed.xml`);
    expect(plain.status).toBe(200);
  });

  it("answers 304 when If-Modified-Since is not older than Last-Modified", async () => {
    const lastModified = "Tue, 04 Mar 2025 05:06:07 GMT";
    server = await startFeedServer({ "/feed.xml": { body, conditional: true, headers: { "last-modified": lastModified } } });
    const same = await fetch(`${server.url}/feed.xml`, { headers: { "if-modified-since": lastModified } });
    expect(same.status).toBe(304);
    expect(same.headers.get("last-modified")).toBe(lastModified);

    const later = await fetch(`${server.url}/feed.xml`, { headers: { "if-modified-since": "Wed, 05 Mar 2025 00:00:00 GMT" } });
    expect(later.status).toBe(304);

    const earlier = await fetch(`${server.url}/feed.xml`, { headers: { "if-modified-since": "Mon, 03 Mar 2025 00:00:00 GMT" } });
    expect(earlier.status).toBe(200);
    expect(await earlier.text()).toBe(body);
  });

  it("ignores conditional headers on routes that are not conditional", async () => {
    server = await startFeedServer({ "/feed.xml": { body, headers: { etag: '"v1"' } } });
    const response = await fetch(`${server.url}/feed.xml`, { headers: { "if-none-match": '"v1"' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(body);
  });
});
