import { sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { openSecondHandle, testDriver, withTestDatabase } from "../../../tests/setup/test-database";
import { createTestLogger } from "../../../tests/setup/test-logger";
import { manualClock } from "../../../tests/support/manual-clock";
import type { DatabaseHandle } from "../../db/client.server";
import { siteSettings, siteSettingsChanges } from "../../db/schema";
import { DEFAULT_SETTINGS, type SiteSettings } from "../../validation/site-settings";
import { createAdminService } from "../auth/admins.server";
import { createContentChanges, type ContentChanges } from "../content-changes.server";
import type { SettingsFromEnvironment } from "../env.server";
import { createSiteSettings, liveSite, newsletterSender, SettingsConflictError } from "./site-settings.server";

const database = withTestDatabase();
const clock = manualClock("2026-11-28T10:00:00Z");
const noEnvironment: SettingsFromEnvironment = {
  firstValues: {},
  pinned: {},
  pinnedBy: {},
  mailFrom: undefined,
  schedule: undefined,
};
const started: ContentChanges[] = [];
const opened: DatabaseHandle[] = [];
let editorId = 0;

beforeAll(async () => {
  const admins = createAdminService({ db: database.db, clock });
  editorId = await admins.createAccount({ username: "chief", password: "a long passphrase", role: "administrator" });
});

afterEach(async () => {
  await Promise.all(started.splice(0).map((changes) => changes.stop()));
  await Promise.all(opened.splice(0).map((handle) => handle.close()));
  // Every test starts from a database without settings, as a fresh install does.
  await database.db.delete(siteSettingsChanges);
  await database.db.delete(siteSettings);
});

function service(environment: SettingsFromEnvironment = noEnvironment, handle: DatabaseHandle = database.handle) {
  return createSiteSettings({ db: handle.db, clock, logger: createTestLogger().logger, environment });
}

const changed = (values: Partial<SiteSettings>): SiteSettings => ({ ...DEFAULT_SETTINGS, ...values });

describe("the newsroom's settings", () => {
  it("start as the specification's on a fresh database, and the row they are kept in is made once", async () => {
    const settings = service();
    expect(settings.current()).toEqual(DEFAULT_SETTINGS);
    await settings.load();
    await service().load();
    const rows = await database.db.select().from(siteSettings);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.version).toBe(1);
    expect(rows[0]?.values).toEqual(DEFAULT_SETTINGS);
    expect(settings.current()).toEqual(DEFAULT_SETTINGS);
  });

  it("take a fresh database's first values from the environment, and a set variable pins its setting", async () => {
    const environment: SettingsFromEnvironment = {
      firstValues: { siteName: "Kieler Woche", timeZone: "Europe/Berlin", language: "de" },
      pinned: { siteName: "Kieler Woche" },
      pinnedBy: { siteName: "SITE_NAME" },
      mailFrom: undefined,
      schedule: undefined,
    };
    const settings = service(environment);
    await settings.load();
    expect(settings.current()).toMatchObject({ siteName: "Kieler Woche", timeZone: "Europe/Berlin", language: "de" });

    const form = await settings.form();
    expect(form.pinnedBy).toEqual({ siteName: "SITE_NAME" });
    // A pinned field keeps its value whatever the form says; the others are saved.
    const saved = await settings.save(editorId, { ...form.values, siteName: "Something Else", language: "fr" }, form.version);
    expect(saved).toEqual(["language"]);
    expect(settings.current()).toMatchObject({ siteName: "Kieler Woche", language: "fr" });
  });

  it("save what changed, record who changed which field from what to what, and go up one version", async () => {
    const settings = service();
    await settings.load();
    clock.set("2026-11-28T11:30:00Z");
    const saved = await settings.save(
      editorId,
      changed({ siteName: "The Harbour Times", description: "News from the harbour.", digestStories: 7 }),
      1,
    );
    expect(saved).toEqual(["siteName", "description", "digestStories"]);
    expect(settings.current()).toMatchObject({ siteName: "The Harbour Times", digestStories: 7 });

    const form = await settings.form();
    expect(form.version).toBe(2);
    expect(form.history).toEqual([
      {
        id: expect.any(Number),
        adminName: "chief",
        changedAt: new Date("2026-11-28T11:30:00Z"),
        changes: [
          { key: "siteName", from: "Byline", to: "The Harbour Times" },
          { key: "description", from: DEFAULT_SETTINGS.description, to: "News from the harbour." },
          { key: "digestStories", from: 5, to: 7 },
        ],
      },
    ]);

    // The same values again change nothing and record nothing.
    expect(await settings.save(editorId, form.values, form.version)).toEqual([]);
    expect((await settings.form()).history).toHaveLength(1);
    expect((await settings.form()).version).toBe(2);
  });

  it("refuse a save made from an older version, and hand back both people's changes for the next save", async () => {
    const settings = service();
    await settings.load();
    const opened = await settings.form();
    await settings.save(editorId, changed({ siteName: "First Save", contactPress: "press@first.example" }), opened.version);
    await settings.save(editorId, changed({ siteName: "Second Save", contactPress: "press@first.example" }), 2);

    // Someone who opened version 1 changed the description and, as it happens, the same name.
    const stale = changed({ siteName: "Stale Name", description: "Typed by the stale form." });
    const refusal = await settings.save(editorId, stale, opened.version).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(SettingsConflictError);
    const { merged, changedMeanwhile, version } = refusal as SettingsConflictError;
    expect(version).toBe(3);
    expect(changedMeanwhile).toEqual(["siteName", "contactPress"]);
    // What the stale form changed stays as typed; what it did not touch is as it is now.
    expect(merged).toEqual(
      changed({ siteName: "Stale Name", description: "Typed by the stale form.", contactPress: "press@first.example" }),
    );
    const [row] = await database.db.select().from(siteSettings);
    expect(row?.values).toMatchObject({ siteName: "Second Save", description: DEFAULT_SETTINGS.description });
    expect(row?.version).toBe(3);
    expect(await database.db.select().from(siteSettingsChanges)).toHaveLength(2);

    // Saved again from what came back: both people's changes are in force.
    await settings.save(editorId, merged, version);
    expect(settings.current()).toMatchObject({ description: "Typed by the stale form.", contactPress: "press@first.example" });
  });

  it("let one of two saves made at once from the same version through, and refuse the other", async () => {
    const settings = service();
    await settings.load();
    const outcomes = await Promise.allSettled([
      settings.save(editorId, changed({ siteName: "Left" }), 1),
      settings.save(editorId, changed({ siteName: "Right" }), 1),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === "rejected");
    expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(SettingsConflictError);
    expect(await database.db.select().from(siteSettingsChanges)).toHaveLength(1);
  });

  it("read a stored document field by field: what no longer passes its rule takes its default", async () => {
    await database.db.insert(siteSettings).values({
      id: 1,
      values: { siteName: "Kept", timeZone: "Mars/Olympus", digestStories: 500, unknownField: "ignored" },
      updatedAt: clock.now(),
    });
    const settings = service();
    await settings.load();
    expect(settings.current()).toEqual(changed({ siteName: "Kept" }));
  });

  it("reach another instance without a restart: it reads them again before it drops its pages", async () => {
    const second = testDriver() === "postgres" ? await openSecondHandle(database.handle) : database.handle;
    if (second !== database.handle) opened.push(second);
    const logger = createTestLogger().logger;
    const changesHere = createContentChanges({ database: database.handle, logger });
    const changesThere = createContentChanges({ database: second, logger });
    started.push(changesHere, changesThere);
    const here = createSiteSettings({
      db: database.db,
      clock,
      logger,
      environment: noEnvironment,
      onPublicChange: changesHere.announce,
    });
    const there = service(noEnvironment, second);
    changesThere.refreshFirst(there.refresh);
    await Promise.all([here.load(), there.load()]);
    const namesSeenWhenDropping: string[] = [];
    const { site } = liveSite(there, { url: "https://news.example" });
    changesThere.onChange(() => namesSeenWhenDropping.push(site.name));
    await Promise.all([changesHere.start(), changesThere.start()]);

    await here.save(editorId, changed({ siteName: "Live Everywhere" }), 1);
    await expect.poll(() => namesSeenWhenDropping).toContain("Live Everywhere");
    expect(namesSeenWhenDropping).not.toContain("Byline");
    expect(there.current().siteName).toBe("Live Everywhere");
  });

  it("call their listeners with the new settings only when a setting in force changed", async () => {
    const settings = service();
    await settings.load();
    const heard: string[] = [];
    settings.onChange((now, before) => heard.push(`${before.digestTime} -> ${now.digestTime}`));
    await settings.save(editorId, changed({ digestTime: "07:30" }), 1);
    await settings.load();
    expect(heard).toEqual(["09:00 -> 07:30"]);
  });

  it("give the newsletter its sender: MAIL_FROM when set, else the sender name or the publication name", () => {
    const siteUrl = "https://news.example";
    expect(newsletterSender(changed({}), { siteUrl, settings: { mailFrom: undefined } })).toBe(
      '"Byline" <newsletter@news.example>',
    );
    expect(newsletterSender(changed({ senderName: 'The "Harbour" Desk' }), { siteUrl, settings: { mailFrom: undefined } })).toBe(
      '"The \\"Harbour\\" Desk" <newsletter@news.example>',
    );
    expect(newsletterSender(changed({}), { siteUrl, settings: { mailFrom: "Desk <desk@example.com>" } })).toBe(
      "Desk <desk@example.com>",
    );
  });

  it("keep the history when the account that saved is deleted", async () => {
    const admins = createAdminService({ db: database.db, clock });
    const leaverId = await admins.createAccount({ username: "leaver", password: "a long passphrase", role: "administrator" });
    const settings = service();
    await settings.load();
    await settings.save(leaverId, changed({ siteName: "Left Behind" }), 1);
    await database.db.execute(sql`delete from admins where id = ${leaverId}`);
    const [save] = (await settings.form()).history;
    expect(save?.adminName).toBe("leaver");
  });
});
