import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { CATEGORIES } from "../../../domain/sections";
import { loadConfig } from "../../env.server";
import { specSection } from "./news-selection.server";
import { feedCovers, loadNewsOutlets, NewsFeedsFileError, unknownFeedSections } from "./outlets.server";

const projectRoot = fileURLToPath(new URL("../../../../", import.meta.url));
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
