import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { articleFormInput, insertArticles, insertAuthor, publishedOn } from "../../../tests/support/article-factory";
import { manualClock } from "../../../tests/support/manual-clock";
import { resetDatabase, withTestDatabase } from "../../../tests/setup/test-database";
import { articleCoauthors, articles } from "../../db/schema";
import { COAUTHOR_TEXTS } from "../../validation/article";
import { createSyndicationService } from "../syndication/syndication.server";
import { createArticleService, listArticleAuthors } from "./articles.server";
import { CoauthorError, createEditorialService } from "./editorial.server";
import { SPEC_SECTIONS } from "../sections/sections.server";

const database = withTestDatabase();
const site = { name: "Byline", url: "https://news.example" };
/** The services' "now": after every fixed publication day of the tests (March 2025). */
const NOW = "2025-04-01T09:00:00.000Z";

beforeEach(() => resetDatabase(database.db));

function services() {
  const clock = manualClock(NOW);
  return {
    clock,
    articles: createArticleService({ db: database.db, clock }),
    editorial: createEditorialService({ db: database.db, clock }),
    syndication: createSyndicationService({ sections: SPEC_SECTIONS, db: database.db, site, clock }),
  };
}

/** Three people: Maya leads, Daniel and Priya co-sign. */
async function newsroom() {
  const maya = await insertAuthor(database.db, {
    name: "Maya Okafor",
    role: "Senior Technology Editor",
    bio: "Covers chips and the cloud.",
    links: [{ label: "Mastodon", url: "https://mastodon.example/@maya" }],
  });
  const daniel = await insertAuthor(database.db, { name: "Daniel Reyes" });
  const priya = await insertAuthor(database.db, { name: "Priya Nair", role: "Security Reporter" });
  return { maya, daniel, priya };
}

async function coauthorRows(articleId: number) {
  return database.db
    .select({ authorId: articleCoauthors.authorId, position: articleCoauthors.position })
    .from(articleCoauthors)
    .where(eq(articleCoauthors.articleId, articleId))
    .orderBy(asc(articleCoauthors.position));
}

const articleInput = (title: string) => articleFormInput({ title });

const titles = (list: { title: string }[]) => list.map((article) => article.title);

describe("author slugs", () => {
  it("are made by the database from the name when a profile is created", async () => {
    const { maya, daniel } = await newsroom();
    expect([maya.slug, daniel.slug]).toEqual(["maya-okafor", "daniel-reyes"]);
  });
});

describe("the author page", () => {
  it("lists the articles an author leads or co-signs, newest first, without drafts or scheduled ones", async () => {
    const { maya, daniel, priya } = await newsroom();
    const [, coSigned, draft, scheduled] = await insertArticles(
      database.db,
      { title: "Daniel leads", authorId: daniel.id, publishedAt: publishedOn(3) },
      { title: "Maya leads, Daniel co-signs", authorId: maya.id, publishedAt: publishedOn(5) },
      { title: "Daniel's draft", authorId: daniel.id, publishedAt: null },
      // Scheduled for after "now": not visible yet, although it has a publication time.
      {
        title: "Daniel's scheduled story",
        authorId: daniel.id,
        status: "scheduled",
        publishedAt: new Date("2025-04-02T08:00:00Z"),
      },
      { title: "Priya alone", authorId: priya.id, publishedAt: publishedOn(7) },
    );
    await database.db.insert(articleCoauthors).values([
      { articleId: coSigned!.id, authorId: daniel.id, position: 1 },
      { articleId: draft!.id, authorId: priya.id, position: 1 },
      { articleId: scheduled!.id, authorId: maya.id, position: 1 },
    ]);

    const page = await services().articles.authorPage("daniel-reyes", 1);
    expect(page).toMatchObject({ total: 2, page: 1, pageCount: 1, author: { name: "Daniel Reyes", slug: "daniel-reyes" } });
    expect(titles(page!.articles)).toEqual(["Maya leads, Daniel co-signs", "Daniel leads"]);
    // The cards name the lead author, with the address of their page.
    expect(page!.articles[0]!.author).toMatchObject({ name: "Maya Okafor", slug: "maya-okafor" });

    const maysPage = await services().articles.authorPage("maya-okafor", 1);
    expect(maysPage!.author).toMatchObject({
      role: "Senior Technology Editor",
      bio: "Covers chips and the cloud.",
      links: [{ label: "Mastodon", url: "https://mastodon.example/@maya" }],
    });
    expect(titles(maysPage!.articles)).toEqual(["Maya leads, Daniel co-signs"]);
    expect(titles((await services().articles.authorPage("priya-nair", 1))!.articles)).toEqual(["Priya alone"]);
  });

  it("shows an article only once it is published and its time has come", async () => {
    const { daniel } = await newsroom();
    await insertArticles(database.db, {
      title: "Later today",
      authorId: daniel.id,
      status: "scheduled",
      publishedAt: new Date("2025-04-01T10:00:00Z"),
    });
    const { clock, articles: service } = services();
    expect((await service.authorPage("daniel-reyes", 1))!.total).toBe(0);
    // Published but its time is still ahead: hidden until the services' clock reaches it.
    await database.db.update(articles).set({ status: "published" }).where(eq(articles.title, "Later today"));
    expect((await service.authorPage("daniel-reyes", 1))!.total).toBe(0);
    clock.set("2025-04-01T10:00:00.000Z");
    expect(titles((await service.authorPage("daniel-reyes", 1))!.articles)).toEqual(["Later today"]);
  });

  it("pages like a category: 24 a page, no overlap, a page past the end empty", async () => {
    const { daniel } = await newsroom();
    await insertArticles(
      database.db,
      ...Array.from({ length: 5 }, (_, index) => ({
        title: `Story ${index + 1}`,
        authorId: daniel.id,
        publishedAt: publishedOn(index + 1),
      })),
    );
    const service = services().articles;
    const first = await service.authorPage("daniel-reyes", 1, 2);
    const second = await service.authorPage("daniel-reyes", 2, 2);
    const third = await service.authorPage("daniel-reyes", 3, 2);
    expect(titles(first!.articles)).toEqual(["Story 5", "Story 4"]);
    expect(titles(second!.articles)).toEqual(["Story 3", "Story 2"]);
    expect(titles(third!.articles)).toEqual(["Story 1"]);
    expect(first).toMatchObject({ total: 5, pageCount: 3 });
    const past = await service.authorPage("daniel-reyes", 9, 2);
    expect(past).toMatchObject({ articles: [], total: 5, page: 9, pageCount: 3 });
    expect((await service.authorPage("daniel-reyes", 1))!.articles).toHaveLength(5);
  });

  it("is null for an unknown slug", async () => {
    await newsroom();
    expect(await services().articles.authorPage("nobody-here", 1)).toBeNull();
    // Slugs are lower-case; an address in another case finds the same author, as the page cache's key does.
    expect((await services().articles.authorPage("Maya-Okafor", 1))!.author.slug).toBe("maya-okafor");
  });
});

