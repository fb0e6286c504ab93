import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Category } from "../../app/domain/sections";
import { atomFeed, escapeXml, rssFeed, startFeedServer, type FeedServer } from "../fakes/feed-server";

/*
 * Trusted-outlet feeds for tests that generate articles: a feed server on a real socket with RSS
 * and Atom feeds dated relative to `now`, and a NEWS_FEEDS_FILE naming the spec's 15 outlets
 * (9 on show) whose feeds all live on that server. Hand `feedsFile` to a started server as
 * NEWS_FEEDS_FILE.
 *
 * Within the past 7 days there is news about AI, Security, Startups and Mobile; Cloud, Gadgets
 * and Software have only older items, so they answer NO_RECENT_NEWS_FOUND.
 */

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** One news item served by the fixtures. */
export interface NewsFixtureItem {
  outlet: string;
  title: string;
  /** The article page on the feed server (it answers with a small HTML page). */
  url: string;
  summary: string;
  publishedAt: Date;
  /** The categories a generation finds this item in (empty when it is about none of the seven). */
  categories: Category[];
  /** Published within the past 7 days of `now`. */
  recent: boolean;
  /** The feed's path on the server, e.g. `/techcrunch/ai.rss`. */
  feedPath: string;
}

export interface NewsFixtures {
  /** The temporary NEWS_FEEDS_FILE. */
  feedsFile: string;
  server: FeedServer;
  items: NewsFixtureItem[];
  /** Stops the server and removes the temporary file. */
  close(): Promise<void>;
}

interface FixtureFeed {
  path: string;
  format: "rss" | "atom";
  /** Left out of the feeds file when the feed covers all seven categories. */
  categories?: Category[];
  items: { slug: string; title: string; summary: string; ageMs: number; categories: Category[] }[];
}

interface FixtureOutlet {
  outlet: string;
  homepage: string;
  showcase: boolean;
  feeds: FixtureFeed[];
}

