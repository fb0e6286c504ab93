import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { atomFeed, rssFeed } from "../../../tests/fakes/feed-server";
import { CATEGORIES, type Category } from "../../utils/categories";
import { loadConfig } from "../env.server";
import {
  FeedParseError,
  feedCovers,
  formatNewsForPrompt,
  isNonPublicAddress,
  loadNewsOutlets,
  NEWS_SUMMARY_LENGTH,
  NewsFeedsFileError,
  parseFeed,
  parseFeedDate,
  selectRecentNews,
  specSection,
  topicWords,
  unknownFeedSections,
  type NewsItem,
} from "./news-feeds.server";

const projectRoot = fileURLToPath(new URL("../../../", import.meta.url));
const shippedFile = path.join(projectRoot, "config", "news-feeds.json");
const directory = mkdtempSync(path.join(tmpdir(), "byline-news-feeds-"));

afterAll(() => rmSync(directory, { recursive: true, force: true }));

let fileCount = 0;
function feedsFile(content: unknown): string {
  const file = path.join(directory, `feeds-${++fileCount}.json`);
  writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content));
  return file;
}

const feed = { url: "https://a.test/feed" };
const outlet = (name: string, extra: Record<string, unknown> = {}) => ({
  outlet: name,
  homepage: "https://a.test/",
  feeds: [feed],
  ...extra,
});

