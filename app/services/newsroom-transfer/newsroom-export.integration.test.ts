import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/setup/test-database";
import type { Database, DatabaseHandle } from "../../db/client.server";
import {
  addressMoves,
  admins,
  articleCoauthors,
  articleCorrections,
  articleRevisions,
  articleSources,
  articles,
  authors,
  newsletterDeliveries,
  newsletterIssues,
  newsletterSubscribers,
  relatedArticles,
  sections,
  siteMenus,
  siteMenuSaves,
  pageRevisions,
  pages,
  siteSettings,
  siteSettingsChanges,
  articleTags,
  tags,
} from "../../db/schema";
import { DEFAULT_MENUS } from "../../validation/menus";
import { DEFAULT_SETTINGS } from "../../validation/site-settings";
import { pageFormValuesOf, PageInput } from "../../validation/page";
import { DEFAULT_PAGES } from "../pages/default-pages.server";
import { createPageService } from "../pages/pages.server";
import { exportNewsroomLines } from "./newsroom-export.server";
import { importNewsroom } from "./newsroom-import.server";
import { piecesOfDocument, piecesOfLines } from "./newsroom-import-reader.server";
import { recordAddressMove } from "../old-addresses/old-addresses.server";

const now = new Date("2026-11-21T12:00:00.123Z");
const at = (iso: string) => new Date(iso);

