import { manualClock } from "../../../tests/support/manual-clock";
import { systemClock } from "../index.server";
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDatabase, withTestDatabase } from "../../../tests/setup/test-database";
import { admins, sessions } from "../../db/schema";
import { createAdminService } from "./admins.server";
import { createSecurityLog } from "../security/security-log.server";
import { createSessionService, hashSessionToken, SESSION_DURATION_MS, SESSION_IDLE_MS } from "./sessions.server";

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
  const securityLog = createSecurityLog({ db: database.db, clock });
  return { clock, editor, reporter, securityLog, service: createSessionService({ db: database.db, clock, securityLog }) };
}

const HOUR = 60 * 60_000;
const CLIENT = {
  clientAddress: "203.0.113.9",
  userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
};

async function lastUsedOf(token: string): Promise<Date> {
  const [row] = await database.db
    .select({ lastUsedAt: sessions.lastUsedAt })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashSessionToken(token)));
  return row!.lastUsedAt;
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
      endsAt: new Date("2025-03-01T21:00:00.000Z"),
      sessionId: (await storedSessions())[0]!.id,
    });
    expect(await service.find(`${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`)).toBeNull();
    expect(await service.find("")).toBeNull();
    // The stored hash is not a token: a copy of the table cannot be used to sign in.
    expect(await service.find((await storedSessions())[0]!.tokenHash)).toBeNull();
  });

  it("ends a session 24 hours after it began, deleting its row", async () => {
    const { service, editor, clock } = await setUp();
    const { token } = await service.create(editor.id);

    // Used every 11 hours, so never idle for 12; it still ends at 24.
    clock.advance(11 * HOUR);
    expect(await service.find(token)).toMatchObject({ username: "Editor" });
    clock.advance(11 * HOUR);
    expect(await service.find(token)).toMatchObject({ username: "Editor" });
    clock.advance(2 * HOUR - 1);
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

  it("counts the active sessions of each admin, leaving out expired and idle ones", async () => {
    const { service, editor, reporter, clock } = await setUp();
    const first = await service.create(editor.id);
    clock.advance(11 * HOUR);
    await service.find(first.token);
    await service.create(editor.id);
    await service.create(reporter.id);

    expect(await service.countActive()).toEqual(
      new Map([
        [editor.id, 2],
        [reporter.id, 1],
      ]),
    );
    clock.advance(11 * HOUR);
    await service.find(first.token);
    clock.advance(HOUR);
    expect(await service.countActive()).toEqual(new Map([[editor.id, 1]]));
    clock.advance(HOUR);
    expect(await service.countActive()).toEqual(new Map());
  });

  it("prunes expired sessions only, and says how many", async () => {
    const { service, editor, reporter, clock } = await setUp();
    const old = await service.create(editor.id);
    clock.advance(11 * HOUR);
    await service.find(old.token);
    const recent = await service.create(reporter.id);
    clock.advance(11 * HOUR);
    await service.find(old.token);
    await service.find(recent.token);
    clock.advance(2 * HOUR + 1);

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

  it("ends a session unused for 12 hours, deleting its row, and counts use as a request that found it", async () => {
    const { service, editor, clock } = await setUp();
    expect(SESSION_IDLE_MS).toBe(12 * HOUR);
    const idle = await service.create(editor.id);
    const busy = await service.create(editor.id);

    clock.advance(11 * HOUR);
    expect(await service.find(busy.token)).toMatchObject({ username: "Editor" });
    clock.advance(HOUR);
    expect(await service.find(idle.token)).toBeNull();
    expect((await storedSessions()).map((row) => row.tokenHash)).toEqual([hashSessionToken(busy.token)]);
    // Used at 11 hours, so good until 23; and never past the 24 hours from sign-in, however busy.
    clock.advance(10 * HOUR);
    expect(await service.find(busy.token)).toMatchObject({ username: "Editor" });
    clock.advance(2 * HOUR);
    expect(await service.find(busy.token)).toBeNull();
  });

  it("writes the last use only when the stored one is over a minute old", async () => {
    const { service, editor, clock } = await setUp();
    const { token } = await service.create(editor.id);

    clock.advance(30_000);
    await service.find(token);
    expect(await lastUsedOf(token)).toEqual(new Date(START));
    clock.advance(30_000);
    await service.find(token);
    expect(await lastUsedOf(token)).toEqual(new Date(START));
    clock.advance(1);
    await service.find(token);
    expect(await lastUsedOf(token)).toEqual(clock.now());
    const written = clock.now();
    clock.advance(59_000);
    await service.find(token);
    expect(await lastUsedOf(token)).toEqual(written);
  });

  it("reads a session without counting it as use when asked (the banner's check), and says when it ends", async () => {
    const { service, editor, clock } = await setUp();
    const { token } = await service.create(editor.id);

    clock.advance(2 * HOUR);
    expect(await service.find(token, { touch: false })).toMatchObject({ endsAt: new Date("2025-03-01T21:00:00.000Z") });
    expect(await lastUsedOf(token)).toEqual(new Date(START));
    expect(await service.find(token)).toMatchObject({ endsAt: new Date("2025-03-01T23:00:00.000Z") });
    expect(await lastUsedOf(token)).toEqual(clock.now());
    // Near the 24 hours, the absolute limit comes first.
    clock.advance(11 * HOUR);
    await service.find(token);
    clock.advance(10 * HOUR);
    expect(await service.find(token)).toMatchObject({ endsAt: new Date("2025-03-02T09:00:00.000Z") });
    clock.advance(10 * HOUR);
    expect(await service.find(token, { touch: false })).toBeNull();
  });

  it("lists a person's active sessions with where they began, marks the one asking, and shows no token or hash", async () => {
    const { service, editor, reporter, clock } = await setUp();
    const laptop = await service.create(editor.id, { ...CLIENT, signedInWith: "password" });
    const stale = await service.create(editor.id);
    clock.advance(HOUR);
    const phone = await service.create(editor.id, {
      clientAddress: "198.51.100.4",
      userAgent: "Safari",
      signedInWith: "reset link",
    });
    await service.create(reporter.id);
    clock.advance(10 * HOUR);
    await service.find(laptop.token);

    const listed = await service.list(editor.id, laptop.token);

    expect(listed).toEqual([
      {
        id: laptop.sessionId,
        createdAt: new Date(START),
        lastUsedAt: clock.now(),
        expiresAt: new Date("2025-03-02T09:00:00.000Z"),
        ...CLIENT,
        signedInWith: "password",
        current: true,
      },
      expect.objectContaining({ id: phone.sessionId, clientAddress: "198.51.100.4", signedInWith: "reset link", current: false }),
      expect.objectContaining({ id: stale.sessionId, current: false }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(laptop.token);
    expect(JSON.stringify(listed)).not.toContain(hashSessionToken(laptop.token));
    // Twelve hours unused: gone from the list.
    clock.advance(HOUR);
    expect((await service.list(editor.id, laptop.token)).map((session) => session.id)).toEqual([
      laptop.sessionId,
      phone.sessionId,
    ]);
  });

  it("ends one of the person's own sessions by its id, never someone else's, and logs it", async () => {
    const { service, editor, reporter, securityLog } = await setUp();
    const laptop = await service.create(editor.id);
    const phone = await service.create(editor.id);
    const colleague = await service.create(reporter.id);
    const actor = { id: editor.id, name: "Editor" };

    expect(await service.endOne({ actor, sessionId: colleague.sessionId, client: CLIENT })).toBe(false);
    expect(await service.endOne({ actor, sessionId: phone.sessionId, client: CLIENT })).toBe(true);
    expect(await service.endOne({ actor, sessionId: phone.sessionId, client: CLIENT })).toBe(false);

    expect(await service.find(phone.token)).toBeNull();
    expect(await service.find(laptop.token)).toMatchObject({ username: "Editor" });
    expect(await service.find(colleague.token)).toMatchObject({ username: "Reporter" });
    const { events } = await securityLog.list({});
    expect(events).toEqual([
      expect.objectContaining({
        kind: "session-ended",
        actorId: editor.id,
        actorName: "Editor",
        subjectId: editor.id,
        clientAddress: CLIENT.clientAddress,
        userAgent: CLIENT.userAgent,
        detail: { which: "one", sessionId: phone.sessionId },
      }),
    ]);
  });

  it("signs out all other sessions, keeping the one asking, and logs how many", async () => {
    const { service, editor, reporter, securityLog } = await setUp();
    const laptop = await service.create(editor.id);
    const phone = await service.create(editor.id);
    const tablet = await service.create(editor.id);
    const colleague = await service.create(reporter.id);
    const actor = { id: editor.id, name: "Editor" };

    expect(await service.endOthers({ actor, keepToken: laptop.token, client: CLIENT })).toBe(2);
    expect(await service.endOthers({ actor, keepToken: laptop.token, client: CLIENT })).toBe(0);

    expect(await service.find(laptop.token)).toMatchObject({ username: "Editor" });
    expect(await service.find(phone.token)).toBeNull();
    expect(await service.find(tablet.token)).toBeNull();
    expect(await service.find(colleague.token)).toMatchObject({ username: "Reporter" });
    const { events } = await securityLog.list({});
    expect(events.map((event) => [event.kind, event.detail])).toEqual([["session-ended", { which: "all others", count: 2 }]]);
  });

  it("rotates a session's token: the old one stops working, the row keeps its id, start, limits and origin", async () => {
    const { service, editor, clock } = await setUp();
    const first = await service.create(editor.id, { ...CLIENT, signedInWith: "password" });
    const [before] = await storedSessions();
    clock.advance(HOUR);

    const rotated = await service.rotate(first.token);

    expect(rotated).toEqual({ token: expect.stringMatching(/^[\w-]{43}$/), expiresAt: first.expiresAt });
    expect(rotated!.token).not.toBe(first.token);
    expect(await service.find(first.token)).toBeNull();
    expect(await service.find(rotated!.token)).toMatchObject({ sessionId: first.sessionId, expiresAt: first.expiresAt });
    const [after] = await storedSessions();
    expect(after).toEqual({ ...before, tokenHash: hashSessionToken(rotated!.token), lastUsedAt: clock.now() });
    expect(await service.rotate(first.token)).toBeNull();
    expect(await service.rotate("not a token")).toBeNull();
  });

  it("prunes sessions unused for 12 hours too", async () => {
    const { service, editor, clock } = await setUp();
    await service.create(editor.id);
    const used = await service.create(editor.id);
    clock.advance(6 * HOUR);
    await service.find(used.token);
    clock.advance(6 * HOUR);

    expect(await service.pruneExpired()).toBe(1);
    expect((await storedSessions()).map((row) => row.tokenHash)).toEqual([hashSessionToken(used.token)]);
    expect(await service.countActive()).toEqual(new Map([[editor.id, 1]]));
  });

  it("logs a sign-out, and nothing for a token that opened no session", async () => {
    const { service, editor, securityLog } = await setUp();
    const { token, sessionId } = await service.create(editor.id);

    await service.signOut(token, CLIENT);
    await service.signOut(token, CLIENT);

    expect(await service.find(token)).toBeNull();
    const { events } = await securityLog.list({});
    expect(events).toEqual([
      expect.objectContaining({ kind: "sign-out", actorId: editor.id, subjectName: "Editor", detail: { sessionId } }),
    ]);
  });
});
