import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { articleFormInput, insertArticles, insertAuthor } from "../../../tests/support/article-factory";
import { manualClock } from "../../../tests/support/manual-clock";
import { resetDatabase, withTestDatabase } from "../../../tests/setup/test-database";
import { admins, articleRevisions, articles } from "../../db/schema";
import { importArticles } from "../import/article-import.server";
import { createEditorialService } from "./editorial.server";
import { createRevisionService, recordRevision, REVISION_COALESCE_MS, revisionSnapshot } from "./revisions.server";

/**
 * Revisions on the real database (both, in CI): every save keeps one, a person's saves within a few minutes fold into
 * one, the AI original stays first, a restore copies a revision back and is itself a revision, an import is recorded.
 */

const database = withTestDatabase();
const START = "2026-05-04T09:00:00.000Z";
const MINUTE = 60_000;

beforeEach(() => resetDatabase(database.db));

async function insertEditor(name: string): Promise<number> {
  const author = await insertAuthor(database.db, { name, role: "Editor" });
  const [admin] = await database.db
    .insert(admins)
    .values({ username: name.toLowerCase().replace(/\W+/g, "-"), passwordHash: "x", authorId: author.id, role: "editor" })
    .returning({ id: admins.id });
  if (!admin) throw new Error("The editor was not inserted.");
  return admin.id;
}

function setUp() {
  const clock = manualClock(START);
  let publicChanges = 0;
  const onPublicChange = async () => {
    publicChanges += 1;
  };
  return {
    clock,
    editorial: createEditorialService({ db: database.db, clock }),
    revisions: createRevisionService({ db: database.db, clock, onPublicChange }),
    publicChanges: () => publicChanges,
  };
}

/** The form with one source and a body without headings, so each revision's diff is one line. */
const articleInput = (fields: Record<string, string> = {}) =>
  articleFormInput({ content: "Foundries are spending billions on the next node.", sources: "The Verge", ...fields });

async function revisionsOf(articleId: number) {
  return database.db
    .select()
    .from(articleRevisions)
    .where(eq(articleRevisions.articleId, articleId))
    .orderBy(asc(articleRevisions.id));
}

async function created(editorial: ReturnType<typeof setUp>["editorial"], by: number, fields: Record<string, string> = {}) {
  const [editor] = await database.db.select({ authorId: admins.authorId }).from(admins).where(eq(admins.id, by));
  const outcome = await editorial.create(articleInput(fields), { authorId: editor!.authorId, allowDuplicate: true, by });
  if (outcome.outcome !== "created") throw new Error("The article was not created.");
  return outcome.id;
}

