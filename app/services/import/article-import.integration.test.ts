import { count, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDatabase, withTestDatabase } from "../../../tests/setup/test-database";
import { admins, articles, authors } from "../../db/schema";
import { importArticles, importFailureReason, parseImportFile } from "./article-import.server";

const database = withTestDatabase();
const now = new Date("2026-11-21T12:00:00Z");

const good = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  excerpt: `${title}: the excerpt.`,
  content: "## **Heading**\n\nBody text.",
  category: "AI",
  ...extra,
});

async function articleCount() {
  const [row] = await database.db.select({ value: count() }).from(articles);
  return row?.value ?? 0;
}

describe("importArticles", () => {
  beforeEach(() => resetDatabase(database.db));

  it("imports the good rows of a JSON array and reports the bad one by number and reason", async () => {
    const file = JSON.stringify([
      good("First story", { published_at: "2025-03-05T09:30:00Z", author: "Ada Lovelace", is_featured: true, read_time: 7 }),
      { title: "Broken", excerpt: "x", content: "y", category: "Robots" },
      good("Third story", { category: "security", sources: "The Circuit Ledger" }),
    ]);
    const result = await importArticles({ db: database.db, now }, parseImportFile(file));

    expect(result.imported).toBe(2);
    expect(result.errors).toEqual([
      { row: 2, reason: 'category must be one of AI, Mobile, Startups, Cloud, Gadgets, Software, Security (got "Robots")' },
    ]);
    const rows = await database.db
      .select({
        title: articles.title,
        category: articles.category,
        publishedAt: articles.publishedAt,
        author: authors.name,
        readTime: articles.readTime,
        isFeatured: articles.isFeatured,
        sources: articles.sources,
      })
      .from(articles)
      .innerJoin(authors, eq(authors.id, articles.authorId))
      .orderBy(articles.id);
    expect(rows).toEqual([
      {
        title: "First story",
        category: "AI",
        publishedAt: new Date("2025-03-05T09:30:00Z"),
        author: "Ada Lovelace",
        readTime: 7,
        isFeatured: true,
        sources: "",
      },
      {
        title: "Third story",
        category: "Security",
        publishedAt: null,
        author: "Staff",
        readTime: 5,
        isFeatured: false,
        sources: "The Circuit Ledger",
      },
    ]);
  });

  it("numbers NDJSON rows by line and reports unparseable lines, missing fields and unknown fields", async () => {
    const file = [
      JSON.stringify(good("One")),
      "",
      "{not json",
      JSON.stringify({ title: "No body", excerpt: "e", category: "AI" }),
      JSON.stringify(good("Typo", { publised_at: "2025-01-01" })),
      JSON.stringify(good("Five", { read_time: 0 })),
      JSON.stringify(good("Six", { published_at: "yesterday" })),
      JSON.stringify(good("Seven", { author: "Ada Lovelace" })),
      JSON.stringify(good("Eight", { published_at: "0000-01-01T00:00:00Z" })),
    ].join("\n");
    const result = await importArticles({ db: database.db, now }, parseImportFile(file));

    expect(result.errors).toEqual([
      { row: 3, reason: "is not valid JSON" },
      { row: 4, reason: "content is required" },
      { row: 5, reason: "unknown field publised_at" },
      { row: 6, reason: "read_time must be a whole number of minutes from 1 to 15" },
      { row: 7, reason: 'published_at is not a date (got "yesterday"); use ISO 8601 such as 2025-03-05T09:30:00Z' },
      // A year the database has no room for is a row's mistake, not the import's failure.
      { row: 9, reason: 'published_at is not a date (got "0000-01-01T00:00:00Z"); use ISO 8601 such as 2025-03-05T09:30:00Z' },
    ]);
    expect(result.imported).toBe(2);
    expect(await articleCount()).toBe(2);
  });

  it("reports rows with control characters or a cover on another host by number, and imports the good rows", async () => {
    const file = [
      JSON.stringify(good("One")),
      JSON.stringify(good("Two\u0000", { author: "Nul Person" })),
      JSON.stringify(good("Three", { content: "Body\u0007 with a bell" })),
      JSON.stringify(good("Four", { image: "//evil.example/x.png" })),
      JSON.stringify(good("Five", { image: "/\\evil.example/x.png" })),
      JSON.stringify(good("Six", { image: "javascript:alert(1)" })),
      JSON.stringify(good("Seven", { excerpt: "Lone \ud800 surrogate" })),
      JSON.stringify(good("Eight", { content: "Lines\r\n\tand tabs stay.", image: "/images/stock/ai-technology.svg" })),
    ].join("\n");
    expect(file).toContain("\\u0000"); // the file holds JSON escapes, which JSON.parse turns into the characters
    const result = await importArticles({ db: database.db, now }, parseImportFile(file));

    const cover = "image must be an http(s) URL or a path on this site such as /images/stock/ai-technology.svg";
    expect(result.errors).toEqual([
      // The test's excerpt repeats the title, so both fields are named.
      { row: 2, reason: "title contains characters that are not allowed; excerpt contains characters that are not allowed" },
      { row: 3, reason: "content contains characters that are not allowed" },
      { row: 4, reason: cover },
      { row: 5, reason: cover },
      { row: 6, reason: cover },
      { row: 7, reason: "excerpt contains characters that are not allowed" },
    ]);
    expect(result.imported).toBe(2);
    const rows = await database.db
      .select({ title: articles.title, content: articles.content })
      .from(articles)
      .orderBy(articles.id);
    expect(rows).toEqual([
      { title: "One", content: "## **Heading**\n\nBody text." },
      { title: "Eight", content: "Lines\r\n\tand tabs stay." },
    ]);
    expect(await database.db.select({ name: authors.name }).from(authors)).toEqual([{ name: "Staff" }]);
  });

  it("never signs an imported article with a staff member's profile, whatever its name", async () => {
    const [staffProfile, formerWriter] = await database.db
      .insert(authors)
      .values([{ name: "Staff" }, { name: "Ada Lovelace" }])
      .returning({ id: authors.id });
    await database.db.insert(admins).values([
      { username: "squatter", passwordHash: "x", authorId: staffProfile!.id, role: "author" },
      { username: "ada", passwordHash: "x", authorId: formerWriter!.id, role: "author" },
    ]);
    const file = JSON.stringify([
      good("Nobody named"),
      good("By Ada", { author: "Ada Lovelace" }),
      good("By Grace", { author: "Grace Hopper" }),
    ]);

    const result = await importArticles({ db: database.db, now }, parseImportFile(file));

    expect(result.errors).toEqual([
      {
        row: 1,
        reason: 'author "Staff" is the byline of a staff account; imported articles are signed only by authors without one',
      },
      {
        row: 2,
        reason:
          'author "Ada Lovelace" is the byline of a staff account; imported articles are signed only by authors without one',
      },
    ]);
    expect(result.imported).toBe(1);
    const signed = await database.db
      .select({ title: articles.title, author: authors.name })
      .from(articles)
      .innerJoin(authors, eq(authors.id, articles.authorId));
    expect(signed).toEqual([{ title: "By Grace", author: "Grace Hopper" }]);
  });

  it("never makes a staff member a co-author of an imported article either", async () => {
    const [profile] = await database.db.insert(authors).values({ name: "Ada Lovelace" }).returning({ id: authors.id });
    await database.db.insert(admins).values({ username: "ada", passwordHash: "x", authorId: profile!.id, role: "author" });
    const parsed = parseImportFile(JSON.stringify([good("By Grace", { author: "Grace Hopper" })]));
    parsed.rows[0]!.coauthors = ["Ada Lovelace"];

    const result = await importArticles({ db: database.db, now }, parsed);

    expect(result.imported).toBe(0);
    expect(result.errors).toEqual([
      {
        row: 1,
        reason:
          'author "Ada Lovelace" is the byline of a staff account; imported articles are signed only by authors without one',
      },
    ]);
  });

  it("reuses an existing author by name instead of creating a second one", async () => {
    await database.db.insert(authors).values({ name: "Ada Lovelace", role: "Columnist" });
    await importArticles({ db: database.db, now }, parseImportFile(JSON.stringify([good("A", { author: "Ada Lovelace" })])));
    const rows = await database.db.select().from(authors);
    expect(rows).toEqual([expect.objectContaining({ name: "Ada Lovelace", role: "Columnist" })]);
  });

  it("leaves the database as it was when the database refuses a row half-way", async () => {
    // A trigger makes the database itself refuse one row that passed validation.
    await database.db.execute(sql`
      create or replace function refuse_boom() returns trigger language plpgsql as $$
      begin
        if new.title = 'boom' then raise exception 'refused by the test'; end if;
        return new;
      end $$`);
    await database.db.execute(
      sql`create trigger refuse_boom before insert on articles for each row execute function refuse_boom()`,
    );
    try {
      const file = JSON.stringify([good("fine", { author: "New Person" }), good("boom")]);
      const error = await importArticles({ db: database.db, now }, parseImportFile(file)).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Error);
      // What the CLI prints: the database's reason, not drizzle's SQL with every row's values.
      expect(importFailureReason(error)).toBe("refused by the test");
      expect(await articleCount()).toBe(0);
      expect(await database.db.select().from(authors)).toEqual([]);
    } finally {
      await database.db.execute(sql`drop trigger refuse_boom on articles`);
    }
  });
});
