import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { manualClock } from "../../../tests/support/manual-clock";
import { softwareAuthenticator, type SoftwarePasskey } from "../../../tests/support/software-authenticator";
import { resetDatabase, withTestDatabase } from "../../../tests/setup/test-database";
import { admins, passkeys, recoveryCodes, securityEvents, sessions as sessionRows, webauthnChallenges } from "../../db/schema";
import { PASSKEY_MESSAGES } from "../../validation/passkeys";
import { createRateLimiter } from "../rate-limits/rate-limiter.server";
import { createSecurityLog } from "../security/security-log.server";
import { createAdminService } from "./admins.server";
import { LOGIN_ADDRESS_LIMIT } from "./login.server";
import { createPasskeySignIn } from "./passkey-sign-in.server";
import { createPasskeyService, PasskeyError, type PasskeyOwner } from "./passkeys.server";
import { createSessionService, hashSessionToken } from "./sessions.server";
import { CHALLENGE_LIFETIME_MS, createChallengeStore } from "./webauthn-challenges.server";

/**
 * Passkeys against the real database and the real @simplewebauthn/server checks: the answers come from a software
 * authenticator (tests/support/software-authenticator.ts) that signs with an ES256 key, so every refusal below is the
 * server's own.
 */

const database = withTestDatabase();

const ORIGIN = "http://localhost:4173";
const SITE = { url: `${ORIGIN}/`, name: "Byline Passkey Desk" };
const CLIENT = { clientAddress: "203.0.113.7", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0" };
const PASSWORD = "correct horse battery staple";

async function setUp() {
  const db = database.db;
  const clock = manualClock("2026-03-02T09:00:00.000Z");
  const admins = createAdminService({ db, clock });
  const sessions = createSessionService({ db, clock });
  const securityLog = createSecurityLog({ db, clock });
  const rateLimiter = createRateLimiter({ db, clock });
  const challenges = createChallengeStore({ db, clock });
  const service = createPasskeyService({ db, clock, site: SITE, challenges, sessions, securityLog });
  const signIn = createPasskeySignIn({ db, clock, site: SITE, challenges, sessions, admins, securityLog, rateLimiter });
  await admins.createAdmin("Ines", PASSWORD, "editor");
  await admins.createAdmin("Tomas", PASSWORD, "author");
  const person = async (username: string): Promise<PasskeyOwner> => {
    const admin = (await admins.findByUsername(username))!;
    const { token } = await sessions.create(admin.id, { ...CLIENT, signedInWith: "password" });
    return { adminId: admin.id, username: admin.username, displayName: admin.username, sessionToken: token };
  };
  return { db, clock, admins, sessions, service, signIn, challenges, ines: await person("ines"), tomas: await person("tomas") };
}

type Setup = Awaited<ReturnType<typeof setUp>>;

/** Adds a passkey for `owner` made by `authenticator`, as Profile does: options, the ceremony, the answer. */
async function addPasskey(
  { service }: Setup,
  owner: PasskeyOwner,
  authenticator = softwareAuthenticator(),
  name = "Work laptop",
): Promise<SoftwarePasskey> {
  const options = await service.registrationOptions(owner);
  const { response, passkey } = authenticator.create(options, ORIGIN);
  await service.register({ owner, name, answer: response, endOthers: false, client: CLIENT });
  return passkey;
}

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(PasskeyError);
  return { code: (error as PasskeyError).code, message: (error as PasskeyError).message };
}

async function events(db: Setup["db"]) {
  return db
    .select({
      kind: securityEvents.kind,
      actorId: securityEvents.actorId,
      subjectId: securityEvents.subjectId,
      clientAddress: securityEvents.clientAddress,
      userAgent: securityEvents.userAgent,
      detail: securityEvents.detail,
    })
    .from(securityEvents)
    .orderBy(asc(securityEvents.id));
}

