import { beforeEach, describe, expect, it } from "vitest";
import { resetDatabase, testDriver, withTestDatabase } from "../../../tests/setup/test-database";
import { admins, authors, pageRevisions } from "../../db/schema";
import { pageFormValuesOf, PageInput } from "../../validation/page";
import { createOldAddressService } from "../old-addresses/old-addresses.server";
import { DEFAULT_PAGES } from "./default-pages.server";
import { pageView } from "./page-view.server";
import { createPageService, type Page } from "./pages.server";

const database = withTestDatabase();
let now = new Date("2026-11-29T10:00:00Z");
const clock = { now: () => now };
const later = (minutes: number) => {
  now = new Date(now.getTime() + minutes * 60_000);
};
let announced = 0;
const service = () =>
  createPageService({
    db: database.db,
    clock,
    onPublicChange: async () => {
      announced += 1;
    },
  });
const site = {
  name: "The Harbour Times",
  contact: {
    general: "desk@harbour.example",
    tips: "tips@harbour.example",
    press: "press@harbour.example",
    ads: "ads@harbour.example",
    careers: "jobs@harbour.example",
  },
  analytics: false,
};

/** The editor's form of a page with some fields changed, through the editor's schema. */
function edited(page: Page, changes: Partial<Parameters<typeof PageInput.parse>[0]> & Record<string, unknown>) {
  return PageInput.parse({ ...pageFormValuesOf(page), ...changes });
}

async function editor(): Promise<number> {
  const [author] = await database.db.insert(authors).values({ name: "Maya Editor" }).returning();
  const [account] = await database.db
    .insert(admins)
    .values({ username: "maya", passwordHash: "", authorId: author!.id, role: "editor" })
    .returning();
  return account!.id;
}

