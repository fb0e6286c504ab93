import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  articleFormInput,
  insertArticles,
  insertAuthor,
  publishedOn,
  type ArticleValues,
} from "../../../tests/support/article-factory";
import { manualClock } from "../../../tests/support/manual-clock";
import { ORBIT_HALTED, ORBIT_LAUNCH } from "../../../tests/support/story-pairs";
import { openSecondHandle, resetDatabase, testDriver, withTestDatabase } from "../../../tests/setup/test-database";
import type { Database } from "../../db/client.server";
import { articles, relatedArticles } from "../../db/schema";
import type { ArticleListQuery } from "../../validation/article-list";
import { saveArticleTags } from "../tags/article-tags.server";
import { createEditorialService } from "./editorial.server";

const database = withTestDatabase();

const START = "2025-04-01T09:00:00.000Z";
const MINUTE = 60_000;

beforeEach(() => resetDatabase(database.db));

/** The editorial service with its own clock, on the test database or another handle. */
function setUp({ db = database.db, start = START }: { db?: Database; start?: string } = {}) {
  const clock = manualClock(start);
  return { clock, editorial: createEditorialService({ db, clock }) };
}

const titles = (list: { title: string }[]) => list.map((article) => article.title);

const query = (values: Partial<ArticleListQuery> = {}): ArticleListQuery => ({ q: "", page: 1, ...values });

async function rowOf(id: number) {
  const [row] = await database.db.select().from(articles).where(eq(articles.id, id));
  return row ?? null;
}

async function articleCount(): Promise<number> {
  return (await database.db.select({ id: articles.id }).from(articles)).length;
}

describe("stats", () => {
  it("are all zero in an empty newsroom", async () => {
    expect(await setUp().editorial.stats()).toEqual({
      total: 0,
      published: 0,
      drafts: 0,
      inReview: 0,
      scheduled: 0,
      featured: 0,
      popular: 0,
    });
  });

  it("follow each create, publish, unpublish and delete, counting featured and popular drafts too", async () => {
    const author = await insertAuthor(database.db);
    const { editorial } = setUp();

    const first = await editorial.create(articleFormInput({ isFeatured: "on" }), { authorId: author.id, allowDuplicate: false });
    expect(first.outcome).toBe("created");
    const firstId = first.outcome === "created" ? first.id : 0;
    expect(await editorial.stats()).toEqual({
      total: 1,
      published: 0,
      drafts: 1,
      inReview: 0,
      scheduled: 0,
      featured: 1,
      popular: 0,
    });

    const second = await editorial.create(
      articleFormInput({ title: "Browsers drop third-party cookies", excerpt: "Ad tech scrambles.", isPopular: "on" }),
      { authorId: author.id, allowDuplicate: false },
    );
    const secondId = second.outcome === "created" ? second.id : 0;
    expect(await editorial.stats()).toEqual({
      total: 2,
      published: 0,
      drafts: 2,
      inReview: 0,
      scheduled: 0,
      featured: 1,
      popular: 1,
    });

    expect(await editorial.transition(firstId, "publish", { by: null })).toBe("done");
    expect(await editorial.stats()).toEqual({
      total: 2,
      published: 1,
      drafts: 1,
      inReview: 0,
      scheduled: 0,
      featured: 1,
      popular: 1,
    });

    expect(await editorial.transition(secondId, "publish", { by: null })).toBe("done");
    expect(await editorial.stats()).toEqual({
      total: 2,
      published: 2,
      drafts: 0,
      inReview: 0,
      scheduled: 0,
      featured: 1,
      popular: 1,
    });

    expect(await editorial.transition(firstId, "unpublish", { by: null })).toBe("done");
    expect(await editorial.stats()).toEqual({
      total: 2,
      published: 1,
      drafts: 1,
      inReview: 0,
      scheduled: 0,
      featured: 1,
      popular: 1,
    });

    expect(await editorial.update(secondId, articleFormInput({ title: "Browsers drop third-party cookies" }))).toBe("done");
    expect(await editorial.stats()).toEqual({
      total: 2,
      published: 1,
      drafts: 1,
      inReview: 0,
      scheduled: 0,
      featured: 1,
      popular: 0,
    });

    expect(await editorial.delete(firstId)).toBe("done");
    expect(await editorial.stats()).toEqual({
      total: 1,
      published: 1,
      drafts: 0,
      inReview: 0,
      scheduled: 0,
      featured: 0,
      popular: 0,
    });
  });
});

