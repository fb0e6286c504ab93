import { manualClock } from "../../../tests/support/manual-clock";
import { systemClock } from "../index.server";
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { openSecondHandle, resetDatabase, testDriver, withTestDatabase } from "../../../tests/setup/test-database";
import type { Database } from "../../db/client.server";
import { loginAttempts, sessions } from "../../db/schema";
import { createRateLimiter } from "../rate-limits/rate-limiter.server";
import { createAdminService, type AdminService } from "./admins.server";
import type { LoginResult, LoginService } from "./login.server";
import { createStaffSignIn } from "./staff-sign-in.server";
import { createSecurityLog } from "../security/security-log.server";
import { verifyPassword } from "./passwords.server";
import { createSessionService } from "./sessions.server";

const database = withTestDatabase();

const START = "2025-03-01T09:00:00.000Z";
const PASSWORD = "correct horse battery";
const WRONG = "wrong horse battery";
const OFFICE = "203.0.113.7";
const MINUTE = 60_000;
const LOCK_MS = 15 * MINUTE;

/** The login service as the server wires it, on the given database, with its own clock. */
function setUp({ db = database.db, delayMs = 0, clock = manualClock(START), admins }: SetUpOptions = {}) {
  const sessionService = createSessionService({ db, clock });
  /** Every password check the service made: the password tried and the hash it was checked against. */
  const passwordChecks: { password: string; hash: string }[] = [];
  const { login } = createStaffSignIn({
    db,
    clock,
    admins: admins ?? createAdminService({ db, clock: systemClock }),
    sessions: sessionService,
    rateLimiter: createRateLimiter({ db, clock }),
    securityLog: createSecurityLog({ db, clock }),
    delayMs,
    checkPassword: (password, hash) => {
      passwordChecks.push({ password, hash });
      return verifyPassword(password, hash);
    },
  });
  return { clock, login, sessions: sessionService, passwordChecks };
}

interface SetUpOptions {
  db?: Database;
  delayMs?: number;
  clock?: ReturnType<typeof manualClock>;
  admins?: AdminService;
}

function signIn(login: LoginService, username: string, password: string, clientAddress = OFFICE) {
  return login.signIn({ username, password, clientAddress });
}

/** `times` attempts one after another; the outcomes in order. */
async function signInTimes(login: LoginService, times: number, username: string, password: string, clientAddress = OFFICE) {
  const results: LoginResult[] = [];
  for (let i = 0; i < times; i++) results.push(await signIn(login, username, password, clientAddress));
  return results;
}

async function attemptRows() {
  return database.db
    .select({ username: loginAttempts.username, failures: loginAttempts.failures, lastAttemptAt: loginAttempts.lastAttemptAt })
    .from(loginAttempts)
    .orderBy(loginAttempts.username);
}

async function sessionCount() {
  return (await database.db.select().from(sessions)).length;
}

const invalid = { outcome: "invalid" } as const;
const lockedFor = (retryAfterMs: number) => ({ outcome: "locked", retryAfterMs }) as const;

