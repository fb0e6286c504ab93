import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { manualClock } from "../../../tests/support/manual-clock";
import { resetDatabase, withTestDatabase } from "../../../tests/setup/test-database";
import { admins, loginAttempts, passkeys, pendingSignIns, recoveryCodes, securityEvents, sessions } from "../../db/schema";
import type { StaffRole } from "../../domain/permissions";
import { createRateLimiter } from "../rate-limits/rate-limiter.server";
import { createSecurityLog } from "../security/security-log.server";
import { createAdminService } from "./admins.server";
import { LOGIN_ADDRESS_LIMIT } from "./login-attempts.server";
import type { LoginResult } from "./login.server";
import { createSessionService } from "./sessions.server";
import { createStaffSignIn } from "./staff-sign-in.server";
import { totpCode } from "./totp.server";

const database = withTestDatabase();

const START = "2026-03-02T09:00:00.000Z";
const PASSWORD = "correct horse battery";
const OFFICE = { clientAddress: "203.0.113.7", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0" };
const SECOND = 1_000;

function setUp(required: StaffRole[] = []) {
  const { db } = database;
  const clock = manualClock(START);
  const staff = createAdminService({ db, clock });
  const sessionService = createSessionService({ db, clock });
  const { login, secondStep } = createStaffSignIn({
    db,
    clock,
    admins: staff,
    sessions: sessionService,
    rateLimiter: createRateLimiter({ db, clock }),
    securityLog: createSecurityLog({ db, clock }),
    requiredRoles: () => required,
    delayMs: 0,
  });
  const signIn = (username: string, password = PASSWORD) =>
    login.signIn({ username, password, ...OFFICE, returnTo: "/admin/articles" });
  return { clock, staff, sessions: sessionService, login, secondStep, signIn };
}

type Harness = ReturnType<typeof setUp>;

async function adminId(username: string): Promise<number> {
  const [row] = await database.db.select({ id: admins.id }).from(admins).where(eq(admins.username, username));
  return row!.id;
}

async function secretOf(id: number, column: "totpSecret" | "totpPendingSecret"): Promise<string> {
  const [row] = await database.db.select({ secret: admins[column] }).from(admins).where(eq(admins.id, id));
  return row!.secret!;
}

/** Sets up the app for `username` with the code an app would show now; returns the recovery codes shown. */
async function withApp({ secondStep, clock }: Harness, username: string): Promise<string[]> {
  const id = await adminId(username);
  await secondStep.startAppSetup(id);
  const code = totpCode(await secretOf(id, "totpPendingSecret"), clock.now());
  const done = await secondStep.confirmApp({ adminId: id, username, client: OFFICE }, code, {
    endOthers: false,
    keepTokenHash: "",
  });
  return done!.codes;
}

/** The code the person's app shows now. */
async function appCode({ clock }: Harness, username: string): Promise<string> {
  return totpCode(await secretOf(await adminId(username), "totpSecret"), clock.now());
}

function pendingToken(result: LoginResult): string {
  if (result.outcome !== "second-step") throw new Error(`expected the second screen, got ${result.outcome}`);
  return result.pendingToken;
}

async function events() {
  return database.db
    .select({
      kind: securityEvents.kind,
      subject: securityEvents.subjectName,
      actor: securityEvents.actorName,
      detail: securityEvents.detail,
    })
    .from(securityEvents)
    .orderBy(asc(securityEvents.id));
}

describe("two-step sign-in", () => {
  beforeEach(async () => {
    await resetDatabase(database.db);
    await createAdminService({ db: database.db, clock: manualClock(START) }).createAdmin("chief", PASSWORD);
  });

  it("confirms the app only with a right first code, and shows ten recovery codes once, stored hashed", async () => {
    const harness = setUp();
    const id = await adminId("chief");
    await harness.secondStep.startAppSetup(id);
    const setup = await harness.secondStep.appSetup(id, { issuer: "Byline", account: "chief" });
    expect(setup?.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(setup?.secret.replaceAll(" ", "")).toBe(await secretOf(id, "totpPendingSecret"));

    const who = { adminId: id, username: "chief", client: OFFICE };
    const keep = { endOthers: false, keepTokenHash: "" };
    expect(await harness.secondStep.confirmApp(who, "000000", keep)).toBeNull();
    const code = totpCode(await secretOf(id, "totpPendingSecret"), harness.clock.now());
    const done = await harness.secondStep.confirmApp(who, code, keep);
    expect(done?.codes).toHaveLength(10);
    const stored = await database.db.select().from(recoveryCodes).where(eq(recoveryCodes.adminId, id));
    expect(stored).toHaveLength(10);
    for (const row of stored) for (const shown of done!.codes) expect(row.codeHash).not.toContain(shown.replaceAll("-", ""));
    expect((await harness.secondStep.summary({ adminId: id, role: "administrator" })).recoveryCodesLeft).toBe(10);
    expect(await events()).toEqual([{ kind: "second-step-added", subject: "chief", actor: "chief", detail: { method: "app" } }]);
  });

  it("gives no session for the right password, only a pending sign-in that an app code completes into a new session", async () => {
    const harness = setUp();
    await withApp(harness, "chief");
    const token = pendingToken(await harness.signIn("chief"));
    expect(await database.db.select().from(sessions)).toEqual([]);
    expect(await harness.secondStep.pending(token)).toMatchObject({ username: "chief", returnTo: "/admin/articles" });

    harness.clock.advance(30 * SECOND);
    const result = await harness.secondStep.attemptCode({ token, code: await appCode(harness, "chief"), client: OFFICE });
    expect(result).toMatchObject({ outcome: "signed-in", returnTo: "/admin/articles", method: "password and app code" });
    const [session] = await database.db.select().from(sessions);
    expect(session).toMatchObject({ signedInWith: "password and app code", clientAddress: OFFICE.clientAddress });
    expect(await database.db.select().from(pendingSignIns)).toEqual([]);
    expect(await harness.secondStep.pending(token)).toBeNull();
    expect((await events()).map((event) => event.kind)).toEqual(["second-step-added", "sign-in"]);
    expect((await events()).at(-1)?.detail).toEqual({ method: "password and app code" });
  });

  it("refuses a code used once already, even on a new sign-in, and lets only one of two racing requests use it", async () => {
    const harness = setUp();
    await withApp(harness, "chief");
    harness.clock.advance(30 * SECOND);
    const code = await appCode(harness, "chief");
    const first = pendingToken(await harness.signIn("chief"));
    const second = pendingToken(await harness.signIn("chief"));
    const both = await Promise.all([
      harness.secondStep.attemptCode({ token: first, code, client: OFFICE }),
      harness.secondStep.attemptCode({ token: second, code, client: OFFICE }),
    ]);
    expect(both.map((result) => result.outcome).sort()).toEqual(["signed-in", "wrong"]);

    const third = pendingToken(await harness.signIn("chief"));
    expect(await harness.secondStep.attemptCode({ token: third, code, client: OFFICE })).toEqual({ outcome: "wrong" });
    // A right code used already is logged as such (its owner is told, ASVS 2.8.5); a wrong one is not.
    const failed = (await events()).filter((event) => event.kind === "second-step-failed").map((event) => event.detail);
    expect(failed).toEqual([
      { method: "app code", reason: "reused-code" },
      { method: "app code", reason: "reused-code" },
    ]);
    // A code of the step before the one used is refused too; the next step's code is accepted.
    harness.clock.advance(30 * SECOND);
    expect(
      await harness.secondStep.attemptCode({ token: third, code: await appCode(harness, "chief"), client: OFFICE }),
    ).toMatchObject({
      outcome: "signed-in",
    });
  });

  it("counts wrong codes towards the account's lockout: the fifth ends the sign-in, and the password is then locked too", async () => {
    const harness = setUp();
    await withApp(harness, "chief");
    const token = pendingToken(await harness.signIn("chief"));
    const outcomes: string[] = [];
    for (let i = 0; i < 5; i++)
      outcomes.push((await harness.secondStep.attemptCode({ token, code: "000000", client: OFFICE })).outcome);
    expect(outcomes).toEqual(["wrong", "wrong", "wrong", "wrong", "locked"]);
    expect(await database.db.select().from(pendingSignIns)).toEqual([]);
    expect(await harness.secondStep.attemptCode({ token, code: await appCode(harness, "chief"), client: OFFICE })).toEqual({
      outcome: "expired",
    });
    expect(await harness.signIn("chief")).toMatchObject({ outcome: "locked" });
    const kinds = (await events()).map((event) => event.kind);
    expect(kinds.filter((kind) => kind === "second-step-failed")).toHaveLength(5);
    expect(kinds).toContain("sign-in-locked");
    expect((await events()).find((event) => event.kind === "second-step-failed")?.detail).toEqual({ method: "app code" });
  });

  it("does not reset the count for a right password alone, so signing in again buys no new guesses", async () => {
    const harness = setUp();
    await withApp(harness, "chief");
    for (let round = 0; round < 2; round++) {
      const token = pendingToken(await harness.signIn("chief"));
      for (let i = 0; i < 2; i++) await harness.secondStep.attemptCode({ token, code: "000000", client: OFFICE });
    }
    const token = pendingToken(await harness.signIn("chief"));
    expect(await harness.secondStep.attemptCode({ token, code: "000000", client: OFFICE })).toMatchObject({ outcome: "locked" });
    const [row] = await database.db.select().from(loginAttempts);
    expect(row?.failures).toBe(5);
  });

  it("counts second-screen attempts towards the address budget", async () => {
    const harness = setUp();
    await withApp(harness, "chief");
    const token = pendingToken(await harness.signIn("chief"));
    const limiter = createRateLimiter({ db: database.db, clock: harness.clock });
    for (let i = 1; i < LOGIN_ADDRESS_LIMIT.limit; i++) await limiter.hit(LOGIN_ADDRESS_LIMIT, OFFICE.clientAddress);
    expect(await harness.secondStep.attemptCode({ token, code: await appCode(harness, "chief"), client: OFFICE })).toMatchObject({
      outcome: "limited",
    });
  });

  it("signs in once with each recovery code, and says how many are left", async () => {
    const harness = setUp();
    const [code] = await withApp(harness, "chief");
    const token = pendingToken(await harness.signIn("chief"));
    expect(await harness.secondStep.attemptCode({ token, code: code!.toUpperCase(), client: OFFICE })).toMatchObject({
      outcome: "signed-in",
      method: "recovery code",
    });
    const [session] = await database.db.select().from(sessions);
    expect(session?.signedInWith).toBe("recovery code");
    const again = pendingToken(await harness.signIn("chief"));
    expect(await harness.secondStep.attemptCode({ token: again, code: code!, client: OFFICE })).toEqual({ outcome: "wrong" });
    expect((await harness.secondStep.methods(await adminId("chief"))).recoveryCodes).toBe(9);
    expect((await events()).find((event) => event.kind === "recovery-code-used")?.detail).toEqual({ remaining: 9 });
    expect((await events()).find((event) => event.kind === "second-step-failed")?.detail).toEqual({ method: "recovery code" });
  });

  it("ends a pending sign-in after five minutes", async () => {
    const harness = setUp();
    await withApp(harness, "chief");
    const token = pendingToken(await harness.signIn("chief"));
    harness.clock.advance(5 * 60 * SECOND);
    expect(await harness.secondStep.attemptCode({ token, code: await appCode(harness, "chief"), client: OFFICE })).toEqual({
      outcome: "expired",
    });
    expect(await harness.secondStep.pruneExpired()).toBe(1);
  });

  it("counts a passkey on the account as a second step", async () => {
    const harness = setUp();
    const id = await adminId("chief");
    await database.db
      .insert(passkeys)
      .values({ adminId: id, credentialId: "cred", publicKey: "key", name: "Laptop", createdAt: harness.clock.now() });
    const token = pendingToken(await harness.signIn("chief"));
    expect((await harness.secondStep.pending(token))?.methods).toEqual({ app: false, recoveryCodes: 0, passkeys: 1 });
    const done = await harness.secondStep.attempt({
      token,
      method: "passkey",
      client: OFFICE,
      check: () => Promise.resolve(true),
    });
    expect(done).toMatchObject({ outcome: "signed-in", method: "passkey" });
  });

  it("logs a wrong password and an unknown name alike, with the name as typed cut to 80 characters, and a sign-in by password", async () => {
    const harness = setUp();
    expect(await harness.signIn("chief", "wrong horse battery")).toEqual({ outcome: "invalid" });
    const long = "nobody".repeat(20);
    expect(await harness.signIn(long)).toEqual({ outcome: "invalid" });
    expect(await harness.signIn("Chief")).toMatchObject({ outcome: "signed-in" });
    expect(await events()).toEqual([
      { kind: "sign-in-failed", subject: "chief", actor: "", detail: { username: "chief" } },
      { kind: "sign-in-failed", subject: "", actor: "", detail: { username: long.slice(0, 80) } },
      { kind: "sign-in", subject: "chief", actor: "chief", detail: { method: "password" } },
    ]);
  });

  it("removes the app only with the current password, and can end the other sessions", async () => {
    const harness = setUp();
    await withApp(harness, "chief");
    const id = await adminId("chief");
    const here = await harness.sessions.create(id);
    await harness.sessions.create(id);
    const who = { adminId: id, username: "chief", client: OFFICE };
    const { hashSessionToken } = await import("./sessions.server");
    const keep = { endOthers: true, keepTokenHash: hashSessionToken(here.token) };
    await expect(harness.secondStep.removeApp(who, "not my password", keep)).rejects.toMatchObject({ code: "WRONG_PASSWORD" });
    expect(await harness.secondStep.removeApp(who, PASSWORD, keep)).toEqual({ removed: true, endedSessions: 1 });
    expect(await harness.secondStep.methods(id)).toEqual({ app: false, recoveryCodes: 0, passkeys: 0 });
    expect(await harness.signIn("chief")).toMatchObject({ outcome: "signed-in" });
    expect((await events()).find((event) => event.kind === "second-step-removed")?.detail).toEqual({ method: "app" });
  });
});

describe("the second step a role requires", () => {
  beforeEach(async () => {
    await resetDatabase(database.db);
    const staff = createAdminService({ db: database.db, clock: manualClock(START) });
    await staff.createAdmin("chief", PASSWORD);
    await staff.createAdmin("desk", PASSWORD, "editor");
  });

  it("is owed by someone in a required role until they set it up, and by nobody in another role", async () => {
    const harness = setUp(["editor"]);
    const desk = { adminId: await adminId("desk"), role: "editor" as const };
    const chief = { adminId: await adminId("chief"), role: "administrator" as const };
    expect(await harness.secondStep.owed(desk)).toBe(true);
    expect(await harness.secondStep.owed(chief)).toBe(false);
    await withApp(harness, "desk");
    expect(await harness.secondStep.owed(desk)).toBe(false);
  });

  it("is reset by an administrator for someone who lost every factor: app, codes and passkeys go, sessions end, the log says who", async () => {
    const harness = setUp(["editor"]);
    await withApp(harness, "desk");
    const desk = await adminId("desk");
    await database.db
      .insert(passkeys)
      .values({ adminId: desk, credentialId: "c", publicKey: "k", name: "Phone", createdAt: harness.clock.now() });
    await harness.sessions.create(desk);
    const chief = { id: await adminId("chief"), name: "chief" };
    expect(await harness.secondStep.reset(desk, { actor: chief, client: OFFICE })).toEqual({
      username: "desk",
      endedSessions: 1,
    });
    expect(await harness.secondStep.methods(desk)).toEqual({ app: false, recoveryCodes: 0, passkeys: 0 });
    expect(await database.db.select().from(sessions)).toEqual([]);
    expect(await harness.secondStep.owed({ adminId: desk, role: "editor" })).toBe(true);
    expect((await events()).at(-1)).toEqual({
      kind: "second-step-reset",
      subject: "desk",
      actor: "chief",
      detail: { passkeys: 1, by: "administrator" },
    });
    expect(await harness.signIn("desk")).toMatchObject({ outcome: "signed-in" });
  });
});