describe("loadNewsOutlets", () => {
  it("reads outlets, leaves absent categories empty (every section) and showcase false", async () => {
    const file = feedsFile([
      {
        outlet: " TechCrunch ",
        homepage: "https://techcrunch.com/",
        showcase: true,
        feeds: [
          { url: "https://techcrunch.com/feed/" },
          { url: "https://techcrunch.com/ai/feed/", categories: ["AI", "AI", "Startups"] },
        ],
      },
      { outlet: "Wired", homepage: "http://wired.test/", feeds: [{ url: " http://wired.test/rss ", categories: ["Security"] }] },
    ]);
    expect(await loadNewsOutlets(file)).toEqual([
      {
        outlet: "TechCrunch",
        homepage: "https://techcrunch.com/",
        showcase: true,
        feeds: [
          { url: "https://techcrunch.com/feed/", categories: [], allowPrivateAddresses: false },
          { url: "https://techcrunch.com/ai/feed/", categories: ["AI", "Startups"], allowPrivateAddresses: false },
        ],
      },
      {
        outlet: "Wired",
        homepage: "http://wired.test/",
        showcase: false,
        feeds: [{ url: "http://wired.test/rss", categories: ["Security"], allowPrivateAddresses: false }],
      },
    ]);
  });

  it("reads allowPrivateAddresses on an outlet for all its feeds, or on one feed", async () => {
    const file = feedsFile([
      outlet("Intranet", { allowPrivateAddresses: true, feeds: [{ url: "http://10.0.0.5/feed" }] }),
      outlet("Mixed", {
        feeds: [{ url: "https://a.test/public" }, { url: "http://192.168.1.20/feed", allowPrivateAddresses: true }],
      }),
      outlet("Override", { allowPrivateAddresses: true, feeds: [{ url: "http://10.0.0.6/feed", allowPrivateAddresses: false }] }),
    ]);
    const outlets = await loadNewsOutlets(file);
    expect(outlets.map((entry) => entry.feeds.map((item) => item.allowPrivateAddresses))).toEqual([
      [true],
      [false, true],
      [false],
    ]);
  });

  it("names the file when it is missing, empty or not JSON", async () => {
    const missing = path.join(directory, "nope.json");
    await expect(loadNewsOutlets(missing)).rejects.toThrow(
      new NewsFeedsFileError(`Cannot read the news feeds file ${missing}: the file does not exist.`),
    );
    await expect(loadNewsOutlets(directory)).rejects.toThrow(`Cannot read the news feeds file ${directory}: it is a directory.`);
    const empty = feedsFile(" \n");
    await expect(loadNewsOutlets(empty)).rejects.toThrow(`The news feeds file ${empty} is empty.`);
    const broken = feedsFile('[{"outlet": "A",}]');
    const error = await loadNewsOutlets(broken).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NewsFeedsFileError);
    expect((error as Error).message).toMatch(new RegExp(`^The news feeds file ${broken} is not valid JSON: \\S.*$`));
    expect((error as NewsFeedsFileError).code).toBe("INVALID_NEWS_FEEDS_FILE");
  });

  it.each([
    [{ outlets: [] }, "must be a JSON array of outlets."],
    [[], "must list at least one outlet."],
    [[42], '[0] must be an object with "outlet", "homepage" and "feeds".'],
    [[{ homepage: "https://a.test/", feeds: [feed] }], "[0].outlet must be the outlet's name."],
    [
      [outlet("A"), outlet("B", { homepage: "javascript:alert(1)" })],
      '[1].homepage must be an http:// or https:// URL (outlet "B").',
    ],
    [[outlet("A", { showcase: "yes" })], '[0].showcase must be true or false (outlet "A").'],
    [[outlet("A", { allowPrivateAddresses: "yes" })], '[0].allowPrivateAddresses must be true or false (outlet "A").'],
    [
      [outlet("A", { feeds: [{ url: "https://a.test/f", allowPrivateAddresses: 1 }] })],
      '[0].feeds[0].allowPrivateAddresses must be true or false (outlet "A").',
    ],
    [[outlet("A", { feeds: [] })], '[0].feeds must list at least one feed (outlet "A").'],
    [[outlet("A", { feeds: undefined })], '[0].feeds must be a list of feeds (outlet "A").'],
    [
      [outlet("A", { feeds: [feed, { url: "ftp://a.test/feed" }] })],
      '[0].feeds[1].url must be an http:// or https:// URL (outlet "A").',
    ],
    [
      [outlet("A", { feeds: [{ url: "https://a.test/f", categories: ["AI", " "] }] })],
      '[0].feeds[0].categories[1] must be a section\'s name or address (outlet "A").',
    ],
    [
      [outlet("A", { feeds: [{ url: "https://a.test/f", categories: [] }] })],
      '[0].feeds[0].categories must list at least one section, or be left out to cover every section (outlet "A").',
    ],
    [
      [outlet("A", { feeds: [{ url: "https://a.test/f", category: "AI" }] })],
      '[0].feeds[0] has an unknown field "category" (outlet "A").',
    ],
    [[outlet("A", { rss: "https://a.test/f" })], '[0] has an unknown field "rss" (outlet "A").'],
    [[outlet("Wired"), outlet("Ars"), outlet(" wired ")], '[2].outlet repeats the name of entry [0] (outlet "wired").'],
  ])("rejects an invalid entry with its index and field: %j", async (content, problem) => {
    const file = feedsFile(content);
    await expect(loadNewsOutlets(file)).rejects.toThrow(new NewsFeedsFileError(`Invalid news feeds file ${file}: ${problem}`));
  });

  it("ships config/news-feeds.json, the default NEWS_FEEDS_FILE, with 15 outlets of which 9 are on show", async () => {
    expect(loadConfig({}, (file) => path.resolve(projectRoot, file)).newsFeedsFile).toBe(shippedFile);
    const outlets = await loadNewsOutlets(shippedFile);
    expect(outlets).toHaveLength(15);
    expect(outlets.filter((entry) => entry.showcase).map((entry) => entry.outlet)).toEqual([
      "TechCrunch",
      "The Verge",
      "Wired",
      "Ars Technica",
      "MIT Technology Review",
      "BBC News",
      "The Guardian",
      "The New York Times",
      "Bloomberg",
    ]);
    for (const entry of outlets) expect(entry.homepage).toMatch(/^https:\/\//);
    const urls = outlets.flatMap((entry) => entry.feeds.map((item) => item.url));
    expect(new Set(urls).size).toBe(urls.length);
    for (const category of CATEGORIES) {
      const covering = outlets.filter((entry) => entry.feeds.some((item) => feedCovers(item.categories, specSection(category))));
      expect(covering.length, category).toBeGreaterThanOrEqual(8);
    }
  });
});

