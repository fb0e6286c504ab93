import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  openSecondHandle,
  resetDatabase,
  testDriver,
  withTestDatabase,
} from "../../../tests/setup/test-database";
import { createTestLogger } from "../../../tests/setup/test-logger";
import { manualClock } from "../../../tests/support/manual-clock";
import type { DatabaseHandle } from "../../db/client.server";
import { siteMenus, siteMenuSaves } from "../../db/schema";
import { DEFAULT_MENUS, type SiteMenus } from "../../validation/menus";
import { createAdminService } from "../auth/admins.server";
import { createContentChanges, type ContentChanges } from "../content-changes.server";
import { exportNewsroomLines } from "../newsroom-transfer/newsroom-export.server";
import { importNewsroom } from "../newsroom-transfer/newsroom-import.server";
import { piecesOfLines } from "../newsroom-transfer/newsroom-import-reader.server";
import { createOldAddressService, recordAddressMove } from "../old-addresses/old-addresses.server";
import { createSiteMenus, knownAddresses, MenusConflictError } from "./site-menus.server";
import { SPEC_SECTIONS } from "../sections/sections.server";

const database = withTestDatabase();
const clock = manualClock("2026-11-29T10:00:00Z");
const started: ContentChanges[] = [];
const opened: DatabaseHandle[] = [];
let chiefId = 0;
let deputyId = 0;

beforeEach(async () => {
  await resetDatabase(database.db);
  const admins = createAdminService({ db: database.db, clock });
  chiefId = await admins.createAccount({ username: "chief", password: "a long passphrase", role: "administrator" });
  deputyId = await admins.createAccount({ username: "deputy", password: "a long passphrase", role: "administrator" });
});

afterEach(async () => {
  await Promise.all(started.splice(0).map((changes) => changes.stop()));
  await Promise.all(opened.splice(0).map((handle) => handle.close()));
});

function service(handle: DatabaseHandle = database.handle, onPublicChange?: () => Promise<unknown>) {
  const oldAddresses = createOldAddressService({ db: handle.db, clock });
  return createSiteMenus({
    db: handle.db,
    clock,
    logger: createTestLogger().logger,
    movedTo: oldAddresses.movedTo,
    onPublicChange,
  });
}

/** The specification's menus with an Ethics link at the end of the footer's Company column. */
function withEthics(): SiteMenus {
  return {
    ...DEFAULT_MENUS,
    footer: {
      ...DEFAULT_MENUS.footer,
      columns: DEFAULT_MENUS.footer.columns.map((column) =>
        column.heading === "Company" ? { ...column, links: [...column.links, { label: "Ethics", target: "/ethics" }] } : column,
      ),
    },
  };
}

const withoutStamp = ({ header, footer }: SiteMenus & { stamp: number }): SiteMenus => ({ header, footer });