describe("list", () => {
  it("shows the newest created first, drafts and published alike, with ties broken by the newest id", async () => {
    await insertArticles(
      database.db,
      { title: "Middle", createdAt: publishedOn(5), publishedAt: publishedOn(20) },
      { title: "Oldest", createdAt: publishedOn(1), publishedAt: publishedOn(25) },
      { title: "Newest draft", createdAt: publishedOn(9), publishedAt: null },
      { title: "Middle, added later", createdAt: publishedOn(5) },
    );

    const page = await setUp().editorial.list(query());

    expect(titles(page.articles)).toEqual(["Newest draft", "Middle, added later", "Middle", "Oldest"]);
    expect(page).toMatchObject({ total: 4, page: 1, pageCount: 1, pageSize: 25 });
  });

  it("gives the table's columns for each row", async () => {
    const author = await insertAuthor(database.db);
    const [row] = await insertArticles(database.db, {
      title: "Everything set",
      excerpt: "An excerpt.",
      category: "Security",
      readTime: 9,
      sources: "Wired",
      image: "https://example.com/cover.jpg",
      isFeatured: true,
      isPopular: true,
      isAiGenerated: true,
      authorId: author.id,
      createdAt: publishedOn(2),
      updatedAt: publishedOn(3),
      publishedAt: publishedOn(4),
    });

    const page = await setUp().editorial.list(query());

    expect(page.articles).toEqual([
      {
        id: row!.id,
        title: "Everything set",
        excerpt: "An excerpt.",
        category: "Security",
        readTime: 9,
        sources: "Wired",
        image: "https://example.com/cover.jpg",
        isFeatured: true,
        isPopular: true,
        isAiGenerated: true,
        status: "published",
        authorId: author.id,
        authorName: author.name,
        reviewNote: "",
        reviewerName: null,
        createdAt: publishedOn(2),
        updatedAt: publishedOn(3),
        publishedAt: publishedOn(4),
      },
    ]);
  });

  describe("with 30 articles", () => {
    beforeEach(async () => {
      await insertArticles(
        database.db,
        ...Array.from({ length: 30 }, (_, index) => ({
          title: `Story ${index + 1}`,
          createdAt: new Date(Date.parse(START) + index * MINUTE),
        })),
      );
    });

    const storyTitles = (from: number, to: number) =>
      Array.from({ length: from - to + 1 }, (_, index) => `Story ${from - index}`);

    it("shows 25 on the first page and the rest on the second", async () => {
      const { editorial } = setUp();

      const first = await editorial.list(query());
      expect(titles(first.articles)).toEqual(storyTitles(30, 6));
      expect(first).toMatchObject({ total: 30, page: 1, pageCount: 2, pageSize: 25 });

      const second = await editorial.list(query({ page: 2 }));
      expect(titles(second.articles)).toEqual(storyTitles(5, 1));
      expect(second).toMatchObject({ total: 30, page: 2, pageCount: 2 });
    });

    it("shows the last page when asked for a page past the end", async () => {
      const past = await setUp().editorial.list(query({ page: 7 }));

      expect(titles(past.articles)).toEqual(storyTitles(5, 1));
      expect(past).toMatchObject({ total: 30, page: 2, pageCount: 2 });
    });

    it("counts exactly 25 as one page", async () => {
      await database.db.delete(articles).where(sql`${articles.title} in ('Story 1', 'Story 2', 'Story 3', 'Story 4', 'Story 5')`);

      const page = await setUp().editorial.list(query({ page: 2 }));

      expect(titles(page.articles)).toEqual(storyTitles(30, 6));
      expect(page).toMatchObject({ total: 25, page: 1, pageCount: 1 });
    });
  });

  it("shows an empty first page for an empty newsroom, whatever page is asked", async () => {
    expect(await setUp().editorial.list(query({ page: 3 }))).toEqual({
      articles: [],
      total: 0,
      totalIsLimited: false,
      page: 1,
      pageCount: 1,
      pageSize: 25,
    });
  });

  it("searches titles and excerpts for a case-insensitive substring, but not the content", async () => {
    await insertArticles(
      database.db,
      { title: "Kubernetes 2.0 lands", createdAt: publishedOn(1) },
      { title: "Cluster news", excerpt: "Why KUBERNETES operators are busy.", createdAt: publishedOn(2) },
      { title: "Only the body", content: "A long piece about kubernetes.", createdAt: publishedOn(3) },
      { title: "Unrelated", createdAt: publishedOn(4) },
    );

    const found = await setUp().editorial.list(query({ q: "uBeRnEt" }));

    expect(titles(found.articles)).toEqual(["Cluster news", "Kubernetes 2.0 lands"]);
    expect(found).toMatchObject({ total: 2, page: 1, pageCount: 1 });
  });

  it("takes % and _ in the search literally", async () => {
    await insertArticles(
      database.db,
      { title: "Uptime hits 100% at last", createdAt: publishedOn(1) },
      { title: "Uptime hits 100 percent", createdAt: publishedOn(2) },
      { title: "The snake_case debate", createdAt: publishedOn(3) },
      { title: "The snake-case debate", createdAt: publishedOn(4) },
    );
    const { editorial } = setUp();

    expect(titles((await editorial.list(query({ q: "100%" }))).articles)).toEqual(["Uptime hits 100% at last"]);
    expect(titles((await editorial.list(query({ q: "snake_case" }))).articles)).toEqual(["The snake_case debate"]);
    expect((await editorial.list(query({ q: "%" }))).total).toBe(1);
  });

  it("takes a backslash in the search literally", async () => {
    await insertArticles(
      database.db,
      { title: "Windows keeps C:\\Users\\Public", createdAt: publishedOn(1) },
      { title: "Windows keeps C:Users", createdAt: publishedOn(2) },
    );

    const found = await setUp().editorial.list(query({ q: "C:\\Users" }));

    expect(titles(found.articles)).toEqual(["Windows keeps C:\\Users\\Public"]);
  });

  it("combines the category and status filters with the search", async () => {
    await insertArticles(
      database.db,
      { title: "AI published", category: "AI", publishedAt: publishedOn(1), createdAt: publishedOn(1) },
      { title: "AI draft", category: "AI", publishedAt: null, createdAt: publishedOn(2) },
      { title: "AI draft two", category: "AI", publishedAt: null, createdAt: publishedOn(3) },
      { title: "Cloud published", category: "Cloud", publishedAt: publishedOn(4), createdAt: publishedOn(4) },
      { title: "Cloud draft", category: "Cloud", publishedAt: null, createdAt: publishedOn(5) },
    );
    const { editorial } = setUp();

    expect(titles((await editorial.list(query({ category: "AI" }))).articles)).toEqual([
      "AI draft two",
      "AI draft",
      "AI published",
    ]);
    expect(titles((await editorial.list(query({ status: "published" }))).articles)).toEqual(["Cloud published", "AI published"]);
    expect(titles((await editorial.list(query({ status: "draft" }))).articles)).toEqual([
      "Cloud draft",
      "AI draft two",
      "AI draft",
    ]);

    const aiDrafts = await editorial.list(query({ category: "AI", status: "draft" }));
    expect(titles(aiDrafts.articles)).toEqual(["AI draft two", "AI draft"]);
    expect(aiDrafts).toMatchObject({ total: 2, pageCount: 1 });

    const searched = await editorial.list(query({ q: "two", category: "AI", status: "draft" }));
    expect(titles(searched.articles)).toEqual(["AI draft two"]);
    expect(searched.total).toBe(1);

    const none = await editorial.list(query({ category: "Security", status: "draft" }));
    expect(none).toMatchObject({ articles: [], total: 0, page: 1, pageCount: 1 });
  });

  it("narrows to one tag's articles, with the other filters, by the tag's address", async () => {
    const [lawDraft, lawPublished, other] = await insertArticles(
      database.db,
      { title: "EU AI Act draft", category: "AI", publishedAt: null, createdAt: publishedOn(1) },
      { title: "EU AI Act in force", category: "AI", publishedAt: publishedOn(2), createdAt: publishedOn(2) },
      { title: "Untagged story", category: "AI", publishedAt: publishedOn(3), createdAt: publishedOn(3) },
    );
    const at = new Date(START);
    await saveArticleTags(database.db, lawDraft!.id, ["EU AI Act"], at);
    await saveArticleTags(database.db, lawPublished!.id, ["EU AI Act", "Brussels"], at);
    await saveArticleTags(database.db, other!.id, ["Brussels"], at);
    const { editorial } = setUp();

    const tagged = await editorial.list(query({ tag: "eu-ai-act" }));
    expect(titles(tagged.articles)).toEqual(["EU AI Act in force", "EU AI Act draft"]);
    expect(tagged.total).toBe(2);
    expect(titles((await editorial.list(query({ tag: "eu-ai-act", status: "draft" }))).articles)).toEqual(["EU AI Act draft"]);
    expect(titles((await editorial.list(query({ tag: "brussels", q: "untagged" }))).articles)).toEqual(["Untagged story"]);
    expect((await editorial.list(query({ tag: "no-such-tag" }))).total).toBe(0);
  });

  it("pages through filtered results with the filtered total", async () => {
    await insertArticles(
      database.db,
      ...Array.from({ length: 30 }, (_, index) => ({
        title: `Story ${index + 1}`,
        category: index % 2 === 0 ? ("Mobile" as const) : ("Cloud" as const),
        createdAt: new Date(Date.parse(START) + index * MINUTE),
      })),
    );

    const mobile = await setUp().editorial.list(query({ category: "Mobile", page: 2 }), {}, 10);

    expect(titles(mobile.articles)).toEqual(["Story 9", "Story 7", "Story 5", "Story 3", "Story 1"]);
    expect(mobile).toMatchObject({ total: 15, page: 2, pageCount: 2, pageSize: 10 });
  });
});