const OUTLETS: readonly FixtureOutlet[] = [
  {
    outlet: "TechCrunch",
    homepage: "https://techcrunch.com/",
    showcase: true,
    feeds: [
      {
        path: "/techcrunch/ai.rss",
        format: "rss",
        categories: ["AI"],
        items: [
          {
            slug: "openai-gpt-5-mini-api",
            title: "OpenAI opens GPT-5 mini to developers with lower API prices",
            summary:
              "OpenAI said its smaller GPT-5 mini model is now available through its API at about a fifth of the price of the full model, aimed at developers building customer-support agents.",
            ageMs: 3 * HOUR_MS,
            categories: ["AI"],
          },
          {
            slug: "nvidia-rubin-data-center-chips",
            title: "Nvidia details Rubin chips for next year's AI data centers",
            summary:
              "Nvidia chief executive Jensen Huang said the Rubin platform will pair new GPUs with the Vera CPU, promising three times the training performance of Blackwell systems.",
            ageMs: 2 * DAY_MS + 5 * HOUR_MS,
            categories: ["AI"],
          },
          {
            slug: "meta-reorganizes-ai-lab",
            title: "Meta reorganizes its AI research lab for the fourth time this year",
            summary:
              "Meta is splitting its superintelligence group into four teams covering research, products, infrastructure and models.",
            ageMs: 10 * DAY_MS,
            categories: ["AI"],
          },
        ],
      },
      {
        path: "/techcrunch/startups.rss",
        format: "rss",
        categories: ["Startups"],
        items: [
          {
            slug: "mistral-series-c",
            title: "Mistral AI raises €1.7 billion led by chipmaker ASML",
            summary:
              "The Paris-based model maker's new round values it at €11.7 billion, making it one of Europe's most valuable technology companies.",
            ageMs: 6 * HOUR_MS,
            categories: ["Startups"],
          },
          {
            slug: "ramp-valuation",
            title: "Fintech startup Ramp reaches a $22.5 billion valuation",
            summary: "Ramp, which sells corporate cards and expense software, doubled its valuation in less than four months.",
            ageMs: 2 * DAY_MS,
            categories: ["Startups"],
          },
          {
            slug: "yc-summer-batch",
            title: "Y Combinator's summer batch leans heavily into AI agents",
            summary: "More than half of the companies presenting at demo day build agents for sales, coding or customer support.",
            ageMs: 8 * DAY_MS,
            categories: ["Startups"],
          },
        ],
      },
    ],
  },
  {
    outlet: "The Verge",
    homepage: "https://www.theverge.com/tech",
    showcase: true,
    feeds: [
      {
        path: "/the-verge/index.atom",
        format: "atom",
        items: [
          {
            slug: "galaxy-z-fold-7",
            title: "Samsung unveils the Galaxy Z Fold 7, its thinnest foldable phone yet",
            summary: "The Galaxy Z Fold 7 is 8.9mm thick when folded and goes on sale in July for $1,999.",
            ageMs: 2 * DAY_MS + 3 * HOUR_MS,
            categories: ["Mobile"],
          },
          {
            slug: "artemis-ii-rehearsal",
            title: "NASA's Artemis II crew completes a full launch-day rehearsal",
            summary: "The four astronauts suited up and boarded the Orion capsule at Kennedy Space Center.",
            ageMs: DAY_MS,
            categories: [],
          },
        ],
      },
    ],
  },
  {
    outlet: "Wired",
    homepage: "https://www.wired.com/",
    showcase: true,
    feeds: [
      {
        path: "/wired/security.rss",
        format: "rss",
        categories: ["Security"],
        items: [
          {
            slug: "citrix-netscaler-zero-day",
            title: "Hackers exploit a zero-day in Citrix NetScaler appliances",
            summary:
              "Citrix urged customers to update NetScaler ADC and Gateway devices after attackers used the flaw to steal session tokens from at least 100 organizations.",
            ageMs: 5 * HOUR_MS,
            categories: ["Security"],
          },
          {
            slug: "dealership-ransomware",
            title: "Ransomware gang claims attack on car dealership software maker CDK",
            summary: "The attack took dealership systems offline across North America for nearly two weeks.",
            ageMs: 12 * DAY_MS,
            categories: ["Security"],
          },
        ],
      },
    ],
  },
  {
    outlet: "Ars Technica",
    homepage: "https://arstechnica.com/",
    showcase: true,
    feeds: [
      {
        path: "/ars-technica/index.rss",
        format: "rss",
        items: [
          {
            slug: "aws-outage-us-east-1",
            title: "AWS outage in US-East-1 takes down Slack, Zoom and Fortnite for hours",
            summary: "Amazon Web Services blamed a DNS fault in its DynamoDB service for the cloud outage.",
            ageMs: 10 * DAY_MS,
            categories: ["Cloud"],
          },
        ],
      },
    ],
  },
  {
    outlet: "MIT Technology Review",
    homepage: "https://www.technologyreview.com/",
    showcase: true,
    feeds: [
      {
        path: "/mit-technology-review/ai.atom",
        format: "atom",
        categories: ["AI"],
        items: [
          {
            slug: "deepmind-gemini-geometry",
            title: "Google DeepMind's Gemini model solves olympiad-level geometry problems",
            summary:
              "DeepMind researchers say a version of Gemini solved 25 of 30 International Mathematical Olympiad geometry problems within the time limit.",
            ageMs: 4 * DAY_MS,
            categories: ["AI"],
          },
          {
            slug: "ai-agents-web-tasks",
            title: "Why AI agents still struggle with simple web tasks",
            summary: "Benchmarks from Carnegie Mellon show agents finish fewer than a third of routine office tasks.",
            ageMs: 9 * DAY_MS,
            categories: ["AI"],
          },
        ],
      },
    ],
  },
  { outlet: "BBC News", homepage: "https://www.bbc.com/news/technology", showcase: true, feeds: [] },
  { outlet: "The Guardian", homepage: "https://www.theguardian.com/uk/technology", showcase: true, feeds: [] },
  { outlet: "The New York Times", homepage: "https://www.nytimes.com/section/technology", showcase: true, feeds: [] },
  {
    outlet: "Bloomberg",
    homepage: "https://www.bloomberg.com/technology",
    showcase: true,
    feeds: [
      {
        path: "/bloomberg/technology.rss",
        format: "rss",
        items: [
          {
            slug: "databricks-funding",
            title: "Databricks raises $1 billion as investors bet on enterprise AI",
            summary:
              "The data analytics company said the round values it at more than $100 billion and that it plans to buy more AI startups.",
            ageMs: 3 * DAY_MS,
            categories: ["AI", "Startups"],
          },
        ],
      },
    ],
  },
  { outlet: "Engadget", homepage: "https://www.engadget.com/", showcase: false, feeds: [] },
  { outlet: "VentureBeat", homepage: "https://venturebeat.com/", showcase: false, feeds: [] },
  { outlet: "ZDNET", homepage: "https://www.zdnet.com/", showcase: false, feeds: [] },
  {
    outlet: "The Register",
    homepage: "https://www.theregister.com/",
    showcase: false,
    feeds: [
      {
        path: "/the-register/security.atom",
        format: "atom",
        categories: ["Security"],
        items: [
          {
            slug: "cisco-firewall-flaw",
            title: "Cisco warns of a critical flaw in its Secure Firewall software",
            summary: "The bug, rated 10 out of 10, lets an unauthenticated attacker run commands on the management centre.",
            ageMs: 6 * DAY_MS,
            categories: ["Security"],
          },
        ],
      },
    ],
  },
  {
    outlet: "BleepingComputer",
    homepage: "https://www.bleepingcomputer.com/",
    showcase: false,
    feeds: [
      {
        path: "/bleepingcomputer/feed.rss",
        format: "rss",
        categories: ["Security"],
        items: [
          {
            slug: "windows-zero-day-ransomware",
            title: "Microsoft patches Windows zero-day exploited in ransomware attacks",
            summary:
              "Microsoft fixed a privilege-escalation flaw in the Windows Common Log File System driver that the Play ransomware gang had used since March.",
            ageMs: DAY_MS,
            categories: ["Security"],
          },
          {
            slug: "crowdstrike-infostealer",
            title: "CrowdStrike finds a new infostealer spread through fake browser updates",
            summary: "The malware steals saved passwords and crypto wallets and is sold to other criminals for $500 a month.",
            ageMs: 3 * DAY_MS + 2 * HOUR_MS,
            categories: ["Security"],
          },
        ],
      },
    ],
  },
  {
    outlet: "9to5Mac",
    homepage: "https://9to5mac.com/",
    showcase: false,
    feeds: [
      {
        path: "/9to5mac/feed.rss",
        format: "rss",
        categories: ["Mobile"],
        items: [
          {
            slug: "ios-18-4-apple-intelligence",
            title: "Apple ships iOS 18.4 with Apple Intelligence in eight more languages",
            summary:
              "The iPhone update adds priority notifications and brings Apple Intelligence to French, German, Japanese and Korean.",
            ageMs: DAY_MS + 4 * HOUR_MS,
            categories: ["Mobile"],
          },
          {
            slug: "iphone-17-pro-india",
            title: "iPhone 17 Pro production ramps up at Foxconn plants in India",
            summary:
              "Foxconn is adding 20,000 workers near Chennai as Apple moves more of its US-bound iPhone output out of China.",
            ageMs: 4 * DAY_MS + 6 * HOUR_MS,
            categories: ["Mobile"],
          },
          {
            slug: "pixel-9a-review",
            title: "Google Pixel 9a review: the best phone for $499",
            summary: "Google's cheapest Pixel keeps the flagship's Tensor G4 chip and seven years of updates.",
            ageMs: 15 * DAY_MS,
            categories: ["Mobile"],
          },
        ],
      },
    ],
  },
];

