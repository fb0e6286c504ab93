import { describe, expect, it } from "vitest";
import { atomFeed, rssFeed } from "../../../../tests/fakes/feed-server";
import { FeedParseError, NEWS_SUMMARY_LENGTH, parseFeed, parseFeedDate } from "./feed-parser.server";

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
