import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { insertArticles, insertAuthor, publishedOn } from "../../../tests/support/article-factory";
import { resetDatabase, withTestDatabase } from "../../../tests/setup/test-database";
import { articles, relatedArticles } from "../../db/schema";
import { createArticleService } from "./articles.server";

const database = withTestDatabase();

const titles = (list: { title: string }[]) => list.map((article) => article.title);

beforeEach(() => resetDatabase(database.db));

describe("listHeadlines", () => {
  it("gives the 5 newest published articles as id, title, category and date, without drafts", async () => {
    const inserted = await insertArticles(
      database.db,
      ...[1, 2, 3, 4, 5, 6, 7].map((day) => ({ title: `Day ${day}`, category: "Cloud" as const, publishedAt: publishedOn(day) })),
      { title: "Unfinished draft", publishedAt: null },
    );
    const service = createArticleService({ db: database.db });

    const headlines = await service.listHeadlines();

    expect(headlines).toEqual(
      [7, 6, 5, 4, 3].map((day) => ({
        id: inserted[day - 1]!.id,
        title: `Day ${day}`,
        category: "Cloud",
        publishedAt: publishedOn(day),
      })),
    );
  });

  it("is empty when nothing is published", async () => {
    await insertArticles(database.db, { title: "Only a draft", publishedAt: null });
    expect(await createArticleService({ db: database.db }).listHeadlines()).toEqual([]);
  });
});

describe("homePage", () => {
  it("shows the newest published featured article as the hero and leaves it out of the latest stories", async () => {
    await insertArticles(
      database.db,
      { title: "Old feature", isFeatured: true, publishedAt: publishedOn(2) },
      { title: "New feature", isFeatured: true, publishedAt: publishedOn(5) },
      { title: "Featured draft", isFeatured: true, publishedAt: null },
      ...[1, 3, 4, 6, 7, 8, 9].map((day) => ({ title: `Story ${day}`, publishedAt: publishedOn(day) })),
    );

    const home = await createArticleService({ db: database.db }).homePage();

    expect(home.hero?.title).toBe("New feature");
    expect(home.hero?.author.name).toBe("Daniel Reyes");
    expect(titles(home.latest)).toEqual(["Story 9", "Story 8", "Story 7", "Story 6", "Story 4", "Story 3"]);
  });

  it("has no hero when no published article is featured, and then the latest are simply the 6 newest", async () => {
    await insertArticles(
      database.db,
      { title: "Featured draft", isFeatured: true, publishedAt: null },
      ...[1, 2, 3, 4, 5, 6, 7].map((day) => ({ title: `Story ${day}`, publishedAt: publishedOn(day) })),
    );

    const home = await createArticleService({ db: database.db }).homePage();

    expect(home.hero).toBeNull();
    expect(titles(home.latest)).toEqual(["Story 7", "Story 6", "Story 5", "Story 4", "Story 3", "Story 2"]);
  });

  it("lists up to 3 newest published popular stories, which may also appear among the latest", async () => {
    await insertArticles(
      database.db,
      { title: "Popular 1", isPopular: true, publishedAt: publishedOn(1) },
      { title: "Popular 2", isPopular: true, publishedAt: publishedOn(2) },
      { title: "Popular 3", isPopular: true, publishedAt: publishedOn(3) },
      { title: "Popular 4", isPopular: true, publishedAt: publishedOn(4) },
      { title: "Popular draft", isPopular: true, publishedAt: null },
      { title: "Ordinary", publishedAt: publishedOn(5) },
    );

    const home = await createArticleService({ db: database.db }).homePage();

    expect(titles(home.popular)).toEqual(["Popular 4", "Popular 3", "Popular 2"]);
    expect(titles(home.latest)).toEqual(["Ordinary", "Popular 4", "Popular 3", "Popular 2", "Popular 1"]);
  });

  it("is empty for an empty newsroom", async () => {
    expect(await createArticleService({ db: database.db }).homePage()).toEqual({ hero: null, latest: [], popular: [] });
  });
});

describe("categoryPage", () => {
  beforeEach(async () => {
    await insertArticles(
      database.db,
      ...[1, 2, 3, 4, 5].map((day) => ({ title: `Mobile ${day}`, category: "Mobile" as const, publishedAt: publishedOn(day) })),
      { title: "Mobile draft", category: "Mobile", publishedAt: null },
      { title: "Cloud story", category: "Cloud", publishedAt: publishedOn(9) },
    );
  });

  it("pages through a category's published articles newest first, with the total and page count", async () => {
    const service = createArticleService({ db: database.db });

    const first = await service.categoryPage("Mobile", 1, 2);
    expect(titles(first.articles)).toEqual(["Mobile 5", "Mobile 4"]);
    expect(first).toMatchObject({ total: 5, page: 1, pageCount: 3 });

    const last = await service.categoryPage("Mobile", 3, 2);
    expect(titles(last.articles)).toEqual(["Mobile 1"]);
    expect(last).toMatchObject({ total: 5, page: 3, pageCount: 3 });
  });

  it("returns an empty list past the last page", async () => {
    const past = await createArticleService({ db: database.db }).categoryPage("Mobile", 4, 2);
    expect(past).toEqual({ articles: [], total: 5, page: 4, pageCount: 3 });
  });

  it("shows the empty state for a category with no published articles", async () => {
    const empty = await createArticleService({ db: database.db }).categoryPage("Security", 1);
    expect(empty).toEqual({ articles: [], total: 0, page: 1, pageCount: 1 });
  });

  it("uses the default page size when none is given", async () => {
    const page = await createArticleService({ db: database.db }).categoryPage("Mobile", 1);
    expect(titles(page.articles)).toEqual(["Mobile 5", "Mobile 4", "Mobile 3", "Mobile 2", "Mobile 1"]);
    expect(page.pageCount).toBe(1);
  });
});