describe("co-authors", () => {
  it("are saved in order with a new article and replaced on edit, in the same transaction", async () => {
    const { maya, daniel, priya } = await newsroom();
    const { editorial } = services();
    const created = await editorial.create(articleInput("Chips, co-signed"), {
      authorId: maya.id,
      allowDuplicate: true,
      coauthorIds: [priya.id, daniel.id],
    });
    if (created.outcome !== "created") throw new Error("not created");
    expect(await coauthorRows(created.id)).toEqual([
      { authorId: priya.id, position: 1 },
      { authorId: daniel.id, position: 2 },
    ]);
    expect(await editorial.coauthorIds(created.id)).toEqual([priya.id, daniel.id]);
    expect((await listArticleAuthors(database.db, [created.id])).get(created.id)!.map((author) => author.name)).toEqual([
      "Maya Okafor",
      "Priya Nair",
      "Daniel Reyes",
    ]);

    // The article page reads the same order.
    expect(await editorial.transition(created.id, "publish", { by: null })).toBe("done");
    const shown = await services().articles.findPublished(created.id);
    expect(shown!.authors.map((author) => [author.name, author.slug])).toEqual([
      ["Maya Okafor", "maya-okafor"],
      ["Priya Nair", "priya-nair"],
      ["Daniel Reyes", "daniel-reyes"],
    ]);

    expect(await editorial.update(created.id, articleInput("Chips, co-signed"), { coauthorIds: [daniel.id] })).toBe("done");
    expect(await coauthorRows(created.id)).toEqual([{ authorId: daniel.id, position: 1 }]);
    // A save that does not choose co-authors (an author's or a contributor's) leaves them as they are.
    expect(await editorial.update(created.id, articleInput("Chips, retitled"))).toBe("done");
    expect(await coauthorRows(created.id)).toEqual([{ authorId: daniel.id, position: 1 }]);
  });

  it("refuses the same person twice and the lead author, and leaves the article as it was", async () => {
    const { maya, daniel } = await newsroom();
    const { editorial } = services();

    await expect(
      editorial.create(articleInput("Twice Daniel"), {
        authorId: maya.id,
        allowDuplicate: true,
        coauthorIds: [daniel.id, daniel.id],
      }),
    ).rejects.toMatchObject({ code: "DUPLICATE_COAUTHOR", message: COAUTHOR_TEXTS.duplicate });
    expect(await database.db.select().from(articles)).toEqual([]);

    const created = await editorial.create(articleInput("Chips"), { authorId: maya.id, allowDuplicate: true });
    if (created.outcome !== "created") throw new Error("not created");
    const error = await editorial
      .update(created.id, articleInput("Chips, with Maya twice"), { coauthorIds: [daniel.id, maya.id] })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CoauthorError);
    expect(error).toMatchObject({ code: "LEAD_AS_COAUTHOR", message: COAUTHOR_TEXTS.lead });
    const [row] = await database.db.select({ title: articles.title }).from(articles).where(eq(articles.id, created.id));
    expect(row).toEqual({ title: "Chips" });
    expect(await coauthorRows(created.id)).toEqual([]);

    await expect(editorial.update(created.id, articleInput("Chips"), { coauthorIds: [999_999] })).rejects.toMatchObject({
      code: "UNKNOWN_AUTHOR",
    });
  });
});