describe("adding a passkey in Profile", () => {
  beforeEach(() => resetDatabase(database.db));

  it("asks for a discoverable credential with user verification, for SITE_URL's host, and keeps the one made", async () => {
    const setup = await setUp();
    const { service, ines, db } = setup;
    const options = await service.registrationOptions(ines);
    expect(options.rp).toEqual({ id: "localhost", name: SITE.name });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "required" });
    expect(options.user.name).toBe("Ines");
    expect(options.timeout).toBe(CHALLENGE_LIFETIME_MS);

    const { response, passkey } = softwareAuthenticator().create(options, ORIGIN);
    const added = await service.register({
      owner: ines,
      name: "Work laptop",
      answer: response,
      endOthers: false,
      client: CLIENT,
    });

    expect(added).toEqual({ name: "Work laptop", endedSessions: 0 });
    const [row] = await db.select().from(passkeys);
    expect(row).toMatchObject({
      adminId: ines.adminId,
      credentialId: passkey.credentialId.toString("base64url"),
      signCount: 0,
      transports: ["internal"],
      backedUp: false,
      name: "Work laptop",
      createdAt: new Date("2026-03-02T09:00:00.000Z"),
      lastUsedAt: null,
    });
    expect(row!.publicKey).toMatch(/^[\w-]+$/);
    expect(await service.list(ines.adminId)).toEqual([
      { id: row!.id, name: "Work laptop", createdAt: row!.createdAt, lastUsedAt: null, backedUp: false },
    ]);
    expect(await service.hasPasskey(ines.adminId)).toBe(true);
    expect(await service.hasPasskey(setup.tomas.adminId)).toBe(false);
    expect(await events(db)).toEqual([
      {
        kind: "second-step-added",
        actorId: ines.adminId,
        subjectId: ines.adminId,
        ...CLIENT,
        detail: { method: "passkey", name: "Work laptop" },
      },
    ]);
    // A second passkey's options leave out the first, so the same authenticator is not registered twice.
    expect((await service.registrationOptions(ines)).excludeCredentials).toEqual([
      { id: row!.credentialId, type: "public-key", transports: ["internal"] },
    ]);
  });

  it("answers once: the same answer again, an answer after five minutes, or from another session is refused", async () => {
    const setup = await setUp();
    const { service, ines, clock, sessions } = setup;
    const authenticator = softwareAuthenticator();
    const add = (owner: PasskeyOwner, answer: ReturnType<typeof authenticator.create>["response"]) =>
      service.register({ owner, name: "Phone", answer, endOthers: false, client: CLIENT });

    // Another session of the same person cannot answer this session's challenge, and does not use it up.
    const first = authenticator.create(await service.registrationOptions(ines), ORIGIN);
    const otherSession = { ...ines, sessionToken: (await sessions.create(ines.adminId)).token };
    expect(await refusal(add(otherSession, first.response))).toEqual({ code: "EXPIRED", message: PASSKEY_MESSAGES.expired });
    await add(ines, first.response);
    expect(await refusal(add(ines, first.response))).toMatchObject({ code: "EXPIRED" });

    // Asked for, then answered just after five minutes.
    const late = authenticator.create(await service.registrationOptions(ines), ORIGIN);
    clock.advance(CHALLENGE_LIFETIME_MS);
    expect(await refusal(add(ines, late.response))).toMatchObject({ code: "EXPIRED" });
    expect(await setup.db.select().from(webauthnChallenges)).toEqual([]);
    expect(await service.list(ines.adminId)).toHaveLength(1);
  });

  it("refuses an answer made for another origin, without user verification, or of a credential already registered", async () => {
    const setup = await setUp();
    const { service, ines, tomas } = setup;
    const authenticator = softwareAuthenticator();

    const elsewhere = authenticator.create(await service.registrationOptions(ines), "https://byline.example.net");
    const wrongOrigin = service.register({
      owner: ines,
      name: "Laptop",
      answer: elsewhere.response,
      endOthers: false,
      client: CLIENT,
    });
    expect(await refusal(wrongOrigin)).toEqual({ code: "REFUSED", message: PASSKEY_MESSAGES.refused });

    const unverified = softwareAuthenticator({ verifiesUser: false }).create(await service.registrationOptions(ines), ORIGIN);
    const noUv = service.register({ owner: ines, name: "Key", answer: unverified.response, endOthers: false, client: CLIENT });
    expect(await refusal(noUv)).toMatchObject({ code: "REFUSED" });

    // The same credential id, offered by someone else (or again by its owner), is refused with a sentence.
    const passkey = await addPasskey(setup, ines);
    const copy = authenticator.create(await service.registrationOptions(tomas), ORIGIN, { credentialId: passkey.credentialId });
    const taken = service.register({ owner: tomas, name: "Mine", answer: copy.response, endOthers: false, client: CLIENT });
    expect(await refusal(taken)).toEqual({ code: "ALREADY_REGISTERED", message: PASSKEY_MESSAGES.alreadyRegistered });
    expect(await service.list(tomas.adminId)).toEqual([]);
    expect((await events(setup.db)).map((event) => event.kind)).toEqual(["second-step-added"]);
  });

  it("ends the person's other sessions when asked, and keeps the one they are using", async () => {
    const setup = await setUp();
    const { service, ines, sessions, db } = setup;
    await sessions.create(ines.adminId);
    await sessions.create(ines.adminId);
    const { response } = softwareAuthenticator().create(await service.registrationOptions(ines), ORIGIN);

    const added = await service.register({ owner: ines, name: "Laptop", answer: response, endOthers: true, client: CLIENT });

    expect(added.endedSessions).toBe(2);
    expect((await events(db)).at(-1)?.detail).toEqual({ method: "passkey", name: "Laptop", otherSessionsEnded: 2 });
    const left = await db
      .select({ tokenHash: sessionRows.tokenHash })
      .from(sessionRows)
      .where(eq(sessionRows.adminId, ines.adminId));
    expect(left).toEqual([{ tokenHash: hashSessionToken(ines.sessionToken) }]);
  });
});

