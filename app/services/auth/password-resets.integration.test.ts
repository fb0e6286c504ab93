import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { type SmtpMessage } from "../../../tests/fakes";
import { withMailSink } from "../../../tests/support/mail-sink";
import { resetDatabase, withTestDatabase } from "../../../tests/setup/test-database";
import { createTestLogger } from "../../../tests/setup/test-logger";
import { manualClock, type ManualClock } from "../../../tests/support/manual-clock";
import { admins, loginAttempts, sessions as sessionRows } from "../../db/schema";
import { createRateLimiter } from "../rate-limits/rate-limiter.server";
import { createAdminService } from "./admins.server";
import { createSecurityLog } from "../security/security-log.server";
import { createStaffSignIn } from "./staff-sign-in.server";
import { newTotpSecret } from "./totp.server";
import { createPasswordResetService, RESET_ADDRESS_LIMIT } from "./password-resets.server";
import { verifyPassword } from "./passwords.server";
import { createSessionService } from "./sessions.server";

/**
 * Password reset on the real database, by real SMTP to the sink: the same answer whether or not an account matches,
 * the one-hour single-use link, what choosing a new password ends, and the limits.
 */

const database = withTestDatabase();
const SITE = { name: "Byline", url: "https://news.byline.test" } as const;
const START = "2026-03-02T09:00:00.000Z";
const RESET_LINK = /https:\/\/news\.byline\.test\/auth\/reset\/([0-9a-z]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/;
const MINUTE = 60_000;

const mail = withMailSink();

beforeEach(() => resetDatabase(database.db));

function setUp(clock: ManualClock = manualClock(START)) {
  const staff = createAdminService({ db: database.db, clock });
  const sessions = createSessionService({ db: database.db, clock });
  const { logger, entries } = createTestLogger();
  const rateLimiter = createRateLimiter({ db: database.db, clock });
  const securityLog = createSecurityLog({ db: database.db, clock });
  const { secondStep } = createStaffSignIn({
    db: database.db,
    clock,
    admins: staff,
    sessions,
    rateLimiter,
    securityLog,
    delayMs: 0,
  });
  const resets = createPasswordResetService({
    db: database.db,
    clock,
    logger,
    mailer: mail.mailer,
    rateLimiter,
    sessions,
    site: SITE,
    delayMs: 0,
    secondStep,
  });
  return { clock, staff, sessions, resets, entries, secondStep };
}

/** An account whose address is verified (as an accepted invitation's is), or not. */
async function account(
  staff: ReturnType<typeof createAdminService>,
  username: string,
  email: string,
  { verified = true }: { verified?: boolean } = {},
): Promise<number> {
  const id = await staff.createAccount({
    username,
    password: "the old passphrase",
    role: "editor",
    displayName: username,
    email,
  });
  if (verified)
    await database.db
      .update(admins)
      .set({ emailVerifiedAt: new Date(START) })
      .where(eq(admins.id, id));
  return id;
}

function resetToken(message: SmtpMessage): string {
  const token = RESET_LINK.exec(message.parsed.text ?? "")?.[1];
  expect(token, "the text part carries the link").toBeDefined();
  expect(message.parsed.html).toContain(`/auth/reset/${token!}`);
  return token!;
}

async function passwordOf(id: number): Promise<string> {
  const [row] = await database.db.select({ hash: admins.passwordHash }).from(admins).where(eq(admins.id, id));
  return row!.hash;
}

describe("asking for a reset link", () => {
  it("mails a link to the account a username or an address names, and answers the same when none does", async () => {
    const { staff, resets } = setUp();
    await account(staff, "maya", "maya@example.com");

    expect(await resets.request("Maya", "203.0.113.7")).toEqual({ outcome: "requested" });
    expect(await resets.request("nobody", "203.0.113.7")).toEqual({ outcome: "requested" });
    expect(await resets.request(" MAYA@example.com ", "203.0.113.7")).toEqual({ outcome: "requested" });
    await resets.settled();

    expect(mail.sink.messages.map((message) => message.envelope.to)).toEqual([["maya@example.com"], ["maya@example.com"]]);
    const [first] = mail.sink.messages as [SmtpMessage];
    expect(first.parsed.subject).toBe("Reset your Byline password");
    expect(first.parsed.text).toContain("The link works once, for 60 minutes.");
    resetToken(first);
  });

  it("mails nobody whose address is not verified, or whose account is suspended", async () => {
    const { staff, resets } = setUp();
    await account(staff, "unverified", "unverified@example.com", { verified: false });
    const suspended = await account(staff, "gone", "gone@example.com");
    await account(staff, "keeper", "keeper@example.com");
    await database.db
      .update(admins)
      .set({ suspendedAt: new Date(START) })
      .where(eq(admins.id, suspended));

    for (const name of ["unverified", "gone"])
      expect(await resets.request(name, "203.0.113.7")).toEqual({ outcome: "requested" });
    await resets.settled();
    expect(mail.sink.messages).toEqual([]);
  });

  it("keeps at most three waiting links an hour per account; a used one no longer counts", async () => {
    const { staff, resets, clock } = setUp();
    await account(staff, "maya", "maya@example.com");
    for (let ask = 0; ask < 5; ask++) await resets.request("maya", `203.0.113.${ask + 1}`);
    await resets.settled();
    expect(mail.sink.messages, "three waiting links at most").toHaveLength(3);

    expect((await resets.complete(resetToken(mail.sink.messages[2]!), "a brand new passphrase")).outcome).toBe("reset");
    clock.advance(MINUTE);
    await resets.request("maya", "203.0.113.9");
    await resets.settled();
    expect(mail.sink.messages, "the used link and the two it made void count no more").toHaveLength(4);
  });

  it("refuses the address's eleventh request in a quarter of an hour", async () => {
    const { resets } = setUp();
    for (let ask = 0; ask < RESET_ADDRESS_LIMIT.limit; ask++)
      expect(await resets.request(`someone-${ask}`, "203.0.113.7")).toEqual({ outcome: "requested" });
    expect(await resets.request("someone-else", "203.0.113.7")).toMatchObject({ outcome: "limited" });
  });
});

describe("following a reset link", () => {
  it("sets the new password, ends every session and lockout, signs the person in, and works once", async () => {
    const { staff, sessions, resets, entries } = setUp();
    const maya = await account(staff, "maya", "maya@example.com");
    const stolen = await sessions.create(maya);
    await database.db.insert(loginAttempts).values({ username: "maya", failures: 5, lastAttemptAt: new Date(START) });
    await resets.request("maya", "203.0.113.7");
    await resets.settled();
    const token = resetToken(mail.sink.messages[0]!);

    expect(await resets.check(token)).toEqual({ outcome: "valid", adminId: maya, username: "maya" });
    const done = await resets.complete(token, "a brand new passphrase");
    expect(done).toMatchObject({ outcome: "reset", username: "maya" });
    expect(await verifyPassword("a brand new passphrase", await passwordOf(maya))).toBe(true);
    expect(await sessions.find(stolen.token), "the session from before is gone").toBeNull();
    expect(await sessions.find((done as { token: string }).token)).toMatchObject({ adminId: maya });
    expect(await database.db.select().from(loginAttempts), "the lockout is lifted").toEqual([]);
    expect(await database.db.select().from(sessionRows)).toHaveLength(1);

    expect(await resets.complete(token, "another passphrase")).toEqual({ outcome: "used" });
    expect(await verifyPassword("a brand new passphrase", await passwordOf(maya))).toBe(true);
    expect(JSON.stringify(entries), "the log never holds the token").not.toContain(token.split(".")[1]);
  });

  it("gives an account with a second step no session, only the second screen: the link is one factor (ASVS 2.5.6)", async () => {
    const { staff, resets, secondStep } = setUp();
    const maya = await account(staff, "maya", "maya@example.com");
    await database.db
      .update(admins)
      .set({ totpSecret: newTotpSecret(), totpEnabledAt: new Date(START) })
      .where(eq(admins.id, maya));
    await resets.request("maya", "203.0.113.7");
    await resets.settled();
    const token = resetToken(mail.sink.messages[0]!);

    const done = await resets.complete(token, "a brand new passphrase");

    expect(done).toMatchObject({ outcome: "second-step", adminId: maya, username: "maya" });
    expect(await verifyPassword("a brand new passphrase", await passwordOf(maya)), "the password is reset").toBe(true);
    expect(await database.db.select().from(sessionRows), "no session").toEqual([]);
    expect(await secondStep.pending((done as { pendingToken: string }).pendingToken)).toMatchObject({ adminId: maya });
  });

  it("refuses a link an hour old and a tampered link, changing nothing", async () => {
    const { staff, resets, clock } = setUp();
    const maya = await account(staff, "maya", "maya@example.com");
    await resets.request("maya", "203.0.113.7");
    await resets.settled();
    const token = resetToken(mail.sink.messages[0]!);
    const before = await passwordOf(maya);

    const [id, secret, signature] = token.split(".") as [string, string, string];
    const tampered = `${id}.${secret.slice(0, -1)}${secret.endsWith("A") ? "B" : "A"}.${signature}`;
    expect(await resets.complete(tampered, "a brand new passphrase")).toEqual({ outcome: "invalid" });
    expect(await resets.check("not-a-token")).toEqual({ outcome: "invalid" });

    clock.advance(60 * MINUTE);
    expect(await resets.complete(token, "a brand new passphrase")).toEqual({ outcome: "expired" });
    expect(await passwordOf(maya)).toBe(before);
  });
});
