import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDatabase, testDriver, withTestDatabase } from "../../tests/setup/test-database";
import { admins, articles, authors, newsletterSubscribers } from "./schema";

const database = withTestDatabase();

async function insertAuthor(name = "Maya Okafor") {
  const [author] = await database.db.insert(authors).values({ name, role: "Editor" }).returning();
  return author!;
}

describe(`schema on ${testDriver()}`, () => {
  beforeEach(() => resetDatabase(database.db));

  it("creates every table of the data model", async () => {
    const result = await database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(result.rows.map((row) => row.table_name)).toEqual([
      "address_moves",
      "admins",
      "app_secrets",
      "article_coauthors",
      "article_corrections",
      "article_daily_views",
      "article_revisions",
      "article_sources",
      "article_tags",
      "articles",
      "authors",
      "email_changes",
      "generation_jobs",
      "login_attempts",
      "newsletter_daily_reads",
      "newsletter_deliveries",
      "newsletter_issues",
      "newsletter_subscribers",
      "page_revisions",
      "pages",
      "passkeys",
      "password_resets",
      "pending_sign_ins",
      "rate_limits",
      "recovery_codes",
      "related_articles",
      "search_gaps_daily",
      "sections",
      "security_events",
      "security_notices",
      "sessions",
      "site_menu_saves",
      "site_menus",
      "site_settings",
      "site_settings_changes",
      "staff_browsers",
      "staff_invitations",
      "subscriber_daily_counts",
      "tags",
      "webauthn_challenges",
      "websub_pings",
    ]);
  });

  it("gives new articles the spec's defaults: draft, 5 minutes, no flags, no sources", async () => {
    const author = await insertAuthor();
    const [article] = await database.db
      .insert(articles)
      .values({ title: "A title", excerpt: "An excerpt", content: "Body", category: "Cloud", authorId: author.id })
      .returning();
    expect(article).toMatchObject({
      publishedAt: null,
      readTime: 5,
      isFeatured: false,
      isPopular: false,
      isAiGenerated: false,
      sources: "",
      sourceLinks: [],
      image: "",
    });
    expect(article!.createdAt).toBeInstanceOf(Date);
    expect(article!.updatedAt).toBeInstanceOf(Date);
  });

  it("keeps a weighted full-text vector: a title match ranks above a body match", async () => {
    const author = await insertAuthor();
    await database.db.insert(articles).values([
      {
        title: "Quantum chips arrive",
        excerpt: "Short",
        content: "Nothing else here.",
        category: "Gadgets",
        authorId: author.id,
      },
      {
        title: "Weekly roundup",
        excerpt: "Short",
        content: "Among other things, quantum chips arrive.",
        category: "Gadgets",
        authorId: author.id,
      },
      { title: "Unrelated", excerpt: "Short", content: "Cloud storage prices fall.", category: "Cloud", authorId: author.id },
    ]);
    const ranked = await database.db
      .select({ title: articles.title })
      .from(articles)
      .where(sql`${articles.search} @@ websearch_to_tsquery('english', 'quantum chips')`)
      .orderBy(sql`ts_rank(${articles.search}, websearch_to_tsquery('english', 'quantum chips')) desc`);
    expect(ranked.map((row) => row.title)).toEqual(["Quantum chips arrive", "Weekly roundup"]);
  });

  it("updates the search vector when an article changes", async () => {
    const author = await insertAuthor();
    const [article] = await database.db
      .insert(articles)
      .values({ title: "Old words", excerpt: "e", content: "c", category: "AI", authorId: author.id })
      .returning();
    await database.db
      .update(articles)
      .set({ title: "Fresh headline" })
      .where(sql`${articles.id} = ${article!.id}`);
    const found = await database.db
      .select({ id: articles.id })
      .from(articles)
      .where(sql`${articles.search} @@ plainto_tsquery('english', 'fresh headline')`);
    expect(found).toEqual([{ id: article!.id }]);
  });

  it("rejects a section the newsroom does not have and a read time outside 1 to 15", async () => {
    const author = await insertAuthor();
    expect(
      await refusal(
        database.db.execute(
          sql`insert into articles (title, excerpt, content, category, author_id) values ('t', 'e', 'c', 'Robots', ${author.id})`,
        ),
      ),
    ).toMatchObject({ code: FOREIGN_KEY_VIOLATION, constraint: "articles_category_sections_name_fk" });
    expect(
      await refusal(
        database.db
          .insert(articles)
          .values({ title: "t", excerpt: "e", content: "c", category: "AI", authorId: author.id, readTime: 16 }),
      ),
    ).toMatchObject({ code: CHECK_VIOLATION, constraint: "articles_read_time_range" });
  });

  it("keeps the publication time exactly on published and scheduled articles", async () => {
    const author = await insertAuthor();
    const base = { title: "t", excerpt: "e", content: "c", category: "AI" as const, authorId: author.id };
    const at = new Date("2026-12-01T09:00:00Z");
    const [scheduled] = await database.db
      .insert(articles)
      .values({ ...base, status: "scheduled", publishedAt: at })
      .returning({ status: articles.status, publishedAt: articles.publishedAt });
    expect(scheduled).toEqual({ status: "scheduled", publishedAt: at });
    expect(await refusal(database.db.insert(articles).values({ ...base, status: "scheduled", publishedAt: null }))).toMatchObject(
      {
        code: CHECK_VIOLATION,
        constraint: "articles_status_published",
      },
    );
    expect(await refusal(database.db.insert(articles).values({ ...base, status: "draft", publishedAt: at }))).toMatchObject({
      code: CHECK_VIOLATION,
      constraint: "articles_status_published",
    });
  });

  it("gives every author a lasting page address from the name, made unique with the id", async () => {
    const first = await insertAuthor("Maya Okafor");
    const second = await insertAuthor("maya  okafor!");
    const third = await insertAuthor("  ");
    const rows = await database.db.select({ id: authors.id, slug: authors.slug }).from(authors).orderBy(authors.id);
    expect(rows).toEqual([
      { id: first.id, slug: "maya-okafor" },
      { id: second.id, slug: `maya-okafor-${second.id}` },
      { id: third.id, slug: "author" },
    ]);
    await database.db
      .update(authors)
      .set({ name: "Maya O. Okafor" })
      .where(sql`${authors.id} = ${first.id}`);
    const [renamed] = await database.db
      .select({ slug: authors.slug })
      .from(authors)
      .where(sql`${authors.id} = ${first.id}`);
    expect(renamed).toEqual({ slug: "maya-okafor" });
  });

  it("treats subscriber emails and admin usernames as unique regardless of case", async () => {
    await database.db.insert(newsletterSubscribers).values({ email: "reader@example.com" });
    expect(await refusal(database.db.insert(newsletterSubscribers).values({ email: "Reader@Example.COM" }))).toMatchObject({
      code: UNIQUE_VIOLATION,
      constraint: "newsletter_subscribers_email_unique",
    });
    const author = await insertAuthor();
    await database.db.insert(admins).values({ username: "Editor", passwordHash: "x", authorId: author.id });
    expect(
      await refusal(database.db.insert(admins).values({ username: "editor", passwordHash: "y", authorId: author.id })),
    ).toMatchObject({ code: UNIQUE_VIOLATION, constraint: "admins_username_unique" });
  });
});

const UNIQUE_VIOLATION = "23505";
const CHECK_VIOLATION = "23514";
const FOREIGN_KEY_VIOLATION = "23503";

/** The database's refusal of a statement: its SQLSTATE, the constraint it names and its message (Drizzle wraps it). */
async function refusal(statement: PromiseLike<unknown>): Promise<{ code?: string; constraint?: string; message: string }> {
  try {
    await statement;
  } catch (error) {
    let current: unknown = error;
    while (current instanceof Error) {
      const { code, constraint } = current as Error & { code?: unknown; constraint?: unknown };
      if (typeof code === "string") {
        return { code, constraint: typeof constraint === "string" ? constraint : undefined, message: current.message };
      }
      current = current.cause;
    }
    throw new Error("The statement failed without a database error code", { cause: error });
  }
  throw new Error("The statement was accepted");
}