describe("removing a passkey", () => {
  beforeEach(() => resetDatabase(database.db));

  it("needs the current password, removes only the person's own, and is in the log with the passkey's name", async () => {
    const setup = await setUp();
    const { service, ines, tomas, db } = setup;
    await addPasskey(setup, ines, softwareAuthenticator(), "Work laptop");
    const [{ id } = { id: 0 }] = await service.list(ines.adminId);
    const remove = (owner: PasskeyOwner, currentPassword: string) =>
      service.remove({ owner, id, currentPassword, endOthers: false, client: CLIENT });

    expect(await refusal(remove(ines, "not my password"))).toEqual({
      code: "WRONG_PASSWORD",
      message: PASSKEY_MESSAGES.wrongPassword,
    });
    expect(await refusal(remove(tomas, PASSWORD))).toMatchObject({ code: "NOT_FOUND" });
    expect(await service.list(ines.adminId)).toHaveLength(1);

    expect(await remove(ines, PASSWORD)).toEqual({ name: "Work laptop", endedSessions: 0 });
    expect(await service.list(ines.adminId)).toEqual([]);
    expect(await refusal(remove(ines, PASSWORD))).toEqual({ code: "NOT_FOUND", message: PASSKEY_MESSAGES.removed });
    expect((await events(db)).at(-1)).toEqual({
      kind: "second-step-removed",
      actorId: ines.adminId,
      subjectId: ines.adminId,
      ...CLIENT,
      detail: { method: "passkey", name: "Work laptop" },
    });
  });
});

describe("removing the last passkey", () => {
  beforeEach(() => resetDatabase(database.db));

  it("takes the recovery codes with it when no app is left, and keeps them while one is", async () => {
    const setup = await setUp();
    const { service, ines, tomas, db } = setup;
    for (const owner of [ines, tomas]) {
      await addPasskey(setup, owner, softwareAuthenticator(), "Phone");
      await addPasskey(setup, owner, softwareAuthenticator(), "Laptop");
      await db.insert(recoveryCodes).values([
        { adminId: owner.adminId, codeHash: `a-${owner.adminId}`, createdAt: new Date() },
        { adminId: owner.adminId, codeHash: `b-${owner.adminId}`, createdAt: new Date() },
      ]);
    }
    await db.update(admins).set({ totpSecret: "JBSWY3DPEHPK3PXP" }).where(eq(admins.id, tomas.adminId));
    const codesOf = async (owner: PasskeyOwner) =>
      (await db.select().from(recoveryCodes).where(eq(recoveryCodes.adminId, owner.adminId))).length;
    const removeAll = async (owner: PasskeyOwner) => {
      for (const { id } of await service.list(owner.adminId)) {
        await service.remove({ owner, id, currentPassword: PASSWORD, endOthers: false, client: CLIENT });
        if ((await service.list(owner.adminId)).length > 0) expect(await codesOf(owner)).toBe(2);
      }
    };

    await removeAll(ines);
    await removeAll(tomas);

    expect(await codesOf(ines)).toBe(0);
    expect(await codesOf(tomas)).toBe(2);
  });
});