/** A small newsroom with something of every kind the export carries. */
async function seedNewsroom(db: Database) {
  // The newsroom's own sections (decision 042): one renamed at a new address, one added, with a draft in it.
  await db.update(sections).set({ name: "Cloud Computing", slug: "cloud-computing" }).where(eq(sections.name, "Cloud"));
  await db.insert(sections).values({
    name: "Climate",
    slug: "climate",
    description: "Heat, weather and the energy transition.",
    colour: "#166534",
    cover: "",
    keywords: ["climate", "emissions"],
    explore: 0,
    position: 7,
    updatedAt: new Date("2026-11-01T08:00:00Z"),
  });
  const [ada, grace] = await db
    .insert(authors)
    .values([
      {
        name: "Ada Lovelace",
        role: "Editor",
        bio: "Writes about engines.",
        links: [{ label: "Site", url: "https://ada.example" }],
      },
      { name: "Grace Hopper", role: "Staff Writer" },
    ])
    .returning();
  // The automated author, as the migrations made it.
  const [correspondent] = await db.select().from(authors).where(eq(authors.name, "Correspondent"));
  const [adaAccount, graceAccount] = await db
    .insert(admins)
    .values([
      { username: "ada", passwordHash: "scrypt$secret-hash", authorId: ada!.id, role: "administrator", email: "ada@example.com" },
      {
        username: "Grace",
        passwordHash: "scrypt$other-secret",
        authorId: grace!.id,
        role: "editor",
        suspendedAt: at("2026-10-01T00:00:00Z"),
      },
    ])
    .returning();
  const base = {
    excerpt: "An excerpt.",
    content: "## Heading\n\nBody with **bold**.",
    category: "AI" as const,
    image: "/images/stock/ai-technology.svg",
  };
  const [published, draft, scheduled, inReview, aiStory] = await db
    .insert(articles)
    .values([
      {
        ...base,
        title: "Published and corrected",
        authorId: ada!.id,
        status: "published",
        publishedAt: at("2026-11-01T09:00:00Z"),
        createdAt: at("2026-10-31T08:00:00Z"),
        updatedAt: at("2026-11-03T10:15:00.456Z"),
        isFeatured: true,
        readTime: 7,
        approvedBy: adaAccount!.id,
        approvedAt: at("2026-11-01T09:00:00Z"),
      },
      {
        ...base,
        title: "A draft",
        category: "Climate",
        authorId: grace!.id,
        status: "draft",
        createdAt: at("2026-11-10T08:00:00Z"),
        updatedAt: at("2026-11-11T08:00:00Z"),
      },
      {
        ...base,
        title: "Scheduled for later",
        category: "Security",
        authorId: grace!.id,
        status: "scheduled",
        publishedAt: at("2026-12-01T07:00:00Z"),
        createdAt: at("2026-11-12T08:00:00Z"),
        updatedAt: at("2026-11-12T09:00:00Z"),
      },
      {
        ...base,
        title: "Waiting for review",
        authorId: grace!.id,
        status: "in_review",
        reviewNote: "Please check the numbers.",
        reviewerId: adaAccount!.id,
        createdAt: at("2026-11-13T08:00:00Z"),
        updatedAt: at("2026-11-13T08:30:00Z"),
      },
      {
        ...base,
        title: "Written with AI",
        authorId: correspondent!.id,
        status: "published",
        publishedAt: at("2026-11-05T09:00:00Z"),
        createdAt: at("2026-11-04T08:00:00Z"),
        updatedAt: at("2026-11-05T09:00:00Z"),
        isAiGenerated: true,
        sources: "The Circuit Ledger",
        sourceLinks: [
          {
            outlet: "The Circuit Ledger",
            title: "A chip",
            url: "https://ledger.example/chip",
            publishedAt: "2026-11-03T00:00:00Z",
          },
        ],
        aiOriginal: { title: "Written by AI", excerpt: "Model excerpt.", content: "Model body." },
        aiRewrittenPercent: 12,
        approvedBy: adaAccount!.id,
        approvedAt: at("2026-11-05T09:00:00Z"),
      },
    ])
    .returning();
  await db.insert(articleCoauthors).values([
    { articleId: published!.id, authorId: grace!.id, position: 1 },
    { articleId: published!.id, authorId: correspondent!.id, position: 2 },
  ]);
  await db.insert(relatedArticles).values({ articleId: aiStory!.id, relatedId: published!.id, createdAt: now });
  await db.insert(articleSources).values({ articleId: published!.id, system: "ghost", sourceId: "abc", oldPath: "/published" });
  // Tags: one shared, one an id apart, and the order each article lists them in.
  const [openai, euAiAct, chips] = await db
    .insert(tags)
    .values([
      { name: "OpenAI", slug: "openai", createdAt: at("2026-10-30T08:00:00Z") },
      { name: "EU AI Act", slug: "eu-ai-act", createdAt: at("2026-10-30T09:00:00Z") },
      { name: "Chips", slug: "semiconductors", createdAt: at("2026-11-04T08:00:00Z") },
    ])
    .returning();
  await db.insert(articleTags).values([
    { articleId: published!.id, tagId: euAiAct!.id, position: 1 },
    { articleId: published!.id, tagId: openai!.id, position: 2 },
    { articleId: aiStory!.id, tagId: chips!.id, position: 1 },
    { articleId: inReview!.id, tagId: openai!.id, position: 1 },
  ]);
  const revision = (
    articleId: number,
    kind: "created" | "edited" | "restored" | "ai_original",
    title: string,
    when: string,
    extra = {},
  ) => ({
    articleId,
    kind,
    title,
    excerpt: "An excerpt.",
    content: "Body.",
    category: "AI" as const,
    createdAt: at(when),
    updatedAt: at(when),
    ...extra,
  });
  const [first] = await db
    .insert(articleRevisions)
    .values(revision(published!.id, "created", "First title", "2026-10-31T08:00:00Z", { editorId: adaAccount!.id }))
    .returning();
  await db.insert(articleRevisions).values([
    revision(published!.id, "edited", "Second title", "2026-11-02T08:00:00Z", {
      editorId: graceAccount!.id,
      tags: ["EU AI Act", "OpenAI"],
    }),
    revision(published!.id, "restored", "First title", "2026-11-03T08:00:00Z", {
      editorId: adaAccount!.id,
      restoredFrom: first!.id,
    }),
    revision(aiStory!.id, "ai_original", "Written by AI", "2026-11-04T08:00:00Z"),
    revision(draft!.id, "created", "A draft", "2026-11-10T08:00:00Z", { editorId: graceAccount!.id }),
    revision(scheduled!.id, "created", "Scheduled for later", "2026-11-12T08:00:00Z", { editorId: graceAccount!.id }),
    revision(inReview!.id, "created", "Waiting for review", "2026-11-13T08:00:00Z", { editorId: graceAccount!.id }),
  ]);
  const [correction] = await db
    .insert(articleCorrections)
    .values([
      {
        articleId: published!.id,
        kind: "correction",
        note: "An earlier version misnamed the engine.",
        createdBy: adaAccount!.id,
        createdAt: at("2026-11-03T10:15:00.456Z"),
      },
      {
        articleId: published!.id,
        kind: "update",
        note: "The launch moved to Friday.",
        createdBy: null,
        createdAt: at("2026-11-02T10:00:00Z"),
      },
    ])
    .returning();
  const subscribers = await db
    .insert(newsletterSubscribers)
    .values([
      {
        email: "active@example.com",
        status: "active",
        createdAt: at("2026-09-01T00:00:00Z"),
        updatedAt: at("2026-09-01T00:05:00Z"),
      },
      {
        email: "pending@example.com",
        status: "pending",
        createdAt: at("2026-09-02T00:00:00Z"),
        updatedAt: at("2026-09-02T00:00:00Z"),
        confirmationSentAt: now,
      },
      {
        email: "gone@example.com",
        status: "unsubscribed",
        createdAt: at("2026-09-03T00:00:00Z"),
        updatedAt: at("2026-10-03T00:00:00Z"),
      },
    ])
    .returning();
  const [weekly, notice] = await db
    .insert(newsletterIssues)
    .values([
      {
        status: "sent",
        subject: "This week",
        html: "<p>Hi</p>",
        text: "Hi",
        articleIds: [published!.id, aiStory!.id],
        weekKey: "2026-W45",
        model: "gpt-test",
        createdAt: at("2026-11-08T09:00:00Z"),
        sendStartedAt: at("2026-11-08T09:00:01Z"),
        finishedAt: at("2026-11-08T09:01:00Z"),
      },
      {
        status: "sent",
        subject: "Correction",
        html: "<p>C</p>",
        text: "C",
        correctionId: correction!.id,
        createdBy: adaAccount!.id,
        createdAt: at("2026-11-03T10:15:00.456Z"),
      },
      { status: "draft", subject: "Next week", createdBy: graceAccount!.id, createdAt: at("2026-11-20T09:00:00Z") },
    ])
    .returning();
  await db.insert(newsletterDeliveries).values([
    {
      issueId: weekly!.id,
      subscriberId: subscribers[0]!.id,
      email: "active@example.com",
      status: "sent",
      attempts: 1,
      sentAt: at("2026-11-08T09:00:30Z"),
    },
    {
      issueId: weekly!.id,
      subscriberId: subscribers[2]!.id,
      email: "gone@example.com",
      status: "failed",
      attempts: 3,
      lastError: "550 no such user gone@example.com",
    },
    {
      issueId: notice!.id,
      subscriberId: subscribers[0]!.id,
      email: "active@example.com",
      status: "sending",
      attempts: 0,
      claimToken: "claim",
      claimedAt: now,
    },
  ]);
  // The newsroom's own settings, saved twice by Ada (decision 038).
  await db.insert(siteSettings).values({
    id: 1,
    values: { ...DEFAULT_SETTINGS, siteName: "The Harbour Times", digestStories: 7 },
    version: 3,
    updatedAt: at("2026-11-20T08:00:00Z"),
    updatedBy: adaAccount!.id,
  });
  await db.insert(siteSettingsChanges).values([
    {
      version: 2,
      adminId: adaAccount!.id,
      adminName: "ada",
      changedAt: at("2026-11-19T08:00:00Z"),
      changes: [{ key: "siteName", from: "Byline", to: "The Harbour Times" }],
    },
    {
      version: 3,
      adminId: adaAccount!.id,
      adminName: "ada",
      changedAt: at("2026-11-20T08:00:00Z"),
      changes: [{ key: "digestStories", from: 5, to: 7 }],
    },
  ]);
  // Its menus, saved once by Ada with an Ethics link in the footer (decision 040).
  const menus = {
    ...DEFAULT_MENUS,
    footer: { ...DEFAULT_MENUS.footer, columns: [{ heading: "Company", links: [{ label: "Ethics", target: "/ethics" }] }] },
  };
  await db
    .insert(siteMenus)
    .values({ id: 1, menus, version: 1, updatedAt: at("2026-11-20T09:00:00Z"), updatedBy: adaAccount!.id });
  await db
    .insert(siteMenuSaves)
    .values({ version: 1, adminId: adaAccount!.id, adminName: "ada", savedAt: at("2026-11-20T09:00:00Z"), menus });
  await seedPages(db, adaAccount!.id);
  // Two addresses that moved: the Chips tag's, and the ethics page's first one.
  await recordAddressMove(db, "/tag/chips", "/tag/semiconductors", at("2026-11-04T08:00:00Z"));
  await recordAddressMove(db, "/ethics-policy", "/ethics", at("2026-11-13T10:00:00Z"));
}