describe("feeds and sections", () => {
  const climate = { name: "Climate", slug: "climate-energy", keywords: ["climate"] };

  it("matches a feed's sections by name or address, in any case, and an empty list to every section", () => {
    expect(feedCovers(["climate"], climate)).toBe(true);
    expect(feedCovers(["CLIMATE-ENERGY"], climate)).toBe(true);
    expect(feedCovers(["AI", "Security"], climate)).toBe(false);
    expect(feedCovers([], climate)).toBe(true);
  });

  it("names the sections a feeds file gives that the newsroom does not have", () => {
    const outlets = [
      {
        outlet: "A",
        homepage: "https://a.test",
        showcase: false,
        feeds: [{ url: "https://a.test/f", categories: ["AI", "Robots", "climate-energy"], allowPrivateAddresses: false }],
      },
    ];
    expect(unknownFeedSections(outlets, [specSection("AI"), climate])).toEqual(["Robots"]);
  });
});

describe("isNonPublicAddress", () => {
  it.each([
    "127.0.0.1",
    "127.255.0.9",
    "10.0.0.1",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "fe80::1",
    "fd00::1",
    "fc12:3456::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:a9fe:a9fe",
    "not an address",
  ])("counts %s as not public", (address) => {
    expect(isNonPublicAddress(address)).toBe(true);
  });

  it.each(["93.184.215.14", "8.8.8.8", "172.32.0.1", "100.128.0.1", "2606:4700::1111", "2a00:1450:4001::200e", "::ffff:8.8.8.8"])(
    "counts %s as public",
    (address) => {
      expect(isNonPublicAddress(address)).toBe(false);
    },
  );
});

