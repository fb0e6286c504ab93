import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { type SmtpMessage } from "../../../tests/fakes";
import { withMailSink } from "../../../tests/support/mail-sink";
import { resetDatabase, withTestDatabase } from "../../../tests/setup/test-database";
import { createTestLogger } from "../../../tests/setup/test-logger";
import { manualClock } from "../../../tests/support/manual-clock";
import { admins, emailChanges } from "../../db/schema";
import { createSecurityLog } from "../security/security-log.server";
import { createAdminService } from "./admins.server";
import { createEmailChangeService } from "./email-changes.server";

/**
 * A person's own e-mail address on the real database, by real SMTP to the sink: a link to the new address, which
 * works once for 24 hours and makes it the verified address; the old one told; three waiting links an hour; another
 * account's address refused; every step in the log.
 */

const database = withTestDatabase();
const SITE = { name: "Byline Desk", url: "https://news.byline.test" } as const;
const START = "2026-03-02T09:00:00.000Z";
const CONFIRM_LINK = /https:\/\/news\.byline\.test\/auth\/email\/([0-9a-z]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/;
const HOUR = 60 * 60_000;
const CLIENT = { clientAddress: "203.0.113.5", userAgent: "Firefox" };

const mail = withMailSink();

beforeEach(() => resetDatabase(database.db));

async function setUp() {
  const clock = manualClock(START);
  const { logger, entries } = createTestLogger();
  const securityLog = createSecurityLog({ db: database.db, clock });
  const changes = createEmailChangeService({ db: database.db, clock, logger, mailer: mail.mailer, site: SITE, securityLog });
  const staff = createAdminService({ db: database.db, clock });
  // The first administrator, from ADMIN_USERNAME: no address at all.
  await staff.createAdmin("chief", "the chief's passphrase");
  const chief = { id: (await staff.findByUsername("chief"))!.id, name: "chief" };
  return { clock, entries, securityLog, changes, staff, chief };
}

async function accountRow(id: number) {
  const [row] = await database.db
    .select({ email: admins.email, verifiedAt: admins.emailVerifiedAt })
    .from(admins)
    .where(eq(admins.id, id));
  return row!;
}

function confirmToken(message: SmtpMessage): string {
  const token = CONFIRM_LINK.exec(message.parsed.text ?? "")?.[1];
  expect(token, "the text part carries the link").toBeDefined();
  return token!;
}

describe("adding and changing one's address", () => {
  it("mails a link to the new address; following it makes the address the account's, verified, once", async () => {
    const { changes, chief, clock, securityLog, entries } = await setUp();
    expect(await changes.status(chief.id)).toEqual({ email: "", verified: false, pending: null });

    expect(await changes.request({ actor: chief, email: "chief@example.com", client: CLIENT })).toEqual({
      outcome: "sent",
      email: "chief@example.com",
    });
    await changes.settled();
    expect(await changes.status(chief.id)).toEqual({ email: "", verified: false, pending: "chief@example.com" });
    expect(mail.sink.messages).toHaveLength(1);
    const [message] = mail.sink.messages as [SmtpMessage];
    expect(message.envelope.to).toEqual(["chief@example.com"]);
    expect(message.parsed.subject).toBe("Confirm your e-mail address for Byline Desk");
    expect(message.parsed.text).toContain("The link works once, for 24 hours.");
    const token = confirmToken(message);
    expect(await accountRow(chief.id), "nothing changes before the link is followed").toEqual({ email: "", verifiedAt: null });

    expect(await changes.check(token)).toEqual({ outcome: "valid", username: "chief", email: "chief@example.com" });
    clock.advance(HOUR);
    expect(await changes.confirm(token, CLIENT)).toEqual({ outcome: "changed", adminId: chief.id, email: "chief@example.com" });
    await changes.settled();
    expect(await accountRow(chief.id)).toEqual({ email: "chief@example.com", verifiedAt: clock.now() });
    expect(await changes.status(chief.id)).toEqual({ email: "chief@example.com", verified: true, pending: null });
    expect(mail.sink.messages, "no old address to tell").toHaveLength(1);
    expect(await changes.confirm(token, CLIENT)).toEqual({ outcome: "used" });
    expect(await changes.check(token)).toEqual({ outcome: "used" });

    const { events } = await securityLog.list({});
    expect(events.map((event) => [event.kind, event.actorId, event.subjectId, event.detail, event.clientAddress])).toEqual([
      ["email-changed", chief.id, chief.id, { email: "chief@example.com", previous: "" }, CLIENT.clientAddress],
      ["email-change-requested", chief.id, chief.id, { email: "chief@example.com" }, CLIENT.clientAddress],
    ]);
    expect(JSON.stringify(entries), "the log never holds the token").not.toContain(token.split(".")[1]);
  });

  it("tells the old address once the new one is confirmed", async () => {
    const { changes, chief } = await setUp();
    await database.db
      .update(admins)
      .set({ email: "old@example.com", emailVerifiedAt: new Date(START) })
      .where(eq(admins.id, chief.id));

    await changes.request({ actor: chief, email: "new@example.com", client: CLIENT });
    await changes.settled();
    expect(mail.sink.messages.map((message) => message.envelope.to)).toEqual([["new@example.com"]]);
    await changes.confirm(confirmToken(mail.sink.messages[0]!), CLIENT);
    await changes.settled();

    expect(mail.sink.messages.map((message) => message.envelope.to)).toEqual([["new@example.com"], ["old@example.com"]]);
    const notice = mail.sink.messages[1]!;
    expect(notice.parsed.subject).toBe("Your Byline Desk e-mail address was changed");
    expect(notice.parsed.text).toContain("is now new@example.com");
    expect(notice.parsed.text, "no link to act on in the notice").not.toMatch(CONFIRM_LINK);
  });

  it("holds back a fourth waiting link in an hour, saying the earlier one is valid; a used or expired one no longer counts", async () => {
    const { changes, chief, clock } = await setUp();
    for (let ask = 0; ask < 3; ask++) {
      expect(await changes.request({ actor: chief, email: `chief${ask}@example.com`, client: CLIENT })).toMatchObject({
        outcome: "sent",
      });
    }
    expect(await changes.request({ actor: chief, email: "chief3@example.com", client: CLIENT })).toEqual({
      outcome: "held-back",
      email: "chief3@example.com",
    });
    await changes.settled();
    expect(mail.sink.messages).toHaveLength(3);

    // Following one uses every waiting link: a new request is mailed at once.
    await changes.confirm(confirmToken(mail.sink.messages[2]!), CLIENT);
    expect(await changes.confirm(confirmToken(mail.sink.messages[0]!), CLIENT), "the others were used up").toEqual({
      outcome: "used",
    });
    clock.advance(60_000);
    expect(await changes.request({ actor: chief, email: "chief4@example.com", client: CLIENT })).toMatchObject({
      outcome: "sent",
    });
    await changes.settled();
    expect(mail.sink.messages.map((message) => message.envelope.to[0])).toContain("chief4@example.com");
  });

  it("refuses another account's address, in any letter case, when asked and when the link is followed", async () => {
    const { changes, chief, staff } = await setUp();
    const other = await staff.createAccount({
      username: "maya",
      password: "maya's passphrase",
      role: "editor",
      email: "Maya@Example.com",
    });

    expect(await changes.request({ actor: chief, email: "maya@example.com", client: CLIENT })).toEqual({ outcome: "taken" });
    expect(await changes.request({ actor: chief, email: "free@example.com", client: CLIENT })).toMatchObject({ outcome: "sent" });
    await changes.settled();
    // Someone else takes it meanwhile.
    await database.db.update(admins).set({ email: "free@example.com" }).where(eq(admins.id, other));

    expect(await changes.confirm(confirmToken(mail.sink.messages[0]!), CLIENT)).toEqual({ outcome: "taken" });
    expect(await accountRow(chief.id)).toEqual({ email: "", verifiedAt: null });
    expect(mail.sink.messages).toHaveLength(1);
  });

  it("says so when the address is already the verified one", async () => {
    const { changes, chief } = await setUp();
    await database.db
      .update(admins)
      .set({ email: "chief@example.com", emailVerifiedAt: new Date(START) })
      .where(eq(admins.id, chief.id));
    expect(await changes.request({ actor: chief, email: "chief@example.com", client: CLIENT })).toEqual({ outcome: "unchanged" });
    await changes.settled();
    expect(mail.sink.messages).toEqual([]);
  });

  it("refuses a link 24 hours old and a tampered link, changing nothing", async () => {
    const { changes, chief, clock } = await setUp();
    await changes.request({ actor: chief, email: "chief@example.com", client: CLIENT });
    await changes.settled();
    const token = confirmToken(mail.sink.messages[0]!);
    const [id, secret, signature] = token.split(".") as [string, string, string];
    const tampered = `${id}.${secret.slice(0, -1)}${secret.endsWith("A") ? "B" : "A"}.${signature}`;

    expect(await changes.confirm(tampered, CLIENT)).toEqual({ outcome: "invalid" });
    expect(await changes.check("not-a-token")).toEqual({ outcome: "invalid" });
    clock.advance(24 * HOUR);
    expect(await changes.check(token)).toEqual({ outcome: "expired" });
    expect(await changes.confirm(token, CLIENT)).toEqual({ outcome: "expired" });
    expect(await accountRow(chief.id)).toEqual({ email: "", verifiedAt: null });
    expect(await changes.status(chief.id)).toEqual({ email: "", verified: false, pending: null });
  });

  it("forgets links a week after they expired", async () => {
    const { changes, chief, clock } = await setUp();
    await changes.request({ actor: chief, email: "chief@example.com", client: CLIENT });
    clock.advance(24 * HOUR + 7 * 24 * HOUR - 1);
    expect(await changes.pruneExpired()).toBe(0);
    clock.advance(2);
    expect(await changes.pruneExpired()).toBe(1);
    expect(await database.db.select().from(emailChanges)).toEqual([]);
  });
});
