import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { withMailSink } from "../../../tests/support/mail-sink";
import { resetDatabase, testDriver, withTestDatabase } from "../../../tests/setup/test-database";
import { createTestLogger } from "../../../tests/setup/test-logger";
import { manualClock } from "../../../tests/support/manual-clock";
import { admins, securityNotices } from "../../db/schema";
import { createAdminService } from "../auth/admins.server";
import { createSecurityLog } from "./security-log.server";
import { createSecurityNotices } from "./security-notices.server";

/** Security notices on the real database, by real SMTP to the sink: what is told, to whom, and only once. */

const database = withTestDatabase();
const SITE = { name: "Byline", url: "https://news.byline.test", timeZone: "Europe/Lisbon" } as const;
const firefox = {
  clientAddress: "203.0.113.44",
  userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
};

const mail = withMailSink();

beforeEach(() => resetDatabase(database.db));

async function setUp() {
  const clock = manualClock("2026-07-01T08:30:00.000Z");
  const log = createSecurityLog({ db: database.db, clock });
  const staff = createAdminService({ db: database.db, clock, securityLog: log });
  const notices = () =>
    createSecurityNotices({ db: database.db, clock, logger: createTestLogger().logger, mailer: mail.mailer, site: SITE });
  const maya = await staff.createAccount({
    username: "maya",
    password: "correct horse battery staple",
    role: "editor",
    displayName: "Maya Okafor",
    email: "maya@example.com",
  });
  await database.db.update(admins).set({ emailVerifiedAt: clock.now() }).where(eq(admins.id, maya));
  const ben = await staff.createAccount({
    username: "ben",
    password: "another long passphrase",
    role: "author",
    email: "ben@example.com",
  });
  return { clock, log, notices, maya: { id: maya, name: "maya" }, ben: { id: ben, name: "ben" } };
}

describe(`security notices on ${testDriver()}`, () => {
  it("mail the owner what changed, when, from which browser and address, once", async () => {
    const { log, notices, maya } = await setUp();
    await log.record({ kind: "password-changed", actor: maya, subject: maya, client: firefox });
    const service = notices();

    expect(await service.sendDue()).toBe(1);
    expect(await service.sendDue()).toBe(0);

    expect(mail.sink.messages).toHaveLength(1);
    const [message] = mail.sink.messages;
    expect(message?.envelope.to).toEqual(["maya@example.com"]);
    expect(message?.parsed.subject).toBe("Security notice for your Byline account");
    const text = message?.parsed.text ?? "";
    expect(text).toContain("Hi Maya Okafor,");
    expect(text).toContain("Your password was changed. This concerns your Byline account, maya.");
    expect(text).toContain("When: Jul 1, 2026, 9:30 AM GMT+1");
    expect(text).toContain("Browser: Firefox 133 on Windows");
    expect(text).toContain("Address: 203.0.113.44");
    expect(text).toContain("https://news.byline.test/auth/forgot");
  });

  it("name the second step that was added or removed, and tell of a reused app code", async () => {
    const { log, notices, maya } = await setUp();
    await log.record({
      kind: "second-step-added",
      subject: maya,
      client: firefox,
      detail: { method: "passkey", name: "Work laptop" },
    });
    await log.record({ kind: "second-step-removed", subject: maya, client: firefox, detail: { method: "app" } });
    await log.record({
      kind: "second-step-failed",
      subject: maya,
      client: firefox,
      detail: { method: "app", reason: "reused-code" },
    });
    await log.record({
      kind: "second-step-failed",
      subject: maya,
      client: firefox,
      detail: { method: "app", reason: "wrong-code" },
    });

    expect(await notices().sendDue()).toBe(4);

    expect(
      mail.sink.messages.map((message) => /Hi Maya Okafor,\s+(.+?) This concerns/s.exec(message.parsed.text ?? "")?.[1]),
    ).toEqual([
      'A second sign-in step was added to your account: the passkey "Work laptop".',
      "A second sign-in step was removed from your account: an authenticator app.",
      "Someone tried to sign in with a code from your authenticator app that had already been used, so it was refused.",
    ]);
  });

  it("tell nobody without a verified address, and nothing of events that change no way in", async () => {
    const { log, notices, ben, maya } = await setUp();
    await log.record({ kind: "password-changed", subject: ben, actor: ben, client: firefox });
    await log.record({
      kind: "role-changed",
      subject: maya,
      actor: ben,
      client: firefox,
      detail: { from: "editor", to: "author" },
    });
    await log.record({ kind: "sign-in", subject: maya, actor: maya, client: firefox });

    expect(await notices().sendDue()).toBe(1);

    expect(mail.sink.messages).toEqual([]);
    expect(await database.db.select({ status: securityNotices.status }).from(securityNotices)).toEqual([{ status: "skipped" }]);
  });

  it("are mailed once when two instances look at the same time", async () => {
    const { log, notices, maya } = await setUp();
    for (let i = 0; i < 3; i += 1) await log.record({ kind: "recovery-code-used", subject: maya, client: firefox });

    const handled = await Promise.all([notices().sendDue(), notices().sendDue()]);

    expect(handled[0]! + handled[1]!).toBe(3);
    expect(mail.sink.messages).toHaveLength(3);
  });

  it("leave alone events older than a day when first seen", async () => {
    const { clock, log, notices, maya } = await setUp();
    await log.record({ kind: "password-reset", subject: maya, client: firefox });
    clock.advance(25 * 60 * 60_000);

    expect(await notices().sendDue()).toBe(0);
    expect(mail.sink.messages).toEqual([]);
  });
});
