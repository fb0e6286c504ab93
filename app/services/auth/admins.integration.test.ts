import { systemClock } from "../index.server";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDatabase, withTestDatabase } from "../../../tests/setup/test-database";
import { admins, authors, loginAttempts } from "../../db/schema";
import { AdminAccountError, createAdminService } from "./admins.server";
import { verifyPassword } from "./passwords.server";
import { createSessionService } from "./sessions.server";

const database = withTestDatabase();

describe("ensureInitialAdmin", () => {
  beforeEach(() => resetDatabase(database.db));

  it("creates the first admin with a hashed password and an author profile", async () => {
    const service = createAdminService({ db: database.db, clock: systemClock });
    expect(await service.ensureInitialAdmin({ username: "Editor", password: "correct horse battery" })).toBe(true);

    const [admin] = await database.db.select().from(admins);
    expect(admin?.username).toBe("Editor");
    expect(admin?.passwordHash).not.toContain("correct horse battery");
    expect(await verifyPassword("correct horse battery", admin!.passwordHash)).toBe(true);
    const [author] = await database.db.select().from(authors).where(eq(authors.id, admin!.authorId));
    expect(author?.name).toBe("Editor");
    expect((await service.findByUsername("EDITOR"))?.id).toBe(admin?.id);
  });

  it("never overwrites an existing admin, and does nothing without variables", async () => {
    const service = createAdminService({ db: database.db, clock: systemClock });
    await service.ensureInitialAdmin({ username: "editor", password: "first password here" });
    expect(await service.ensureInitialAdmin({ username: "editor", password: "second password here" })).toBe(false);
    expect(await service.ensureInitialAdmin({ username: "other", password: "third password here" })).toBe(false);
    expect(await service.ensureInitialAdmin(undefined)).toBe(false);

    const rows = await database.db.select().from(admins);
    expect(rows).toHaveLength(1);
    expect(await verifyPassword("first password here", rows[0]!.passwordHash)).toBe(true);
  });
});

describe("createAdmin", () => {
  beforeEach(() => resetDatabase(database.db));

  it("answers ADMIN_EXISTS to one of two creations of the same name at the same moment", async () => {
    const service = createAdminService({ db: database.db, clock: systemClock });
    const outcomes = await Promise.allSettled([
      service.createAdmin("Editor", "correct horse battery"),
      service.createAdmin("editor", "another long password"),
    ]);

    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === "rejected");
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ code: "ADMIN_EXISTS" });
    expect(await database.db.select().from(admins)).toHaveLength(1);
  });

  it("creates an admin with a hashed password and an author profile of the same name", async () => {
    const service = createAdminService({ db: database.db, clock: systemClock });
    await service.createAdmin("Editor", "correct horse battery");

    const [admin] = await database.db.select().from(admins);
    expect(admin?.username).toBe("Editor");
    expect(admin?.passwordHash).not.toContain("correct horse battery");
    expect(await verifyPassword("correct horse battery", admin!.passwordHash)).toBe(true);
    expect(await database.db.select({ id: authors.id, name: authors.name, role: authors.role }).from(authors)).toEqual([
      { id: admin!.authorId, name: "Editor", role: "Editor" },
    ]);
  });

  it("refuses a name that is taken in another letter case, and writes nothing", async () => {
    const service = createAdminService({ db: database.db, clock: systemClock });
    await service.createAdmin("Editor", "correct horse battery");

    const refusal = await service.createAdmin("EDITOR", "a different password").catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AdminAccountError);
    expect(refusal).toMatchObject({ code: "ADMIN_EXISTS", message: 'An account named "EDITOR" already exists.' });

    const rows = await database.db.select().from(admins);
    expect(rows.map((row) => row.username)).toEqual(["Editor"]);
    expect(await verifyPassword("correct horse battery", rows[0]!.passwordHash)).toBe(true);
    expect((await database.db.select().from(authors)).map((author) => author.name)).toEqual(["Editor"]);
  });

  it("gives the admin an existing author profile of the same name instead of a second one", async () => {
    const [author] = await database.db.insert(authors).values({ name: "Grace", role: "Columnist" }).returning();
    await createAdminService({ db: database.db, clock: systemClock }).createAdmin("Grace", "correct horse battery");

    const [admin] = await database.db.select().from(admins);
    expect(admin?.authorId).toBe(author!.id);
    expect(await database.db.select().from(authors)).toHaveLength(1);
  });
});

