import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { withMailSink } from "../../../tests/support/mail-sink";
import { resetDatabase, testDriver, withTestDatabase } from "../../../tests/setup/test-database";
import { createTestLogger } from "../../../tests/setup/test-logger";
import { manualClock } from "../../../tests/support/manual-clock";
import { admins } from "../../db/schema";
import { DEFAULT_SETTINGS } from "../../validation/site-settings";
import { createAdminService } from "../auth/admins.server";
import { createInvitationService } from "../auth/invitations.server";
import { createPasswordResetService } from "../auth/password-resets.server";
import { createSessionService } from "../auth/sessions.server";
import { createRateLimiter } from "../rate-limits/rate-limiter.server";
import { createSiteSettings } from "../settings/site-settings.server";
import { createSecurityLog } from "./security-log.server";

/**
 * What the staff, invitation, reset and settings services write to the security log as they change things: one row
 * per change, in the change's transaction, naming who asked, whose account and from which browser.
 */

const database = withTestDatabase();
const SITE = { name: "Byline", url: "https://news.byline.test" } as const;
const LINK = /https:\/\/news\.byline\.test\/auth\/(?:invite|reset)\/([0-9a-z]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/;
const browser = { clientAddress: "198.51.100.7", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0" };

const mail = withMailSink();

beforeEach(() => resetDatabase(database.db));

function setUp() {
  const clock = manualClock("2026-06-01T09:00:00.000Z");
  const securityLog = createSecurityLog({ db: database.db, clock });
  const logger = createTestLogger().logger;
  const staff = createAdminService({ db: database.db, clock, securityLog });
  const sessions = createSessionService({ db: database.db, clock });
  const invitations = createInvitationService({
    db: database.db,
    clock,
    logger,
    mailer: mail.mailer,
    admins: staff,
    site: SITE,
    securityLog,
  });
  const resets = createPasswordResetService({
    db: database.db,
    clock,
    logger,
    mailer: mail.mailer,
    rateLimiter: createRateLimiter({ db: database.db, clock }),
    sessions,
    site: SITE,
    delayMs: 0,
    securityLog,
  });
  const environment = { firstValues: {}, pinned: {}, pinnedBy: {}, mailFrom: undefined, schedule: undefined };
  const settings = createSiteSettings({ db: database.db, clock, logger, environment, securityLog });
  return { clock, securityLog, staff, invitations, resets, settings };
}

/** The log, oldest first, as the fields a person reads in it. */
async function logged(securityLog: ReturnType<typeof createSecurityLog>) {
  const { events } = await securityLog.list({});
  return events.reverse().map(({ kind, actorName, subjectName, clientAddress, userAgent, detail }) => ({
    kind,
    actorName,
    subjectName,
    clientAddress,
    userAgent,
    detail,
  }));
}

describe(`events the services record, on ${testDriver()}`, () => {
  it("records role changes, suspension, restoring and deleting, each with who asked and from where", async () => {
    const { securityLog, staff } = setUp();
    const chiefId = await staff.createAccount({ username: "chief", password: "a long passphrase 1", role: "administrator" });
    const annId = await staff.createAccount({ username: "ann", password: "a long passphrase 2", role: "author" });
    const by = { actor: { id: chiefId, name: "chief" }, client: browser };

    await staff.changeRole(annId, "editor", by);
    await staff.changeRole(annId, "editor", by); // no change, nothing recorded
    await staff.suspend(annId, by);
    await staff.reactivate(annId, by);
    await staff.reactivate(annId, by); // not suspended: nothing recorded
    await staff.remove(annId, by);

    const who = { actorName: "chief", subjectName: "ann", ...browser };
    expect(await logged(securityLog)).toEqual([
      { kind: "role-changed", ...who, detail: { from: "author", to: "editor" } },
      { kind: "account-suspended", ...who, detail: {} },
      { kind: "account-restored", ...who, detail: {} },
      { kind: "account-deleted", ...who, detail: {} },
    ]);
  });

  it("records nothing when the change is refused, as the change itself is not made", async () => {
    const { securityLog, staff } = setUp();
    const chiefId = await staff.createAccount({ username: "chief", password: "a long passphrase 1", role: "administrator" });

    await expect(staff.changeRole(chiefId, "author", { actor: { id: chiefId, name: "chief" } })).rejects.toThrow(
      "The newsroom needs at least one active administrator.",
    );

    expect(await logged(securityLog)).toEqual([]);
  });

  it("records an invitation sent and accepted, and a password changed at the shell", async () => {
    const { securityLog, staff, invitations } = setUp();
    const chiefId = await staff.createAccount({ username: "chief", password: "a long passphrase 1", role: "administrator" });

    const { link } = await invitations.invite(
      { name: "Jane Reporter", email: "jane@example.com", role: "contributor" },
      chiefId,
      {
        actor: { id: chiefId, name: "chief" },
        client: browser,
      },
    );
    const token = LINK.exec(link)?.[1];
    expect(
      await invitations.accept(token!, { username: "jane", password: "another long passphrase" }, { client: browser }),
    ).toMatchObject({ outcome: "accepted" });
    await staff.changePassword("jane", "a third long passphrase");

    expect(await logged(securityLog)).toEqual([
      {
        kind: "invitation-sent",
        actorName: "chief",
        subjectName: "",
        ...browser,
        detail: { name: "Jane Reporter", email: "jane@example.com", role: "contributor" },
      },
      { kind: "invitation-accepted", actorName: "jane", subjectName: "jane", ...browser, detail: { role: "contributor" } },
      {
        kind: "password-reset",
        actorName: "",
        subjectName: "jane",
        clientAddress: "",
        userAgent: "",
        detail: { by: "the server's shell" },
      },
    ]);
  });

  it("records a reset link asked for (only for an account that gets one) and the password it set", async () => {
    const { securityLog, staff, resets } = setUp();
    const annId = await staff.createAccount({
      username: "ann",
      password: "the old passphrase",
      role: "editor",
      email: "ann@example.com",
    });
    await database.db
      .update(admins)
      .set({ emailVerifiedAt: new Date("2026-05-01T00:00:00Z") })
      .where(eq(admins.id, annId));

    await resets.request("nobody-here", browser.clientAddress, browser.userAgent);
    await resets.request("ann@example.com", browser.clientAddress, browser.userAgent);
    await resets.settled();
    const token = LINK.exec(mail.sink.messages[0]?.parsed.text ?? "")?.[1];
    expect(await resets.complete(token!, "a brand new passphrase", { client: browser })).toMatchObject({ outcome: "reset" });

    expect(await logged(securityLog)).toEqual([
      { kind: "password-reset-requested", actorName: "", subjectName: "ann", ...browser, detail: {} },
      { kind: "password-reset", actorName: "ann", subjectName: "ann", ...browser, detail: { sessionsEnded: 0 } },
    ]);
  });

  it("records a settings save that changed something, naming the fields, and not one that changed nothing", async () => {
    const { securityLog, staff, settings } = setUp();
    const chiefId = await staff.createAccount({ username: "chief", password: "a long passphrase 1", role: "administrator" });
    const by = { actor: { id: chiefId, name: "chief" }, client: browser };

    await settings.save(chiefId, { ...DEFAULT_SETTINGS, siteName: "The Ledger", tagline: "News that adds up" }, 1, by);
    await settings.save(chiefId, { ...DEFAULT_SETTINGS, siteName: "The Ledger", tagline: "News that adds up" }, 2, by);

    expect(await logged(securityLog)).toEqual([
      {
        kind: "settings-changed",
        actorName: "chief",
        subjectName: "",
        ...browser,
        detail: { fields: "siteName, tagline", version: 2 },
      },
    ]);
  });
});
