import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { insertArticles, publishedOn } from "../../tests/support/article-factory";
import { manualClock } from "../../tests/support/manual-clock";
import { openSecondHandle, resetDatabase, testDriver, withTestDatabase } from "../../tests/setup/test-database";
import { createTestLogger } from "../../tests/setup/test-logger";
import type { DatabaseHandle } from "../db/client.server";
import { articles } from "../db/schema";
import { ArticleInput } from "../validation/article";
import { createArticleService } from "./articles/articles.server";
import { createEditorialService } from "./articles/editorial.server";
import { createContentChanges, type ContentChanges } from "./content-changes.server";
import { createReaderMemo, READER_MEMO_TTL_MS } from "./reader-memo.server";
import { createRateLimiter } from "./rate-limits/rate-limiter.server";
import { createSearchService } from "./search/search.server";

const database = withTestDatabase();
const started: ContentChanges[] = [];
const opened: DatabaseHandle[] = [];

beforeEach(() => resetDatabase(database.db));
afterEach(async () => {
  await Promise.all(started.splice(0).map((changes) => changes.stop()));
  await Promise.all(opened.splice(0).map((handle) => handle.close()));
});

/** One instance's reader services, wired as createServices wires them: a memo cleared by every announced change. */
async function instance(handle: DatabaseHandle, clock = manualClock("2025-04-01T09:00:00.000Z")) {
  const contentChanges = createContentChanges({ database: handle, logger: createTestLogger().logger });
  const memo = createReaderMemo({ clock });
  contentChanges.onChange(memo.clear);
  await contentChanges.start();
  started.push(contentChanges);
  const { db } = handle;
  return {
    clock,
    articles: createArticleService({ db, clock, memo }),
    search: createSearchService({ db, clock, memo, rateLimiter: createRateLimiter({ db, clock }) }),
    editorial: createEditorialService({ db, clock, onPublicChange: contentChanges.announce }),
  };
}

function edited(title: string): ArticleInput {
  return ArticleInput.parse({
    title,
    excerpt: "Three foundries promise the next node within a year.",
    content: "## The race\n\nFoundries are spending billions.",
    category: "Gadgets",
    readTime: "6",
    sources: "The Verge",
    image: "/images/stock/ai-technology.svg",
  });
}

describe("reader reads remembered per content version", () => {
  it("answers from memory until a change is announced, then reads the change", async () => {
    const [story] = await insertArticles(database.db, { title: "Chip makers race to 2 nm", publishedAt: publishedOn(3) });
    const reader = await instance(database.handle);
    expect((await reader.articles.findPublished(story!.id))?.title).toBe("Chip makers race to 2 nm");
    expect((await reader.search.search("foundries chip")).total).toBe(0);

    // Behind the services' back: not announced, so still the remembered version.
    await database.db.execute(sql`update ${articles} set title = 'Changed by hand' where id = ${story!.id}`);
    expect((await reader.articles.findPublished(story!.id))?.title).toBe("Chip makers race to 2 nm");
    expect((await reader.articles.listHeadlines()).map((headline) => headline.title)).toEqual(["Changed by hand"]);

    // An editor's save announces the change: every remembered read is read again.
    expect(await reader.editorial.update(story!.id, edited("Foundries race to 2 nm chips"))).toBe("done");
    expect((await reader.articles.findPublished(story!.id))?.title).toBe("Foundries race to 2 nm chips");
    expect((await reader.articles.listHeadlines()).map((headline) => headline.title)).toEqual(["Foundries race to 2 nm chips"]);
    expect((await reader.search.search("foundries chip")).results.map((result) => result.title)).toEqual([
      "Foundries race to 2 nm chips",
    ]);
  });

  it("reads again once READER_MEMO_TTL_MS has passed without an announcement", async () => {
    const [story] = await insertArticles(database.db, { title: "Before", publishedAt: publishedOn(3) });
    const reader = await instance(database.handle);
    expect((await reader.articles.homePage()).latest.map((article) => article.title)).toEqual(["Before"]);
    await database.db.execute(sql`update ${articles} set title = 'After' where id = ${story!.id}`);
    reader.clock.advance(READER_MEMO_TTL_MS - 1);
    expect((await reader.articles.homePage()).latest.map((article) => article.title)).toEqual(["Before"]);
    reader.clock.advance(1);
    expect((await reader.articles.homePage()).latest.map((article) => article.title)).toEqual(["After"]);
  });

  it("drops an unpublished article from another instance's pages when that instance hears the change", async () => {
    const [story] = await insertArticles(database.db, { title: "Soon withdrawn", publishedAt: publishedOn(3) });
    const second = testDriver() === "postgres" ? await openSecondHandle(database.handle) : database.handle;
    if (second !== database.handle) opened.push(second);
    const editor = await instance(database.handle);
    const otherReader = await instance(second);
    expect((await otherReader.articles.findPublished(story!.id))?.title).toBe("Soon withdrawn");

    expect(await editor.editorial.transition(story!.id, "unpublish", { by: null })).toBe("done");
    await vi.waitFor(async () => expect(await otherReader.articles.findPublished(story!.id)).toBeNull(), {
      timeout: 5_000,
    });
  });
});
