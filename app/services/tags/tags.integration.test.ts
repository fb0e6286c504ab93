import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { articleFormInput, insertArticles, insertAuthor, publishedOn } from "../../../tests/support/article-factory";
import { manualClock } from "../../../tests/support/manual-clock";
import { resetDatabase, testDriver, withTestDatabase } from "../../../tests/setup/test-database";
import { articleRevisions, articleTags, tags } from "../../db/schema";
import { CoauthorError, createEditorialService } from "../articles/editorial.server";
import { createRevisionService } from "../articles/revisions.server";
import { createOldAddressService } from "../old-addresses/old-addresses.server";
import { createSyndicationService } from "../syndication/syndication.server";
import { createWebSub } from "../syndication/websub.server";
import { createTagPages } from "./tag-pages.server";
import { createTagService } from "./tags.server";
import { SPEC_SECTIONS } from "../sections/sections.server";

/**
 * Tags on the real database: saved with the article in its transaction, matched case-insensitively, listed
 * on the tag's page and feeds, kept by revisions, and renamed, merged and deleted in the Tags tab with their old
 * addresses answering where they live now.
 */

const database = withTestDatabase();
const SITE = { name: "Byline", url: "https://byline.example" };

function setUp() {
  const clock = manualClock("2026-05-04T09:00:00.000Z");
  let announced = 0;
  const onPublicChange = async () => {
    announced += 1;
  };
  /** The feeds the hubs were told about, in order. */
  const pinged: string[] = [];
  const onFeedsMoved = async (paths: string[]) => {
    pinged.push(...paths);
  };
  const db = database.db;
  return {
    clock,
    editorial: createEditorialService({ db, clock }),
    revisions: createRevisionService({ db, clock }),
    tags: createTagService({ db, clock, onPublicChange, onFeedsMoved }),
    pages: createTagPages({ db, clock }),
    syndication: createSyndicationService({ sections: SPEC_SECTIONS, db, site: SITE, clock }),
    oldAddresses: createOldAddressService({ db, clock }),
    announced: () => announced,
    pinged,
  };
}

const articleInput = (title = "OpenAI ships a new model") => articleFormInput({ title, category: "AI" });

async function create(editorial: ReturnType<typeof setUp>["editorial"], tagNames: string[], title?: string): Promise<number> {
  const author = await insertAuthor(database.db, { name: `Writer ${Math.random()}` });
  const outcome = await editorial.create(articleInput(title), { authorId: author.id, allowDuplicate: true, tagNames });
  if (outcome.outcome !== "created") throw new Error("The article was not created.");
  return outcome.id;
}

async function tagRows() {
  return database.db.select({ name: tags.name, slug: tags.slug }).from(tags).orderBy(asc(tags.id));
}

async function tagIdOf(slug: string): Promise<number> {
  const [row] = await database.db.select({ id: tags.id }).from(tags).where(eq(tags.slug, slug));
  if (!row) throw new Error(`No tag at ${slug}.`);
  return row.id;
}

