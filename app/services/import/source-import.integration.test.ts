import { readFileSync } from "node:fs";
import path from "node:path";
import { asc, count, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDatabase, testDriver, withTestDatabase } from "../../../tests/setup/test-database";
import { PROJECT_ROOT } from "../../db/client.server";
import { articleCoauthors, articleRevisions, articleSources, articleTags, articles, authors, tags } from "../../db/schema";
import { importArticles, importFailureReason, parseImportFile } from "./article-import.server";
import { parseCategoryMap } from "./import-source.server";
import { createOldAddressService } from "../old-addresses/old-addresses.server";

const database = withTestDatabase();
const now = new Date("2026-11-21T12:00:00Z");
const fixture = (name: string) => readFileSync(path.join(PROJECT_ROOT, "tests", "fixtures", "imports", name), "utf8");
const ghost = () =>
  parseImportFile(fixture("ghost-export.json"), {
    categoryMap: parseCategoryMap(["Hardware=Gadgets", "Reviews=Gadgets"]),
    siteUrl: "https://old.example.com",
  });
const wordpress = () => parseImportFile(fixture("wordpress-export.xml"), { categoryMap: parseCategoryMap(["Phones=Mobile"]) });

async function articleRows() {
  return database.db
    .select({
      id: articles.id,
      title: articles.title,
      status: articles.status,
      publishedAt: articles.publishedAt,
      createdAt: articles.createdAt,
      category: articles.category,
      image: articles.image,
      author: authors.name,
    })
    .from(articles)
    .innerJoin(authors, eq(authors.id, articles.authorId))
    .orderBy(asc(articles.id));
}