function slugOf(outlet: string): string {
  return outlet
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** Starts the feed server with the fixture feeds and writes the NEWS_FEEDS_FILE for it. */
export async function startNewsFixtures({ now }: { now: Date }): Promise<NewsFixtures> {
  const server = await startFeedServer();
  const items: NewsFixtureItem[] = [];
  const outlets = OUTLETS.map((outlet) => {
    // Outlets without news still have a feed, an empty one, so that every outlet is read and none fails.
    const feeds: FixtureFeed[] = outlet.feeds.length
      ? outlet.feeds
      : [{ path: `/${slugOf(outlet.outlet)}/feed.rss`, format: "rss", items: [] }];
    for (const feed of feeds) {
      const feedItems = feed.items.map((item) => ({
        outlet: outlet.outlet,
        title: item.title,
        url: `${server.url}/articles/${item.slug}`,
        summary: item.summary,
        publishedAt: new Date(now.getTime() - item.ageMs),
        categories: item.categories,
        recent: item.ageMs <= 7 * DAY_MS,
        feedPath: feed.path,
      }));
      items.push(...feedItems);
      for (const item of feedItems) {
        server.set(new URL(item.url).pathname, {
          body: `<!doctype html><title>${escapeXml(item.title)}</title><h1>${escapeXml(item.title)}</h1><p>${escapeXml(item.summary)}</p>`,
          contentType: "text/html; charset=utf-8",
        });
      }
      const homepage = `${server.url}/${slugOf(outlet.outlet)}/`;
      const body =
        feed.format === "rss"
          ? rssFeed({
              title: outlet.outlet,
              link: homepage,
              items: feedItems.map((item) => ({
                title: item.title,
                link: item.url,
                description: item.summary,
                pubDate: item.publishedAt,
              })),
            })
          : atomFeed({
              title: outlet.outlet,
              link: homepage,
              entries: feedItems.map((item) => ({
                title: item.title,
                link: item.url,
                summary: item.summary,
                updated: item.publishedAt,
              })),
            });
      server.set(feed.path, { body });
    }
    return {
      outlet: outlet.outlet,
      homepage: outlet.homepage,
      showcase: outlet.showcase,
      // The fake feed server listens on loopback, which feeds reach only when the file allows it.
      allowPrivateAddresses: true,
      feeds: feeds.map((feed) => ({
        url: `${server.url}${feed.path}`,
        ...(feed.categories ? { categories: feed.categories } : {}),
      })),
    };
  });

  const directory = await mkdtemp(path.join(tmpdir(), "byline-news-"));
  const feedsFile = path.join(directory, "news-feeds.json");
  await writeFile(feedsFile, `${JSON.stringify(outlets, null, 2)}\n`);

  return {
    feedsFile,
    server,
    items: items.sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime()),
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