describe("signing in with a passkey", () => {
  beforeEach(() => resetDatabase(database.db));

  const browser = "b".repeat(43);
  const otherBrowser = "c".repeat(43);

  it("a passkey alone signs in: a session that says so, the counter and last use kept, a sign-in in the log", async () => {
    const setup = await setUp();
    const { signIn, ines, db, clock } = setup;
    const authenticator = softwareAuthenticator();
    const passkey = await addPasskey(setup, ines, authenticator);
    clock.advance(60_000);

    const options = await signIn.signInOptions(browser);
    expect(options).toMatchObject({ rpId: "localhost", userVerification: "required", allowCredentials: [] });
    const result = await signIn.signIn({
      browserToken: browser,
      answer: JSON.stringify(authenticator.get(passkey, options, ORIGIN)),
      client: CLIENT,
    });

    expect(result).toMatchObject({ outcome: "signed-in", adminId: ines.adminId, username: "Ines" });
    const token = result.outcome === "signed-in" ? result.token : "";
    const [session] = await db
      .select()
      .from(sessionRows)
      .where(eq(sessionRows.tokenHash, hashSessionToken(token)));
    expect(session).toMatchObject({ adminId: ines.adminId, signedInWith: "passkey", ...CLIENT });
    const [row] = await db.select().from(passkeys);
    expect(row).toMatchObject({ signCount: 1, lastUsedAt: new Date("2026-03-02T09:01:00.000Z") });
    expect((await events(db)).at(-1)).toEqual({
      kind: "sign-in",
      actorId: ines.adminId,
      subjectId: ines.adminId,
      ...CLIENT,
      detail: { method: "passkey", name: "Work laptop" },
    });
  });

  it("refuses a replayed answer, an answer from another browser, a late one and a counter that did not go up", async () => {
    const setup = await setUp();
    const { signIn, ines, db, clock } = setup;
    const authenticator = softwareAuthenticator();
    const passkey = await addPasskey(setup, ines, authenticator);
    const attempt = (browserToken: string, answer: unknown) =>
      signIn.signIn({ browserToken, answer: JSON.stringify(answer), client: CLIENT });

    // Asked for in one browser, answered from another: refused, and the first browser's challenge is still there.
    const options = await signIn.signInOptions(browser);
    const answer = authenticator.get(passkey, options, ORIGIN);
    expect(await attempt(otherBrowser, answer)).toEqual({ outcome: "refused" });
    expect(await attempt(browser, answer)).toMatchObject({ outcome: "signed-in" });
    // The same answer again (a replay): its challenge was used.
    expect(await attempt(browser, answer)).toEqual({ outcome: "refused" });

    // A fresh challenge, answered with a counter no higher than the last one seen (a cloned authenticator).
    const again = await signIn.signInOptions(browser);
    expect(await attempt(browser, authenticator.get(passkey, again, ORIGIN, { counter: 1 }))).toEqual({ outcome: "refused" });

    // Answered after five minutes.
    const late = await signIn.signInOptions(browser);
    clock.advance(CHALLENGE_LIFETIME_MS + 1);
    expect(await attempt(browser, authenticator.get(passkey, late, ORIGIN))).toEqual({ outcome: "refused" });

    // Signed for another origin.
    const phished = await signIn.signInOptions(browser);
    expect(await attempt(browser, authenticator.get(passkey, phished, "http://localhost.evil.example"))).toEqual({
      outcome: "refused",
    });

    const failures = (await events(db)).filter((event) => event.kind === "second-step-failed");
    expect(failures).toHaveLength(5);
    for (const failure of failures) {
      expect(failure).toMatchObject({
        subjectId: ines.adminId,
        actorId: null,
        detail: { method: "passkey", name: "Work laptop" },
      });
    }
    expect((await db.select().from(passkeys))[0]!.signCount).toBe(1);
    expect(await db.select().from(sessionRows).where(eq(sessionRows.signedInWith, "passkey"))).toHaveLength(1);
  });

  it("accepts an authenticator that keeps no counter every time, each answer once", async () => {
    const setup = await setUp();
    const { signIn, ines } = setup;
    const authenticator = softwareAuthenticator({ keepsCounter: false });
    const passkey = await addPasskey(setup, ines, authenticator);
    for (let time = 0; time < 2; time += 1) {
      const options = await signIn.signInOptions(browser);
      const answer = JSON.stringify(authenticator.get(passkey, options, ORIGIN));
      expect(await signIn.signIn({ browserToken: browser, answer, client: CLIENT })).toMatchObject({ outcome: "signed-in" });
    }
  });

  it("refuses a suspended account, an unknown passkey and hostile answers with no session", async () => {
    const setup = await setUp();
    const { signIn, ines, admins, db } = setup;
    const authenticator = softwareAuthenticator();
    const passkey = await addPasskey(setup, ines, authenticator);
    const before = (await db.select().from(sessionRows)).length;

    const stranger = softwareAuthenticator().create(await setup.service.registrationOptions(setup.tomas), ORIGIN).passkey;
    const unknown = authenticator.get(stranger, await signIn.signInOptions(browser), ORIGIN);
    expect(await signIn.signIn({ browserToken: browser, answer: JSON.stringify(unknown), client: CLIENT })).toEqual({
      outcome: "refused",
    });
    for (const hostile of [
      undefined,
      "",
      "{",
      "null",
      JSON.stringify({ id: "x" }),
      "x".repeat(60_000),
      JSON.stringify({ ...unknown, id: "**" }),
    ]) {
      await signIn.signInOptions(browser);
      expect(await signIn.signIn({ browserToken: browser, answer: hostile, client: CLIENT })).toEqual({ outcome: "refused" });
    }

    await admins.suspend(ines.adminId);
    const answer = authenticator.get(passkey, await signIn.signInOptions(browser), ORIGIN);
    expect(await signIn.signIn({ browserToken: browser, answer: JSON.stringify(answer), client: CLIENT })).toEqual({
      outcome: "suspended",
    });
    expect((await db.select().from(sessionRows)).length).toBeLessThanOrEqual(before);
    const kinds = (await events(db)).map((event) => [event.kind, event.detail.reason ?? null]);
    expect(kinds).toContainEqual(["sign-in-failed", "unknown passkey"]);
    expect(kinds).toContainEqual(["sign-in-failed", "suspended"]);
    expect(kinds.filter(([kind]) => kind === "sign-in")).toEqual([]);
  });

  it("counts every attempt towards the per-address sign-in budget the password form shares", async () => {
    const { signIn } = await setUp();
    for (let attempt = 0; attempt < LOGIN_ADDRESS_LIMIT.limit; attempt += 1) {
      expect(await signIn.signIn({ browserToken: browser, answer: "{}", client: CLIENT })).toEqual({ outcome: "refused" });
    }
    expect(await signIn.signIn({ browserToken: browser, answer: "{}", client: CLIENT })).toMatchObject({ outcome: "limited" });
    const elsewhere = { ...CLIENT, clientAddress: "198.51.100.3" };
    expect(await signIn.signIn({ browserToken: browser, answer: "{}", client: elsewhere })).toEqual({ outcome: "refused" });
  });

  it("as a second step, takes only the pending sign-in's account's own passkeys, on its own challenge", async () => {
    const setup = await setUp();
    const { signIn, ines, tomas } = setup;
    const authenticator = softwareAuthenticator();
    const inesKey = await addPasskey(setup, ines, authenticator);
    const tomasKey = await addPasskey(setup, tomas, authenticator, "Tomas's phone");
    const pendingToken = "p".repeat(43);

    expect(await signIn.secondStepOptions({ pendingToken, adminId: 999_999 })).toBeNull();
    const options = (await signIn.secondStepOptions({ pendingToken, adminId: ines.adminId }))!;
    expect(options.allowCredentials?.map((allowed) => allowed.id)).toEqual([inesKey.credentialId.toString("base64url")]);
    const check = (adminId: number, answer: unknown, token = pendingToken) =>
      signIn.checkSecondStep({ pendingToken: token, adminId, answer: JSON.stringify(answer), client: CLIENT });

    // Another account's passkey cannot answer for this one.
    expect(await check(ines.adminId, authenticator.get(tomasKey, options, ORIGIN))).toEqual({ outcome: "refused" });
    const fresh = (await signIn.secondStepOptions({ pendingToken, adminId: ines.adminId }))!;
    expect(await check(ines.adminId, authenticator.get(inesKey, fresh, ORIGIN), "q".repeat(43))).toEqual({ outcome: "refused" });
    expect(await check(ines.adminId, authenticator.get(inesKey, fresh, ORIGIN))).toEqual({
      outcome: "verified",
      passkeyName: "Work laptop",
    });
    // The second screen's attempt records its failures (and counts them towards the lockout), not this check.
    expect((await events(setup.db)).filter((event) => event.kind === "second-step-failed")).toEqual([]);
  });
});

describe("challenges", () => {
  beforeEach(() => resetDatabase(database.db));

  it("are taken once, bound to what asked, replaced when asked again, and pruned once expired", async () => {
    const { challenges, clock, db } = await setUp();
    const binding = { purpose: "authentication" as const, bindingHash: "a".repeat(64) };
    await challenges.issue(binding, "first");
    await challenges.issue(binding, "second");
    expect(await challenges.take({ ...binding, bindingHash: "b".repeat(64) })).toBeNull();
    expect(await challenges.take({ ...binding, purpose: "registration" })).toBeNull();
    expect(await challenges.take(binding)).toEqual({ challenge: "second", adminId: null });
    expect(await challenges.take(binding)).toBeNull();

    await challenges.issue(binding, "third");
    await challenges.issue({ ...binding, bindingHash: "c".repeat(64) }, "fourth");
    clock.advance(CHALLENGE_LIFETIME_MS - 1);
    expect(await challenges.pruneExpired()).toBe(0);
    clock.advance(1);
    expect(await challenges.pruneExpired()).toBe(2);
    expect(await db.select().from(webauthnChallenges)).toEqual([]);
  });
});