describe("sign-in lockout", () => {
  beforeEach(async () => {
    await resetDatabase(database.db);
    await createAdminService({ db: database.db, clock: systemClock }).createAdmin("Editor", PASSWORD);
  });

  it("answers invalid for the first four wrong passwords and locked for 15 minutes at the fifth", async () => {
    const { login } = setUp();

    expect(await signInTimes(login, 5, "Editor", WRONG)).toEqual([invalid, invalid, invalid, invalid, lockedFor(LOCK_MS)]);
    expect(await attemptRows()).toEqual([{ username: "editor", failures: 5, lastAttemptAt: new Date(START) }]);
  });

  it("keeps a locked account locked even for the correct password, and starts no session", async () => {
    const { login, clock } = setUp();
    await signInTimes(login, 5, "Editor", WRONG);

    clock.advance(MINUTE);
    expect(await signIn(login, "Editor", PASSWORD)).toEqual(lockedFor(LOCK_MS - MINUTE));
    expect(await sessionCount()).toBe(0);
  });

  it("counts failures for one lower-cased, trimmed username whatever the letter case", async () => {
    const { login } = setUp();

    expect(await signIn(login, "Editor", WRONG)).toEqual(invalid);
    expect(await signIn(login, "EDITOR", WRONG)).toEqual(invalid);
    expect(await signIn(login, " editor ", WRONG)).toEqual(invalid);
    expect(await signIn(login, "eDiToR", WRONG)).toEqual(invalid);
    expect(await signIn(login, "editor", WRONG)).toEqual(lockedFor(LOCK_MS));

    expect(await attemptRows()).toEqual([{ username: "editor", failures: 5, lastAttemptAt: new Date(START) }]);
  });

  it("measures the lock from the last failure, and refused attempts do not extend it", async () => {
    const { login, clock } = setUp();
    for (let i = 0; i < 4; i++) {
      expect(await signIn(login, "editor", WRONG)).toEqual(invalid);
      clock.advance(MINUTE);
    }
    // The fifth failure comes 4 minutes after the first: the lock runs 15 minutes from here.
    expect(await signIn(login, "editor", WRONG)).toEqual(lockedFor(LOCK_MS));
    const lockedAt = new Date(clock.now());

    clock.advance(6 * MINUTE);
    expect(await signIn(login, "editor", WRONG)).toEqual(lockedFor(9 * MINUTE));
    clock.advance(4 * MINUTE);
    expect(await signIn(login, "editor", PASSWORD)).toEqual(lockedFor(5 * MINUTE));
    clock.advance(5 * MINUTE - 1);
    expect(await signIn(login, "editor", WRONG)).toEqual(lockedFor(1));

    expect(await attemptRows()).toEqual([{ username: "editor", failures: 5, lastAttemptAt: lockedAt }]);
    expect(await sessionCount()).toBe(0);
  });

  it("starts the count over 15 minutes after the last failure", async () => {
    const { login, clock } = setUp();
    await signInTimes(login, 5, "editor", WRONG);

    clock.advance(LOCK_MS);
    expect(await signIn(login, "editor", WRONG)).toEqual(invalid);
    expect(await attemptRows()).toEqual([{ username: "editor", failures: 1, lastAttemptAt: clock.now() }]);
  });

  it("lets the correct password in once the lock has run out", async () => {
    const { login, clock } = setUp();
    await signInTimes(login, 5, "editor", WRONG);

    clock.advance(LOCK_MS);
    expect(await signIn(login, "editor", PASSWORD)).toMatchObject({ outcome: "signed-in", username: "Editor" });
    expect(await attemptRows()).toEqual([]);
  });

  it("forgets a few failures after 15 quiet minutes, but keeps counting failures that come closer together", async () => {
    const { login, clock } = setUp();
    expect(await signInTimes(login, 4, "editor", WRONG)).toEqual([invalid, invalid, invalid, invalid]);
    clock.advance(LOCK_MS);
    expect(await signInTimes(login, 4, "editor", WRONG)).toEqual([invalid, invalid, invalid, invalid]);

    // Each failure 10 minutes after the previous one: the window never closes.
    clock.advance(10 * MINUTE);
    expect(await signIn(login, "editor", WRONG)).toEqual(lockedFor(LOCK_MS));
  });

  it("resets the count on a successful sign-in", async () => {
    const { login } = setUp();
    expect(await signInTimes(login, 4, "editor", WRONG)).toEqual([invalid, invalid, invalid, invalid]);
    expect(await signIn(login, "editor", PASSWORD)).toMatchObject({ outcome: "signed-in" });
    expect(await attemptRows()).toEqual([]);

    expect(await signInTimes(login, 4, "editor", WRONG)).toEqual([invalid, invalid, invalid, invalid]);
    expect(await attemptRows()).toMatchObject([{ username: "editor", failures: 4 }]);
  });

  it("locks an unknown username exactly like a known one, so the answers reveal nothing", async () => {
    const { login, clock } = setUp();
    const known = await signInTimes(login, 6, "editor", WRONG);
    const unknown = await signInTimes(login, 6, "nobody", WRONG);
    clock.advance(2 * MINUTE);
    known.push(await signIn(login, "editor", WRONG));
    unknown.push(await signIn(login, "nobody", WRONG));

    expect(unknown).toEqual(known);
    expect(unknown).toEqual([invalid, invalid, invalid, invalid, lockedFor(LOCK_MS), lockedFor(LOCK_MS), lockedFor(13 * MINUTE)]);
    expect(await attemptRows()).toMatchObject([
      { username: "editor", failures: 5 },
      { username: "nobody", failures: 5 },
    ]);
  });

  it("runs the password check exactly once per attempt, whether or not the username exists", async () => {
    const { login, passwordChecks } = setUp();
    const editor = await createAdminService({ db: database.db, clock: systemClock }).findByUsername("editor");

    expect(await signIn(login, "editor", WRONG)).toEqual(invalid);
    expect(passwordChecks).toEqual([{ password: WRONG, hash: editor!.passwordHash }]);

    expect(await signIn(login, "nobody", WRONG)).toEqual(invalid);
    expect(await signIn(login, "someone-else", PASSWORD)).toEqual(invalid);
    expect(passwordChecks).toHaveLength(3);
    // An unknown name is checked against a real scrypt hash of the same cost, not skipped.
    const decoy = passwordChecks[1]!.hash;
    expect(decoy).toMatch(/^scrypt\$/);
    expect(decoy.split("$").slice(0, 4)).toEqual(editor!.passwordHash.split("$").slice(0, 4));
    expect(passwordChecks.slice(1)).toEqual([
      { password: WRONG, hash: decoy },
      { password: PASSWORD, hash: decoy },
    ]);

    expect(await signIn(login, "editor", PASSWORD)).toMatchObject({ outcome: "signed-in" });
    expect(passwordChecks).toHaveLength(4);
  });

  it("checks at most five passwords out of ten parallel attempts; the rest are answered locked", async () => {
    const { login } = setUp();

    const results = await Promise.all(Array.from({ length: 10 }, () => signIn(login, "editor", WRONG)));

    expect(results.filter((result) => result.outcome === "invalid")).toHaveLength(4);
    expect(results.filter((result) => result.outcome === "locked")).toEqual(Array.from({ length: 6 }, () => lockedFor(LOCK_MS)));
    expect(await attemptRows()).toMatchObject([{ username: "editor", failures: 5 }]);
    expect(await signIn(login, "editor", PASSWORD)).toEqual(lockedFor(LOCK_MS));
  });

  it("refuses the 31st attempt from one address, whatever the usernames, but not another address", async () => {
    const { login, clock } = setUp();
    for (let i = 1; i <= 30; i++) {
      expect(await signIn(login, `guess-${i}`, WRONG)).toEqual(invalid);
      clock.advance(10_000);
    }

    // 300 seconds after the first attempt, the address waits the rest of its 15-minute window.
    const limited = await signIn(login, "Editor", PASSWORD);
    expect(limited).toEqual({ outcome: "limited", retryAfterMs: LOCK_MS - 300_000 });
    expect(await sessionCount()).toBe(0);
    expect((await attemptRows()).map((row) => row.username)).not.toContain("editor");

    expect(await signIn(login, "Editor", PASSWORD, "198.51.100.20")).toMatchObject({ outcome: "signed-in" });
  });

  it("signs in with a fresh token whose SHA-256 alone is stored, valid for 24 hours", async () => {
    const { login, clock, sessions: sessionService } = setUp();

    const first = await signIn(login, "editor", PASSWORD);
    clock.advance(MINUTE);
    const second = await signIn(login, "EDITOR", PASSWORD);
    if (first.outcome !== "signed-in" || second.outcome !== "signed-in") throw new Error("The sign-in failed.");

    expect(first).toEqual({
      outcome: "signed-in",
      username: "Editor",
      token: expect.stringMatching(/^[\w-]{43}$/),
      expiresAt: new Date("2025-03-02T09:00:00.000Z"),
      sessionId: expect.any(Number),
    });
    expect(second.token).not.toBe(first.token);
    const stored = await database.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    const sha256 = (token: string) => createHash("sha256").update(token).digest("hex");
    expect(stored.map((row) => row.tokenHash).sort()).toEqual([sha256(first.token), sha256(second.token)].sort());
    expect(JSON.stringify(stored)).not.toContain(first.token);
    expect(await sessionService.find(second.token)).toMatchObject({ username: "Editor" });
  });

  it("prunes only counters whose last attempt is 15 minutes old or more", async () => {
    const { login, clock } = setUp();
    await signIn(login, "stale", WRONG);
    clock.advance(5 * MINUTE);
    await signIn(login, "recent", WRONG);
    clock.advance(10 * MINUTE);

    expect(await login.pruneAttempts()).toBe(1);
    expect(await attemptRows()).toMatchObject([{ username: "recent", failures: 1 }]);
    expect(await login.pruneAttempts()).toBe(0);
  });
});