describe(`imports from Ghost and WordPress on ${testDriver()}`, () => {
  beforeEach(() => resetDatabase(database.db));

  it("keeps a Ghost export's states, dates, categories and covers, and makes the future post scheduled", async () => {
    const result = await importArticles({ db: database.db, now }, ghost());
    expect(result).toEqual({ imported: 6, skipped: 0, errors: [] });
    expect(await articleRows()).toEqual([
      expect.objectContaining({
        title: "The new phone reviewed",
        status: "published",
        publishedAt: new Date("2025-03-05T09:30:00Z"),
        createdAt: new Date("2025-03-01T08:00:00Z"),
        category: "Mobile",
        image: "https://old.example.com/content/images/2025/03/phone-cover.jpg",
        author: "Grace Hopper",
      }),
      expect.objectContaining({ title: "Chip shortage explained", status: "draft", publishedAt: null, category: "Gadgets" }),
      expect.objectContaining({
        title: "Security patch coming",
        status: "scheduled",
        publishedAt: new Date("2099-01-15T12:00:00Z"),
      }),
      expect.objectContaining({ title: "Cloud bills keep rising", status: "published", category: "Cloud" }),
      expect.objectContaining({ title: "A laptop for everyone", status: "published", category: "Gadgets" }),
      expect.objectContaining({ title: "Startup raises a round", status: "published", category: "Startups" }),
    ]);
  });

  it("creates Ghost staff as author profiles, the first in posts_authors order leading and the rest co-authors", async () => {
    await importArticles({ db: database.db, now }, ghost());
    const names = await database.db.select({ name: authors.name, slug: authors.slug }).from(authors).orderBy(asc(authors.name));
    expect(names).toEqual([
      { name: "Ada Lovelace", slug: "ada-lovelace" },
      { name: "Grace Hopper", slug: "grace-hopper" },
    ]);
    const coauthors = await database.db
      .select({ title: articles.title, name: authors.name, position: articleCoauthors.position })
      .from(articleCoauthors)
      .innerJoin(articles, eq(articles.id, articleCoauthors.articleId))
      .innerJoin(authors, eq(authors.id, articleCoauthors.authorId));
    expect(coauthors).toEqual([{ title: "The new phone reviewed", name: "Ada Lovelace", position: 1 }]);
    const [revisions] = await database.db.select({ value: count() }).from(articleRevisions);
    expect(revisions?.value).toBe(6);
  });

  it("keeps every tag of Ghost and WordPress posts as tags, one tag per name whatever the case, in revisions too", async () => {
    await importArticles({ db: database.db, now }, ghost());
    await importArticles({ db: database.db, now }, wordpress());
    const tagged = await database.db
      .select({ title: articles.title, tag: tags.name })
      .from(articleTags)
      .innerJoin(articles, eq(articles.id, articleTags.articleId))
      .innerJoin(tags, eq(tags.id, articleTags.tagId))
      .orderBy(asc(articles.id), asc(articleTags.position));
    expect(tagged).toEqual([
      { title: "The new phone reviewed", tag: "mobile" },
      { title: "The new phone reviewed", tag: "Reviews" },
      { title: "Chip shortage explained", tag: "Hardware" },
      { title: "Security patch coming", tag: "Security" },
      { title: "Cloud bills keep rising", tag: "Cloud" },
      { title: "A laptop for everyone", tag: "Reviews" },
      { title: "Startup raises a round", tag: "Startups" },
      expect.objectContaining({ tag: "robots" }),
      expect.objectContaining({ tag: "AI" }),
    ]);
    const names = await database.db.select({ name: tags.name, slug: tags.slug }).from(tags).orderBy(asc(tags.slug));
    expect(names.map((tag) => tag.slug)).toEqual([
      "ai",
      "cloud",
      "hardware",
      "mobile",
      "reviews",
      "robots",
      "security",
      "startups",
    ]);
    const [phone] = await database.db
      .select({ tags: articleRevisions.tags })
      .from(articleRevisions)
      .orderBy(asc(articleRevisions.id))
      .limit(1);
    expect(phone?.tags).toEqual(["mobile", "Reviews"]);
  });

  it("imports nothing new when the same exports run again", async () => {
    expect(await importArticles({ db: database.db, now }, ghost())).toMatchObject({ imported: 6, skipped: 0 });
    expect(await importArticles({ db: database.db, now }, wordpress())).toMatchObject({ imported: 5, skipped: 0 });
    expect(await importArticles({ db: database.db, now }, ghost())).toEqual({ imported: 0, skipped: 6, errors: [] });
    expect(await importArticles({ db: database.db, now }, wordpress())).toEqual({ imported: 0, skipped: 5, errors: [] });
    const [total] = await database.db.select({ value: count() }).from(articles);
    expect(total?.value).toBe(11);
  });

  it("keeps a WordPress export's states: publish, draft, pending and future", async () => {
    expect(await importArticles({ db: database.db, now }, wordpress())).toEqual({ imported: 5, skipped: 0, errors: [] });
    expect(
      (await articleRows()).map(({ title, status, publishedAt, author, image }) => ({
        title,
        status,
        publishedAt,
        author,
        image,
      })),
    ).toEqual([
      {
        title: "Robots learn to fold laundry",
        status: "published",
        publishedAt: new Date("2025-03-05T09:30:00Z"),
        author: "Jane Doe",
        image: "https://oldblog.example.com/wp-content/uploads/2025/03/robot-arm.jpg",
      },
      { title: "Phones get bigger again", status: "draft", publishedAt: null, author: "Rob Smith", image: "" },
      {
        title: "Quantum cloud opens in 2099",
        status: "scheduled",
        publishedAt: new Date("2099-01-01T08:00:00Z"),
        author: "Jane Doe",
        image: "",
      },
      { title: "Pending review: a security scare", status: "draft", publishedAt: null, author: "Rob Smith", image: "" },
      {
        title: "Startups & the AI boom",
        status: "published",
        publishedAt: new Date("2024-12-31T23:30:00Z"),
        author: "Rob Smith",
        image: "",
      },
    ]);
  });

  it("finds a published article by its old address, with or without the trailing slash, but never a draft's", async () => {
    await importArticles({ db: database.db, now }, ghost());
    await importArticles({ db: database.db, now }, wordpress());
    const oldAddresses = createOldAddressService({ db: database.db, clock: { now: () => now } });
    const [phone] = await database.db
      .select({ id: articles.id })
      .from(articles)
      .where(eq(articles.title, "The new phone reviewed"));
    const [robots] = await database.db
      .select({ id: articles.id })
      .from(articles)
      .where(eq(articles.title, "Robots learn to fold laundry"));
    expect(await oldAddresses.articleFor("/new-phone-reviewed/")).toBe(phone?.id);
    expect(await oldAddresses.articleFor("/new-phone-reviewed")).toBe(phone?.id);
    expect(await oldAddresses.articleFor("/2025/03/new-phone-reviewed/")).toBe(phone?.id);
    expect(await oldAddresses.articleFor("/2025/03/robots-fold-laundry/")).toBe(robots?.id);
    expect(await oldAddresses.articleFor("/?p=101")).toBe(robots?.id);
    expect(await oldAddresses.articleFor("/chip-shortage-explained/")).toBeNull();
    expect(await oldAddresses.articleFor("/security-patch-coming/")).toBeNull();
    expect(await oldAddresses.articleFor("/no-such-post/")).toBeNull();
  });

  it("forgets an article's old addresses when the article is deleted", async () => {
    await importArticles({ db: database.db, now }, wordpress());
    await database.db.delete(articles);
    const [left] = await database.db.select({ value: count() }).from(articleSources);
    expect(left?.value).toBe(0);
  });

  it("imports a post found twice in one export once, and reports the copy", async () => {
    const parsed = ghost();
    const copy = { ...parsed.rows[1]!, row: 8 };
    const result = await importArticles({ db: database.db, now }, { ...parsed, rows: [...parsed.rows, copy] });
    expect(result).toEqual({
      imported: 6,
      skipped: 0,
      errors: [{ row: 8, label: "Ghost post 'chip-shortage-explained'", reason: "is the same post as row 2" }],
    });
  });

  it("leaves the database as it was when the database refuses the batch half-way", async () => {
    // A trigger makes the database refuse the old address of the last post, after every article was inserted.
    await database.db.execute(sql`
      create or replace function refuse_source() returns trigger language plpgsql as $$
      begin
        if new.source_id = '64a1f0000000000000000007' then raise exception 'refused by the test'; end if;
        return new;
      end $$`);
    await database.db.execute(
      sql`create trigger refuse_source before insert on article_sources for each row execute function refuse_source()`,
    );
    try {
      const error = await importArticles({ db: database.db, now }, ghost()).catch((caught: unknown) => caught);
      expect(importFailureReason(error)).toBe("refused by the test");
      for (const table of [articles, authors, articleCoauthors, articleRevisions, articleSources]) {
        const [rows] = await database.db.select({ value: count() }).from(table);
        expect(rows?.value).toBe(0);
      }
    } finally {
      await database.db.execute(sql`drop trigger refuse_source on article_sources`);
    }
  });
});