describe("findForEditing", () => {
  it("gives a draft with its body", async () => {
    const [draft] = await insertArticles(database.db, { title: "Half written", content: "TODO: finish", publishedAt: null });

    expect(await setUp().editorial.findForEditing(draft!.id)).toMatchObject({
      id: draft!.id,
      title: "Half written",
      content: "TODO: finish",
      publishedAt: null,
    });
  });

  it("gives a published article with its body", async () => {
    const [published] = await insertArticles(database.db, {
      title: "Out there",
      content: "Read me.",
      publishedAt: publishedOn(2),
    });

    expect(await setUp().editorial.findForEditing(published!.id)).toMatchObject({
      id: published!.id,
      content: "Read me.",
      publishedAt: publishedOn(2),
    });
  });

  it("gives null for an id that does not exist", async () => {
    const [article] = await insertArticles(database.db, { title: "Exists" });
    expect(await setUp().editorial.findForEditing(article!.id + 1)).toBeNull();
  });
});

describe("create", () => {
  it("saves a hand-written draft signed by the given author, with the clock's time", async () => {
    const other = await insertAuthor(database.db, { name: "Someone Else" });
    const author = await insertAuthor(database.db, { name: "Maya Okafor" });
    const { editorial } = setUp();

    const outcome = await editorial.create(articleFormInput({ isFeatured: "on", readTime: "11" }), {
      authorId: author.id,
      allowDuplicate: false,
    });

    expect(outcome).toEqual({ outcome: "created", id: expect.any(Number) });
    const id = outcome.outcome === "created" ? outcome.id : 0;
    expect(await rowOf(id)).toMatchObject({
      title: "Chip makers race to 2 nm",
      excerpt: "Three foundries promise the next node within a year.",
      content: "## The race\n\nFoundries are spending billions.",
      category: "Gadgets",
      readTime: 11,
      sources: "The Verge, Ars Technica",
      image: "/images/stock/ai-technology.svg",
      isFeatured: true,
      isPopular: false,
      isAiGenerated: false,
      authorId: author.id,
      publishedAt: null,
      createdAt: new Date(START),
      updatedAt: new Date(START),
    });
    expect(other.id).not.toBe(author.id);
  });

  it("refuses a duplicate without the editor's confirmation, and saves nothing", async () => {
    const author = await insertAuthor(database.db);
    const [existing] = await insertArticles(database.db, {
      title: "Chip makers race to 2 nm as demand soars",
      publishedAt: publishedOn(6),
      authorId: author.id,
    });
    const { editorial } = setUp();

    const outcome = await editorial.create(articleFormInput(), { authorId: author.id, allowDuplicate: false });

    expect(outcome).toEqual({
      outcome: "duplicate",
      similar: {
        id: existing!.id,
        title: "Chip makers race to 2 nm as demand soars",
        publishedAt: publishedOn(6),
        status: "published",
        reason: "title",
      },
    });
    expect(await articleCount()).toBe(1);
  });

  it("creates the article anyway when the editor confirms it is not a duplicate", async () => {
    const author = await insertAuthor(database.db);
    await insertArticles(database.db, { title: "Chip makers race to 2 nm as demand soars", authorId: author.id });
    const { editorial } = setUp();

    const outcome = await editorial.create(articleFormInput(), { authorId: author.id, allowDuplicate: true });

    expect(outcome.outcome).toBe("created");
    const id = outcome.outcome === "created" ? outcome.id : 0;
    expect(await rowOf(id)).toMatchObject({ title: "Chip makers race to 2 nm", publishedAt: null });
    expect(await articleCount()).toBe(2);
  });
});