describe(`tags on ${testDriver()}`, () => {
  beforeEach(() => resetDatabase(database.db));

  it("saves an article's tags with it, making new tags and matching existing ones whatever the case", async () => {
    const { editorial, tags: service } = setUp();
    const first = await create(editorial, ["OpenAI", "EU AI Act"]);
    const second = await create(editorial, ["openai", "Chips"], "Chips and models");
    expect(await tagRows()).toEqual([
      { name: "OpenAI", slug: "openai" },
      { name: "EU AI Act", slug: "eu-ai-act" },
      { name: "Chips", slug: "chips" },
    ]);
    expect(await editorial.tagNames(first)).toEqual(["OpenAI", "EU AI Act"]);
    expect(await editorial.tagNames(second)).toEqual(["OpenAI", "Chips"]);
    expect(await service.suggestions()).toEqual(["Chips", "EU AI Act", "OpenAI"]);
    expect((await service.list()).map(({ name, articles }) => [name, articles])).toEqual([
      ["Chips", 1],
      ["EU AI Act", 1],
      ["OpenAI", 2],
    ]);

    // An edit replaces them, in the new order; leaving them out keeps them.
    expect(await editorial.update(first, articleInput(), { tagNames: ["EU AI Act", "Regulation"] })).toBe("done");
    expect(await editorial.tagNames(first)).toEqual(["EU AI Act", "Regulation"]);
    expect(await editorial.update(first, articleInput("OpenAI ships a new model today"))).toBe("done");
    expect(await editorial.tagNames(first)).toEqual(["EU AI Act", "Regulation"]);
  });

  it("gives a new tag whose address is taken the next free one", async () => {
    const { editorial } = setUp();
    await create(editorial, ["AI Act"]);
    await create(editorial, ["AI-Act!"], "Another story");
    expect(await tagRows()).toEqual([
      { name: "AI Act", slug: "ai-act" },
      { name: "AI-Act!", slug: "ai-act-2" },
    ]);
  });

  it("saves nothing of the tags when the save they belong to fails", async () => {
    const { editorial } = setUp();
    const author = await insertAuthor(database.db, { name: "Lead" });
    await expect(
      editorial.create(articleInput(), {
        authorId: author.id,
        allowDuplicate: true,
        tagNames: ["Never saved"],
        coauthorIds: [author.id],
      }),
    ).rejects.toBeInstanceOf(CoauthorError);
    expect(await tagRows()).toEqual([]);
  });

  it("lists a tag's published articles on its page and feeds, in the sitemap, and pings its feeds", async () => {
    const { editorial, pages, syndication, clock } = setUp();
    const id = await create(editorial, ["OpenAI"]);
    const draft = await create(editorial, ["OpenAI"], "A draft about OpenAI");
    expect(await editorial.transition(id, "publish", { by: null })).toBe("done");
    clock.advance(60_000);

    const page = await pages.page("OpenAI", 1);
    expect(page?.tag).toEqual({ name: "OpenAI", slug: "openai" });
    expect(page?.articles.map((article) => article.id)).toEqual([id]);
    expect(page?.total).toBe(1);
    expect(await pages.page("unknown", 1)).toBeNull();
    expect(await pages.forArticle(id)).toEqual([{ name: "OpenAI", slug: "openai" }]);

    const rss = await syndication.tagRss("openai");
    expect(rss).toContain("<title>Byline: OpenAI</title>");
    expect(rss).toContain(`<link>https://byline.example/article/${id}</link>`);
    expect(rss).not.toContain(`/article/${draft}<`);
    expect(rss).toContain('href="https://byline.example/tag/openai/rss.xml" rel="self"');
    const json = JSON.parse((await syndication.tagJsonFeed("openai"))!) as { feed_url: string; items: { id: string }[] };
    expect(json.feed_url).toBe("https://byline.example/tag/openai/feed.json");
    expect(json.items.map((item) => item.id)).toEqual([`https://byline.example/article/${id}`]);
    expect(await syndication.tagRss("nothing")).toBeNull();

    const sitemap = await syndication.sitemap();
    expect(sitemap).toContain("<loc>https://byline.example/tag/openai</loc>");
    expect(await syndication.sitemapPages()).toContain("<loc>https://byline.example/tag/openai</loc>");

    const websub = createWebSub({ db: database.db, clock, site: SITE, hubs: [] });
    expect(await websub.topicsFor([id])).toEqual(
      expect.arrayContaining(["https://byline.example/tag/openai/rss.xml", "https://byline.example/tag/openai/feed.json"]),
    );
  });

  it("pings the hubs when a published article's tags change, not when they stay the same or it is a draft", async () => {
    const { clock, editorial: drafts } = setUp();
    const pinged: number[][] = [];
    const editorial = createEditorialService({
      db: database.db,
      clock,
      onPublished: async (ids) => {
        pinged.push(ids);
      },
    });
    const draft = await create(drafts, ["OpenAI"]);
    expect(await editorial.update(draft, articleInput(), { tagNames: ["Chips"] })).toBe("done");
    expect(pinged).toEqual([]);
    expect(await editorial.transition(draft, "publish", { by: null })).toBe("done");
    expect(pinged).toEqual([[draft]]);
    expect(await editorial.update(draft, articleInput(), { tagNames: ["Chips"] })).toBe("done");
    expect(await editorial.update(draft, articleInput("A new headline"))).toBe("done");
    expect(pinged).toEqual([[draft]]);
    expect(await editorial.update(draft, articleInput(), { tagNames: ["Chips", "OpenAI"] })).toBe("done");
    expect(pinged).toEqual([[draft], [draft]]);
  });

  it("keeps tags in revisions: restoring one brings its tags back", async () => {
    const { editorial, revisions, clock } = setUp();
    const id = await create(editorial, ["OpenAI", "EU AI Act"]);
    clock.advance(10 * 60_000);
    expect(await editorial.update(id, articleInput(), { tagNames: ["Chips"] })).toBe("done");
    const history = await database.db
      .select({ id: articleRevisions.id, tags: articleRevisions.tags })
      .from(articleRevisions)
      .where(eq(articleRevisions.articleId, id))
      .orderBy(asc(articleRevisions.id));
    expect(history.map((revision) => revision.tags)).toEqual([["OpenAI", "EU AI Act"], ["Chips"]]);
    // History compares them as one field.
    const [older] = await revisions.versions(id, [history[0]!.id]);
    expect(older?.tags).toBe("OpenAI, EU AI Act");

    expect(await revisions.restore(id, history[0]!.id, { by: null })).toMatchObject({ outcome: "done" });
    expect(await editorial.tagNames(id)).toEqual(["OpenAI", "EU AI Act"]);

    // A revision from before tags existed (no tags recorded) leaves the article's tags as they are.
    await database.db.update(articleRevisions).set({ tags: null }).where(eq(articleRevisions.id, history[1]!.id));
    await revisions.restore(id, history[1]!.id, { by: null });
    expect(await editorial.tagNames(id)).toEqual(["OpenAI", "EU AI Act"]);
  });

  it("renames a tag: the old address and its feeds answer where it lives now, revisions follow the new name", async () => {
    const { editorial, tags: service, oldAddresses, pages, announced, pinged } = setUp();
    const id = await create(editorial, ["Open AI"]);
    const tagId = await tagIdOf("open-ai");
    expect(await service.rename(tagId, { name: "OpenAI", slug: "openai" })).toBe("done");
    expect(announced()).toBe(1);
    // WebSub hubs hear of the feeds at their new address.
    expect(pinged).toEqual(["/tag/openai/rss.xml", "/tag/openai/feed.json"]);
    expect(await pages.page("open-ai", 1)).toBeNull();
    expect((await pages.page("openai", 1))?.tag.name).toBe("OpenAI");
    expect(await oldAddresses.movedTo("/tag/open-ai")).toBe("/tag/openai");
    expect(await oldAddresses.movedTo("/tag/open-ai/rss.xml")).toBe("/tag/openai/rss.xml");
    expect(await oldAddresses.movedTo("/tag/open-ai/feed.json")).toBe("/tag/openai/feed.json");

    // A second rename: both old addresses lead to the newest in one hop.
    expect(await service.rename(tagId, { name: "OpenAI", slug: "openai-inc" })).toBe("done");
    expect(await oldAddresses.movedTo("/tag/open-ai")).toBe("/tag/openai-inc");
    expect(await oldAddresses.movedTo("/tag/openai")).toBe("/tag/openai-inc");

    const [revision] = await database.db
      .select({ tags: articleRevisions.tags })
      .from(articleRevisions)
      .where(eq(articleRevisions.articleId, id));
    expect(revision?.tags).toEqual(["OpenAI"]);
  });

  it("refuses a rename to another tag's name or address, and of a tag that is gone", async () => {
    const { editorial, tags: service, announced, pinged } = setUp();
    await create(editorial, ["OpenAI", "Anthropic"]);
    const anthropic = await tagIdOf("anthropic");
    expect(await service.rename(anthropic, { name: "openai", slug: "anthropic" })).toBe("nameTaken");
    expect(await service.rename(anthropic, { name: "Anthropic PBC", slug: "openai" })).toBe("slugTaken");
    expect(await service.rename(999_999, { name: "Gone", slug: "gone" })).toBe("missing");
    // Its own name in another case is fine.
    expect(await service.rename(anthropic, { name: "ANTHROPIC", slug: "anthropic" })).toBe("done");
    expect(announced()).toBe(1);
    // A new name at the same address moves no feed.
    expect(pinged).toEqual([]);
  });

  it("merges a tag into another: articles keep one copy, the merged address leads to the target", async () => {
    const { editorial, tags: service, oldAddresses, pinged } = setUp();
    const both = await create(editorial, ["Open AI", "OpenAI"]);
    const one = await create(editorial, ["Open AI"], "Only the old tag");
    const from = await tagIdOf("open-ai");
    const into = await tagIdOf("openai");
    expect(await service.merge(from, from)).toBe("same");
    expect(await service.merge(from, 999_999)).toBe("unknownTarget");
    expect(await service.merge(from, into)).toBe("done");
    expect(await editorial.tagNames(both)).toEqual(["OpenAI"]);
    expect(await editorial.tagNames(one)).toEqual(["OpenAI"]);
    expect(await tagRows()).toEqual([{ name: "OpenAI", slug: "openai" }]);
    expect(await oldAddresses.movedTo("/tag/open-ai")).toBe("/tag/openai");
    expect(pinged).toEqual(["/tag/openai/rss.xml", "/tag/openai/feed.json"]);
    expect(await service.merge(from, into)).toBe("missing");
    expect(pinged).toHaveLength(2);
  });

  it("deletes a tag: its articles lose it, its address and the ones that led to it answer nothing", async () => {
    const { editorial, tags: service, oldAddresses, revisions, clock } = setUp();
    const id = await create(editorial, ["Open AI", "Chips"]);
    const tagId = await tagIdOf("open-ai");
    await service.rename(tagId, { name: "OpenAI", slug: "openai" });
    expect(await service.delete(tagId)).toBe("done");
    expect(await editorial.tagNames(id)).toEqual(["Chips"]);
    expect(await oldAddresses.movedTo("/tag/open-ai")).toBeNull();
    expect(await database.db.select().from(articleTags).where(eq(articleTags.tagId, tagId))).toEqual([]);
    expect(await service.delete(tagId)).toBe("missing");

    // Restoring a revision from before the delete does not bring the deleted tag back.
    clock.advance(10 * 60_000);
    const [first] = await database.db
      .select({ id: articleRevisions.id, tags: articleRevisions.tags })
      .from(articleRevisions)
      .where(eq(articleRevisions.articleId, id));
    expect(first?.tags).toEqual(["Chips"]);
    await revisions.restore(id, first!.id, { by: null });
    expect(await editorial.tagNames(id)).toEqual(["Chips"]);
  });

  it("drops an article's tags with the article", async () => {
    const { editorial } = setUp();
    const [article] = await insertArticles(database.db, { title: "Published", publishedAt: publishedOn(2) });
    await editorial.update(article!.id, articleInput(), { tagNames: ["OpenAI"] });
    expect(await editorial.delete(article!.id)).toBe("done");
    expect(await database.db.select().from(articleTags)).toEqual([]);
  });
});