describe(`pages on ${testDriver()}`, () => {
  beforeEach(async () => {
    await resetDatabase(database.db);
    now = new Date("2026-11-29T10:00:00Z");
    announced = 0;
  });

  it("puts the specification's seven pages in place once, published, each with a first revision", async () => {
    const pages = service();
    expect(await pages.ensureDefaults()).toBe(7);
    expect(await pages.ensureDefaults()).toBe(0);
    const list = await pages.list();
    expect(list.map((page) => page.slug)).toEqual([
      "about",
      "careers",
      "contact",
      "advertise",
      "terms",
      "privacy",
      "cookie-policy",
    ]);
    expect(list.every((page) => page.status === "published" && page.builtIn === page.slug)).toBe(true);
    expect(await database.db.select().from(pageRevisions)).toHaveLength(7);
    const careers = list.find((page) => page.slug === "careers")!;
    expect(careers.fields.openings.map((opening) => opening.title)).toEqual([
      "Senior Technology Reporter",
      "Social Media Manager",
      "Full-Stack Developer",
    ]);
    expect(careers).toMatchObject({ layout: "careers", title: "Careers", heading: "Join the {site.name} team" });
    expect(DEFAULT_PAGES).toHaveLength(7);
  });

  it("shows the text with the settings' name and addresses, and the reading-figures block only when readers are counted", async () => {
    const pages = service();
    await pages.ensureDefaults();
    const privacy = (await pages.published("privacy"))!;
    const view = pageView(privacy, site);
    expect(view.heading).toBe("Privacy Policy");
    expect(view.description).toBe(
      "What The Harbour Times collects when you read, subscribe or get in touch, why, and how you stay in control.",
    );
    expect(view.leadHtml).toContain("Last updated: January 15, 2025");
    const figures = view.sections.find((section) => section.title === "Reading figures")!;
    expect(figures.id).toBe("reading-figures");
    expect(figures.html).toContain("This site does not count its readers");
    expect(figures.html).not.toContain("We set no cookie for this");
    const counted = pageView(privacy, { ...site, analytics: true }).sections.find((section) => section.id === "reading-figures")!;
    expect(counted.html).toContain("We set no cookie for this");
    expect(counted.html).not.toContain("does not count its readers");
    const contact = view.sections.find((section) => section.id === "contact")!;
    expect(contact.html).toContain('<a href="mailto:desk@harbour.example">desk@harbour.example</a>');
  });

  it("creates a page as a draft hidden from readers, publishes it, and records each save as a revision", async () => {
    const pages = service();
    const by = await editor();
    const created = await pages.create(
      PageInput.parse({ address: "ethics", title: "Ethics policy", status: "draft", body: "## Sources\n\nWe name them." }),
      { by },
    );
    expect(created).toEqual({ outcome: "done", id: expect.any(Number) });
    if (created.outcome !== "done") return;
    expect(await pages.published("ethics")).toBeNull();

    later(10);
    const draft = (await pages.find(created.id))!;
    expect(await pages.update(created.id, edited(draft, { status: "published" }), { by, openedAt: draft.updatedAt })).toEqual({
      outcome: "done",
      id: created.id,
    });
    const live = (await pages.published("ethics"))!;
    expect(live.title).toBe("Ethics policy");
    expect(pageView(live, site).sections).toEqual([{ id: "sources", title: "Sources", html: "<p>We name them.</p>" }]);
    expect(announced).toBe(2);

    // Two saves by the same person within minutes are one revision; a later one is a new revision.
    later(1);
    await pages.update(created.id, edited(live, { body: "## Sources\n\nWe name every one." }), { by });
    expect((await pages.revisions(created.id)).map((revision) => revision.kind)).toEqual(["edited", "created"]);
    later(10);
    const current = (await pages.find(created.id))!;
    await pages.update(created.id, edited(current, { status: "draft" }), { by });
    expect(await pages.published("ethics")).toBeNull();
    const revisions = await pages.revisions(created.id);
    expect(revisions.map((revision) => [revision.kind, revision.editorName])).toEqual([
      ["edited", "Maya Editor"],
      ["edited", "Maya Editor"],
      ["created", "Maya Editor"],
    ]);
  });

  it("refuses a save made from an older version, and points at what changed since", async () => {
    const pages = service();
    await pages.ensureDefaults();
    const by = await editor();
    const about = (await pages.list()).find((page) => page.slug === "about")!;
    const opened = about.updatedAt;
    later(1);
    expect(await pages.update(about.id, edited(about, { title: "About" }), { by: null, openedAt: opened })).toMatchObject({
      outcome: "done",
    });
    later(1);
    expect(await pages.update(about.id, edited(about, { title: "About the newsroom" }), { by, openedAt: opened })).toEqual({
      outcome: "stale",
    });
    expect((await pages.find(about.id))!.title).toBe("About");
    const since = await pages.sinceOpened(about.id, opened);
    expect(since.from).toBeDefined();
    expect(since.to).toBeDefined();
    expect(since.from).not.toBe(since.to);
  });

  it("restores a revision's text, keeps the address and status, and records the restore", async () => {
    const pages = service();
    await pages.ensureDefaults();
    const by = await editor();
    const about = (await pages.list()).find((page) => page.slug === "about")!;
    later(1);
    await pages.update(about.id, edited(about, { body: "Rewritten.", address: "about-us" }), { by });
    const [latest, first] = await pages.revisions(about.id);
    expect(latest!.kind).toBe("edited");
    later(1);
    expect(await pages.restore(about.id, first!.id, { by })).toEqual({ outcome: "done", revisionId: expect.any(Number) });
    const restored = (await pages.find(about.id))!;
    expect(restored.body).toBe(about.body);
    expect(restored.slug).toBe("about-us");
    expect(restored.status).toBe("published");
    const history = await pages.revisions(about.id);
    expect(history[0]).toMatchObject({ kind: "restored", restoredFrom: first!.id });
    expect(await pages.restore(about.id, 999_999, { by })).toEqual({ outcome: "missing" });
  });

  it("moves a page to a new address: the old one answers with the new one, in one hop after two moves", async () => {
    const pages = service();
    const addresses = createOldAddressService({ db: database.db, clock });
    await pages.ensureDefaults();
    const by = await editor();
    const created = await pages.create(PageInput.parse({ address: "ethics", title: "Ethics", status: "published" }), { by });
    if (created.outcome !== "done") throw new Error("not created");
    const page = (await pages.find(created.id))!;
    await pages.update(page.id, edited(page, { address: "standards" }), { by });
    expect(await addresses.movedTo("/ethics")).toBe("/standards");
    expect(await pages.published("ethics")).toBeNull();
    expect((await pages.published("standards"))!.id).toBe(page.id);

    const moved = (await pages.find(page.id))!;
    await pages.update(page.id, edited(moved, { address: "editorial-standards" }), { by });
    expect(await addresses.movedTo("/ethics")).toBe("/editorial-standards");
    expect(await addresses.movedTo("/standards")).toBe("/editorial-standards");

    // An address another page has is refused; one that only moved away can take a new page.
    const current = (await pages.find(page.id))!;
    expect(await pages.update(page.id, edited(current, { address: "about" }), { by })).toEqual({ outcome: "taken" });
    expect(await pages.create(PageInput.parse({ address: "about", title: "Twice", status: "draft" }), { by })).toEqual({
      outcome: "taken",
    });
    const again = await pages.create(PageInput.parse({ address: "ethics", title: "Ethics, again", status: "published" }), { by });
    expect(again.outcome).toBe("done");
    expect(await addresses.movedTo("/ethics")).toBeNull();
    expect((await pages.published("ethics"))!.title).toBe("Ethics, again");
  });

  it("deletes an added page with a way back, and never deletes one of the specification's", async () => {
    const pages = service();
    await pages.ensureDefaults();
    const by = await editor();
    const about = (await pages.list()).find((page) => page.slug === "about")!;
    expect(await pages.remove(about.id)).toBe("built-in");
    const created = await pages.create(PageInput.parse({ address: "masthead", title: "Masthead", status: "published" }), { by });
    if (created.outcome !== "done") throw new Error("not created");
    expect(await pages.remove(created.id)).toBe("done");
    expect(await pages.published("masthead")).toBeNull();
    expect(await pages.remove(created.id)).toBe("missing");
    expect((await pages.find(created.id))!.deletedAt).not.toBeNull();
    const deleted = (await pages.find(created.id))!;
    expect(await pages.update(created.id, edited(deleted, { title: "Edited while deleted" }), { by })).toEqual({
      outcome: "missing",
    });
    expect(await pages.revisions(created.id)).toHaveLength(1);

    expect(await pages.undelete(created.id)).toBe("done");
    const back = (await pages.find(created.id))!;
    expect(back).toMatchObject({ deletedAt: null, status: "draft", slug: "masthead" });
    expect(await pages.undelete(created.id)).toBe("missing");
  });

  it("keeps the structured fields of the pages with structure through the editor's form", async () => {
    const pages = service();
    await pages.ensureDefaults();
    const list = await pages.list();
    const advertise = list.find((page) => page.slug === "advertise")!;
    const input = edited(advertise, {});
    expect(input.fields).toEqual(advertise.fields);
    const careers = list.find((page) => page.slug === "careers")!;
    const reordered = edited(careers, {
      fields: {
        ...pageFormValuesOf(careers).fields,
        openings: [...pageFormValuesOf(careers).fields.openings].reverse(),
      },
    });
    await pages.update(careers.id, reordered, { by: null });
    expect((await pages.find(careers.id))!.fields.openings.map((opening) => opening.title)).toEqual([
      "Full-Stack Developer",
      "Social Media Manager",
      "Senior Technology Reporter",
    ]);
  });
});