describe("create: a possible follow-up", () => {
  const followUpInput = () =>
    articleFormInput({
      title: "Brightvale halts Orbit 2 e-reader sales after reports of cracked screens",
      excerpt: "The company told shops to stop selling its colour e-reader while it looks into screens that crack when bent.",
    });
  const links = () =>
    database.db.select({ articleId: relatedArticles.articleId, relatedId: relatedArticles.relatedId }).from(relatedArticles);

  async function earlierStory() {
    const author = await insertAuthor(database.db);
    const [earlier] = await insertArticles(database.db, {
      title: "Brightvale launches the Orbit 2 e-reader with a colour screen at $249",
      excerpt:
        "The Dutch company's new e-reader has a seven-inch colour display and a week of battery life, and ships this month.",
      publishedAt: publishedOn(4),
      authorId: author.id,
    });
    return { author, earlier: earlier! };
  }

  it("offers the earlier story first and saves nothing, then saves the draft related to it when the editor ticks it", async () => {
    const { author, earlier } = await earlierStory();
    const { editorial } = setUp();

    const offered = await editorial.create(followUpInput(), { authorId: author.id, allowDuplicate: false });
    expect(offered).toMatchObject({ outcome: "follow-up", earlier: { id: earlier.id, title: earlier.title } });
    expect(await articleCount()).toBe(1);

    const saved = await editorial.create(followUpInput(), {
      authorId: author.id,
      allowDuplicate: false,
      followUpSeen: true,
      relatedTo: earlier.id,
    });
    expect(saved.outcome).toBe("created");
    const id = saved.outcome === "created" ? saved.id : 0;
    expect(await links()).toEqual([{ articleId: id, relatedId: earlier.id }]);
  });

  it("saves the draft without a link when the editor leaves Mark as related unticked", async () => {
    const { author } = await earlierStory();
    const { editorial } = setUp();
    const saved = await editorial.create(followUpInput(), { authorId: author.id, allowDuplicate: false, followUpSeen: true });
    expect(saved.outcome).toBe("created");
    expect(await articleCount()).toBe(2);
    expect(await links()).toEqual([]);
  });

  it("saves the draft without a link when the earlier story was deleted meanwhile", async () => {
    const { author, earlier } = await earlierStory();
    const { editorial } = setUp();
    await database.db.delete(articles).where(eq(articles.id, earlier.id));
    const saved = await editorial.create(followUpInput(), {
      authorId: author.id,
      allowDuplicate: false,
      followUpSeen: true,
      relatedTo: earlier.id,
    });
    expect(saved.outcome).toBe("created");
    expect(await links()).toEqual([]);
  });
});