/** The specification's pages put in place, About edited by Ada, an ethics page added, a masthead deleted (decision 039). */
async function seedPages(db: Database, adaAccountId: number) {
  let time = at("2026-11-10T08:00:00Z");
  const service = createPageService({ db, clock: { now: () => time } });
  await service.ensureDefaults();
  time = at("2026-11-12T09:30:00.250Z");
  const about = (await service.list()).find((page) => page.slug === "about")!;
  await service.update(about.id, PageInput.parse({ ...pageFormValuesOf(about), body: "We are the Harbour Times." }), {
    by: adaAccountId,
  });
  time = at("2026-11-13T09:30:00Z");
  await service.create(
    PageInput.parse({ address: "ethics", title: "Ethics policy", status: "published", body: "## Sources\n\nNamed." }),
    { by: adaAccountId },
  );
  const masthead = await service.create(PageInput.parse({ address: "masthead", title: "Masthead", status: "draft" }), {
    by: null,
  });
  if (masthead.outcome === "done") await service.remove(masthead.id);
}

async function exportText(db: Database, when = now): Promise<string> {
  const lines: string[] = [];
  for await (const line of exportNewsroomLines({ db, now: when })) lines.push(line);
  return lines.join("");
}

async function counts(db: Database) {
  const tables = {
    articles,
    articleRevisions,
    articleCorrections,
    articleCoauthors,
    newsletterSubscribers,
    newsletterIssues,
    newsletterDeliveries,
    authors,
    admins,
    relatedArticles,
    articleSources,
    tags,
    articleTags,
    addressMoves,
  };
  const result: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ value: count() }).from(table);
    result[name] = row?.value ?? 0;
  }
  return result;
}

