import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { manualClock } from "../../../tests/support/manual-clock";
import { softwareAuthenticator } from "../../../tests/support/software-authenticator";
import { resetDatabase, withTestDatabase } from "../../../tests/setup/test-database";
import { pendingSignIns, securityEvents, sessions as sessionRows } from "../../db/schema";
import { createRateLimiter } from "../rate-limits/rate-limiter.server";
import { createSecurityLog } from "../security/security-log.server";
import { createAdminService } from "./admins.server";
import type { LoginResult } from "./login.server";
import { createPasskeySignIn } from "./passkey-sign-in.server";
import { createPasskeyService } from "./passkeys.server";
import { createSessionService, hashSessionToken } from "./sessions.server";
import { createStaffSignIn } from "./staff-sign-in.server";
import { createChallengeStore } from "./webauthn-challenges.server";

/**
 * A passkey as the second step after a right password: the second screen's attempt (its lockout, budget and log)
 * around the passkey check, against the real database and the real WebAuthn checks (a software authenticator).
 */

const database = withTestDatabase();

const ORIGIN = "http://localhost:4173";
const SITE = { url: ORIGIN, name: "Byline Second Step Desk" };
const CLIENT = { clientAddress: "203.0.113.9", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0" };
const PASSWORD = "correct horse battery staple";

async function setUp() {
  const { db } = database;
  const clock = manualClock("2026-03-02T09:00:00.000Z");
  const admins = createAdminService({ db, clock });
  const sessions = createSessionService({ db, clock });
  const securityLog = createSecurityLog({ db, clock });
  const rateLimiter = createRateLimiter({ db, clock });
  const challenges = createChallengeStore({ db, clock });
  const { login, secondStep } = createStaffSignIn({ db, clock, admins, sessions, rateLimiter, securityLog, delayMs: 0 });
  const passkeys = createPasskeyService({ db, clock, site: SITE, challenges, sessions, securityLog });
  const passkeySignIn = createPasskeySignIn({ db, clock, site: SITE, challenges, sessions, admins, securityLog, rateLimiter });
  await admins.createAdmin("Ines", PASSWORD, "editor");
  const ines = (await admins.findByUsername("ines"))!;
  const { token } = await sessions.create(ines.id);
  const authenticator = softwareAuthenticator();
  const owner = { adminId: ines.id, username: ines.username, displayName: ines.username, sessionToken: token };
  const made = authenticator.create(await passkeys.registrationOptions(owner), ORIGIN);
  await passkeys.register({ owner, name: "Phone", answer: made.response, endOthers: false, client: CLIENT });
  const startSignIn = async () => {
    const result: LoginResult = await login.signIn({
      username: "ines",
      password: PASSWORD,
      ...CLIENT,
      returnTo: "/admin/articles",
    });
    if (result.outcome !== "second-step") throw new Error(`expected the second screen, got ${result.outcome}`);
    return result.pendingToken;
  };
  const answerWithPasskey = (pendingToken: string, answer: unknown) =>
    secondStep.attempt({
      token: pendingToken,
      method: "passkey",
      client: CLIENT,
      check: async (adminId) =>
        (await passkeySignIn.checkSecondStep({ pendingToken, adminId, answer: JSON.stringify(answer), client: CLIENT }))
          .outcome === "verified",
    });
  return { db, ines, authenticator, passkey: made.passkey, passkeySignIn, startSignIn, answerWithPasskey };
}

describe("a passkey as the second step", () => {
  beforeEach(() => resetDatabase(database.db));

  it("finishes a sign-in whose password was right, with a new session that says so", async () => {
    const { db, ines, authenticator, passkey, passkeySignIn, startSignIn, answerWithPasskey } = await setUp();
    const pendingToken = await startSignIn();
    const options = (await passkeySignIn.secondStepOptions({ pendingToken, adminId: ines.id }))!;

    const result = await answerWithPasskey(pendingToken, authenticator.get(passkey, options, ORIGIN));

    expect(result).toMatchObject({ outcome: "signed-in", method: "passkey", returnTo: "/admin/articles" });
    const token = result.outcome === "signed-in" ? result.token : "";
    const [session] = await db
      .select()
      .from(sessionRows)
      .where(eq(sessionRows.tokenHash, hashSessionToken(token)));
    expect(session).toMatchObject({ adminId: ines.id, signedInWith: "passkey", ...CLIENT });
    expect(await db.select().from(pendingSignIns)).toEqual([]);
    const signIns = (await db.select().from(securityEvents)).filter((event) => event.kind === "sign-in");
    expect(signIns).toMatchObject([{ actorId: ines.id, subjectId: ines.id, detail: { method: "passkey" } }]);
  });

  it("refuses a replayed answer and one bound to another sign-in, each a failure counted once", async () => {
    const { db, ines, authenticator, passkey, passkeySignIn, startSignIn, answerWithPasskey } = await setUp();
    const first = await startSignIn();
    const options = (await passkeySignIn.secondStepOptions({ pendingToken: first, adminId: ines.id }))!;
    const answer = authenticator.get(passkey, options, ORIGIN);
    expect(await answerWithPasskey(first, answer)).toMatchObject({ outcome: "signed-in" });

    // The same answer again, on a new sign-in: its challenge was used.
    const second = await startSignIn();
    expect(await answerWithPasskey(second, answer)).toEqual({ outcome: "wrong" });
    // Asked for in one sign-in (another browser's), answered in this one.
    const third = await startSignIn();
    const elsewhere = (await passkeySignIn.secondStepOptions({ pendingToken: third, adminId: ines.id }))!;
    expect(await answerWithPasskey(second, authenticator.get(passkey, elsewhere, ORIGIN))).toEqual({ outcome: "wrong" });

    const failures = (await db.select().from(securityEvents)).filter((event) => event.kind === "second-step-failed");
    expect(failures.map((event) => event.detail)).toEqual([{ method: "passkey" }, { method: "passkey" }]);
    const [waiting] = await db
      .select()
      .from(pendingSignIns)
      .where(eq(pendingSignIns.tokenHash, hashSessionToken(second)));
    expect(waiting?.failures).toBe(2);
    // The other sign-in's challenge is still its own.
    expect(await answerWithPasskey(third, authenticator.get(passkey, elsewhere, ORIGIN))).toMatchObject({ outcome: "signed-in" });
  });
});