describe("the author feed and the sitemap", () => {
  it("the feed lists the author's visible articles, lead or co-signed, with one dc:creator per author in order", async () => {
    const { maya, daniel, priya } = await newsroom();
    const [coSigned] = await insertArticles(
      database.db,
      { title: "Maya, Priya and Daniel", authorId: maya.id, publishedAt: publishedOn(9) },
      { title: "Daniel alone", authorId: daniel.id, publishedAt: publishedOn(4) },
      { title: "Daniel's draft", authorId: daniel.id, publishedAt: null },
      { title: "Daniel's future", authorId: daniel.id, status: "scheduled", publishedAt: new Date("2025-05-01T00:00:00Z") },
      { title: "Maya's own", authorId: maya.id, publishedAt: publishedOn(6) },
    );
    await database.db.insert(articleCoauthors).values([
      { articleId: coSigned!.id, authorId: priya.id, position: 1 },
      { articleId: coSigned!.id, authorId: daniel.id, position: 2 },
    ]);
    const { syndication } = services();

    const xml = await syndication.authorRss("daniel-reyes");
    expect(xml).toContain("<title>Byline: Daniel Reyes</title>");
    expect(xml).toContain("<link>https://news.example/author/daniel-reyes</link>");
    expect(xml).toContain(
      '<atom:link href="https://news.example/author/daniel-reyes/rss.xml" rel="self" type="application/rss+xml"/>',
    );
    const items = [...xml!.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((match) => match[1]!);
    expect(items.map((item) => /<title>([^<]*)<\/title>/.exec(item)![1])).toEqual(["Maya, Priya and Daniel", "Daniel alone"]);
    expect([...items[0]!.matchAll(/<dc:creator>([^<]*)<\/dc:creator>/g)].map((match) => match[1])).toEqual([
      "Maya Okafor",
      "Priya Nair",
      "Daniel Reyes",
    ]);
    expect(await syndication.authorRss("nobody-here")).toBeNull();

    // The site feed names every author of a co-signed article too.
    const siteFeed = await syndication.rss();
    expect(siteFeed).toContain(
      "<dc:creator>Maya Okafor</dc:creator>\n<dc:creator>Priya Nair</dc:creator>\n<dc:creator>Daniel Reyes</dc:creator>",
    );
  });

  it("the sitemap lists the pages of authors with at least one visible article", async () => {
    const { maya, daniel, priya } = await newsroom();
    const lonely = await insertAuthor(database.db, { name: "Sam Draft" });
    const [coSigned] = await insertArticles(
      database.db,
      { title: "Maya's", authorId: maya.id, publishedAt: publishedOn(2), updatedAt: publishedOn(2) },
      { title: "Sam's draft", authorId: lonely.id, publishedAt: null },
      { title: "Sam's future", authorId: lonely.id, status: "scheduled", publishedAt: new Date("2025-05-01T00:00:00Z") },
    );
    await database.db.insert(articleCoauthors).values({ articleId: coSigned!.id, authorId: priya.id, position: 1 });

    const xml = await services().syndication.sitemap();
    expect(xml).toContain(
      `<url><loc>https://news.example/author/maya-okafor</loc><lastmod>${publishedOn(2).toISOString()}</lastmod></url>`,
    );
    expect(xml).toContain("<loc>https://news.example/author/priya-nair</loc>");
    expect(xml).not.toContain("/author/sam-draft");
    expect(xml).not.toContain("/author/daniel-reyes");
    expect(daniel.slug).toBe("daniel-reyes");
  });
});

describe("authors in byline order", () => {
  it("are the lead first, then the co-authors by position, for several articles at once", async () => {
    const { maya, daniel, priya } = await newsroom();
    const [first, second] = await insertArticles(
      database.db,
      { title: "One", authorId: daniel.id },
      { title: "Two", authorId: priya.id },
    );
    await database.db.insert(articleCoauthors).values([
      { articleId: first!.id, authorId: maya.id, position: 2 },
      { articleId: first!.id, authorId: priya.id, position: 1 },
    ]);
    const byArticle = await listArticleAuthors(database.db, [first!.id, second!.id]);
    expect(byArticle.get(first!.id)!.map((author) => author.slug)).toEqual(["daniel-reyes", "priya-nair", "maya-okafor"]);
    expect(byArticle.get(second!.id)!.map((author) => author.slug)).toEqual(["priya-nair"]);
  });
});