describe("findPublished", () => {
  it("returns a published article with its body, sources and author", async () => {
    const author = await insertAuthor(database.db, { name: "Maya Okafor", avatar: "/images/maya.svg", role: "Editor" });
    const [article] = await insertArticles(database.db, {
      title: "Chips get smaller",
      excerpt: "A new process node.",
      content: "## Details\n\nThe body in **markdown**.",
      category: "Gadgets",
      sources: "The Verge, Ars Technica",
      readTime: 7,
      authorId: author.id,
      publishedAt: publishedOn(4),
    });

    const found = await createArticleService({ db: database.db }).findPublished(article!.id);

    expect(found).toMatchObject({
      id: article!.id,
      title: "Chips get smaller",
      excerpt: "A new process node.",
      bodyHtml: "<h2>Details</h2>\n<p>The body in <strong>markdown</strong>.</p>",
      category: "Gadgets",
      sources: "The Verge, Ars Technica",
      readTime: 7,
      publishedAt: publishedOn(4),
      author: { name: "Maya Okafor", avatar: "/images/maya.svg", role: "Editor" },
    });
  });

  it("shows an edited body at once, though rendered bodies are kept between requests", async () => {
    const [article] = await insertArticles(database.db, {
      title: "Edited",
      content: "First **version**.",
      publishedAt: publishedOn(1),
    });
    const service = createArticleService({ db: database.db });
    expect((await service.findPublished(article!.id))?.bodyHtml).toBe("<p>First <strong>version</strong>.</p>");

    await database.db
      .update(articles)
      .set({ content: "Second *version*.", updatedAt: new Date() })
      .where(eq(articles.id, article!.id));

    expect((await service.findPublished(article!.id))?.bodyHtml).toBe("<p>Second <em>version</em>.</p>");
  });

  it("returns null for a draft and for an id that does not exist", async () => {
    const [draft] = await insertArticles(database.db, { title: "Not yet", publishedAt: null });
    const service = createArticleService({ db: database.db });

    expect(await service.findPublished(draft!.id)).toBeNull();
    expect(await service.findPublished(draft!.id + 1000)).toBeNull();
  });
});

describe("listRelated", () => {
  it("puts the same category first, newest first, then the newest of other categories, never itself or a draft", async () => {
    const [current] = await insertArticles(
      database.db,
      { title: "Current AI story", category: "AI", publishedAt: publishedOn(10) },
      { title: "Older AI story", category: "AI", publishedAt: publishedOn(2) },
      { title: "AI draft", category: "AI", publishedAt: null },
      { title: "Old cloud story", category: "Cloud", publishedAt: publishedOn(1) },
      { title: "Newest mobile story", category: "Mobile", publishedAt: publishedOn(12) },
      { title: "Security story", category: "Security", publishedAt: publishedOn(8) },
      { title: "Startups draft", category: "Startups", publishedAt: null },
    );

    const related = await createArticleService({ db: database.db }).listRelated({ id: current!.id, category: "AI" });

    expect(titles(related)).toEqual(["Older AI story", "Newest mobile story", "Security story"]);
  });

  it("takes only the newest 3 of the same category when there are enough", async () => {
    const [current] = await insertArticles(
      database.db,
      { title: "Current", category: "Cloud", publishedAt: publishedOn(5) },
      ...[1, 2, 3, 4, 6].map((day) => ({ title: `Cloud ${day}`, category: "Cloud" as const, publishedAt: publishedOn(day) })),
      { title: "Newest AI", category: "AI", publishedAt: publishedOn(20) },
    );

    const related = await createArticleService({ db: database.db }).listRelated({ id: current!.id, category: "Cloud" });

    expect(titles(related)).toEqual(["Cloud 6", "Cloud 4", "Cloud 3"]);
  });

  it("puts the stories marked related first, in either direction, newest first, never a draft", async () => {
    const [current, earlier, later, draft] = await insertArticles(
      database.db,
      { title: "Current AI story", category: "AI", publishedAt: publishedOn(10) },
      { title: "Earlier story it follows", category: "Cloud", publishedAt: publishedOn(1) },
      { title: "Later follow-up", category: "Security", publishedAt: publishedOn(12) },
      { title: "Related draft", category: "AI", publishedAt: null },
      { title: "Newest AI story", category: "AI", publishedAt: publishedOn(11) },
      { title: "Other AI story", category: "AI", publishedAt: publishedOn(9) },
    );
    const createdAt = publishedOn(13);
    await database.db.insert(relatedArticles).values([
      { articleId: current!.id, relatedId: earlier!.id, createdAt },
      { articleId: later!.id, relatedId: current!.id, createdAt },
      { articleId: current!.id, relatedId: draft!.id, createdAt },
    ]);

    const related = await createArticleService({ db: database.db }).listRelated({ id: current!.id, category: "AI" });

    expect(titles(related)).toEqual(["Later follow-up", "Earlier story it follows", "Newest AI story"]);
  });

  it("is empty when the article is the only one published", async () => {
    const [current] = await insertArticles(
      database.db,
      { title: "Alone", category: "Software" },
      { title: "Draft", category: "AI", publishedAt: null },
    );
    expect(await createArticleService({ db: database.db }).listRelated({ id: current!.id, category: "Software" })).toEqual([]);
  });
});