describe("parseFeed", () => {
  it("reads RSS 2.0 items built by the fake's rssFeed", () => {
    const xml = rssFeed({
      title: "Chips & Bits",
      link: "https://chips.test/",
      items: [
        {
          title: "AT&T <launches> fibre",
          link: "https://chips.test/1?a=1&b=2",
          description: "<p>It's <b>fast</b> &amp; cheap</p>",
          pubDate: new Date("2025-03-04T05:06:07Z"),
        },
        { title: "Plain", link: "https://chips.test/2", pubDate: new Date("2025-03-03T00:00:00Z") },
      ],
    });
    expect(parseFeed(xml, "Chips", ["Mobile", "Gadgets"])).toEqual([
      {
        outlet: "Chips",
        title: "AT&T fibre",
        url: "https://chips.test/1?a=1&b=2",
        publishedAt: new Date("2025-03-04T05:06:07Z"),
        summary: "It's fast & cheap",
        feedCategories: ["Mobile", "Gadgets"],
        tags: [],
      },
      {
        outlet: "Chips",
        title: "Plain",
        url: "https://chips.test/2",
        publishedAt: new Date("2025-03-03T00:00:00Z"),
        summary: "",
        feedCategories: ["Mobile", "Gadgets"],
        tags: [],
      },
    ]);
  });

  it("reads CDATA, HTML descriptions, content:encoded, dc:date, guid links and categories; drops unusable items", () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/">
  <channel>
    <title>Sec</title>
    <item>
      <title><![CDATA[Ransomware hits <Acme> & friends]]></title>
      <link>https://sec.test/a</link>
      <description><![CDATA[<p>Attackers <a href="https://x.test">encrypted</a> files.</p><script>alert("x")</script><style>p{}</style><p>Acme&#8217;s CEO&nbsp;apologised&hellip;</p>]]></description>
      <pubDate>Tue, 04 Mar 2025 06:06:07 +0100</pubDate>
      <category>Security</category>
      <category domain="x"><![CDATA[Ransomware]]></category>
    </item>
    <item>
      <title>Guid as link</title>
      <guid isPermaLink="true">https://sec.test/b</guid>
      <dc:date>2025-03-04T10:00:00+02:00</dc:date>
      <content:encoded>&lt;p&gt;Encoded &amp;amp; escaped&lt;/p&gt;</content:encoded>
      <dc:subject>Patch Tuesday</dc:subject>
    </item>
    <item><title>No link</title><pubDate>Tue, 04 Mar 2025 05:06:07 GMT</pubDate></item>
    <item><title>Not permalink</title><guid isPermaLink="false">https://sec.test/c</guid><pubDate>Tue, 04 Mar 2025 05:06:07 GMT</pubDate></item>
    <item><title>Script link</title><link>javascript:alert(1)</link><pubDate>Tue, 04 Mar 2025 05:06:07 GMT</pubDate></item>
    <item><title>Relative link</title><link>/d</link><pubDate>Tue, 04 Mar 2025 05:06:07 GMT</pubDate></item>
    <item><title>Bad date</title><link>https://sec.test/e</link><pubDate>yesterday</pubDate></item>
    <item><title>No date</title><link>https://sec.test/f</link></item>
    <item><title>  </title><link>https://sec.test/g</link><pubDate>Tue, 04 Mar 2025 05:06:07 GMT</pubDate></item>
  </channel>
</rss>`;
    expect(parseFeed(xml, "Sec", ["Security"])).toEqual([
      {
        outlet: "Sec",
        title: "Ransomware hits & friends",
        url: "https://sec.test/a",
        publishedAt: new Date("2025-03-04T05:06:07Z"),
        summary: "Attackers encrypted files. Acme’s CEO apologised…",
        feedCategories: ["Security"],
        tags: ["Security", "Ransomware"],
      },
      {
        outlet: "Sec",
        title: "Guid as link",
        url: "https://sec.test/b",
        publishedAt: new Date("2025-03-04T08:00:00Z"),
        summary: "Encoded & escaped",
        feedCategories: ["Security"],
        tags: ["Patch Tuesday"],
      },
    ]);
  });

  it("reads Atom 1.0: the alternate link (relative ones resolved), published before updated, HTML and XHTML text", () => {
    const xml = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>Reg</title>
  <link rel="self" href="https://reg.test/headlines.atom"/>
  <link href="https://reg.test/"/>
  <entry>
    <title type="html">Cloud &lt;em&gt;bill&lt;/em&gt; shock</title>
    <link rel="self" href="https://reg.test/api/1"/>
    <link rel="alternate" type="text/html" href="/2025/03/04/cloud_bill/"/>
    <id>tag:reg.test,2025:1</id>
    <published>2025-03-04T05:06:07Z</published>
    <updated>2025-03-05T00:00:00Z</updated>
    <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Egress <b>fees</b> &amp; more.</p></div></content>
    <category term="Cloud"/>
  </entry>
  <entry>
    <title>Only updated</title>
    <link href="https://reg.test/2"/>
    <updated>2025-03-03T01:02:03.500+00:00</updated>
    <summary>Plain summary</summary>
  </entry>
  <entry><title>No link</title><updated>2025-03-03T00:00:00Z</updated></entry>
</feed>`;
    expect(parseFeed(xml, "Reg", ["Cloud"])).toEqual([
      {
        outlet: "Reg",
        title: "Cloud bill shock",
        url: "https://reg.test/2025/03/04/cloud_bill/",
        publishedAt: new Date("2025-03-04T05:06:07Z"),
        summary: "Egress fees & more.",
        feedCategories: ["Cloud"],
        tags: ["Cloud"],
      },
      {
        outlet: "Reg",
        title: "Only updated",
        url: "https://reg.test/2",
        publishedAt: new Date("2025-03-03T01:02:03.500Z"),
        summary: "Plain summary",
        feedCategories: ["Cloud"],
        tags: [],
      },
    ]);
  });

  it("reads Atom built by the fake's atomFeed and RSS 1.0 (RDF)", () => {
    const atom = atomFeed({
      title: "A",
      link: "https://a.test/",
      entries: [
        { title: "1 < 2 & 3", link: "https://a.test/x", summary: "<p>hi</p>", updated: new Date("2025-03-04T00:00:00Z") },
      ],
    });
    expect(parseFeed(atom, "A", ["AI"]).map(({ title, url, summary }) => ({ title, url, summary }))).toEqual([
      { title: "1 < 2 & 3", url: "https://a.test/x", summary: "hi" },
    ]);
    const rdf = `<?xml version="1.0"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel rdf:about="https://r.test/"><title>R</title><link>https://r.test/</link></channel>
  <item rdf:about="https://r.test/1"><title>RDF item</title><link>https://r.test/1</link><description>Old format</description><dc:date>2025-03-04T05:06:07Z</dc:date></item>
</rdf:RDF>`;
    expect(parseFeed(rdf, "R", ["Software"])).toEqual([
      {
        outlet: "R",
        title: "RDF item",
        url: "https://r.test/1",
        publishedAt: new Date("2025-03-04T05:06:07Z"),
        summary: "Old format",
        feedCategories: ["Software"],
        tags: [],
      },
    ]);
  });

  it("cuts long summaries at a word, near NEWS_SUMMARY_LENGTH characters", () => {
    const words = Array.from({ length: 120 }, (_, index) => `word${index}`);
    const xml = rssFeed({
      title: "L",
      link: "https://l.test/",
      items: [
        {
          title: "Long",
          link: "https://l.test/1",
          description: `<p>${words.join(" ")}</p>`,
          pubDate: new Date("2025-03-04T00:00:00Z"),
        },
      ],
    });
    const [item] = parseFeed(xml, "L", ["AI"]);
    const kept = words.join(" ").slice(0, NEWS_SUMMARY_LENGTH);
    expect(item?.summary).toBe(`${kept.slice(0, kept.lastIndexOf(" "))}…`);
    expect(item?.summary.length).toBeLessThanOrEqual(NEWS_SUMMARY_LENGTH + 1);
  });

  it("refuses documents that are not feeds and never expands entities from a DOCTYPE", () => {
    expect(() => parseFeed("<html><body>Hello</body></html>", "X", ["AI"])).toThrow(
      new FeedParseError("Not an RSS or Atom feed"),
    );
    expect(() => parseFeed("Service unavailable", "X", ["AI"])).toThrow(FeedParseError);
    const external = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<rss version="2.0"><channel><item><title>&secret;</title><link>https://x.test/</link><pubDate>Tue, 04 Mar 2025 05:06:07 GMT</pubDate></item></channel></rss>`;
    expect(() => parseFeed(external, "X", ["AI"])).toThrow(FeedParseError);
    const internal = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
<rss version="2.0"><channel><item><title>&b;</title><link>https://x.test/</link><pubDate>Tue, 04 Mar 2025 05:06:07 GMT</pubDate></item></channel></rss>`;
    expect(parseFeed(internal, "X", ["AI"]).map((item) => item.title)).toEqual(["&b;"]);
  });
});

describe("parseFeedDate", () => {
  it.each([
    ["Tue, 04 Mar 2025 05:06:07 GMT", "2025-03-04T05:06:07.000Z"],
    ["Tue, 4 Mar 2025 05:06:07 -0500", "2025-03-04T10:06:07.000Z"],
    ["04 Mar 25 05:06 EST", "2025-03-04T10:06:00.000Z"],
    ["Tuesday, 04 March 2025 05:06:07 +01:00", "2025-03-04T04:06:07.000Z"],
    ["Tue, 04 Mar 2025 05:06:07 CEST", "2025-03-04T03:06:07.000Z"],
    ["Tue, 04 Mar 2025 05:06:07", "2025-03-04T05:06:07.000Z"],
    ["2025-03-04T05:06:07Z", "2025-03-04T05:06:07.000Z"],
    ["2025-03-04T05:06:07.250+02:00", "2025-03-04T03:06:07.250Z"],
    ["2025-03-04T05:06:07", "2025-03-04T05:06:07.000Z"],
    ["2025-03-04", "2025-03-04T00:00:00.000Z"],
  ])("reads %s", (text, iso) => {
    expect(parseFeedDate(text)?.toISOString()).toBe(iso);
  });

  it.each([
    "",
    "yesterday",
    "2025-02-30T00:00:00Z",
    "Tue, 31 Feb 2025 05:06:07 GMT",
    "Tue, 04 Foo 2025 05:06:07 GMT",
    "1741064767",
  ])("refuses %j", (text) => {
    expect(parseFeedDate(text)).toBeUndefined();
  });
});

const now = new Date("2025-06-10T12:00:00.000Z");
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

function newsItem(title: string, overrides: Partial<NewsItem> = {}): NewsItem {
  return {
    outlet: "Outlet",
    title,
    url: `https://news.test/${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`,
    publishedAt: new Date(now.getTime() - HOUR),
    summary: "",
    feedCategories: ["AI"],
    tags: [],
    ...overrides,
  };
}

const titles = (items: NewsItem[]) => items.map((item) => item.title);

describe("selectRecentNews", () => {
  it("keeps items of the past 7 days, the edge included, and none from the future beyond a small skew", () => {
    const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
    const items = [
      newsItem("Exactly seven days", { publishedAt: at(-7 * DAY) }),
      newsItem("Seven days and a second", { publishedAt: at(-7 * DAY - 1000) }),
      newsItem("Eight days", { publishedAt: at(-8 * DAY) }),
      newsItem("Ten minutes ahead", { publishedAt: at(10 * 60_000) }),
      newsItem("An hour ahead", { publishedAt: at(HOUR) }),
      newsItem("Now", { publishedAt: now }),
    ];
    expect(titles(selectRecentNews(items, { category: "AI", now }))).toEqual(["Ten minutes ahead", "Now", "Exactly seven days"]);
  });

  it("takes every item of a one-category feed, and from wider feeds only items whose words name the category", () => {
    const wide: Category[] = ["AI", "Security", "Cloud"];
    const items = [
      newsItem("Quarterly results beat estimates", { feedCategories: ["Security"] }),
      newsItem("Quarterly results miss estimates", { feedCategories: wide }),
      newsItem("Hospital network breached by attackers", { feedCategories: wide }),
      newsItem("Chrome fixes actively exploited bug", { feedCategories: wide, summary: "Google shipped a patch on Tuesday." }),
      newsItem("Earnings call", { feedCategories: wide, tags: ["Cybersecurity"] }),
      newsItem("New CVE-2025-1234 in routers", { feedCategories: wide }),
      newsItem("Zero-day in VPN appliances", { feedCategories: wide }),
      newsItem("Ransomware hits retailer", { feedCategories: ["AI", "Cloud"] }),
    ];
    expect(titles(selectRecentNews(items, { category: "Security", now }))).toEqual([
      "Quarterly results beat estimates",
      "Hospital network breached by attackers",
      "Chrome fixes actively exploited bug",
      "Earnings call",
      "New CVE-2025-1234 in routers",
      "Zero-day in VPN appliances",
    ]);
    expect(titles(selectRecentNews([newsItem("AI chips sell out", { feedCategories: wide })], { category: "AI", now }))).toEqual([
      "AI chips sell out",
    ]);
  });

  it("needs every significant word of the topic, ignoring case, stop words and simple plurals", () => {
    const items = [
      newsItem("Nvidia ships its fastest chip", { publishedAt: new Date(now.getTime() - 1 * HOUR) }),
      newsItem("NVIDIA earnings", {
        summary: "Demand for its GPUs keeps growing.",
        publishedAt: new Date(now.getTime() - 2 * HOUR),
      }),
      newsItem("Battery makers and Nvidia", { tags: ["Chips"], publishedAt: new Date(now.getTime() - 3 * HOUR) }),
      newsItem("New phone batteries", { summary: "From Nvidia", publishedAt: new Date(now.getTime() - 4 * HOUR) }),
      newsItem("Intel chips", { publishedAt: new Date(now.getTime() - 5 * HOUR) }),
    ];
    expect(topicWords("The latest news about Nvidia's new CHIPS")).toEqual(["nvidia", "chips"]);
    expect(titles(selectRecentNews(items, { category: "AI", topic: "The latest news about Nvidia's new CHIPS", now }))).toEqual([
      "Nvidia ships its fastest chip",
      "Battery makers and Nvidia",
    ]);
    expect(titles(selectRecentNews(items, { category: "AI", topic: "battery nvidia", now }))).toEqual([
      "Battery makers and Nvidia",
      "New phone batteries",
    ]);
    expect(titles(selectRecentNews(items, { category: "AI", topic: "  the latest news ", now }))).toHaveLength(5);
    expect(selectRecentNews(items, { category: "AI", topic: "quantum", now })).toEqual([]);
  });

  it("drops the same page or the same headline told twice, keeping the newest, and lists newest first", () => {
    const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);
    const items = [
      newsItem("OpenAI signs a deal with Oracle for cloud capacity", {
        url: "https://www.a.test/story/?utm_source=rss",
        publishedAt: ago(3),
      }),
      newsItem("OpenAI signs a deal with Oracle for cloud capacity", { url: "https://a.test/story#top", publishedAt: ago(5) }),
      newsItem("OpenAI signs deal with Oracle for more cloud capacity!", {
        outlet: "Other",
        url: "https://b.test/x",
        publishedAt: ago(4),
      }),
      newsItem("Same page, other headline", { url: "https://A.test/story?utm_medium=feed", publishedAt: ago(6) }),
      newsItem("OpenAI signs a deal with Microsoft for chips", { url: "https://c.test/y", publishedAt: ago(1) }),
    ];
    expect(selectRecentNews(items, { category: "AI", now }).map(({ title, url }) => ({ title, url }))).toEqual([
      { title: "OpenAI signs a deal with Microsoft for chips", url: "https://c.test/y" },
      { title: "OpenAI signs a deal with Oracle for cloud capacity", url: "https://www.a.test/story/?utm_source=rss" },
    ]);
  });

  it("caps the list at the limit, 12 by default", () => {
    const items = Array.from({ length: 15 }, (_, index) =>
      newsItem(`Story number ${index}`, { publishedAt: new Date(now.getTime() - (index + 1) * HOUR) }),
    );
    expect(titles(selectRecentNews(items, { category: "AI", now }))).toEqual(titles(items.slice(0, 12)));
    expect(titles(selectRecentNews(items, { category: "AI", now, limit: 3 }))).toEqual([
      "Story number 0",
      "Story number 1",
      "Story number 2",
    ]);
  });
});

describe("formatNewsForPrompt", () => {
  it("numbers the items with outlet, title, date, link and summary", () => {
    const items = [
      newsItem("Anthropic releases Claude 5", {
        outlet: "TechCrunch",
        url: "https://techcrunch.test/claude-5",
        publishedAt: new Date("2025-06-09T23:30:00Z"),
        summary: "The model tops coding benchmarks.",
      }),
      newsItem("No summary here", {
        outlet: "Wired",
        url: "https://wired.test/x",
        publishedAt: new Date("2025-06-08T01:00:00Z"),
      }),
    ];
    expect(formatNewsForPrompt(items)).toBe(
      [
        "[1] TechCrunch — Anthropic releases Claude 5 (2025-06-09)",
        "https://techcrunch.test/claude-5",
        "The model tops coding benchmarks.",
        "",
        "[2] Wired — No summary here (2025-06-08)",
        "https://wired.test/x",
      ].join("\n"),
    );
    expect(formatNewsForPrompt([])).toBe("");
  });
});