describe("sign-in delay", () => {
  beforeEach(async () => {
    await resetDatabase(database.db);
    await createAdminService({ db: database.db, clock: systemClock }).createAdmin("Editor", PASSWORD);
  });

  async function timed<T>(work: () => Promise<T>): Promise<{ result: T | Error; ms: number }> {
    const started = performance.now();
    const result = await work().catch((error: unknown) => error as Error);
    return { result, ms: performance.now() - started };
  }

  it("answers a success, a failure, a lock and an error no sooner than delayMs", async () => {
    const { login } = setUp({ delayMs: 200 });

    const success = await timed(() => signIn(login, "editor", PASSWORD));
    expect(success.result).toMatchObject({ outcome: "signed-in" });
    expect(success.ms).toBeGreaterThanOrEqual(190);

    const failure = await timed(() => signIn(login, "nobody", WRONG));
    expect(failure.result).toEqual(invalid);
    expect(failure.ms).toBeGreaterThanOrEqual(190);

    await Promise.all(Array.from({ length: 5 }, () => signIn(login, "nobody", WRONG)));
    const locked = await timed(() => signIn(login, "nobody", WRONG));
    expect(locked.result).toMatchObject({ outcome: "locked" });
    expect(locked.ms).toBeGreaterThanOrEqual(190);

    const broken = createAdminService({ db: database.db, clock: systemClock });
    broken.findByUsername = () => Promise.reject(new Error("the database went away"));
    const failing = setUp({ delayMs: 200, admins: broken }).login;
    const thrown = await timed(() => signIn(failing, "editor", PASSWORD, "198.51.100.20"));
    expect(thrown.result).toEqual(new Error("the database went away"));
    expect(thrown.ms).toBeGreaterThanOrEqual(190);
  });
});

