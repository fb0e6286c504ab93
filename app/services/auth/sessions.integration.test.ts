import { manualClock } from "../../../tests/support/manual-clock";
import { systemClock } from "../index.server";
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDatabase, withTestDatabase } from "../../../tests/setup/test-database";
import { admins, sessions } from "../../db/schema";
import { createAdminService } from "./admins.server";
import { createSessionService, SESSION_DURATION_MS } from "./sessions.server";

const database = withTestDatabase();

const START = "2025-03-01T09:00:00.000Z";
const DAY = 24 * 60 * 60_000;

/** Two admins, and a session service on a clock the test controls. */
async function setUp() {
  const adminService = createAdminService({ db: database.db, clock: systemClock });
  await adminService.createAdmin("Editor", "correct horse battery");
  await adminService.createAdmin("Reporter", "another long password");
  const editor = (await adminService.findByUsername("editor"))!;
  const reporter = (await adminService.findByUsername("reporter"))!;
  const clock = manualClock(START);
  return { clock, editor, reporter, service: createSessionService({ db: database.db, clock }) };
}

async function storedSessions() {
  return database.db.select().from(sessions).orderBy(sessions.createdAt);
}

describe("sessions", () => {
  beforeEach(() => resetDatabase(database.db));

  it("lasts 24 hours", () => {
    expect(SESSION_DURATION_MS).toBe(DAY);
  });

  it("hands out a random 256-bit token and stores only its SHA-256", async () => {
    const { service, editor } = await setUp();

    const { token, expiresAt } = await service.create(editor.id);
    const again = await service.create(editor.id);

    expect(token).toMatch(/^[\w-]{43}$/);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    expect(again.token).not.toBe(token);
    expect(expiresAt).toEqual(new Date("2025-03-02T09:00:00.000Z"));
    const rows = await storedSessions();
    expect(rows[0]).toEqual({
      tokenHash: createHash("sha256").update(token).digest("hex"),
      id: expect.any(Number),
      adminId: editor.id,
      expiresAt: new Date("2025-03-02T09:00:00.000Z"),
      createdAt: new Date(START),
      lastUsedAt: new Date(START),
      userAgent: "",
      clientAddress: "",
      signedInWith: "password",
    });
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain(again.token);
  });

  it("finds the admin behind a token, and nothing for an unknown or altered token", async () => {
    const { service, editor } = await setUp();
    const { token } = await service.create(editor.id);

    expect(await service.find(token)).toEqual({
      adminId: editor.id,
      username: "Editor",
      displayName: "Editor",
      role: "administrator",
      authorId: editor.authorId,
      expiresAt: new Date("2025-03-02T09:00:00.000Z"),
    });
    expect(await service.find(`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`)).toBeNull();
    expect(await service.find("")).toBeNull();
    // The stored hash is not a token: a copy of the table cannot be used to sign in.
    expect(await service.find((await storedSessions())[0]!.tokenHash)).toBeNull();
  });

  it("ends a session 24 hours after it began, deleting its row", async () => {
    const { service, editor, clock } = await setUp();
    const { token } = await service.create(editor.id);

    clock.advance(DAY - 1);
    expect(await service.find(token)).toMatchObject({ username: "Editor" });
    clock.advance(1);
    expect(await service.find(token)).toBeNull();
    expect(await storedSessions()).toEqual([]);
  });

  it("revokes one session and leaves the admin's other sessions alone", async () => {
    const { service, editor } = await setUp();
    const laptop = await service.create(editor.id);
    const phone = await service.create(editor.id);

    await service.revoke(laptop.token);

    expect(await service.find(laptop.token)).toBeNull();
    expect(await service.find(phone.token)).toMatchObject({ adminId: editor.id });
    expect(await storedSessions()).toHaveLength(1);
  });

  it("revokes every session of one admin and reports how many", async () => {
    const { service, editor, reporter } = await setUp();
    const laptop = await service.create(editor.id);
    const phone = await service.create(editor.id);
    const colleague = await service.create(reporter.id);

    expect(await service.revokeAllFor(editor.id)).toBe(2);

    expect(await service.find(laptop.token)).toBeNull();
    expect(await service.find(phone.token)).toBeNull();
    expect(await service.find(colleague.token)).toMatchObject({ username: "Reporter" });
    expect(await service.revokeAllFor(editor.id)).toBe(0);
  });

  it("counts the active sessions of each admin, leaving out expired ones", async () => {
    const { service, editor, reporter, clock } = await setUp();
    await service.create(editor.id);
    clock.advance(12 * 60 * 60_000);
    await service.create(editor.id);
    await service.create(reporter.id);

    expect(await service.countActive()).toEqual(
      new Map([
        [editor.id, 2],
        [reporter.id, 1],
      ]),
    );
    clock.advance(12 * 60 * 60_000);
    expect(await service.countActive()).toEqual(
      new Map([
        [editor.id, 1],
        [reporter.id, 1],
      ]),
    );
    clock.advance(12 * 60 * 60_000);
    expect(await service.countActive()).toEqual(new Map());
  });

  it("prunes expired sessions only, and says how many", async () => {
    const { service, editor, reporter, clock } = await setUp();
    const old = await service.create(editor.id);
    clock.advance(12 * 60 * 60_000);
    const recent = await service.create(reporter.id);
    clock.advance(DAY - 12 * 60 * 60_000 + 1);

    expect(await service.pruneExpired()).toBe(1);
    expect((await storedSessions()).map((row) => row.adminId)).toEqual([reporter.id]);
    expect(await service.find(recent.token)).toMatchObject({ username: "Reporter" });
    expect(await service.find(old.token)).toBeNull();
    expect(await service.pruneExpired()).toBe(0);
  });

  it("ends the sessions of an admin whose account is deleted", async () => {
    const { service, editor } = await setUp();
    const { token } = await service.create(editor.id);

    await database.db.delete(admins).where(eq(admins.id, editor.id));

    expect(await service.find(token)).toBeNull();
    expect(await storedSessions()).toEqual([]);
  });
});