describe("recording", () => {
  it("keeps a 'created' revision of a new article, with its editor and full fields", async () => {
    const alice = await insertEditor("Alice Moreau");
    const { editorial } = setUp();
    const id = await created(editorial, alice);

    const [revision, ...rest] = await revisionsOf(id);
    expect(rest).toEqual([]);
    expect(revision).toMatchObject({
      kind: "created",
      editorId: alice,
      title: "Chip makers race to 2 nm",
      excerpt: "Three foundries promise the next node within a year.",
      content: "Foundries are spending billions on the next node.",
      category: "Gadgets",
      image: "/images/stock/ai-technology.svg",
      sources: "The Verge",
      createdAt: new Date(START),
    });
  });

  it("folds three saves by the same editor within five minutes into one 'edited' revision holding the last text", async () => {
    const alice = await insertEditor("Alice Moreau");
    const { editorial, clock } = setUp();
    const id = await created(editorial, alice);
    clock.advance(6 * MINUTE);

    for (const [minute, content] of [
      [0, "First save."],
      [2, "Second save."],
      [4, "Third save."],
    ] as const) {
      if (minute > 0) clock.advance(2 * MINUTE);
      expect(await editorial.update(id, articleInput({ content }), { by: alice })).toBe("done");
    }

    const revisions = await revisionsOf(id);
    expect(revisions.map((revision) => revision.kind)).toEqual(["created", "edited"]);
    expect(revisions[1]).toMatchObject({
      editorId: alice,
      content: "Third save.",
      createdAt: new Date(new Date(START).getTime() + 6 * MINUTE),
      updatedAt: new Date(new Date(START).getTime() + 10 * MINUTE),
    });
  });

  it("adds a new revision for a save six minutes after the editor's latest one", async () => {
    const alice = await insertEditor("Alice Moreau");
    const { editorial, clock } = setUp();
    const id = await created(editorial, alice);
    clock.advance(MINUTE);
    await editorial.update(id, articleInput({ content: "Within the window." }), { by: alice });
    clock.advance(6 * MINUTE);
    await editorial.update(id, articleInput({ content: "After the window." }), { by: alice });

    const revisions = await revisionsOf(id);
    expect(revisions.map((revision) => [revision.kind, revision.content])).toEqual([
      ["created", "Within the window."],
      ["edited", "After the window."],
    ]);
    expect(REVISION_COALESCE_MS).toBe(5 * MINUTE);
  });

  it("adds a new revision when another person saved in between, and never folds into theirs", async () => {
    const alice = await insertEditor("Alice Moreau");
    const bruno = await insertEditor("Bruno Lindqvist");
    const { editorial, clock } = setUp();
    const id = await created(editorial, alice);
    clock.advance(MINUTE);
    await editorial.update(id, articleInput({ content: "Bruno's sentence." }), { by: bruno });
    clock.advance(MINUTE);
    await editorial.update(id, articleInput({ content: "Alice's sentence." }), { by: alice });

    const revisions = await revisionsOf(id);
    expect(revisions.map((revision) => [revision.kind, revision.editorId, revision.content])).toEqual([
      ["created", alice, "Foundries are spending billions on the next node."],
      ["edited", bruno, "Bruno's sentence."],
      ["edited", alice, "Alice's sentence."],
    ]);
  });

  it("leaves the article and its revisions as they were when the save is stale", async () => {
    const alice = await insertEditor("Alice Moreau");
    const { editorial, clock } = setUp();
    const id = await created(editorial, alice);
    const opened = new Date(START);
    clock.advance(10 * MINUTE);
    await editorial.update(id, articleInput({ content: "Saved first." }), { by: alice, expectedUpdatedAt: opened });
    clock.advance(MINUTE);

    const outcome = await editorial.update(id, articleInput({ content: "Saved second." }), {
      by: alice,
      expectedUpdatedAt: opened,
    });

    expect(outcome).toBe("stale");
    expect((await revisionsOf(id)).map((revision) => revision.content)).toEqual([
      "Foundries are spending billions on the next node.",
      "Saved first.",
    ]);
  });

  it("finds what changed since a stale save's editor opened the article: the revision then, and the latest", async () => {
    const alice = await insertEditor("Alice Moreau");
    const bruno = await insertEditor("Bruno Lindqvist");
    const { editorial, revisions, clock } = setUp();
    const id = await created(editorial, alice);
    const [opened] = await database.db.select({ updatedAt: articles.updatedAt }).from(articles).where(eq(articles.id, id));
    clock.advance(MINUTE);
    await editorial.update(id, articleInput({ content: "Bruno's change." }), { by: bruno, expectedUpdatedAt: opened!.updatedAt });
    clock.advance(MINUTE);
    expect(
      await editorial.update(id, articleInput({ content: "Alice's late save." }), {
        by: alice,
        expectedUpdatedAt: opened!.updatedAt,
      }),
    ).toBe("stale");

    const [first, latest] = await revisionsOf(id);
    expect(await revisions.sinceOpened(id, opened!.updatedAt)).toEqual({ from: first!.id, to: latest!.id });
    expect(await revisions.sinceOpened(id, undefined)).toEqual({ to: latest!.id });
  });

  it("records an import as 'imported', by no one", async () => {
    const result = await importArticles(
      { db: database.db, now: new Date(START) },
      {
        errors: [],
        rows: [
          {
            row: 1,
            value: {
              title: "Imported story",
              excerpt: "An excerpt from the old site.",
              content: "The body from the old site.",
              category: "Cloud",
              author: "Old Site Writer",
              published_at: "2026-04-01T10:00:00.000Z",
            },
          },
        ],
      },
    );
    expect(result).toEqual({ imported: 1, skipped: 0, errors: [] });
    const [article] = await database.db.select({ id: articles.id }).from(articles);

    const revisions = await revisionsOf(article!.id);
    expect(revisions).toHaveLength(1);
    expect(revisions[0]).toMatchObject({ kind: "imported", editorId: null, title: "Imported story", category: "Cloud" });
  });
});

/** A generated draft as the generator saves it: the model's text, kept as the AI original and the first revision. */
async function generatedDraft(now: Date): Promise<number> {
  const [draft] = await insertArticles(database.db, {
    title: "Model's title",
    excerpt: "Model's excerpt.",
    content: "The model wrote this body.",
    isAiGenerated: true,
    status: "in_review",
    publishedAt: null,
    aiOriginal: { title: "Model's title", excerpt: "Model's excerpt.", content: "The model wrote this body." },
    aiRewrittenPercent: 0,
  });
  const [snapshot] = await database.db.select(revisionSnapshot).from(articles).where(eq(articles.id, draft!.id));
  await recordRevision(database.db, snapshot!, { kind: "ai_original", editorId: null, now });
  return draft!.id;
}

