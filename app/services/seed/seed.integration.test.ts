import { count, eq, isNull } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDatabase, withTestDatabase } from "../../../tests/setup/test-database";
import { articles, authors } from "../../db/schema";
import { CATEGORIES } from "../../domain/sections";
import { DEMO_ARTICLES } from "./demo-content.server";
import { seedDemoContent } from "./seed.server";

const database = withTestDatabase();
const now = new Date("2026-11-21T12:00:00Z");

describe("seedDemoContent", () => {
  beforeEach(() => resetDatabase(database.db));

  it("fills an empty newsroom with three authors, including Correspondent, and two published stories per category", async () => {
    const result = await seedDemoContent({ db: database.db, now });
    expect(result).toEqual({ seeded: true, authors: 3, articles: DEMO_ARTICLES.length });

    const authorRows = await database.db.select().from(authors).orderBy(authors.id);
    expect(authorRows.map((author) => author.name)).toContain("Correspondent");
    expect(authorRows.find((author) => author.name === "Correspondent")?.role).toBe("AI Correspondent");

    const rows = await database.db.select().from(articles);
    expect(rows.length).toBeGreaterThanOrEqual(14);
    for (const category of CATEGORIES) {
      expect(rows.filter((row) => row.category === category && row.publishedAt !== null)).toHaveLength(2);
    }
    expect(rows.filter((row) => row.isFeatured).length).toBeGreaterThanOrEqual(2);
    expect(rows.filter((row) => row.isPopular).length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      expect(row.image).toMatch(/^\/images\/stock\/[a-z-]+\.svg$/);
      expect(row.content).toMatch(/^> \*Demo content/);
      expect(row.content).toMatch(/^## /m);
      if (row.publishedAt) expect(row.publishedAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
  });

  it("fills a fresh newsroom whose only author is the automated one, and signs the AI stories with that profile", async () => {
    // As the migration makes it: the automated author, without an account.
    const [automated] = await database.db
      .insert(authors)
      .values({ name: "Correspondent", role: "AI Correspondent", avatar: "/images/avatars/correspondent.svg" })
      .returning({ id: authors.id });

    expect(await seedDemoContent({ db: database.db, now })).toEqual({ seeded: true, authors: 3, articles: DEMO_ARTICLES.length });

    const [draft] = await database.db.select({ authorId: articles.authorId }).from(articles).where(isNull(articles.publishedAt));
    expect(draft?.authorId).toBe(automated!.id);
  });

  it("writes consistent times: created, then published, and last changed no earlier than published", async () => {
    await seedDemoContent({ db: database.db, now });
    const rows = await database.db.select().from(articles);
    for (const row of rows) {
      expect(row.createdAt.getTime(), row.title).toBeLessThanOrEqual(row.updatedAt.getTime());
      if (row.publishedAt) {
        expect(row.createdAt.getTime(), row.title).toBeLessThan(row.publishedAt.getTime());
        expect(row.updatedAt.getTime(), row.title).toBeGreaterThanOrEqual(row.publishedAt.getTime());
      }
    }
  });

  it("keeps the demo draft unpublished and signed by Correspondent", async () => {
    await seedDemoContent({ db: database.db, now });
    const drafts = await database.db
      .select({ author: authors.name, isAiGenerated: articles.isAiGenerated })
      .from(articles)
      .innerJoin(authors, eq(authors.id, articles.authorId))
      .where(isNull(articles.publishedAt));
    expect(drafts).toEqual([{ author: "Correspondent", isAiGenerated: true }]);
  });

  it("does nothing the second time, or when the newsroom already has an author", async () => {
    await seedDemoContent({ db: database.db, now });
    expect(await seedDemoContent({ db: database.db, now })).toEqual({ seeded: false, authors: 0, articles: 0 });
    const [total] = await database.db.select({ value: count() }).from(articles);
    expect(total?.value).toBe(DEMO_ARTICLES.length);

    await resetDatabase(database.db);
    await database.db.insert(authors).values({ name: "Someone", role: "Editor" });
    expect((await seedDemoContent({ db: database.db, now })).seeded).toBe(false);
    const [after] = await database.db.select({ value: count() }).from(articles);
    expect(after?.value).toBe(0);
  });
});