describe("create: what the duplicate check tells a writer who cannot list every article", () => {
  const EDITORS_DRAFT = {
    title: "Private: Acme in talks to buy Globex for $4bn",
    excerpt: "Two people close to the talks say the boards meet next week.",
  };
  const links = () =>
    database.db.select({ articleId: relatedArticles.articleId, relatedId: relatedArticles.relatedId }).from(relatedArticles);

  async function newsroom() {
    const editor = await insertAuthor(database.db, { name: "Edith Editor" });
    const writer = await insertAuthor(database.db, { name: "Arthur Author" });
    return { editor, writer };
  }

  it.each(["author", "contributor"] as const)(
    "saves the article of a writer in the %s role, titled like an editor's draft, without naming that draft",
    async (role) => {
      const { editor, writer } = await newsroom();
      await insertArticles(database.db, { ...EDITORS_DRAFT, publishedAt: null, authorId: editor.id });
      const { editorial } = setUp();

      const outcome = await editorial.create(articleFormInput({ title: "Private: Acme in talks to buy Globex" }), {
        authorId: writer.id,
        role,
        allowDuplicate: false,
      });

      expect(outcome).toEqual({ outcome: "created", id: expect.any(Number) });
      expect(JSON.stringify(outcome)).not.toContain("Globex for $4bn");
    },
  );

  it("does not name an editor's scheduled article to an author either", async () => {
    const { editor, writer } = await newsroom();
    await insertArticles(database.db, {
      ...EDITORS_DRAFT,
      status: "scheduled",
      publishedAt: new Date("2025-05-01T09:00:00.000Z"),
      authorId: editor.id,
    });
    const { editorial } = setUp();

    const outcome = await editorial.create(articleFormInput({ title: "Private: Acme in talks to buy Globex" }), {
      authorId: writer.id,
      role: "author",
      allowDuplicate: false,
    });

    expect(outcome.outcome).toBe("created");
  });

  it("still warns an author about a published story and about their own draft", async () => {
    const { editor, writer } = await newsroom();
    const [published, own] = await insertArticles(
      database.db,
      { title: "Chip makers race to 2 nm as demand soars", publishedAt: publishedOn(6), authorId: editor.id },
      { title: "Acme and Globex: the merger nobody expected", publishedAt: null, authorId: writer.id },
    );
    const { editorial } = setUp();

    expect(await editorial.create(articleFormInput(), { authorId: writer.id, role: "author", allowDuplicate: false })).toEqual({
      outcome: "duplicate",
      similar: {
        id: published!.id,
        title: "Chip makers race to 2 nm as demand soars",
        publishedAt: publishedOn(6),
        status: "published",
        reason: "title",
      },
    });
    expect(
      await editorial.create(articleFormInput({ title: "Acme and Globex: the merger nobody" }), {
        authorId: writer.id,
        role: "contributor",
        allowDuplicate: false,
      }),
    ).toMatchObject({ outcome: "duplicate", similar: { id: own!.id, status: "draft" } });
  });

  it("does not offer an author another person's draft as the story theirs follows up", async () => {
    const { editor, writer } = await newsroom();
    await insertArticles(database.db, { ...ORBIT_LAUNCH, publishedAt: null, authorId: editor.id });
    const { editorial } = setUp();

    const outcome = await editorial.create(articleFormInput(ORBIT_HALTED), {
      authorId: writer.id,
      role: "author",
      allowDuplicate: false,
    });

    expect(outcome).toEqual({ outcome: "created", id: expect.any(Number) });
  });

  it("offers an author a published earlier story as before", async () => {
    const { editor, writer } = await newsroom();
    const [earlier] = await insertArticles(database.db, { ...ORBIT_LAUNCH, publishedAt: publishedOn(4), authorId: editor.id });
    const { editorial } = setUp();

    const outcome = await editorial.create(articleFormInput(ORBIT_HALTED), {
      authorId: writer.id,
      role: "author",
      allowDuplicate: false,
    });

    expect(outcome).toMatchObject({ outcome: "follow-up", earlier: { id: earlier!.id, status: "published" } });
  });

  it("does not relate an author's new draft to another person's draft whose id they post", async () => {
    const { editor, writer } = await newsroom();
    const [draft] = await insertArticles(database.db, { ...EDITORS_DRAFT, publishedAt: null, authorId: editor.id });
    const { editorial } = setUp();

    const saved = await editorial.create(articleFormInput(), {
      authorId: writer.id,
      role: "author",
      allowDuplicate: false,
      followUpSeen: true,
      relatedTo: draft!.id,
    });

    expect(saved.outcome).toBe("created");
    expect(await links()).toEqual([]);
  });

  it("tells an editor about another person's scheduled article, as scheduled", async () => {
    const { editor, writer } = await newsroom();
    const [scheduled] = await insertArticles(database.db, {
      ...EDITORS_DRAFT,
      status: "scheduled",
      publishedAt: new Date("2025-05-01T09:00:00.000Z"),
      authorId: writer.id,
    });
    const { editorial } = setUp();

    const outcome = await editorial.create(articleFormInput({ title: "Private: Acme in talks to buy Globex" }), {
      authorId: editor.id,
      role: "editor",
      allowDuplicate: false,
    });

    expect(outcome).toMatchObject({ outcome: "duplicate", similar: { id: scheduled!.id, status: "scheduled" } });
  });
});

