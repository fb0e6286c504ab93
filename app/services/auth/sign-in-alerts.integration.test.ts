import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { type SmtpMessage } from "../../../tests/fakes";
import { withMailSink } from "../../../tests/support/mail-sink";
import { resetDatabase, withTestDatabase } from "../../../tests/setup/test-database";
import { createTestLogger } from "../../../tests/setup/test-logger";
import { manualClock } from "../../../tests/support/manual-clock";
import { admins, staffBrowsers } from "../../db/schema";
import { createRateLimiter } from "../rate-limits/rate-limiter.server";
import { createSecurityLog } from "../security/security-log.server";
import { createAdminService } from "./admins.server";
import { createStaffSignIn } from "./staff-sign-in.server";
import { createSessionService, hashBrowserId } from "./sessions.server";
import { createSignInAlerts } from "./sign-in-alerts.server";

/**
 * The "New sign-in" mail on the real database, by real SMTP to the sink: sent when an account that has used a browser
 * signs in from another, to its verified address only; its link opens a check that changes nothing and a button that
 * ends that session once, recorded in the log.
 */

const database = withTestDatabase();
const SITE = { name: "Byline Desk", url: "https://news.byline.test", timeZone: "America/New_York" } as const;
const START = "2026-03-02T14:30:00.000Z";
const END_LINK = /https:\/\/news\.byline\.test\/auth\/sessions\/end\/([0-9a-z]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/;
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

const mail = withMailSink();

beforeEach(() => resetDatabase(database.db));

async function setUp({ verified = true }: { verified?: boolean } = {}) {
  const clock = manualClock(START);
  const { logger, entries } = createTestLogger();
  const securityLog = createSecurityLog({ db: database.db, clock });
  const alerts = createSignInAlerts({ db: database.db, clock, logger, mailer: mail.mailer, site: SITE, securityLog });
  const sessions = createSessionService({ db: database.db, clock, securityLog, onNewBrowser: alerts.newBrowser });
  const staff = createAdminService({ db: database.db, clock });
  const id = await staff.createAccount({
    username: "maya",
    password: "the long passphrase",
    role: "editor",
    displayName: "Maya Lin",
    email: "maya@example.com",
  });
  if (verified) await database.db.update(admins).set({ emailVerifiedAt: clock.now() }).where(eq(admins.id, id));
  return { clock, entries, securityLog, alerts, sessions, staff, id };
}

function endToken(message: SmtpMessage): string {
  const token = END_LINK.exec(message.parsed.text ?? "")?.[1];
  expect(token, "the text part carries the link").toBeDefined();
  return token!;
}

describe("the new-browser mail", () => {
  it("is not sent for the first browser, nor for one the account has used; is sent for another, with time, browser and address", async () => {
    const { sessions, alerts, clock, id } = await setUp();

    const first = await sessions.create(id, {
      userAgent: FIREFOX,
      clientAddress: "203.0.113.5",
      signedInWith: "password",
      browserId: null,
    });
    expect(first.browserId).toMatch(/^[\w-]{43}$/);
    clock.advance(60_000);
    await sessions.create(id, {
      userAgent: FIREFOX,
      clientAddress: "203.0.113.5",
      signedInWith: "password",
      browserId: first.browserId,
    });
    await alerts.settled();
    expect(mail.sink.messages, "the first browser, then the same one again").toEqual([]);

    clock.advance(60_000);
    const phone = await sessions.create(id, {
      userAgent: SAFARI,
      clientAddress: "198.51.100.23",
      signedInWith: "password",
      browserId: null,
    });
    await alerts.settled();

    expect(phone.browserId).not.toBe(first.browserId);
    expect(mail.sink.messages).toHaveLength(1);
    const [message] = mail.sink.messages as [SmtpMessage];
    expect(message.envelope.to).toEqual(["maya@example.com"]);
    expect(message.parsed.subject).toBe("New sign-in to Byline Desk");
    // 14:32 UTC is 9:32 in New York: the newsroom's time zone.
    expect(message.parsed.text).toContain("Time: Mar 2, 2026, 9:32 AM EST");
    expect(message.parsed.text).toContain("Browser: Safari 17 on iOS");
    expect(message.parsed.text).toContain("Address: 198.51.100.23");
    endToken(message);
    const browsers = await database.db.select().from(staffBrowsers).where(eq(staffBrowsers.adminId, id));
    expect(browsers.map((row) => row.browserHash).sort()).toEqual(
      [hashBrowserId(first.browserId!), hashBrowserId(phone.browserId!)].sort(),
    );
    expect(JSON.stringify(browsers), "only the hash of a browser id is kept").not.toContain(first.browserId);
  });

  it("is sent to a verified address only", async () => {
    const { sessions, alerts, id } = await setUp({ verified: false });
    await sessions.create(id, { browserId: null });
    await sessions.create(id, { browserId: null });
    await alerts.settled();
    expect(mail.sink.messages).toEqual([]);
  });

  it("comes with a password sign-in that names the browser", async () => {
    const { sessions, alerts, staff, clock, id, securityLog } = await setUp();
    const { login } = createStaffSignIn({
      db: database.db,
      clock,
      admins: staff,
      sessions,
      rateLimiter: createRateLimiter({ db: database.db, clock }),
      securityLog,
      delayMs: 0,
    });
    const known = await sessions.create(id, { browserId: null });

    const signedIn = await login.signIn({
      username: "maya",
      password: "the long passphrase",
      clientAddress: "192.0.2.44",
      userAgent: FIREFOX,
      browserId: null,
    });
    await alerts.settled();

    expect(signedIn).toMatchObject({ outcome: "signed-in", browserId: expect.stringMatching(/^[\w-]{43}$/) });
    expect(mail.sink.messages.map((message) => message.parsed.subject)).toEqual(["New sign-in to Byline Desk"]);
    expect(known.browserId).toBeDefined();
  });
});

describe("the new-browser mail after a second step", () => {
  it("comes with the session the second screen starts, when its client names the browser", async () => {
    const { sessions, alerts, staff, clock, securityLog, id } = await setUp();
    const { secondStep } = createStaffSignIn({
      db: database.db,
      clock,
      admins: staff,
      sessions,
      rateLimiter: createRateLimiter({ db: database.db, clock }),
      securityLog,
      delayMs: 0,
    });
    await sessions.create(id, { browserId: null });
    const pending = await secondStep.begin(id, { returnTo: "/admin", userAgent: SAFARI, clientAddress: "198.51.100.9" });

    const started = await secondStep.complete(pending.token, "password and app code", {
      clientAddress: "198.51.100.9",
      userAgent: SAFARI,
      browserId: null,
    });
    await alerts.settled();

    expect(started).toMatchObject({ browserId: expect.stringMatching(/^[\w-]{43}$/) });
    expect(mail.sink.messages).toHaveLength(1);
    expect(mail.sink.messages[0]!.parsed.text).toContain("Address: 198.51.100.9");
  });
});

describe("the link in it", () => {
  it("opens a check that changes nothing; the button ends that session once, and the log says so", async () => {
    const { sessions, alerts, securityLog, entries, id } = await setUp();
    const laptop = await sessions.create(id, { browserId: null });
    const stranger = await sessions.create(id, {
      userAgent: SAFARI,
      clientAddress: "198.51.100.23",
      signedInWith: "password",
      browserId: null,
    });
    await alerts.settled();
    const token = endToken(mail.sink.messages[0]!);

    expect(await alerts.check(token)).toEqual({
      outcome: "valid",
      username: "maya",
      session: { createdAt: new Date(START), userAgent: SAFARI, clientAddress: "198.51.100.23", signedInWith: "password" },
    });
    expect(await alerts.check(token), "opening the page twice changes nothing").toMatchObject({ outcome: "valid" });
    expect(await sessions.find(stranger.token)).toMatchObject({ username: "maya" });

    const client = { clientAddress: "203.0.113.5", userAgent: FIREFOX };
    expect(await alerts.end(token, client)).toBe("ended");
    expect(await sessions.find(stranger.token)).toBeNull();
    expect(await sessions.find(laptop.token), "the other session stays").toMatchObject({ username: "maya" });
    expect(await alerts.end(token, client)).toBe("already-ended");
    expect(await alerts.check(token)).toEqual({ outcome: "ended" });

    const { events } = await securityLog.list({ kind: "session-ended" });
    expect(events).toEqual([
      expect.objectContaining({
        actorId: id,
        subjectId: id,
        clientAddress: "203.0.113.5",
        detail: { which: "mailed link", sessionId: stranger.sessionId },
      }),
    ]);
    expect(JSON.stringify(entries), "the log never holds the link").not.toContain(token.split(".")[2]);
  });

  it("refuses a tampered link or one for another session", async () => {
    const { sessions, alerts, id } = await setUp();
    await sessions.create(id, { browserId: null });
    const stranger = await sessions.create(id, { browserId: null });
    await alerts.settled();
    const token = endToken(mail.sink.messages[0]!);
    const [linkId, secret, signature] = token.split(".") as [string, string, string];

    const otherId = `${(Number.parseInt(linkId, 36) - 1).toString(36)}.${secret}.${signature}`;
    const otherSecret = `${linkId}.${secret.slice(0, -1)}${secret.endsWith("A") ? "B" : "A"}.${signature}`;
    for (const forged of [otherId, otherSecret, "not-a-token"]) {
      expect(await alerts.check(forged)).toEqual({ outcome: "invalid" });
      expect(await alerts.end(forged, { clientAddress: "", userAgent: "" })).toBe("invalid");
    }
    expect(await sessions.find(stranger.token)).toMatchObject({ username: "maya" });
  });
});
