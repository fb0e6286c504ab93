import { inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertArticles, publishedOn } from "../../tests/support/article-factory";
import { testDriver, withTestDatabase } from "../../tests/setup/test-database";
import { createTestLogger } from "../../tests/setup/test-logger";
import { articles } from "../db/schema";
import { createDatabaseUpkeep } from "./database-upkeep.server";

const database = withTestDatabase();

/** The planner's estimate of the articles' rows, and how many there are. */
async function articleRows(): Promise<{ estimated: number; counted: number }> {
  const { rows } = await database.db.execute<{ estimated: number; counted: string }>(
    sql`select (select reltuples from pg_class where relname = 'articles') as estimated, (select count(*) from articles) as counted`,
  );
  return { estimated: Number(rows[0]!.estimated), counted: Number(rows[0]!.counted) };
}

/** Cleans a full-text index's pending list now and says how many pages it held. */
async function pagesLeftPending(index: string): Promise<number> {
  const { rows } = await database.db.execute<{ pages: string }>(sql`select gin_clean_pending_list(${index}::regclass) as pages`);
  return Number(rows[0]!.pages);
}

/** What a round did to each table, without its timings. */
const worked = (tables: { table: string; work: string }[]) => tables.map(({ table, work }) => ({ table, work }));

function stories(count: number, from: string) {
  return Array.from({ length: count }, (_, index) => ({
    title: `${from} story ${index}`,
    content: `Reporting on ${from} number ${index}, with words the full-text indexes keep.`,
    publishedAt: publishedOn(1 + (index % 28)),
  }));
}

describe("the database's upkeep", () => {
  it("merges the search indexes' pending lists, which every search would read through, and says how many pages", async () => {
    const { logger, entries } = createTestLogger();
    const upkeep = createDatabaseUpkeep({ database: database.handle, logger });
    await upkeep.round();

    // Fewer than 50 rows: PostgreSQL's autovacuum leaves them for the round to find.
    await insertArticles(database.db, ...stories(30, "Lantern"));
    const { pendingPages } = await upkeep.round();

    expect(Object.keys(pendingPages)).toEqual([
      "articles_excerpt_trgm_idx",
      "articles_excerpt_words_trgm_idx",
      "articles_search_idx",
      "articles_search_words_idx",
      "articles_title_trgm_idx",
      "articles_title_words_trgm_idx",
    ]);
    expect(Object.values(pendingPages).every((pages) => pages > 0)).toBe(true);
    expect(await pagesLeftPending("articles_search_idx"), "left pending after the round").toBe(0);
    expect(entries.filter((entry) => entry.msg === "merged the search indexes' pending lists")).toEqual([
      expect.objectContaining({ pendingPages }),
    ]);
    expect((await upkeep.round()).pendingPages, "nothing new since").toEqual({});
  });
});

// Vacuum and analysis only run on the embedded database (PostgreSQL has autovacuum), and there one backend's
// statistics are current after the round's flush; a PostgreSQL pool's other connections report theirs up to ten
// seconds later.
describe.runIf(testDriver() === "pglite")("the embedded database's upkeep", () => {
  it("analyses a table once 50 + 10% of its rows changed, once, and leaves the tables that did not change", async () => {
    const { logger, entries } = createTestLogger();
    const upkeep = createDatabaseUpkeep({ database: database.handle, logger });
    await upkeep.round();
    const before = await articleRows();

    await insertArticles(database.db, ...stories(Math.ceil(50 + 0.1 * Math.max(before.estimated, 0)) + 1, "Harbour"));
    expect((await articleRows()).estimated, "the planner's estimate before").toBe(before.estimated);
    const { tables } = await upkeep.round();

    expect(worked(tables)).toEqual([{ table: "articles", work: "analyze" }]);
    const after = await articleRows();
    expect(after.estimated).toBe(after.counted);
    expect(entries.filter((entry) => entry.msg === "vacuumed and analysed the embedded database")).toHaveLength(1);
    expect((await upkeep.round()).tables, "nothing changed since").toEqual([]);
  });

  it("vacuums a table once 1,000 + 20% new rows arrived, or 50 + 20% of its rows died", async () => {
    const upkeep = createDatabaseUpkeep({ database: database.handle });
    await upkeep.round();
    const before = await articleRows();

    const added = await insertArticles(
      database.db,
      ...stories(Math.ceil(1_000 + 0.2 * Math.max(before.estimated, 0)) + 1, "Signal"),
    );
    expect(worked((await upkeep.round()).tables)).toEqual([{ table: "articles", work: "vacuum analyze" }]);
    const after = await articleRows();
    expect(after.estimated).toBe(after.counted);

    const dying = added.slice(0, Math.ceil(50 + 0.2 * after.estimated) + 1).map((article) => article.id);
    await database.db.delete(articles).where(inArray(articles.id, dying));
    expect(worked((await upkeep.round()).tables)).toEqual([{ table: "articles", work: "vacuum analyze" }]);
    const { rows } = await database.db.execute<{ dead: string }>(
      sql`select n_dead_tup as dead from pg_stat_user_tables where relname = 'articles'`,
    );
    expect(Number(rows[0]!.dead)).toBe(0);
  });
});