describe("the newsroom export", () => {
  let source: DatabaseHandle;
  let target: DatabaseHandle;
  beforeAll(async () => {
    [source, target] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    await seedNewsroom(source.db);
  });
  afterAll(async () => {
    await Promise.all([source?.close(), target?.close()]);
  });

  it("is one JSON document, written one entry per line, with no password hash, claim token or mail server reply", async () => {
    const text = await exportText(source.db);
    const document = JSON.parse(text) as Record<string, unknown[]>;
    expect(Object.keys(document)).toEqual([
      "format",
      "version",
      "exported_at",
      "sections",
      "authors",
      "accounts",
      "articles",
      "subscribers",
      "newsletter_issues",
      "settings",
      "tags",
      "menus",
      "pages",
      "address_moves",
    ]);
    expect(document.address_moves).toEqual([
      { from: "/ethics-policy", to: "/ethics", moved_at: "2026-11-13T10:00:00.000Z" },
      { from: "/tag/chips", to: "/tag/semiconductors", moved_at: "2026-11-04T08:00:00.000Z" },
    ]);
    expect(document.tags).toEqual([
      { kind: "tag", id: 1, name: "OpenAI", slug: "openai", created_at: "2026-10-30T08:00:00.000Z" },
      { kind: "tag", id: 2, name: "EU AI Act", slug: "eu-ai-act", created_at: "2026-10-30T09:00:00.000Z" },
      { kind: "tag", id: 3, name: "Chips", slug: "semiconductors", created_at: "2026-11-04T08:00:00.000Z" },
      { kind: "article", article_id: 1, tag_ids: [2, 1] },
      { kind: "article", article_id: 4, tag_ids: [1] },
      { kind: "article", article_id: 5, tag_ids: [3] },
    ]);
    // The specification's seven, then the two added here (the masthead deleted, kept with its way back).
    expect((document.pages as { slug: string }[]).map((page) => page.slug)).toEqual([
      ...DEFAULT_PAGES.map((page) => page.slug),
      "ethics",
      "masthead",
    ]);
    expect(document.pages![0]).toMatchObject({
      built_in: "about",
      body: "We are the Harbour Times.",
      revisions: [expect.objectContaining({ kind: "created" }), expect.objectContaining({ kind: "edited", editor_id: 1 })],
    });
    expect(document.settings).toEqual([
      {
        kind: "settings",
        values: { ...DEFAULT_SETTINGS, siteName: "The Harbour Times", digestStories: 7 },
        version: 3,
        updated_at: "2026-11-20T08:00:00.000Z",
      },
      expect.objectContaining({ kind: "change", version: 2, admin_name: "ada" }),
      expect.objectContaining({ kind: "change", version: 3, changes: [{ key: "digestStories", from: 5, to: 7 }] }),
    ]);
    expect(document.articles).toHaveLength(5);
    expect(document.subscribers).toHaveLength(3);
    // The Security section's feed keywords and the pages' own words may say "password" (the privacy policy does);
    // nothing else may.
    expect(text.slice(0, text.indexOf(',"pages":[')).replace(/,"sections":\[\n[\s\S]*?\n\]\n/, "")).not.toMatch(
      /secret|password|claim|no such user/,
    );
    expect(text).not.toMatch(/secret-hash|other-secret|scrypt|no such user/);
    // Every article and every page is a line of its own: the file can be read without holding it as one string.
    expect(text.split("\n").filter((line) => line.includes('"revisions"'))).toHaveLength(5 + 9);
  });

  it("imported into an empty database reproduces the newsroom, and a second import adds nothing", async () => {
    const original = await exportText(source.db);
    const first = await importNewsroom({ db: target.db, now }, piecesOfLines(original.split("\n")));
    expect(first.errors).toEqual([]);
    // The seven sections: the renamed one takes its new name and address, Climate is added, the rest are as they were.
    expect(first.imported).toEqual({
      sections: 2,
      authors: 2,
      accounts: 2,
      articles: 5,
      subscribers: 3,
      newsletter_issues: 3,
      settings: 3,
      tags: 6,
      menus: 2,
      pages: 9,
      address_moves: 2,
    });
    expect(first.skipped.sections).toBe(6);
    // The automated author is there already (a migration makes it): the export's is the same profile.
    expect(first.skipped.authors).toBe(1);

    const copy = await exportText(target.db);
    // What legitimately differs: the claimed delivery waits to be sent again, as after a crash.
    expect(copy).toBe(original.replace('"status":"sending","attempts":0', '"status":"pending","attempts":0'));

    const before = await counts(target.db);
    const second = await importNewsroom({ db: target.db, now }, piecesOfLines(original.split("\n")));
    expect(second.errors).toEqual([]);
    expect(second.imported).toEqual({
      sections: 0,
      authors: 0,
      accounts: 0,
      articles: 0,
      subscribers: 0,
      newsletter_issues: 0,
      settings: 0,
      tags: 0,
      menus: 0,
      pages: 0,
      address_moves: 0,
    });
    expect(second.skipped).toEqual({
      sections: 8,
      authors: 3,
      accounts: 2,
      articles: 5,
      subscribers: 3,
      newsletter_issues: 3,
      settings: 3,
      tags: 6,
      menus: 2,
      pages: 9,
      address_moves: 2,
    });
    expect(await counts(target.db)).toEqual(before);
    expect(await exportText(target.db)).toBe(copy);

    // New rows after the import get fresh ids, past the imported ones. (The automated author, made by a migration,
    // has used the sequence, and a restored PGlite may then hand out ids a few dozen further on: any later id will do.)
    const [author] = await target.db.insert(authors).values({ name: "Newcomer" }).returning();
    expect(author!.id).toBeGreaterThan(3);
    const accounts = await target.db.select({ username: admins.username, passwordHash: admins.passwordHash }).from(admins);
    expect(accounts).toEqual(expect.arrayContaining([{ username: "ada", passwordHash: "" }]));
  });

  it("reads an export made before settings were part of it (but with menus), and leaves the settings here as they are", async () => {
    const original = JSON.parse(await exportText(source.db)) as Record<string, unknown>;
    delete original.settings;
    const fresh = await createTestDatabase();
    try {
      const result = await importNewsroom({ db: fresh.db, now }, piecesOfDocument(original));
      expect(result.errors).toEqual([]);
      expect(result.imported).toMatchObject({ articles: 5, settings: 0 });
      expect(await fresh.db.select().from(siteSettings)).toEqual([]);
      const lines = (await exportText(source.db)).split("\n");
      const settingsAt = lines.indexOf(',"settings":[');
      const older = [...lines.slice(0, settingsAt), ...lines.slice(lines.indexOf("]", settingsAt) + 1)];
      const again = await createTestDatabase();
      try {
        expect((await importNewsroom({ db: again.db, now }, piecesOfLines(older))).imported).toMatchObject({
          articles: 5,
          settings: 0,
          menus: 2,
        });
      } finally {
        await again.close();
      }
    } finally {
      await fresh.close();
    }
  });

  it("restores the pages into a fresh install whose own pages nobody edited, and the copy exports the same", async () => {
    const original = await exportText(source.db);
    const fresh = await createTestDatabase();
    try {
      // A fresh install has put the specification's pages in place at start-up, at its own time.
      await createPageService({ db: fresh.db, clock: { now: () => at("2026-11-25T00:00:00Z") } }).ensureDefaults();
      const result = await importNewsroom({ db: fresh.db, now }, piecesOfLines(original.split("\n")));
      expect(result.errors).toEqual([]);
      expect(result.imported.pages).toBe(9);
      expect(await exportText(fresh.db)).toBe(
        original.replace('"status":"sending","attempts":0', '"status":"pending","attempts":0'),
      );
      const ids = await fresh.db.select({ id: pages.id }).from(pages);
      expect(ids).toHaveLength(9);
      // New pages and revisions after the import get fresh ids, past the imported ones.
      const added = await createPageService({ db: fresh.db, clock: { now: () => now } }).create(
        PageInput.parse({ address: "how-we-use-ai", title: "How we use AI", status: "draft" }),
        { by: null },
      );
      expect(added).toEqual({ outcome: "done", id: 10 });
      expect((await fresh.db.select({ id: pageRevisions.id }).from(pageRevisions)).length).toBeGreaterThan(10);
    } finally {
      await fresh.close();
    }
  });

  it("leaves a page an editor changed here as it is", async () => {
    const original = await exportText(source.db);
    const fresh = await createTestDatabase();
    try {
      const service = createPageService({ db: fresh.db, clock: { now: () => at("2026-11-25T00:00:00Z") } });
      await service.ensureDefaults();
      const terms = (await service.list()).find((page) => page.slug === "terms")!;
      await service.update(terms.id, PageInput.parse({ ...pageFormValuesOf(terms), title: "Our terms" }), { by: null });
      const result = await importNewsroom({ db: fresh.db, now }, piecesOfLines(original.split("\n")));
      expect(result.errors).toEqual([]);
      expect(result).toMatchObject({ imported: { pages: 8 }, skipped: { pages: 1 } });
      expect((await service.find(terms.id))!.title).toBe("Our terms");
    } finally {
      await fresh.close();
    }
  });

  it("reads a document laid out differently (one line) the same way", async () => {
    const original = JSON.parse(await exportText(source.db)) as unknown;
    const fresh = await createTestDatabase();
    try {
      const result = await importNewsroom({ db: fresh.db, now }, piecesOfDocument(original));
      expect(result.errors).toEqual([]);
      expect(result.imported.articles).toBe(5);
    } finally {
      await fresh.close();
    }
  });

  it("reports bad entries by line with the reason, imports the rest, and a database failure imports nothing", async () => {
    const lines = (await exportText(source.db)).split("\n");
    const index = lines.findIndex((line) => line.includes('"title":"A draft"'));
    const broken = [...lines];
    broken[index] = broken[index]!.replace('"status":"draft"', '"status":"lost"');
    const subscriberLine = lines.findIndex((line) => line.includes("pending@example.com"));
    broken[subscriberLine] = ",{not json";
    // A moved address must lead to a path on this site, never to another host.
    const moveLine = lines.findIndex((line) => line.includes('"from":"/tag/chips"'));
    broken[moveLine] = broken[moveLine]!.replace('"to":"/tag/semiconductors"', '"to":"//evil.example/tag"');
    const fresh = await createTestDatabase();
    try {
      const result = await importNewsroom({ db: fresh.db, now }, piecesOfLines(broken));
      expect(result.errors).toEqual([
        expect.objectContaining({ row: index + 1, label: "article", reason: expect.stringMatching(/^status /) }),
        { row: subscriberLine + 1, label: "subscriber", reason: "is not valid JSON" },
        {
          row: moveLine + 1,
          label: "address move",
          reason: "to is not a path on this site, such as /category/climate",
        },
      ]);
      expect(result.imported.articles).toBe(4);
      expect(result.imported.subscribers).toBe(2);
      expect(await fresh.db.select({ from: addressMoves.fromPath, to: addressMoves.toPath }).from(addressMoves)).toEqual([
        { from: "/ethics-policy", to: "/ethics" },
      ]);

      // A week key already used by another issue is a reported entry; a cut-short file imports nothing.
      const emptied = await createTestDatabase();
      try {
        await expect(importNewsroom({ db: emptied.db, now }, piecesOfLines(lines.slice(0, -3)))).rejects.toThrow(
          /cut short|missing/,
        );
        expect((await counts(emptied.db)).articles).toBe(0);
      } finally {
        await emptied.close();
      }
    } finally {
      await fresh.close();
    }
  });
});