describe("sign-in across two instances", () => {
  beforeEach(async () => {
    await resetDatabase(database.db);
    await createAdminService({ db: database.db, clock: systemClock }).createAdmin("Editor", PASSWORD);
  });

  it.skipIf(testDriver() !== "postgres")(
    "locks at the fifth failure when the failures are split between two instances",
    async () => {
      const other = await openSecondHandle(database.handle);
      try {
        const clock = manualClock(START);
        const first = setUp({ clock }).login;
        const second = setUp({ clock, db: other.db }).login;

        expect(await signIn(first, "editor", WRONG)).toEqual(invalid);
        expect(await signIn(second, "Editor", WRONG)).toEqual(invalid);
        expect(await signIn(first, "EDITOR", WRONG)).toEqual(invalid);
        expect(await signIn(second, "editor", WRONG)).toEqual(invalid);
        expect(await signIn(first, "editor", WRONG)).toEqual(lockedFor(LOCK_MS));
        expect(await signIn(second, "editor", PASSWORD)).toEqual(lockedFor(LOCK_MS));

        await database.db.delete(loginAttempts).where(eq(loginAttempts.username, "editor"));
        const burst = await Promise.all(
          Array.from({ length: 10 }, (_, i) => signIn(i % 2 === 0 ? first : second, "editor", WRONG, `198.51.100.${i}`)),
        );
        expect(burst.filter((result) => result.outcome === "invalid")).toHaveLength(4);
        expect(burst.filter((result) => result.outcome === "locked")).toHaveLength(6);
        expect(await attemptRows()).toMatchObject([{ username: "editor", failures: 5 }]);
        expect(await sessionCount()).toBe(0);
      } finally {
        await other.close();
      }
    },
  );
});