describe("the AI original", () => {
  it("stays the first revision, unchanged, after edits by anyone and a restore", async () => {
    const alice = await insertEditor("Alice Moreau");
    const { editorial, revisions, clock } = setUp();
    const id = await generatedDraft(clock.now());
    const [original] = await revisionsOf(id);

    clock.advance(MINUTE);
    await editorial.update(id, articleInput({ title: "Alice's title" }), { by: alice });
    clock.advance(MINUTE);
    await editorial.update(id, articleInput({ title: "Alice's second title" }), { by: alice });
    await editorial.update(id, articleInput({ title: "The system's title" }));
    clock.advance(MINUTE);
    expect(await revisions.restore(id, original!.id, { by: alice })).toMatchObject({ outcome: "done" });

    const all = await revisionsOf(id);
    expect(all[0]).toEqual(original);
    expect(all.map((revision) => [revision.kind, revision.title])).toEqual([
      ["ai_original", "Model's title"],
      ["edited", "Alice's second title"],
      ["edited", "The system's title"],
      ["restored", "Model's title"],
    ]);
    const [article] = await database.db
      .select({ content: articles.content, aiRewrittenPercent: articles.aiRewrittenPercent })
      .from(articles)
      .where(eq(articles.id, id));
    expect(article).toEqual({ content: "The model wrote this body.", aiRewrittenPercent: 0 });
  });
});

describe("restore", () => {
  it("copies the revision's fields to the article, keeps its state, and adds a 'restored' revision", async () => {
    const alice = await insertEditor("Alice Moreau");
    const bruno = await insertEditor("Bruno Lindqvist");
    const { editorial, revisions, clock, publicChanges } = setUp();
    const id = await created(editorial, alice);
    await database.db
      .update(articles)
      .set({ status: "published", publishedAt: new Date(START) })
      .where(eq(articles.id, id));
    clock.advance(10 * MINUTE);
    await editorial.update(id, articleInput({ title: "A worse title", content: "A worse body.", category: "AI", sources: "" }), {
      by: bruno,
    });
    const [first] = await revisionsOf(id);
    clock.advance(10 * MINUTE);

    const outcome = await revisions.restore(id, first!.id, { by: bruno });

    expect(outcome).toMatchObject({ outcome: "done" });
    const [article] = await database.db.select().from(articles).where(eq(articles.id, id));
    expect(article).toMatchObject({
      title: "Chip makers race to 2 nm",
      content: "Foundries are spending billions on the next node.",
      category: "Gadgets",
      sources: "The Verge",
      status: "published",
      publishedAt: new Date(START),
      updatedAt: new Date(new Date(START).getTime() + 20 * MINUTE),
    });
    const all = await revisionsOf(id);
    expect(all.map((revision) => [revision.kind, revision.editorId, revision.restoredFrom])).toEqual([
      ["created", alice, null],
      ["edited", bruno, null],
      ["restored", bruno, first!.id],
    ]);
    expect(all[2]).toMatchObject({
      title: "Chip makers race to 2 nm",
      content: "Foundries are spending billions on the next node.",
    });
    expect(publicChanges()).toBe(1);
  });

  it("is never folded into by a later save, and a save right after it adds a revision", async () => {
    const alice = await insertEditor("Alice Moreau");
    const { editorial, revisions, clock } = setUp();
    const id = await created(editorial, alice);
    const [first] = await revisionsOf(id);
    clock.advance(MINUTE);
    await revisions.restore(id, first!.id, { by: alice });
    clock.advance(MINUTE);
    await editorial.update(id, articleInput({ content: "Right after the restore." }), { by: alice });

    expect((await revisionsOf(id)).map((revision) => revision.kind)).toEqual(["created", "restored", "edited"]);
  });

  it("answers 'missing' for a revision of another article, and changes nothing", async () => {
    const alice = await insertEditor("Alice Moreau");
    const { editorial, revisions, publicChanges } = setUp();
    const one = await created(editorial, alice);
    const other = await created(editorial, alice, { title: "Another story entirely" });
    const [otherRevision] = await revisionsOf(other);

    expect(await revisions.restore(one, otherRevision!.id, { by: alice })).toEqual({ outcome: "missing" });
    expect((await revisionsOf(one)).map((revision) => revision.kind)).toEqual(["created"]);
    expect(publicChanges()).toBe(0);
  });
});

describe("history", () => {
  it("lists revisions newest first with the editor's author name, and gives two of them in full", async () => {
    const alice = await insertEditor("Alice Moreau");
    const { editorial, revisions, clock } = setUp();
    const id = await created(editorial, alice);
    clock.advance(10 * MINUTE);
    await editorial.update(id, articleInput({ content: "Edited." }));

    const list = await revisions.list(id);
    expect(list.map((revision) => [revision.kind, revision.editorName])).toEqual([
      ["edited", null],
      ["created", "Alice Moreau"],
    ]);
    const [latest, previous] = list;
    const versions = await revisions.versions(id, [latest!.id, previous!.id, 9_999]);
    expect(versions.map((version) => version.content).sort()).toEqual([
      "Edited.",
      "Foundries are spending billions on the next node.",
    ]);
  });
});