describe("update", () => {
  const edited = () =>
    articleFormInput({
      title: "Edited title",
      excerpt: "Edited excerpt.",
      content: "Edited body.",
      category: "Security",
      readTime: "14",
      sources: "Wired,  Reuters",
      image: "https://example.com/new.jpg",
      isFeatured: "on",
      isPopular: "on",
    });

  it("writes every editor field, moves updatedAt to now and leaves the publication time alone", async () => {
    const [article] = await insertArticles(database.db, {
      title: "Original",
      excerpt: "Original excerpt.",
      content: "Original body.",
      category: "AI",
      readTime: 3,
      sources: "",
      image: "",
      isAiGenerated: true,
      publishedAt: publishedOn(2),
      createdAt: publishedOn(1),
      updatedAt: publishedOn(2),
    });
    const { editorial, clock } = setUp();
    clock.advance(5 * MINUTE);

    expect(await editorial.update(article!.id, edited())).toBe("done");

    expect(await rowOf(article!.id)).toMatchObject({
      title: "Edited title",
      excerpt: "Edited excerpt.",
      content: "Edited body.",
      category: "Security",
      readTime: 14,
      sources: "Wired, Reuters",
      image: "https://example.com/new.jpg",
      isFeatured: true,
      isPopular: true,
      isAiGenerated: true,
      authorId: article!.authorId,
      publishedAt: publishedOn(2),
      createdAt: publishedOn(1),
      updatedAt: new Date(Date.parse(START) + 5 * MINUTE),
    });
  });

  it("keeps a draft a draft, and can clear the flags", async () => {
    const [draft] = await insertArticles(database.db, { title: "Draft", isFeatured: true, isPopular: true, publishedAt: null });

    expect(await setUp().editorial.update(draft!.id, articleFormInput())).toBe("done");

    expect(await rowOf(draft!.id)).toMatchObject({
      title: "Chip makers race to 2 nm",
      isFeatured: false,
      isPopular: false,
      publishedAt: null,
    });
  });

  it("answers missing for a deleted article and does not bring it back", async () => {
    const [article] = await insertArticles(database.db, { title: "Soon gone" });
    const { editorial } = setUp();
    expect(await editorial.delete(article!.id)).toBe("done");

    expect(await editorial.update(article!.id, edited())).toBe("missing");
    expect(await editorial.update(article!.id, edited(), { expectedUpdatedAt: article!.updatedAt })).toBe("missing");

    expect(await rowOf(article!.id)).toBeNull();
    expect(await articleCount()).toBe(0);
  });

  it("saves when the version the editor opened is still the current one", async () => {
    const [article] = await insertArticles(database.db, { title: "Original", updatedAt: publishedOn(2) });
    const { editorial } = setUp();
    const opened = await editorial.findForEditing(article!.id);

    expect(await editorial.update(article!.id, edited(), { expectedUpdatedAt: opened!.updatedAt })).toBe("done");
    expect((await rowOf(article!.id))?.title).toBe("Edited title");
  });

  it("refuses a save of an older version as stale, and keeps the other admin's changes", async () => {
    const [article] = await insertArticles(database.db, { title: "Original", updatedAt: publishedOn(2) });
    const { editorial, clock } = setUp();
    const openedByBoth = await editorial.findForEditing(article!.id);

    clock.advance(MINUTE);
    expect(
      await editorial.update(article!.id, articleFormInput({ title: "First admin's title" }), {
        expectedUpdatedAt: openedByBoth!.updatedAt,
      }),
    ).toBe("done");
    clock.advance(MINUTE);
    expect(await editorial.update(article!.id, edited(), { expectedUpdatedAt: openedByBoth!.updatedAt })).toBe("stale");

    expect(await rowOf(article!.id)).toMatchObject({
      title: "First admin's title",
      updatedAt: new Date(Date.parse(START) + MINUTE),
    });
  });

  it("refuses a version that is one millisecond off", async () => {
    const [article] = await insertArticles(database.db, { title: "Original", updatedAt: publishedOn(2) });

    const outcome = await setUp().editorial.update(article!.id, edited(), {
      expectedUpdatedAt: new Date(publishedOn(2).getTime() + 1),
    });

    expect(outcome).toBe("stale");
    expect((await rowOf(article!.id))?.title).toBe("Original");
  });

  it("matches the version of a row whose updated_at was set by the database, with microseconds", async () => {
    // No updatedAt given: the column's default, now(), keeps microseconds that a JavaScript Date cannot hold.
    const [article] = await insertArticles(database.db, { title: "Saved by the database" });
    const { editorial } = setUp();
    const opened = await editorial.findForEditing(article!.id);

    expect(await editorial.update(article!.id, edited(), { expectedUpdatedAt: opened!.updatedAt })).toBe("done");
    expect((await rowOf(article!.id))?.title).toBe("Edited title");
  });

  it("matches the version of a row whose updated_at has a sub-millisecond part", async () => {
    const [article] = await insertArticles(database.db, { title: "Precise" });
    await database.db
      .update(articles)
      .set({ updatedAt: sql`'2025-03-02 10:11:12.345678+00'::timestamptz` })
      .where(eq(articles.id, article!.id));
    const { editorial } = setUp();
    const opened = await editorial.findForEditing(article!.id);
    expect(opened!.updatedAt).toEqual(new Date("2025-03-02T10:11:12.345Z"));

    expect(await editorial.update(article!.id, edited(), { expectedUpdatedAt: opened!.updatedAt })).toBe("done");
    expect((await rowOf(article!.id))?.title).toBe("Edited title");
  });
});