describe(`the header and footer menus on ${testDriver()}`, () => {
  it("are the specification's on a fresh database, at version 0, with nothing stored and no saves", async () => {
    const menus = service();
    await menus.load();
    expect(withoutStamp(menus.current())).toEqual(DEFAULT_MENUS);
    const form = await menus.form();
    expect(form).toEqual({ menus: DEFAULT_MENUS, version: 0, moved: {}, history: [] });
    expect(await database.db.select().from(siteMenus)).toEqual([]);
  });

  it("save a change, put it in force, tell the other instances, and record who saved when", async () => {
    let announced = 0;
    const menus = service(database.handle, async () => (announced += 1));
    await menus.load();
    const before = menus.current();
    expect(await menus.save(chiefId, withEthics(), 0)).toBe(true);
    expect(announced).toBe(1);
    expect(withoutStamp(menus.current())).toEqual(withEthics());
    expect(menus.current().stamp).not.toBe(before.stamp);

    const form = await menus.form();
    expect(form.version).toBe(1);
    expect(form.menus).toEqual(withEthics());
    expect(form.history).toEqual([{ id: expect.any(Number), adminName: "chief", savedAt: clock.now() }]);

    // Saving the same menus again changes nothing and records nothing.
    expect(await menus.save(chiefId, withEthics(), 1)).toBe(false);
    expect(announced).toBe(1);
    expect(await database.db.select().from(siteMenuSaves)).toHaveLength(1);

    clock.advance(60_000);
    const reordered: SiteMenus = { ...withEthics(), header: [...DEFAULT_MENUS.header].reverse() };
    expect(await menus.save(deputyId, reordered, 1)).toBe(true);
    const saves = (await menus.form()).history;
    expect(saves.map((save) => save.adminName)).toEqual(["deputy", "chief"]);
    expect(menus.current().header.map((link) => link.label)).toEqual(["Security", "Cloud", "Mobile", "Startups", "AI", "Home"]);
  });

  it("refuse a save made from an older version, change nothing, and say who saved meanwhile", async () => {
    const menus = service();
    await menus.save(chiefId, withEthics(), 0);
    const stale = menus.save(deputyId, { ...DEFAULT_MENUS, header: [] }, 0);
    await expect(stale).rejects.toBeInstanceOf(MenusConflictError);
    const refusal = (await stale.catch((error: unknown) => error)) as MenusConflictError;
    expect(refusal.version).toBe(1);
    expect(refusal.savedBy).toEqual(["chief"]);
    expect((await menus.form()).menus).toEqual(withEthics());
    // Saving again from the version the refusal names replaces the other save.
    expect(await menus.save(deputyId, { ...DEFAULT_MENUS, header: [] }, refusal.version)).toBe(true);
    expect((await menus.form()).menus.header).toEqual([]);
  });

  it("let one of two first saves made at once through, and refuse the other", async () => {
    const menus = service();
    const outcomes = await Promise.allSettled([
      menus.save(chiefId, withEthics(), 0),
      menus.save(deputyId, { ...DEFAULT_MENUS, header: [] }, 0),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === "rejected");
    expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(MenusConflictError);
    expect(await database.db.select().from(siteMenuSaves)).toHaveLength(1);
  });

  it("follow a moved address: a renamed section or page is linked at its new address, and the form says so", async () => {
    const menus = service();
    await menus.save(chiefId, { ...withEthics(), header: [{ label: "AI", target: "/category/ai#latest" }] }, 0);
    await database.db.transaction(async (tx) => {
      await recordAddressMove(tx, "/category/ai", "/category/machine-learning", clock.now());
      await recordAddressMove(tx, "/ethics", "/standards", clock.now());
    });
    const stamp = menus.current().stamp;
    await menus.refresh();
    expect(menus.current().stamp).not.toBe(stamp);
    expect(menus.current().header).toEqual([{ label: "AI", target: "/category/machine-learning#latest" }]);
    const company = menus.current().footer.columns.find((column) => column.heading === "Company");
    expect(company?.links.at(-1)).toEqual({ label: "Ethics", target: "/standards" });
    // The stored menus keep what was typed; the form shows where each moved target leads now.
    const form = await menus.form();
    expect(form.menus.header).toEqual([{ label: "AI", target: "/category/ai#latest" }]);
    expect(form.moved).toEqual({
      "/category/ai#latest": "/category/machine-learning#latest",
      "/category/ai": "/category/machine-learning",
      "/ethics": "/standards",
    });
    expect(menus.current().footer.columns[0]?.links[0]).toEqual({ label: "AI", target: "/category/machine-learning" });
    // Nothing moved since: the same object stays in force, so the header kept as markup stays kept.
    const inForce = menus.current();
    await menus.refresh();
    expect(menus.current()).toBe(inForce);
  });

  it("reach another instance without a restart: it reads them again before it drops its pages", async () => {
    const second = testDriver() === "postgres" ? await openSecondHandle(database.handle) : database.handle;
    if (second !== database.handle) opened.push(second);
    const logger = createTestLogger().logger;
    const changesHere = createContentChanges({ database: database.handle, logger });
    const changesThere = createContentChanges({ database: second, logger });
    started.push(changesHere, changesThere);
    const here = service(database.handle, changesHere.announce);
    const there = service(second);
    changesThere.refreshFirst(there.refresh);
    await Promise.all([here.load(), there.load()]);
    const seenWhenDropping: number[] = [];
    changesThere.onChange(() => seenWhenDropping.push(there.current().footer.columns[1]?.links.length ?? 0));
    await Promise.all([changesHere.start(), changesThere.start()]);

    await here.save(chiefId, withEthics(), 0);
    await expect.poll(() => seenWhenDropping).toContain(6);
    expect(seenWhenDropping).not.toContain(5);
    expect(withoutStamp(there.current())).toEqual(withEthics());
  });

  it("suggest the sections' and the info pages' addresses as targets", () => {
    const paths = knownAddresses(SPEC_SECTIONS.list()).map((address) => address.path);
    expect(paths).toEqual(expect.arrayContaining(["/", "/category/ai", "/category/software", "/about", "/cookie-policy"]));
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("travel in the export, and an import into a fresh database gives the same menus and saves back", async () => {
    const menus = service();
    await menus.save(chiefId, withEthics(), 0);
    clock.advance(60_000);
    await menus.save(deputyId, { ...withEthics(), header: DEFAULT_MENUS.header.slice(0, 3) }, 1);
    const exported = await exportText(database.handle);
    const menusPart = (text: string) => (JSON.parse(text) as { menus: unknown[] }).menus;
    expect(menusPart(exported)).toHaveLength(3);

    const fresh = await createTestDatabase();
    try {
      const result = await importNewsroom({ db: fresh.db, now: clock.now() }, piecesOfLines(exported.split("\n")));
      expect(result.errors).toEqual([]);
      expect(result.imported.menus).toBe(3);
      expect(menusPart(await exportText(fresh))).toEqual(menusPart(exported));
      const imported = service(fresh);
      await imported.load();
      expect(imported.current().header.map((link) => link.label)).toEqual(["Home", "AI", "Startups"]);
      expect((await imported.form()).history.map((save) => save.adminName)).toEqual(["deputy", "chief"]);

      // A second import adds nothing; a hostile target in an edited export is refused, never stored.
      const again = await importNewsroom({ db: fresh.db, now: clock.now() }, piecesOfLines(exported.split("\n")));
      expect(again.skipped.menus).toBe(3);
      const hostile = exported.replace('"target":"/ethics"', '"target":"javascript:alert(1)"');
      const other = await createTestDatabase();
      try {
        const refused = await importNewsroom({ db: other.db, now: clock.now() }, piecesOfLines(hostile.split("\n")));
        expect(refused.errors).toEqual(
          expect.arrayContaining([
            expect.objectContaining({
              label: "menu record",
              reason: expect.stringContaining("A target is a path on this site"),
            }),
          ]),
        );
        expect(await other.db.select().from(siteMenus)).toEqual([]);
      } finally {
        await other.close();
      }
    } finally {
      await fresh.close();
    }
  });
});

async function exportText(handle: DatabaseHandle): Promise<string> {
  const lines: string[] = [];
  for await (const line of exportNewsroomLines({ db: handle.db, now: clock.now() })) lines.push(line);
  return lines.join("");
}
