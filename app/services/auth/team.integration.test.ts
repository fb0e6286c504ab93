import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { withMailSink } from "../../../tests/support/mail-sink";
import { resetDatabase, withTestDatabase } from "../../../tests/setup/test-database";
import { createTestLogger } from "../../../tests/setup/test-logger";
import { insertArticles } from "../../../tests/support/article-factory";
import { manualClock, type ManualClock } from "../../../tests/support/manual-clock";
import { admins, articles, staffInvitations } from "../../db/schema";
import { createArticleService } from "../articles/articles.server";
import { createEditorialService } from "../articles/editorial.server";
import { AdminAccountError, createAdminService } from "./admins.server";
import { createInvitationService, INVITATION_LIFETIME_MS } from "./invitations.server";
import { createRateLimiter } from "../rate-limits/rate-limiter.server";
import { createStaffSignIn } from "./staff-sign-in.server";
import { createSecurityLog } from "../security/security-log.server";
import { createSessionService } from "./sessions.server";

/**
 * The team on the real database (both, in CI): invitations by real SMTP to the mail.sink and their one-time links,
 * suspension, the last administrator, two editors approving at once, and the provenance of an AI draft.
 */

const database = withTestDatabase();
const SITE = { name: "Byline", url: "https://news.byline.test" } as const;
const START = "2026-03-02T09:00:00.000Z";
const INVITE_LINK = /https:\/\/news\.byline\.test\/auth\/invite\/([0-9a-z]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/;

const mail = withMailSink();

beforeEach(() => resetDatabase(database.db));

function setUp(clock: ManualClock = manualClock(START)) {
  const staff = createAdminService({ db: database.db, clock });
  const sessions = createSessionService({ db: database.db, clock });
  const invitations = createInvitationService({
    db: database.db,
    clock,
    logger: createTestLogger().logger,
    mailer: mail.mailer,
    admins: staff,
    site: SITE,
  });
  const editorial = createEditorialService({ db: database.db, clock });
  return { clock, staff, sessions, invitations, editorial };
}

async function adminNamed(username: string) {
  const [row] = await database.db.select().from(admins).where(eq(admins.username, username));
  if (!row) throw new Error(`no account ${username}`);
  return row;
}

describe("invitations", () => {
  it("mails a one-time link, stores only its hash, and makes the account with the invited name and role", async () => {
    const { staff, invitations } = setUp();
    await staff.createAdmin("chief", "a long passphrase 1");
    const chief = await adminNamed("chief");

    const { link, mailed } = await invitations.invite(
      { name: "Jane Doe", email: "jane@example.com", role: "contributor" },
      chief.id,
    );

    expect(mailed).toBe(true);
    const [message] = await mail.sink.waitForMessages(1);
    expect(message!.envelope.to).toEqual(["jane@example.com"]);
    expect(message!.parsed.subject).toBe("You are invited to join Byline");
    expect(message!.parsed.text).toContain("chief invited you to join the Byline newsroom as a Contributor.");
    const token = INVITE_LINK.exec(message!.parsed.text ?? "")?.[1];
    expect(`${SITE.url}/auth/invite/${token}`).toBe(link);
    const [stored] = await database.db.select().from(staffInvitations);
    expect(JSON.stringify(stored)).not.toContain(token!.split(".")[1]);

    expect(await invitations.accept(token!, { username: "jane", password: "another long passphrase" })).toMatchObject({
      outcome: "accepted",
    });
    const jane = await staff.profile((await adminNamed("jane")).id);
    expect(jane).toMatchObject({
      displayName: "Jane Doe",
      role: "contributor",
      email: "jane@example.com",
      roleLine: "Contributor",
    });
  });

  it("refuses a used link, an expired link and a tampered one, and makes no account", async () => {
    const clock = manualClock(START);
    const { staff, invitations } = setUp(clock);
    await staff.createAdmin("chief", "a long passphrase 1");
    const chief = await adminNamed("chief");
    const first = await invitations.invite({ name: "Ann Writer", email: "ann@example.com", role: "author" }, chief.id);
    const second = await invitations.invite({ name: "Bob Writer", email: "bob@example.com", role: "author" }, chief.id);
    const tokenOf = (link: string) => link.split("/").pop()!;

    expect(await invitations.accept(tokenOf(first.link), { username: "ann", password: "another long passphrase" })).toMatchObject(
      {
        outcome: "accepted",
      },
    );
    expect(await invitations.accept(tokenOf(first.link), { username: "ann2", password: "another long passphrase" })).toEqual({
      outcome: "used",
    });

    const [id, secret, signature] = tokenOf(second.link).split(".") as [string, string, string];
    const flipped = (text: string) => `${text.slice(0, -2)}${text.at(-2) === "A" ? "B" : "A"}${text.at(-1)}`;
    expect(await invitations.check(`${id}.${flipped(secret)}.${signature}`)).toEqual({ outcome: "invalid" });
    expect(await invitations.check(`${id}.${secret}.${flipped(signature)}`)).toEqual({ outcome: "invalid" });
    expect(await invitations.check(`${(Number.parseInt(id, 36) + 1).toString(36)}.${secret}.${signature}`)).toEqual({
      outcome: "invalid",
    });

    clock.advance(INVITATION_LIFETIME_MS);
    expect(await invitations.accept(tokenOf(second.link), { username: "bob", password: "another long passphrase" })).toEqual({
      outcome: "expired",
    });
    expect((await staff.list()).map((person) => person.username)).toEqual(["ann", "chief"]);
  });

  it("lets a link be used once when it is opened twice at the same moment", async () => {
    const { staff, invitations } = setUp();
    await staff.createAdmin("chief", "a long passphrase 1");
    const { link } = await invitations.invite(
      { name: "Cat Writer", email: "cat@example.com", role: "author" },
      (await adminNamed("chief")).id,
    );
    const token = link.split("/").pop()!;

    const outcomes = await Promise.all([
      invitations.accept(token, { username: "cat", password: "another long passphrase" }).catch((error: unknown) => error),
      invitations.accept(token, { username: "cat2", password: "another long passphrase" }).catch((error: unknown) => error),
    ]);

    expect(outcomes.filter((outcome) => (outcome as { outcome?: string }).outcome === "accepted")).toHaveLength(1);
    expect((await staff.list()).map((person) => person.username).sort()).toHaveLength(2);
  });
});

describe("staff rules", () => {
  it("suspension ends every session at once and refuses new ones; reactivation lets the person in again", async () => {
    const { staff, sessions } = setUp();
    await staff.createAdmin("chief", "a long passphrase 1");
    await staff.createAdmin("writer", "a long passphrase 2", "author");
    const writer = await adminNamed("writer");
    const laptop = await sessions.create(writer.id);
    const phone = await sessions.create(writer.id);

    expect(await staff.suspend(writer.id)).toBe(2);

    expect(await sessions.find(laptop.token)).toBeNull();
    expect(await sessions.find(phone.token)).toBeNull();
    const later = await sessions.create(writer.id);
    expect(await sessions.find(later.token)).toBeNull();
    await staff.reactivate(writer.id);
    expect(await sessions.find(later.token)).toMatchObject({ username: "writer", role: "author" });
  });

  it("tells a suspended person who signs in with the right password, and gives them no session", async () => {
    const { staff, sessions, clock } = setUp();
    await staff.createAdmin("chief", "a long passphrase 1");
    await staff.createAdmin("writer", "a long passphrase 2", "author");
    await staff.suspend((await adminNamed("writer")).id);
    const rateLimiter = createRateLimiter({ db: database.db, clock });
    const securityLog = createSecurityLog({ db: database.db, clock });
    const { login } = createStaffSignIn({
      db: database.db,
      clock,
      admins: staff,
      sessions,
      rateLimiter,
      securityLog,
      delayMs: 0,
    });

    expect(await login.signIn({ username: "writer", password: "a long passphrase 2", clientAddress: "192.0.2.1" })).toEqual({
      outcome: "suspended",
    });
    expect(await login.signIn({ username: "writer", password: "wrong password!", clientAddress: "192.0.2.1" })).toEqual({
      outcome: "invalid",
    });
    expect(await sessions.countActive()).toEqual(new Map());
    const chief = await login.signIn({ username: "chief", password: "a long passphrase 1", clientAddress: "192.0.2.1" });
    expect(chief).toMatchObject({ outcome: "signed-in", username: "chief" });
    expect((await adminNamed("chief")).lastSignInAt).toEqual(clock.now());
  });

  it("a role change ends every session of that person, so they sign in again with the new role; no change ends none", async () => {
    const { staff, sessions } = setUp();
    await staff.createAdmin("chief", "a long passphrase 1");
    await staff.createAdmin("writer", "a long passphrase 2", "author");
    const chief = await adminNamed("chief");
    const writer = await adminNamed("writer");
    const laptop = await sessions.create(writer.id);
    const phone = await sessions.create(writer.id);
    const chiefs = await sessions.create(chief.id);

    expect(await staff.changeRole(writer.id, "author")).toBe(0);
    expect(await sessions.find(laptop.token)).toMatchObject({ role: "author" });
    expect(await staff.changeRole(writer.id, "editor")).toBe(2);

    expect(await sessions.find(laptop.token)).toBeNull();
    expect(await sessions.find(phone.token)).toBeNull();
    expect(await sessions.find(chiefs.token)).toMatchObject({ username: "chief" });
    const later = await sessions.create(writer.id);
    expect(await sessions.find(later.token)).toMatchObject({ role: "editor" });
  });

  it("changing one's own password ends the other sessions unless asked not to; the session in use gets a new token", async () => {
    const { staff, sessions } = setUp();
    await staff.createAdmin("writer", "a long passphrase 2", "author");
    const writer = await adminNamed("writer");
    const here = await sessions.create(writer.id);
    const elsewhere = await sessions.create(writer.id);
    const keep = createHash("sha256").update(here.token).digest("hex");

    await expect(
      staff.changeOwnPassword(writer.id, "not the passphrase", "a new passphrase 3", { keepSession: keep }),
    ).rejects.toMatchObject({ code: "WRONG_PASSWORD" });
    expect(
      await staff.changeOwnPassword(writer.id, "a long passphrase 2", "a new passphrase 3", {
        keepSession: keep,
        endOthers: false,
      }),
    ).toBe(0);
    expect(await sessions.find(elsewhere.token)).toMatchObject({ username: "writer" });
    expect(await staff.changeOwnPassword(writer.id, "a new passphrase 3", "a new passphrase 4", { keepSession: keep })).toBe(1);
    expect(await sessions.find(elsewhere.token)).toBeNull();

    const rotated = await sessions.rotate(here.token);
    expect(await sessions.find(here.token)).toBeNull();
    expect(await sessions.find(rotated!.token)).toMatchObject({ username: "writer", sessionId: here.sessionId });
  });

  it("keeps at least one active administrator", async () => {
    const { staff } = setUp();
    await staff.createAdmin("chief", "a long passphrase 1");
    const chief = await adminNamed("chief");

    for (const change of [
      () => staff.changeRole(chief.id, "editor"),
      () => staff.suspend(chief.id),
      () => staff.remove(chief.id),
    ]) {
      await expect(change()).rejects.toMatchObject({ code: "LAST_ADMINISTRATOR" });
    }
    await staff.createAdmin("deputy", "a long passphrase 2");
    await staff.changeRole(chief.id, "editor");
    expect((await adminNamed("chief")).role).toBe("editor");
  });

  it("deletes only someone without articles; someone with articles is suspended instead", async () => {
    const { staff } = setUp();
    await staff.createAdmin("chief", "a long passphrase 1");
    await staff.createAdmin("writer", "a long passphrase 2", "author");
    await staff.createAdmin("idle", "a long passphrase 3", "contributor");
    const writer = await adminNamed("writer");
    await insertArticles(database.db, { title: "Writer's story", authorId: writer.authorId });

    await expect(staff.remove(writer.id)).rejects.toBeInstanceOf(AdminAccountError);
    await expect(staff.remove(writer.id)).rejects.toMatchObject({ code: "HAS_ARTICLES" });
    await staff.remove((await adminNamed("idle")).id);
    expect((await staff.list()).map((person) => person.username)).toEqual(["chief", "writer"]);
  });
});

describe("review and provenance", () => {
  it("lets exactly one of two editors approving at once win, and records that one as the approver", async () => {
    const { staff, editorial } = setUp();
    await staff.createAdmin("ed1", "a long passphrase 1", "editor");
    await staff.createAdmin("ed2", "a long passphrase 2", "editor");
    const [ed1, ed2] = [await adminNamed("ed1"), await adminNamed("ed2")];
    const [draft] = await insertArticles(database.db, { title: "Submitted story", publishedAt: null, status: "in_review" });

    const outcomes = await Promise.all([
      editorial.transition(draft!.id, "publish", { by: ed1.id }),
      editorial.transition(draft!.id, "publish", { by: ed2.id }),
    ]);

    expect(outcomes.sort()).toEqual(["already", "done"]);
    const [row] = await database.db.select().from(articles).where(eq(articles.id, draft!.id));
    expect(row!.status).toBe("published");
    expect([ed1.id, ed2.id]).toContain(row!.approvedBy);
  });

  it("sends back with a note, takes a resubmission, and refuses steps the state machine does not allow", async () => {
    const { staff, editorial } = setUp();
    await staff.createAdmin("ed", "a long passphrase 1", "editor");
    const ed = await adminNamed("ed");
    const [draft] = await insertArticles(database.db, { title: "Freelance story", publishedAt: null });

    expect(await editorial.transition(draft!.id, "sendBack", { by: ed.id, note: "x" })).toBe("already");
    expect(await editorial.transition(draft!.id, "submit", { by: null, note: "Ready when you are" })).toBe("done");
    expect(await editorial.transition(draft!.id, "submit", { by: null })).toBe("already");
    expect(await editorial.transition(draft!.id, "sendBack", { by: ed.id, note: "Add a second source" })).toBe("done");
    expect(await editorial.findForEditing(draft!.id)).toMatchObject({ status: "draft", reviewNote: "Add a second source" });
    expect(await editorial.transition(draft!.id, "unpublish", { by: ed.id })).toBe("already");
    expect(await editorial.transition(draft!.id, "submit", { by: null })).toBe("done");
    expect(await editorial.transition(draft!.id, "publish", { by: ed.id })).toBe("done");
    expect(await editorial.findForEditing(draft!.id)).toMatchObject({ status: "published", reviewNote: "" });
  });

  it("keeps the AI text as written, measures the rewrite, and discloses the approver to readers", async () => {
    const { staff, editorial } = setUp();
    await staff.createAdmin("maya", "a long passphrase 1", "editor");
    const maya = await adminNamed("maya");
    await staff.updateProfile(maya.id, { displayName: "Maya Okafor", roleLine: "Editor", bio: "", avatar: "", links: [] });
    const original = { title: "Acme ships a chip", excerpt: "It is fast.", content: "The chip is fast and cheap." };
    const [draft] = await insertArticles(database.db, {
      ...original,
      publishedAt: null,
      status: "in_review",
      isAiGenerated: true,
      aiOriginal: original,
      aiRewrittenPercent: 0,
      reviewerId: maya.id,
    });

    const edited = {
      ...original,
      content: "The chip is quick.",
      category: "AI" as const,
      readTime: 5,
      sources: "",
      image: "",
      isFeatured: false,
      isPopular: false,
    };
    expect(await editorial.update(draft!.id, edited)).toBe("done");
    expect(await editorial.transition(draft!.id, "publish", { by: maya.id })).toBe("done");

    const [row] = await database.db.select().from(articles).where(eq(articles.id, draft!.id));
    expect(row!.aiOriginal).toEqual(original);
    expect(row!.content).toBe("The chip is quick.");
    // 13 words, "fast and cheap" rewritten: 3 of 13.
    expect(row!.aiRewrittenPercent).toBe(23);
    const page = await createArticleService({ db: database.db }).findPublished(draft!.id);
    expect(page!.aiDisclosure).toEqual({ approverName: "Maya Okafor", approvedAt: row!.approvedAt, rewrittenPercent: 23 });
  });
});