describe("publish, unpublish and delete", () => {
  it("publish sets the publication time to now, and a second publish changes nothing", async () => {
    const [draft] = await insertArticles(database.db, { title: "Ready", publishedAt: null, updatedAt: publishedOn(1) });
    const { editorial, clock } = setUp();

    expect(await editorial.transition(draft!.id, "publish", { by: null })).toBe("done");
    expect(await rowOf(draft!.id)).toMatchObject({ publishedAt: new Date(START), updatedAt: new Date(START) });

    clock.advance(10 * MINUTE);
    expect(await editorial.transition(draft!.id, "publish", { by: null })).toBe("already");
    expect(await rowOf(draft!.id)).toMatchObject({ publishedAt: new Date(START), updatedAt: new Date(START) });
  });

  it("unpublish turns a published article back into a draft, and answers already for a draft", async () => {
    const [published] = await insertArticles(database.db, {
      title: "Live",
      publishedAt: publishedOn(3),
      updatedAt: publishedOn(3),
    });
    const [draft] = await insertArticles(database.db, { title: "Draft", publishedAt: null, updatedAt: publishedOn(3) });
    const { editorial } = setUp();

    expect(await editorial.transition(published!.id, "unpublish", { by: null })).toBe("done");
    expect(await rowOf(published!.id)).toMatchObject({ publishedAt: null, updatedAt: new Date(START) });

    expect(await editorial.transition(draft!.id, "unpublish", { by: null })).toBe("already");
    expect(await editorial.transition(published!.id, "unpublish", { by: null })).toBe("already");
    expect(await rowOf(draft!.id)).toMatchObject({ publishedAt: null, updatedAt: publishedOn(3) });
  });

  it("a republished article gets the time of its new publication", async () => {
    const [article] = await insertArticles(database.db, { title: "Back again", publishedAt: publishedOn(3) });
    const { editorial, clock } = setUp();

    expect(await editorial.transition(article!.id, "unpublish", { by: null })).toBe("done");
    clock.advance(MINUTE);
    expect(await editorial.transition(article!.id, "publish", { by: null })).toBe("done");

    expect((await rowOf(article!.id))?.publishedAt).toEqual(new Date(Date.parse(START) + MINUTE));
  });

  it("delete removes the article for good, and answers missing the second time", async () => {
    const [gone, kept] = await insertArticles(database.db, { title: "Gone" }, { title: "Kept" });
    const { editorial } = setUp();

    expect(await editorial.delete(gone!.id)).toBe("done");
    expect(await rowOf(gone!.id)).toBeNull();
    expect(await rowOf(kept!.id)).not.toBeNull();

    expect(await editorial.delete(gone!.id)).toBe("missing");
  });

  it("publish and unpublish of a deleted article answer missing and do not bring it back", async () => {
    const [article] = await insertArticles(database.db, { title: "Deleted", publishedAt: null });
    const { editorial } = setUp();
    await editorial.delete(article!.id);

    expect(await editorial.transition(article!.id, "publish", { by: null })).toBe("missing");
    expect(await editorial.transition(article!.id, "unpublish", { by: null })).toBe("missing");
    expect(await editorial.findForEditing(article!.id)).toBeNull();
    expect(await articleCount()).toBe(0);
  });
});

