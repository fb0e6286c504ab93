import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDatabase, testDriver, withTestDatabase } from "../../../tests/setup/test-database";
import { createTestLogger } from "../../../tests/setup/test-logger";
import { insertArticles } from "../../../tests/support/article-factory";
import { manualClock } from "../../../tests/support/manual-clock";
import { articleRevisions, articles, generationJobs } from "../../db/schema";
import { createOldAddressService } from "../old-addresses/old-addresses.server";
import { SectionInput } from "../../validation/sections";
import { createSections, SectionRefusal } from "./sections.server";

const database = withTestDatabase();
const clock = manualClock("2026-11-29T10:00:00Z");

function service() {
  const announced: number[] = [];
  const moved: string[][] = [];
  const sections = createSections({
    db: database.db,
    clock,
    logger: createTestLogger().logger,
    onPublicChange: async () => announced.push(1),
    onFeedsMoved: async (paths) => void moved.push(paths),
  });
  return { sections, announced, moved };
}

const input = (values: Partial<Record<string, string>> = {}) =>
  SectionInput.parse({
    name: "Climate",
    slug: "climate",
    description: "Heat, weather and the energy transition.",
    colour: "#166534",
    cover: "",
    keywords: "climate, emissions",
    explore: "0",
    ...values,
  });

async function sectionOf(id: number) {
  const [article] = await database.db.select({ category: articles.category }).from(articles).where(eq(articles.id, id));
  const revisions = await database.db
    .select({ category: articleRevisions.category })
    .from(articleRevisions)
    .where(eq(articleRevisions.articleId, id));
  return { article: article?.category, revisions: revisions.map((row) => row.category) };
}

async function addRevision(articleId: number, category: string) {
  await database.db.insert(articleRevisions).values({
    articleId,
    kind: "edited",
    title: "t",
    excerpt: "e",
    content: "c",
    category,
    createdAt: clock.now(),
    updatedAt: clock.now(),
  });
}

describe(`sections on ${testDriver()}`, () => {
  beforeEach(() => resetDatabase(database.db));

  it("starts with the specification's seven, in its order, and reads them again after a change", async () => {
    const { sections, announced } = service();
    await sections.load();
    expect(sections.list().map((section) => section.name)).toEqual([
      "AI",
      "Mobile",
      "Startups",
      "Cloud",
      "Gadgets",
      "Software",
      "Security",
    ]);
    expect(sections.bySlug("AI")?.name).toBe("AI");
    const created = await sections.create(input());
    expect(created).toMatchObject({ name: "Climate", slug: "climate", position: 7, keywords: ["climate", "emissions"] });
    expect(sections.list().at(-1)?.name).toBe("Climate");
    expect(announced).toHaveLength(1);
  });

  it("renames a section: every article, revision and generation job follows, the old address answers 301", async () => {
    const { sections, moved } = service();
    await sections.load();
    const [story] = await insertArticles(database.db, { title: "Chips", category: "AI" });
    await addRevision(story!.id, "AI");
    await database.db.insert(generationJobs).values({ category: "AI", model: "m", count: 1 });
    const ai = sections.byName("AI")!;
    await sections.update(ai.id, input({ name: "Artificial Intelligence", slug: "artificial-intelligence", colour: ai.colour }));

    expect(await sectionOf(story!.id)).toEqual({ article: "Artificial Intelligence", revisions: ["Artificial Intelligence"] });
    const [job] = await database.db.select({ category: generationJobs.category }).from(generationJobs);
    expect(job?.category).toBe("Artificial Intelligence");
    expect(sections.byName("AI")).toBeUndefined();
    expect(sections.bySlug("artificial-intelligence")?.id).toBe(ai.id);
    const addresses = createOldAddressService({ db: database.db, clock });
    expect(await addresses.movedTo("/category/ai")).toBe("/category/artificial-intelligence");
    expect(await addresses.movedTo("/category/ai/rss.xml")).toBe("/category/artificial-intelligence/rss.xml");
    expect(moved).toEqual([["/category/artificial-intelligence/rss.xml", "/category/artificial-intelligence/feed.json"]]);

    // A second move lands in one hop from the first address.
    await sections.update(ai.id, input({ name: "Machine Intelligence", slug: "mi", colour: ai.colour }));
    expect(await addresses.movedTo("/category/ai")).toBe("/category/mi");
    expect(await addresses.movedTo("/category/artificial-intelligence")).toBe("/category/mi");
  });

  it("refuses a name or an address another section has, and changes nothing", async () => {
    const { sections } = service();
    await sections.load();
    const cloud = sections.byName("Cloud")!;
    await expect(sections.update(cloud.id, input({ name: "AI", slug: "cloud" }))).rejects.toEqual(
      new SectionRefusal({ name: "Another section already has this name." }),
    );
    await expect(sections.create(input({ name: "Climate", slug: "security" }))).rejects.toEqual(
      new SectionRefusal({ slug: "Another section already uses this address." }),
    );
    await sections.load();
    expect(sections.list()).toHaveLength(7);
    expect(sections.byName("Cloud")?.slug).toBe("cloud");
  });

  it("deletes a section only by moving its articles, revisions and jobs to another, in one transaction", async () => {
    const { sections } = service();
    await sections.load();
    const [one, two] = await insertArticles(
      database.db,
      { title: "Phone", category: "Gadgets" },
      { title: "Watch", category: "Gadgets" },
    );
    await addRevision(one!.id, "Gadgets");
    const gadgets = sections.byName("Gadgets")!;
    const mobile = sections.byName("Mobile")!;

    await expect(sections.remove(gadgets.id, gadgets.id)).rejects.toEqual(
      new SectionRefusal({ moveTo: "Choose the section its articles move to." }),
    );
    expect(await sectionOf(one!.id)).toEqual({ article: "Gadgets", revisions: ["Gadgets"] });

    expect(await sections.remove(gadgets.id, mobile.id)).toBe(2);
    expect(await sectionOf(one!.id)).toEqual({ article: "Mobile", revisions: ["Mobile"] });
    expect((await sectionOf(two!.id)).article).toBe("Mobile");
    expect(sections.byName("Gadgets")).toBeUndefined();
    expect(sections.list().map((section) => section.position)).toEqual([0, 1, 2, 3, 4, 5]);
    const addresses = createOldAddressService({ db: database.db, clock });
    expect(await addresses.movedTo("/category/gadgets")).toBe("/category/mobile");
  });

  it("moves a section up and down the list, and not past either end", async () => {
    const { sections } = service();
    await sections.load();
    const cloud = sections.byName("Cloud")!;
    await sections.move(cloud.id, "up");
    expect(
      sections
        .list()
        .map((section) => section.name)
        .slice(0, 4),
    ).toEqual(["AI", "Mobile", "Cloud", "Startups"]);
    const ai = sections.byName("AI")!;
    await sections.move(ai.id, "up");
    expect(sections.list()[0]?.name).toBe("AI");
    const rows = await sections.rows();
    expect(rows.map((row) => row.name)).toEqual(sections.list().map((section) => section.name));
  });

  it("lists each section with its article count", async () => {
    const { sections } = service();
    await insertArticles(
      database.db,
      { title: "a", category: "Cloud" },
      { title: "b", category: "Cloud" },
      { title: "c", category: "AI" },
    );
    const rows = await sections.rows();
    expect(Object.fromEntries(rows.map((row) => [row.name, row.articles]))).toMatchObject({ Cloud: 2, AI: 1, Mobile: 0 });
    const order = await database.db.select({ id: articles.id }).from(articles).orderBy(asc(articles.id));
    expect(order).toHaveLength(3);
  });
});
