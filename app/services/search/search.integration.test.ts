import { count, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { insertArticles, insertAuthor, publishedOn } from "../../../tests/support/article-factory";
import { resetDatabase, withTestDatabase } from "../../../tests/setup/test-database";
import { articles } from "../../db/schema";
import { HIGHLIGHT_END, HIGHLIGHT_START } from "../../utils/highlight";
import { createRateLimiter } from "../rate-limits/rate-limiter.server";
import {
  createSearchService,
  newestMatchesCall,
  prefixQueryText,
  SEARCH_CANDIDATES,
  SEARCH_COUNT_LIMIT,
  SEARCH_PAGE_SIZE,
} from "./search.server";

const database = withTestDatabase();

const titles = (list: { title: string }[]) => list.map((article) => article.title);
const highlighted = (word: string) => `${HIGHLIGHT_START}${word}${HIGHLIGHT_END}`;
const search = () =>
  createSearchService({ db: database.db, rateLimiter: createRateLimiter({ db: database.db, clock: { now: () => new Date() } }) });

beforeEach(() => resetDatabase(database.db));

describe("search", () => {
  it("ranks a title match above a body-only match, even when the body match is newer", async () => {
    await insertArticles(
      database.db,
      { title: "Quantum processors reach a milestone", publishedAt: publishedOn(1) },
      { title: "Chip makers report earnings", content: "One analyst mentioned quantum research.", publishedAt: publishedOn(9) },
      { title: "Unrelated gadget review", publishedAt: publishedOn(5) },
    );

    const page = await search().search("quantum");

    expect(titles(page.results)).toEqual(["Quantum processors reach a milestone", "Chip makers report earnings"]);
    expect(page).toMatchObject({ query: "quantum", total: 2, page: 1, pageCount: 1 });
  });

  it("orders equally ranked results newest first", async () => {
    await insertArticles(
      database.db,
      { title: "Satellite broadband, part one", publishedAt: publishedOn(3) },
      { title: "Satellite broadband, part three", publishedAt: publishedOn(7) },
      { title: "Satellite broadband, part two", publishedAt: publishedOn(5) },
    );

    const page = await search().search("satellite");

    expect(titles(page.results)).toEqual([
      "Satellite broadband, part three",
      "Satellite broadband, part two",
      "Satellite broadband, part one",
    ]);
  });

  it("matches other forms of a word (stemming) in title, excerpt and body", async () => {
    await insertArticles(
      database.db,
      { title: "Robots are running warehouses" },
      { title: "Logistics news", excerpt: "A robot that runs all night." },
      { title: "Factory floor", content: "The line now runs itself." },
    );

    const page = await search().search("run");

    expect(titles(page.results).sort()).toEqual(["Factory floor", "Logistics news", "Robots are running warehouses"]);
  });

  it("never returns drafts", async () => {
    await insertArticles(
      database.db,
      { title: "Lidar on every phone", publishedAt: publishedOn(2) },
      { title: "Lidar draft", publishedAt: null },
    );

    const page = await search().search("lidar");

    expect(titles(page.results)).toEqual(["Lidar on every phone"]);
    expect(page.total).toBe(1);
  });

  describe("web-search syntax", () => {
    beforeEach(async () => {
      await insertArticles(
        database.db,
        { title: "Phone battery life doubles", publishedAt: publishedOn(3) },
        { title: "Life after the battery recall", publishedAt: publishedOn(2) },
        { title: "Lidar comes to laptops", publishedAt: publishedOn(1) },
      );
    });

    it("finds every article with all the words when they are not quoted", async () => {
      expect(titles((await search().search("battery life")).results)).toEqual([
        "Phone battery life doubles",
        "Life after the battery recall",
      ]);
    });

    it("matches a quoted phrase only where its words stand together in that order", async () => {
      expect(titles((await search().search('"battery life"')).results)).toEqual(["Phone battery life doubles"]);
    });

    it("excludes articles with a word marked by a minus", async () => {
      expect(titles((await search().search("battery -recall")).results)).toEqual(["Phone battery life doubles"]);
    });

    it("finds articles with either word when joined by or", async () => {
      expect(titles((await search().search("recall or lidar")).results)).toEqual([
        "Life after the battery recall",
        "Lidar comes to laptops",
      ]);
    });
  });

  describe("hyphenated words", () => {
    beforeEach(async () => {
      await insertArticles(
        database.db,
        { title: "Entry-level phones get faster chips", publishedAt: publishedOn(4) },
        { title: "An entry level for every budget", publishedAt: publishedOn(3) },
        { title: "Level entry: a new game", publishedAt: publishedOn(2) },
        { title: "State-of-the-art phones, entry-level prices", publishedAt: publishedOn(1) },
        { title: "Covid-19 apps wind down", publishedAt: publishedOn(5) },
      );
    });

    it("finds the hyphenated word only where it is written with its hyphen, on its own or with other words", async () => {
      expect(titles((await search().search("entry-level")).results).sort()).toEqual([
        "Entry-level phones get faster chips",
        "State-of-the-art phones, entry-level prices",
      ]);
      expect(titles((await search().search("entry-level chips")).results)).toEqual(["Entry-level phones get faster chips"]);
      expect(titles((await search().search("state-of-the-art entry-level")).results)).toEqual([
        "State-of-the-art phones, entry-level prices",
      ]);
      expect(titles((await search().search("phones -entry-level")).results)).toEqual([]);
      expect(titles((await search().search("covid-19")).results)).toEqual(["Covid-19 apps wind down"]);
    });

    it("keeps a hyphenated word inside a quoted phrase part of the phrase", async () => {
      expect(titles((await search().search('"entry-level phones"')).results)).toEqual(["Entry-level phones get faster chips"]);
      expect(titles((await search().search('"entry-level prices"')).results)).toEqual([
        "State-of-the-art phones, entry-level prices",
      ]);
      expect(titles((await search().search('"entry-level chips"')).results)).toEqual([]);
    });
  });

  it("highlights the matched words in a snippet that shows words, not markdown", async () => {
    await insertArticles(database.db, {
      title: "Weekly roundup",
      excerpt: "What happened this week.",
      content:
        "## The big picture\n\n**Quantum** networks moved out of the lab, as [the report](https://example.com/report-2025) explains.\n\n> A `quantum` leap, said _one_ engineer.",
    });

    const [result] = (await search().search("quantum")).results;

    expect(result?.snippet).toContain(highlighted("Quantum"));
    expect(result?.snippet).toContain(highlighted("quantum"));
    expect(result?.snippet).toContain("the report");
    expect(result?.snippet).not.toContain("example.com");
    expect(result?.snippet).not.toMatch(/[#*_>`[\]]/);
  });

  it("finds the body passage of a match far into a long body, other forms of the word included", async () => {
    const filler = "Engineers kept the old servers running through the winter. ".repeat(120);
    await insertArticles(database.db, {
      title: "Telescope news",
      content: `${filler}\n\nA new quasar detector was switched on at dawn.\n\n${filler}`,
    });

    const [far] = (await search().search("quasar")).results;
    expect(far?.snippet).toContain(`${highlighted("quasar")} detector was switched on at dawn`);
    const [stemmed] = (await search().search("winters")).results;
    expect(stemmed?.snippet).toContain(highlighted("winter"));
  });

  it("finds the body passage of a name or an acronym written only with capitals far into the body", async () => {
    const filler = "Engineers kept the old servers running through the winter. ".repeat(120);
    await insertArticles(
      database.db,
      { title: "Observatory news", content: `${filler}\n\nThe Harborlight observatory opened its doors.\n\n${filler}` },
      { title: "Chip news", content: `${filler}\n\nEvery new NPU runs the model locally.\n\n${filler}` },
    );

    const [name] = (await search().search("harborlight")).results;
    expect(name?.snippet).toContain(`The ${highlighted("Harborlight")} observatory opened its doors`);
    const [acronym] = (await search().search("npu")).results;
    expect(acronym?.snippet).toContain(`Every new ${highlighted("NPU")} runs the model locally`);
  });

  it("shows the whole excerpt as the snippet when the excerpt matches, a body passage otherwise", async () => {
    await insertArticles(database.db, {
      title: "Chip news",
      excerpt: "A new lidar sensor ships in laptops this spring.",
      content: "The body mentions sensors only in passing.",
    });

    const [result] = (await search().search("lidar")).results;

    expect(result?.snippet).toBe(`A new ${highlighted("lidar")} sensor ships in laptops this spring.`);
    const [bodyOnly] = (await search().search("passing")).results;
    expect(bodyOnly?.snippet).toBe(`… The body mentions sensors only in ${highlighted("passing")} …`);
  });

  it("pages through the results", async () => {
    await insertArticles(
      database.db,
      ...[1, 2, 3, 4, 5].map((day) => ({ title: `Drone delivery update ${day}`, publishedAt: publishedOn(day) })),
    );

    const second = await search().search("drone", 2, 2);

    expect(titles(second.results)).toEqual(["Drone delivery update 3", "Drone delivery update 2"]);
    expect(second).toMatchObject({ total: 5, page: 2, pageCount: 3 });
    expect((await search().search("drone", 4, 2)).results).toEqual([]);
  });

  describe("with more matches than it ranks", () => {
    // 1,001 published articles about one word, one a day, the oldest of them the only one with it in its title.
    beforeEach(async () => {
      const { id: authorId } = await insertAuthor(database.db);
      await database.db.insert(articles).values(
        Array.from({ length: SEARCH_COUNT_LIMIT + 1 }, (_, day) => ({
          title: day === SEARCH_COUNT_LIMIT ? "Graphene, the oldest story" : `Materials news ${day}`,
          excerpt: "A short summary.",
          content: "The lab reported progress with graphene sheets.",
          category: "AI" as const,
          authorId,
          publishedAt: new Date(Date.UTC(2026, 10, 20) - day * 86_400_000),
          status: "published" as const,
        })),
      );
    });

    it("counts exactly up to 1,000 matches, then says there are more", async () => {
      expect(await search().search("graphene")).toMatchObject({ total: SEARCH_COUNT_LIMIT, more: true });
      expect(await search().search("graphene -oldest")).toMatchObject({ total: SEARCH_COUNT_LIMIT, more: false });
    });

    it("counts a single word found in thousands of articles as more than 1,000, from a sample of them", async () => {
      const { id: authorId } = await insertAuthor(database.db, { name: "Ada Sample" });
      await database.db.insert(articles).values(
        Array.from({ length: 5_000 }, (_, day) => ({
          title: `Materials digest ${day}`,
          excerpt: "A short summary.",
          content: "The lab reported progress with graphene inks.",
          category: "AI" as const,
          authorId,
          publishedAt: new Date(Date.UTC(2026, 10, 20) - (SEARCH_COUNT_LIMIT + 1 + day) * 86_400_000),
          status: "published" as const,
        })),
      );

      // New rows wait in the index's pending list, which is read whole; a live index samples from its pages.
      await database.db.execute(sql`select gin_clean_pending_list('articles_search_idx')`);

      expect(await search().search("graphene")).toMatchObject({ total: SEARCH_COUNT_LIMIT, more: true });
      expect(await search().search("graphene inks")).toMatchObject({ total: SEARCH_COUNT_LIMIT, more: true });
      expect(await search().search("graphene sheets")).toMatchObject({ total: SEARCH_COUNT_LIMIT, more: true });
    });

    it("ranks the newest 200 matches, in 10 pages", async () => {
      const first = await search().search("graphene");
      expect(first.pageCount).toBe(SEARCH_CANDIDATES / SEARCH_PAGE_SIZE);
      expect(titles(first.results), "the old title match is beyond the newest 200").not.toContain("Graphene, the oldest story");
      expect((await search().search("graphene", 10)).results).toHaveLength(SEARCH_PAGE_SIZE);
      expect((await search().search("graphene", 11)).results).toEqual([]);
      expect(titles(await search().instantSearch("graphene"))).toEqual([
        "Materials news 0",
        "Materials news 1",
        "Materials news 2",
        "Materials news 3",
        "Materials news 4",
      ]);
    });
  });

  describe("finds the newest 200 of hundreds or thousands of matches wherever they were published", () => {
    const now = new Date(Date.UTC(2026, 10, 20, 12));
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
    const range = (length: number, hoursAt: (index: number) => number) => Array.from({ length }, (_, index) => hoursAt(index));
    // Each case: the publication times of its matching articles and of other articles, in hours before now.
    const cases: [string, number[], number[], number?][] = [
      ["many in the last days", [...range(300, (i) => i * 0.5), ...range(800, (i) => 24 * (800 + i))], []],
      ["one a day for three years", range(1_100, (i) => 24 * i + 3), []],
      [
        "a few lately among many other stories, the rest one a day",
        [...range(60, (i) => i), ...range(1_050, (i) => 24 * (3 + i))],
        range(1_500, (i) => i / 15),
      ],
      ["none among the newest thousand, all years ago", range(1_050, (i) => 24 * (800 + i)), range(1_200, (i) => i / 20)],
      [
        "a few lately, a few in the months before, the rest years ago",
        [...range(150, (i) => i), ...range(20, (i) => 24 * (100 + i * 20)), ...range(900, (i) => 24 * (800 + i))],
        range(1_100, (i) => i / 7.5 + 0.01),
      ],
      // Fewer every week further back: each period reads only the weeks before the last one (migration 0018).
      [
        "many in the last hours, one in 12 hours for months before, the rest years ago",
        [...range(100, (i) => i * 0.2), ...range(200, (i) => 20 + i * 12), ...range(900, (i) => 24 * (800 + i))],
        range(300, (i) => i / 15),
      ],
      // Fewer than the limit, spread among other stories: found by periods, then counted exactly.
      ["600 of them, one in six stories for months", range(600, (i) => 4 * i + 1), range(3_000, (i) => 0.8 * i), 600],
      // The period that holds the newest 200 holds fewer than the limit: the rest are counted apart.
      [
        "250 lately among other stories, 600 years ago",
        [...range(250, (i) => i + 0.5), ...range(600, (i) => 24 * (800 + i))],
        range(4_000, (i) => i * 0.35),
        850,
      ],
    ];

    it.each(cases)("%s", async (_name, hours, otherHours, exactly?: number) => {
      const { id: authorId } = await insertAuthor(database.db);
      const story = (title: string, content: string, hour: number) => ({
        title,
        excerpt: "A short summary.",
        content,
        category: "AI" as const,
        authorId,
        publishedAt: hoursAgo(hour),
        status: "published" as const,
      });
      const stories = [
        ...hours.map((hour, index) => story(`Story ${index}`, "The lab reported progress with graphene sheets.", hour)),
        ...otherHours.map((hour, index) => story(`Other ${index}`, "The lab reported progress with silicon.", hour)),
      ];
      // Inserted in a shuffled order, so the table's own order says nothing about the dates.
      await database.db.insert(articles).values(stories.map((_, index) => stories[(index * 7_919) % stories.length]!));
      // One draft and one scheduled story, newer than all: never counted.
      await insertArticles(
        database.db,
        { title: "Graphene draft", publishedAt: null },
        { title: "Graphene tomorrow", publishedAt: hoursAgo(-24) },
      );
      const service = createSearchService({
        db: database.db,
        rateLimiter: createRateLimiter({ db: database.db, clock: { now: () => now } }),
        clock: { now: () => now },
      });
      const newest = hours
        .map((hour, index) => ({ hour, title: `Story ${index}` }))
        .sort((a, b) => a.hour - b.hour)
        .map((story) => story.title);

      const first = await service.search("graphene");
      expect(first).toMatchObject({
        total: exactly ?? SEARCH_COUNT_LIMIT,
        more: exactly === undefined,
        pageCount: SEARCH_CANDIDATES / SEARCH_PAGE_SIZE,
      });
      expect(titles(first.results)).toEqual(newest.slice(0, SEARCH_PAGE_SIZE));
      expect(titles((await service.search("graphene", 10)).results)).toEqual(newest.slice(180, 200));
      expect(titles(await service.instantSearch("graphen"))).toEqual(newest.slice(0, 5));

      // As you type, the walk down the date index at any share (a walk costing nothing) finds the same newest 200,
      // with one word and with the prefix of several (migration 0019); it needs the table's estimated rows.
      await database.db.execute(sql`analyze articles`);
      const { rows: everyStory } = await database.db.execute<{ id: number; title: string }>(sql`select id, title from articles`);
      const titleOf = new Map(everyStory.map((row) => [Number(row.id), row.title]));
      for (const typed of ["graphen", "lab graphen"]) {
        const prefixText = prefixQueryText(typed)!;
        const { rows } = await database.db.execute<{ ids: number[] }>(
          newestMatchesCall(
            {
              stemmed: sql`to_tsquery('english', ${prefixText})`,
              words: sql`to_tsquery('simple', ${prefixText})`,
              prefix: typed.includes(" ") ? "'graphen':*" : null,
              counted: false,
              walkCostRatio: 0,
            },
            now,
          ),
        );
        expect(rows[0]!.ids.map((id) => titleOf.get(Number(id)))).toEqual(newest.slice(0, SEARCH_CANDIDATES));
      }
    });
  });

  it("returns nothing for a blank query", async () => {
    await insertArticles(database.db, { title: "Anything at all" });

    expect(await search().search("   ")).toEqual({ query: "", results: [], total: 0, more: false, page: 1, pageCount: 1 });
  });

  it("returns no results, and no error, for a query of only stop words", async () => {
    await insertArticles(database.db, { title: "The state of the cloud" });

    const page = await search().search("the");

    expect(page.results).toEqual([]);
    expect(page.total).toBe(0);
  });

  it.each(['"unbalanced', "-", "!!!", "a & b | (c", "'); drop table articles; --", "cloud:*", "\\", "<script>alert(1)</script>"])(
    "never fails on odd input such as %j and leaves the articles intact",
    async (query) => {
      await insertArticles(database.db, { title: "Cloud costs keep falling" }, { title: "A table of articles to drop" });

      await expect(search().search(query)).resolves.toMatchObject({ page: 1 });

      const [{ total } = { total: 0 }] = await database.db.select({ total: count() }).from(articles);
      expect(total).toBe(2);
      expect(titles((await search().search("cloud")).results)).toEqual(["Cloud costs keep falling"]);
    },
  );

  it("finds articles matching the words of a query that has odd punctuation", async () => {
    await insertArticles(database.db, { title: "Cloud costs keep falling" }, { title: "Security patch released" });

    expect(titles((await search().search('"cloud')).results)).toEqual(["Cloud costs keep falling"]);
    expect(titles((await search().search("cloud!!!")).results)).toEqual(["Cloud costs keep falling"]);
  });
});

describe("instantSearch", () => {
  it("matches what the reader is still typing as a word prefix", async () => {
    await insertArticles(
      database.db,
      { title: "Quantum networking explained" },
      { title: "Running models on a phone" },
      { title: "Battery news" },
    );

    expect(titles(await search().instantSearch("quan"))).toEqual(["Quantum networking explained"]);
    expect(titles(await search().instantSearch("runn"))).toEqual(["Running models on a phone"]);
    expect(titles(await search().instantSearch("  QUANTUM netw "))).toEqual(["Quantum networking explained"]);
  });

  it("requires every typed word to match", async () => {
    await insertArticles(database.db, { title: "Quantum networking explained" }, { title: "Quantum sensors for cars" });

    expect(titles(await search().instantSearch("quantum sens"))).toEqual(["Quantum sensors for cars"]);
  });

  it("takes the words before the last as the reader finished them: whole words, stemmed", async () => {
    await insertArticles(database.db, { title: "Quantum networking explained" }, { title: "Sensors for quantum cars" });

    // "sensor" is finished (a space follows), so it matches "Sensors" through its stem, not "sensorial" by prefix.
    expect(titles(await search().instantSearch("sensor qua"))).toEqual(["Sensors for quantum cars"]);
    // A word left half-typed before the last one is not a prefix any more.
    expect(await search().instantSearch("quan netw")).toEqual([]);
  });

  it("gives nothing for fewer than 2 trimmed characters", async () => {
    await insertArticles(database.db, { title: "Quantum networking explained" });

    expect(await search().instantSearch("q")).toEqual([]);
    expect(await search().instantSearch("  q  ")).toEqual([]);
    expect(await search().instantSearch("")).toEqual([]);
    expect(titles(await search().instantSearch("qu"))).toEqual(["Quantum networking explained"]);
  });

  it("shows at most 5 results, never drafts", async () => {
    await insertArticles(
      database.db,
      { title: "Robotics draft", publishedAt: null },
      ...[1, 2, 3, 4, 5, 6, 7].map((day) => ({ title: `Robotics weekly ${day}`, publishedAt: publishedOn(day) })),
    );

    const results = await search().instantSearch("robot");

    expect(results).toHaveLength(5);
    expect(titles(results)).not.toContain("Robotics draft");
    expect(titles(results)).toEqual([
      "Robotics weekly 7",
      "Robotics weekly 6",
      "Robotics weekly 5",
      "Robotics weekly 4",
      "Robotics weekly 3",
    ]);
  });

  it.each(["!!!", "'); drop table articles; --", ":*", "a & b | (c", "&&"])(
    "never fails on odd input such as %j",
    async (query) => {
      await insertArticles(database.db, { title: "Cloud costs keep falling" });

      await expect(search().instantSearch(query)).resolves.toBeInstanceOf(Array);
      expect(titles(await search().instantSearch("clo"))).toEqual(["Cloud costs keep falling"]);
    },
  );
});

describe("prefixQueryText", () => {
  it("turns the words into lower-cased terms joined by and, the last one a prefix", () => {
    expect(prefixQueryText("Quantum Chi")).toBe("'quantum' & 'chi':*");
    expect(prefixQueryText("Chi")).toBe("'chi':*");
  });

  it("keeps only letters and digits, so query syntax cannot get through", () => {
    expect(prefixQueryText("it's 5G! (fast) & | :*")).toBe("'it' & 's' & '5g' & 'fast':*");
    expect(prefixQueryText("café über")).toBe("'café' & 'über':*");
  });

  it("is null when no word is left", () => {
    expect(prefixQueryText("")).toBeNull();
    expect(prefixQueryText("!!! -- &")).toBeNull();
  });

  it("uses at most the first 8 words", () => {
    expect(prefixQueryText("a b c d e f g h i j")).toBe("'a' & 'b' & 'c' & 'd' & 'e' & 'f' & 'g' & 'h':*");
  });
});