describe("telling readers' caches", () => {
  it("announces each change readers may see, and nothing for a new draft or a change that did not happen", async () => {
    let announced = 0;
    const editorial = createEditorialService({
      db: database.db,
      clock: manualClock(START),
      onPublicChange: async () => {
        announced += 1;
      },
    });
    const author = await insertAuthor(database.db);
    const created = await editorial.create(articleFormInput(), { authorId: author.id, allowDuplicate: true });
    expect(created.outcome).toBe("created");
    expect(announced, "a new draft").toBe(0);
    const id = created.outcome === "created" ? created.id : 0;

    expect(await editorial.transition(id, "publish", { by: null })).toBe("done");
    expect(await editorial.transition(id, "publish", { by: null })).toBe("already");
    expect(announced).toBe(1);
    expect(await editorial.update(id, articleFormInput({ title: "Chip makers race to 2 nm, and one is ahead" }))).toBe("done");
    expect(await editorial.transition(id, "unpublish", { by: null })).toBe("done");
    expect(await editorial.delete(id)).toBe("done");
    expect(await editorial.delete(id)).toBe("missing");
    expect(announced).toBe(4);
  });
});

describe("at the same time", () => {
  const draftValues: ArticleValues = { title: "Breaking", publishedAt: null, updatedAt: publishedOn(1) };

  it("publishes a draft once when two publish clicks arrive together", async () => {
    const [draft] = await insertArticles(database.db, draftValues);
    const first = setUp({ start: "2025-04-01T09:00:00.000Z" });
    const second = setUp({ start: "2025-04-01T09:00:01.000Z" });

    const outcomes = await Promise.all([
      first.editorial.transition(draft!.id, "publish", { by: null }),
      second.editorial.transition(draft!.id, "publish", { by: null }),
    ]);

    expect([...outcomes].sort()).toEqual(["already", "done"]);
    const winner = outcomes[0] === "done" ? first : second;
    expect(await rowOf(draft!.id)).toMatchObject({ publishedAt: winner.clock.now(), updatedAt: winner.clock.now() });
  });

  it("lets only one of two saves of the same version through", async () => {
    const [article] = await insertArticles(database.db, draftValues);
    const first = setUp({ start: "2025-04-01T09:00:00.000Z" });
    const second = setUp({ start: "2025-04-01T09:00:01.000Z" });

    const outcomes = await Promise.all([
      first.editorial.update(article!.id, articleFormInput({ title: "First" }), { expectedUpdatedAt: publishedOn(1) }),
      second.editorial.update(article!.id, articleFormInput({ title: "Second" }), { expectedUpdatedAt: publishedOn(1) }),
    ]);

    expect([...outcomes].sort()).toEqual(["done", "stale"]);
    expect((await rowOf(article!.id))?.title).toBe(outcomes[0] === "done" ? "First" : "Second");
  });

  it.skipIf(testDriver() !== "postgres")(
    "publishes once and saves once when the clicks reach two instances of the app",
    async () => {
      const other = await openSecondHandle(database.handle);
      try {
        // Both pools connected first, so the changes below really race.
        await Promise.all([database.db.execute(sql`select 1`), other.db.execute(sql`select 1`)]);
        for (let round = 0; round < 5; round += 1) {
          const [draft] = await insertArticles(database.db, draftValues);
          const first = setUp({ start: "2025-04-01T09:00:00.000Z" });
          const second = setUp({ db: other.db, start: "2025-04-01T09:00:01.000Z" });

          const published = await Promise.all([
            first.editorial.transition(draft!.id, "publish", { by: null }),
            second.editorial.transition(draft!.id, "publish", { by: null }),
          ]);
          expect([...published].sort()).toEqual(["already", "done"]);
          const winner = published[0] === "done" ? first : second;
          expect((await rowOf(draft!.id))?.publishedAt).toEqual(winner.clock.now());

          const current = (await rowOf(draft!.id))!.updatedAt;
          first.clock.advance(MINUTE);
          second.clock.advance(MINUTE);
          const saved = await Promise.all([
            first.editorial.update(draft!.id, articleFormInput({ title: "First" }), { expectedUpdatedAt: current }),
            second.editorial.update(draft!.id, articleFormInput({ title: "Second" }), { expectedUpdatedAt: current }),
          ]);
          expect([...saved].sort()).toEqual(["done", "stale"]);

          const [deleted, updated] = await Promise.all([
            first.editorial.delete(draft!.id),
            second.editorial.update(draft!.id, articleFormInput({ title: "Edited while deleted" })),
          ]);
          expect(deleted).toBe("done");
          expect(["done", "missing"]).toContain(updated);
          expect(await rowOf(draft!.id)).toBeNull();
        }
      } finally {
        await other.close();
      }
    },
  );
});