describe("changePassword", () => {
  beforeEach(() => resetDatabase(database.db));

  async function setUp() {
    const service = createAdminService({ db: database.db, clock: systemClock });
    await service.createAdmin("Editor", "old password here");
    await service.createAdmin("Reporter", "reporter password");
    const editor = (await service.findByUsername("editor"))!;
    const reporter = (await service.findByUsername("reporter"))!;
    const sessionService = createSessionService({ db: database.db, clock: { now: () => new Date() } });
    return { service, sessionService, editor, reporter };
  }

  it("sets a new password that verifies, and the old one no longer does", async () => {
    const { service } = await setUp();

    await service.changePassword("EDITOR", "new password here");

    const changed = (await service.findByUsername("editor"))!;
    expect(await verifyPassword("new password here", changed.passwordHash)).toBe(true);
    expect(await verifyPassword("old password here", changed.passwordHash)).toBe(false);
    const other = (await service.findByUsername("reporter"))!;
    expect(await verifyPassword("reporter password", other.passwordHash)).toBe(true);
  });

  it("signs the admin out everywhere, counts the ended sessions, and leaves other admins signed in", async () => {
    const { service, sessionService, editor, reporter } = await setUp();
    const laptop = await sessionService.create(editor.id);
    const phone = await sessionService.create(editor.id);
    const colleague = await sessionService.create(reporter.id);

    expect(await service.changePassword("Editor", "new password here")).toEqual({ username: "Editor", endedSessions: 2 });

    expect(await sessionService.find(laptop.token)).toBeNull();
    expect(await sessionService.find(phone.token)).toBeNull();
    expect(await sessionService.find(colleague.token)).toMatchObject({ username: "Reporter" });
    expect(await service.changePassword("Editor", "newer password here")).toEqual({ username: "Editor", endedSessions: 0 });
  });

  it("lifts a lockout on the name, and only on that name", async () => {
    const { service } = await setUp();
    const lastAttemptAt = new Date("2025-03-01T09:00:00Z");
    await database.db.insert(loginAttempts).values([
      { username: "editor", failures: 5, lastAttemptAt },
      { username: "reporter", failures: 5, lastAttemptAt },
    ]);

    await service.changePassword("editor", "new password here");

    expect(await database.db.select().from(loginAttempts)).toEqual([{ username: "reporter", failures: 5, lastAttemptAt }]);
  });

  it("refuses an unknown admin with ADMIN_NOT_FOUND and changes nothing", async () => {
    const { service, sessionService, editor } = await setUp();
    const { token } = await sessionService.create(editor.id);

    const refusal = await service.changePassword("nobody", "new password here").catch((error: unknown) => error);

    expect(refusal).toBeInstanceOf(AdminAccountError);
    expect(refusal).toMatchObject({ code: "ADMIN_NOT_FOUND", message: 'There is no account named "nobody".' });
    expect(await sessionService.find(token)).toMatchObject({ username: "Editor" });
  });
});

describe("list", () => {
  beforeEach(() => resetDatabase(database.db));

  it("lists every admin with their author, ordered by name whatever the letter case", async () => {
    const service = createAdminService({ db: database.db, clock: systemClock });
    for (const name of ["Zoe", "adam", "Bob"]) await service.createAdmin(name, "correct horse battery");

    const listing = await service.list();

    expect(listing.map(({ username, authorName }) => ({ username, authorName }))).toEqual([
      { username: "adam", authorName: "adam" },
      { username: "Bob", authorName: "Bob" },
      { username: "Zoe", authorName: "Zoe" },
    ]);
    expect(listing.every((row) => row.createdAt instanceof Date)).toBe(true);
  });

  it("is empty before any admin exists", async () => {
    expect(await createAdminService({ db: database.db, clock: systemClock }).list()).toEqual([]);
  });
});

describe("the names kept for articles no staff member signs", () => {
  beforeEach(() => resetDatabase(database.db));

  it.each(["Correspondent", "Staff", "staff", "CORRESPONDENT"])(
    "refuses %s as a staff member's display name, and the profile keeps its name",
    async (name) => {
      const service = createAdminService({ db: database.db, clock: systemClock });
      await service.createAdmin("maya", "a long enough password", "author");
      const maya = await service.findByUsername("maya");

      const refused = service.updateProfile(maya!.id, { displayName: name, roleLine: "", bio: "", avatar: "", links: [] });

      await expect(refused).rejects.toMatchObject({
        code: "NAME_RESERVED",
        message: '"Staff" and "Correspondent" sign the articles that no staff member wrote. Please choose another name.',
      });
      const [author] = await database.db.select({ name: authors.name }).from(authors).where(eq(authors.id, maya!.authorId));
      expect(author?.name).toBe("maya");
    },
  );

  it("does not give a new account the automated author's profile, even when invited under that name", async () => {
    await database.db.insert(authors).values({ name: "Correspondent", role: "AI Correspondent" });
    const service = createAdminService({ db: database.db, clock: systemClock });

    const refused = service.createAccount({
      username: "squatter",
      password: "a long enough password",
      role: "author",
      displayName: "Correspondent",
    });

    await expect(refused).rejects.toMatchObject({ code: "NAME_RESERVED" });
    expect(await database.db.select({ id: admins.id }).from(admins)).toEqual([]);
  });
});
