import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { header, startSmtpSink, type SmtpMessage, type SmtpSink } from "../../../tests/fakes";
import { resetDatabase, withTestDatabase } from "../../../tests/setup/test-database";
import { createTestLogger } from "../../../tests/setup/test-logger";
import { manualClock, type ManualClock } from "../../../tests/support/manual-clock";
import { newsletterSubscribers } from "../../db/schema";
import { createMailer, type Mailer } from "../mail/mailer.server";
import { createRateLimiter } from "../rate-limits/rate-limiter.server";
import { CONFIRMATION_LINK_LIFETIME_MS } from "./confirmation-links.server";
import { createSubscriberService } from "./subscribers.server";

/**
 * Subscribers on the real database, with real SMTP to the sink: the spec's upsert (NEWSLETTER_DOUBLE_OPT_IN=false),
 * the double opt-in (pending, the confirmation message, its link), the throttle, and the tab's counts.
 */

const database = withTestDatabase();
const SITE = { name: "Byline", url: "https://news.byline.test" } as const;
const FROM = "Byline <newsletter@byline.test>";
const CONFIRM_LINK = new RegExp(
  `${SITE.url.replaceAll(".", "\\.")}/newsletter/confirm/([0-9a-z]+\\.[0-9a-z]+\\.[A-Za-z0-9_-]+)`,
  "g",
);
const MINUTE = 60_000;

let sink: SmtpSink;
let mailers: Mailer[] = [];

beforeEach(async () => {
  await resetDatabase(database.db);
  sink = await startSmtpSink();
});

afterEach(async () => {
  for (const mailer of mailers) mailer.close();
  mailers = [];
  await sink.close();
});

function subscriberService(clock: ManualClock, { doubleOptIn = true }: { doubleOptIn?: boolean } = {}) {
  const { logger, entries } = createTestLogger();
  const mailer = createMailer({ smtpUrl: sink.url, from: FROM, dataDir: path.join(tmpdir(), "byline-unused"), connections: 2 });
  mailers.push(mailer);
  const service = createSubscriberService({
    db: database.db,
    clock,
    rateLimiter: createRateLimiter({ db: database.db, clock }),
    signUp: { doubleOptIn, mailer, logger, site: SITE },
  });
  return Object.assign(service, { entries });
}

async function storedSubscribers() {
  return database.db
    .select({
      email: newsletterSubscribers.email,
      status: newsletterSubscribers.status,
      createdAt: newsletterSubscribers.createdAt,
      updatedAt: newsletterSubscribers.updatedAt,
    })
    .from(newsletterSubscribers)
    .orderBy(newsletterSubscribers.email);
}

async function statusOf(email: string) {
  const [row] = await database.db
    .select({ status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email));
  return row?.status;
}

async function setStatusOf(email: string, status: "active" | "pending" | "unsubscribed", at?: Date) {
  await database.db
    .update(newsletterSubscribers)
    .set({ status, ...(at ? { updatedAt: at } : {}) })
    .where(eq(newsletterSubscribers.email, email));
}

/** The confirmation token in a message, found the same in its HTML and its text. */
function confirmationToken(message: SmtpMessage): string {
  const inHtml = [...(message.parsed.html ?? "").matchAll(CONFIRM_LINK)].map((match) => match[1]);
  const inText = [...(message.parsed.text ?? "").matchAll(CONFIRM_LINK)].map((match) => match[1]);
  expect(new Set(inHtml), "one link in the HTML").toHaveProperty("size", 1);
  expect(new Set(inText), "the same link in the text").toEqual(new Set(inHtml));
  return inHtml[0]!;
}

describe("the spec's upsert (NEWSLETTER_DOUBLE_OPT_IN=false)", () => {
  it("stores a new address lower-cased and trimmed, active, at the clock's time", async () => {
    const clock = manualClock("2025-03-01T09:00:00Z");
    await subscriberService(clock).subscribe("  Reader@Example.com ");

    expect(await storedSubscribers()).toEqual([
      {
        email: "reader@example.com",
        status: "active",
        createdAt: new Date("2025-03-01T09:00:00Z"),
        updatedAt: new Date("2025-03-01T09:00:00Z"),
      },
    ]);
  });

  it("keeps one row when the same address signs up again in another case", async () => {
    const clock = manualClock("2025-03-01T09:00:00Z");
    const service = subscriberService(clock);

    await service.subscribe("Reader@Example.com");
    clock.set("2025-03-02T09:00:00Z");
    await service.subscribe("reader@example.com");

    expect(await storedSubscribers()).toEqual([
      {
        email: "reader@example.com",
        status: "active",
        createdAt: new Date("2025-03-01T09:00:00Z"),
        updatedAt: new Date("2025-03-02T09:00:00Z"),
      },
    ]);
  });

  it("signs up at once with no mail, and makes an unsubscribed address active again, as the spec did", async () => {
    const clock = manualClock("2025-03-01T09:00:00Z");
    const service = subscriberService(clock, { doubleOptIn: false });
    expect(await service.signUp("reader@example.com", "203.0.113.7")).toEqual({ outcome: "subscribed" });
    await setStatusOf("reader@example.com", "unsubscribed");

    clock.set("2025-04-15T18:30:00Z");
    expect(await service.signUp("READER@example.com", "203.0.113.7")).toEqual({ outcome: "subscribed" });
    await service.settled();

    expect(await storedSubscribers()).toEqual([
      {
        email: "reader@example.com",
        status: "active",
        createdAt: new Date("2025-03-01T09:00:00Z"),
        updatedAt: new Date("2025-04-15T18:30:00Z"),
      },
    ]);
    expect(sink.messages).toEqual([]);
  });

  it("handles the same address signing up twice at once without an error", async () => {
    const service = subscriberService(manualClock("2025-03-01T09:00:00Z"));

    await Promise.all([service.subscribe("Reader@Example.com"), service.subscribe("reader@example.com")]);

    expect((await storedSubscribers()).map((row) => row.email)).toEqual(["reader@example.com"]);
  });
});

describe("double opt-in", () => {
  it("keeps a new address pending and sends it one confirmation message; following the link makes it active", async () => {
    const clock = manualClock("2025-03-01T09:00:00Z");
    const service = subscriberService(clock);

    expect(await service.signUp(" Reader@Example.com ", "203.0.113.7")).toEqual({ outcome: "checkInbox" });
    await service.settled();

    expect(await storedSubscribers()).toEqual([
      {
        email: "reader@example.com",
        status: "pending",
        createdAt: new Date("2025-03-01T09:00:00Z"),
        updatedAt: new Date("2025-03-01T09:00:00Z"),
      },
    ]);
    expect(sink.messages).toHaveLength(1);
    const [message] = sink.messages as [SmtpMessage];
    expect(message.envelope).toEqual({ from: "newsletter@byline.test", to: ["reader@example.com"] });
    expect(message.parsed.to?.map((address) => address.address)).toEqual(["reader@example.com"]);
    expect(message.parsed.subject).toBe("Confirm your subscription to the Byline newsletter");
    expect(message.parsed.text).toContain("The link works for 7 days.");
    expect(header(message, "list-unsubscribe"), "nobody is subscribed yet").toBeUndefined();
    const token = confirmationToken(message);

    // Opening the link changes nothing; the page's button confirms.
    clock.advance(3 * 24 * 60 * MINUTE);
    expect(await service.confirmation(token)).toEqual({ outcome: "valid", email: "reader@example.com", active: false });
    expect(await statusOf("reader@example.com")).toBe("pending");
    expect(await service.confirm(token)).toEqual({ outcome: "valid", email: "reader@example.com", active: true });
    expect(await storedSubscribers()).toEqual([
      {
        email: "reader@example.com",
        status: "active",
        createdAt: new Date("2025-03-01T09:00:00Z"),
        updatedAt: new Date("2025-03-04T09:00:00Z"),
      },
    ]);
    expect(await service.stats()).toEqual({ total: 1, active: 1, pending: 0, unsubscribed: 0 });

    // Following it again is fine and changes nothing.
    clock.advance(MINUTE);
    expect(await service.confirm(token)).toEqual({ outcome: "valid", email: "reader@example.com", active: true });
    expect((await storedSubscribers())[0]?.updatedAt).toEqual(new Date("2025-03-04T09:00:00Z"));
  });

  it("refuses an expired link and changes nothing; a new sign-up sends a fresh link", async () => {
    const clock = manualClock("2025-03-01T09:00:00Z");
    const service = subscriberService(clock);
    await service.signUp("reader@example.com", "203.0.113.7");
    await service.settled();
    const token = confirmationToken(sink.messages[0]!);

    clock.advance(CONFIRMATION_LINK_LIFETIME_MS);
    expect(await service.confirmation(token), "valid for exactly 7 days").toMatchObject({ outcome: "valid" });
    clock.advance(1);
    expect(await service.confirmation(token)).toEqual({ outcome: "expired" });
    expect(await service.confirm(token)).toEqual({ outcome: "expired" });
    expect(await statusOf("reader@example.com")).toBe("pending");

    await service.signUp("reader@example.com", "203.0.113.7");
    await service.settled();
    expect(sink.messages).toHaveLength(2);
    expect(await service.confirm(confirmationToken(sink.messages[1]!))).toMatchObject({ outcome: "valid", active: true });
  });

  it("refuses a tampered link and changes nothing", async () => {
    const clock = manualClock("2025-03-01T09:00:00Z");
    const service = subscriberService(clock);
    await service.signUp("victim@example.com", "203.0.113.7");
    await service.signUp("attacker@example.com", "203.0.113.7");
    await service.settled();
    const attackers = confirmationToken(sink.messages.find((message) => message.envelope.to[0] === "attacker@example.com")!);
    const [id, issued, signature] = attackers.split(".") as [string, string, string];
    const victimId = (Number.parseInt(id, 36) === 1 ? 2 : 1).toString(36);
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === "A" ? "B" : "A"}${signature.at(-1)}`;
    const later = (Number.parseInt(issued, 36) + CONFIRMATION_LINK_LIFETIME_MS).toString(36);

    for (const forged of [
      `${victimId}.${issued}.${signature}`,
      `${id}.${later}.${signature}`,
      `${id}.${issued}.${flipped}`,
      `${id}.${issued}`,
      `${id}.${issued}.${signature}x`,
      `0${id}.${issued}.${signature}`,
      "not-a-token",
      `${(999).toString(36)}.${issued}.${signature}`,
    ]) {
      expect(await service.confirmation(forged), forged).toEqual({ outcome: "invalid" });
      expect(await service.confirm(forged), forged).toEqual({ outcome: "invalid" });
    }
    expect((await storedSubscribers()).map((row) => [row.email, row.status])).toEqual([
      ["attacker@example.com", "pending"],
      ["victim@example.com", "pending"],
    ]);
  });

  it("never re-activates an unsubscribed address by the form alone: it stays unsubscribed until the link is followed", async () => {
    const clock = manualClock("2025-03-01T09:00:00Z");
    const service = subscriberService(clock);
    await service.subscribe("reader@example.com");
    clock.advance(MINUTE);
    await setStatusOf("reader@example.com", "unsubscribed", clock.now());

    clock.advance(MINUTE);
    expect(await service.signUp("Reader@Example.com", "203.0.113.7")).toEqual({ outcome: "checkInbox" });
    await service.settled();
    expect(await statusOf("reader@example.com")).toBe("unsubscribed");
    expect(sink.messages.map((message) => message.envelope.to)).toEqual([["reader@example.com"]]);
    expect(await service.stats()).toEqual({ total: 1, active: 0, pending: 0, unsubscribed: 1 });

    const token = confirmationToken(sink.messages[0]!);
    expect(await service.confirm(token)).toEqual({ outcome: "valid", email: "reader@example.com", active: true });
    expect(await statusOf("reader@example.com")).toBe("active");
  });

  it("does not let a link issued before an unsubscription bring the address back", async () => {
    const clock = manualClock("2025-03-01T09:00:00Z");
    const service = subscriberService(clock);
    await service.signUp("reader@example.com", "203.0.113.7");
    await service.settled();
    const token = confirmationToken(sink.messages[0]!);
    expect(await service.confirm(token)).toMatchObject({ active: true });

    clock.advance(60 * MINUTE);
    await setStatusOf("reader@example.com", "unsubscribed", clock.now());
    clock.advance(MINUTE);
    expect(await service.confirmation(token)).toEqual({ outcome: "expired" });
    expect(await service.confirm(token)).toEqual({ outcome: "expired" });
    expect(await statusOf("reader@example.com")).toBe("unsubscribed");
  });

  it("sends nothing to an address that is already active, and answers the same", async () => {
    const clock = manualClock("2025-03-01T09:00:00Z");
    const service = subscriberService(clock);
    await service.subscribe("reader@example.com");

    clock.advance(MINUTE);
    expect(await service.signUp("READER@example.com", "203.0.113.7")).toEqual({ outcome: "checkInbox" });
    await service.settled();

    expect(sink.messages).toEqual([]);
    expect(await storedSubscribers()).toEqual([
      {
        email: "reader@example.com",
        status: "active",
        createdAt: new Date("2025-03-01T09:00:00Z"),
        updatedAt: new Date("2025-03-01T09:00:00Z"),
      },
    ]);
  });

  it("sends a new link to a reader who confirmed, unsubscribed and signs up again at once: a used link holds nothing back", async () => {
    const clock = manualClock("2025-03-01T09:00:00Z");
    const service = subscriberService(clock);
    await service.signUp("reader@example.com", "203.0.113.7");
    await service.settled();
    clock.advance(MINUTE);
    expect(await service.confirm(confirmationToken(sink.messages[0]!))).toMatchObject({ active: true });

    // From the first newsletter's unsubscribe link, then straight back through the form.
    clock.advance(MINUTE);
    const [row] = await database.db.select({ id: newsletterSubscribers.id }).from(newsletterSubscribers);
    await service.setStatus(row!.id, "unsubscribed");
    clock.advance(MINUTE);
    expect(await service.signUp("reader@example.com", "203.0.113.7")).toEqual({ outcome: "checkInbox" });
    await service.settled();

    expect(sink.messages, "a second confirmation, three minutes after the first").toHaveLength(2);
    expect(await service.confirm(confirmationToken(sink.messages[1]!))).toMatchObject({ active: true });
    expect(await statusOf("reader@example.com")).toBe("active");
  });

  it("tells a reader whose link is still waiting that it is still valid, and sends no second one", async () => {
    const clock = manualClock("2025-03-01T09:00:00Z");
    const service = subscriberService(clock);
    await service.signUp("reader@example.com", "203.0.113.7");
    await service.settled();
    clock.advance(4 * MINUTE);

    expect(await service.signUp("reader@example.com", "203.0.113.7")).toEqual({ outcome: "linkStillValid" });
    await service.settled();
    expect(sink.messages).toHaveLength(1);
    expect(await service.confirm(confirmationToken(sink.messages[0]!)), "the first link still works").toMatchObject({
      active: true,
    });
  });

  it("sends at most one confirmation per address every 10 minutes and 3 a day, whoever asks", async () => {
    const clock = manualClock("2025-03-01T09:00:00Z");
    const service = subscriberService(clock);
    const counts: number[] = [];
    async function signUpFrom(client: string, outcome: string) {
      expect(await service.signUp("victim@example.com", client)).toEqual({ outcome });
      await service.settled();
      counts.push(sink.messages.length);
    }

    // settled() waits for the sends already started: count once all three sign-ups have been answered.
    const answers = await Promise.all(
      ["203.0.113.1", "203.0.113.2", "203.0.113.3"].map((client) => service.signUp("victim@example.com", client)),
    );
    expect(answers.map((answer) => answer.outcome).sort(), "one sends the link, the others are told it is on its way").toEqual([
      "checkInbox",
      "linkStillValid",
      "linkStillValid",
    ]);
    await service.settled();
    expect(sink.messages, "three sign-ups at once send one message").toHaveLength(1);
    clock.advance(10 * MINUTE - 1);
    await signUpFrom("203.0.113.4", "linkStillValid");
    clock.advance(1);
    await signUpFrom("203.0.113.5", "checkInbox");
    clock.advance(10 * MINUTE);
    await signUpFrom("203.0.113.6", "checkInbox");
    clock.advance(10 * MINUTE);
    await signUpFrom("203.0.113.7", "linksToday");
    expect(counts, "the fourth in a day waits").toEqual([1, 2, 3, 3]);

    clock.set("2025-03-02T09:00:00Z");
    await signUpFrom("203.0.113.8", "checkInbox");
    expect(counts.at(-1), "a day after the first, a new window").toBe(4);
    expect(sink.messages.every((message) => message.envelope.to.join() === "victim@example.com")).toBe(true);
    expect(await statusOf("victim@example.com")).toBe("pending");
  });

  it("keeps the row when the message fails, logs without the address, and sends it on the next sign-up", async () => {
    const clock = manualClock("2025-03-01T09:00:00Z");
    const service = subscriberService(clock);
    sink.failNext(1, { code: 550, message: "5.1.1 <Reader@Example.com>: no such mailbox here" });

    expect(await service.signUp("reader@example.com", "203.0.113.7")).toEqual({ outcome: "checkInbox" });
    await service.settled();
    expect(sink.messages).toEqual([]);
    expect(await statusOf("reader@example.com")).toBe("pending");
    const warning = service.entries.find(
      (entry) => entry.msg === "a sign-up confirmation was not sent; the next sign-up sends it again",
    );
    expect(warning).toMatchObject({ level: 40, subscriberId: expect.any(Number) });
    expect(JSON.stringify(service.entries).toLowerCase()).not.toContain("reader@example.com");
    expect(warning?.reason).toContain("<[address]>: no such mailbox here");

    clock.advance(MINUTE);
    await service.signUp("reader@example.com", "203.0.113.7");
    await service.settled();
    expect(sink.messages.map((message) => message.envelope.to)).toEqual([["reader@example.com"]]);
  });

  it("counts the client's budget first: the eleventh sign-up in a quarter hour is refused without storing it", async () => {
    const clock = manualClock("2025-03-01T09:00:00Z");
    const service = subscriberService(clock);

    for (let i = 1; i <= 10; i++)
      expect(await service.signUp(`reader${i}@example.com`, "203.0.113.7")).toEqual({ outcome: "checkInbox" });
    expect(await service.signUp("one-too-many@example.com", "203.0.113.7")).toEqual({
      outcome: "limited",
      retryAfterMs: 15 * MINUTE,
    });
    expect(await service.signUp("neighbour@example.com", "203.0.113.8")).toEqual({ outcome: "checkInbox" });
    await service.settled();

    const emails = (await storedSubscribers()).map((row) => row.email);
    expect(emails).toHaveLength(11);
    expect(emails).not.toContain("one-too-many@example.com");
    expect(sink.messages).toHaveLength(11);

    clock.set("2025-03-01T09:15:00Z");
    expect(await service.signUp("one-too-many@example.com", "203.0.113.7")).toEqual({ outcome: "checkInbox" });
  });
});

describe("the Newsletter Management tab's lists", () => {
  async function subscribeAt(service: ReturnType<typeof subscriberService>, clock: ManualClock, emails: string[]) {
    for (const email of emails) {
      await service.subscribe(email);
      clock.advance(MINUTE);
    }
  }

  it("counts total, active, pending and unsubscribed; an empty list counts zeros", async () => {
    const clock = manualClock("2025-03-01T09:00:00Z");
    const service = subscriberService(clock);
    expect(await service.stats()).toEqual({ total: 0, active: 0, pending: 0, unsubscribed: 0 });
    await subscribeAt(service, clock, ["a@example.com", "b@example.com", "c@example.com"]);
    await setStatusOf("b@example.com", "unsubscribed");
    await service.signUp("d@example.com", "203.0.113.7");
    await service.settled();
    expect(await service.stats()).toEqual({ total: 4, active: 2, pending: 1, unsubscribed: 1 });
  });

  it("lists the newest first for the tab and everyone oldest first for the export", async () => {
    const clock = manualClock("2025-03-01T09:00:00Z");
    const service = subscriberService(clock);
    const emails = Array.from({ length: 12 }, (_, index) => `reader${index + 1}@example.com`);
    await subscribeAt(service, clock, emails);

    const recent = await service.recent(10);
    expect(recent.map((row) => row.email)).toEqual(emails.slice(2).reverse());
    expect(recent[0]).toMatchObject({ status: "active", createdAt: new Date("2025-03-01T09:11:00Z") });
    expect((await service.all()).map((row) => row.email)).toEqual(emails);
  });
});

describe("a subscriber by id, and confirmation links at their edges", () => {
  async function idOf(email: string): Promise<number> {
    const [row] = await database.db
      .select({ id: newsletterSubscribers.id })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email));
    return row!.id;
  }

  it("finds a subscriber and sets their status by id; an unknown id gives null", async () => {
    const clock = manualClock("2025-03-01T09:00:00Z");
    const service = subscriberService(clock);
    await service.subscribe("reader@example.com");
    const id = await idOf("reader@example.com");

    expect(await service.find(id)).toEqual({ email: "reader@example.com", status: "active" });
    clock.advance(MINUTE);
    expect(await service.setStatus(id, "unsubscribed")).toEqual({ email: "reader@example.com", status: "unsubscribed" });
    expect(await storedSubscribers()).toMatchObject([{ status: "unsubscribed", updatedAt: new Date("2025-03-01T09:01:00Z") }]);
    expect(await service.setStatus(id, "active")).toEqual({ email: "reader@example.com", status: "active" });
    expect(await service.find(id + 1)).toBeNull();
    expect(await service.setStatus(id + 1, "unsubscribed")).toBeNull();
  });

  it("names the confirmation message by subscriber and time, on the site's domain", async () => {
    const clock = manualClock("2025-03-01T09:00:00Z");
    const service = subscriberService(clock);
    await service.signUp("reader@example.com", "203.0.113.7");
    await service.settled();
    const id = await idOf("reader@example.com");
    expect(header(sink.messages[0]!, "message-id")).toBe(
      `<confirm-${id}-${Date.parse("2025-03-01T09:00:00Z").toString(36)}@news.byline.test>`,
    );
  });

  it("says an address already confirmed is active when its link is opened again", async () => {
    const clock = manualClock("2025-03-01T09:00:00Z");
    const service = subscriberService(clock);
    await service.signUp("reader@example.com", "203.0.113.7");
    await service.settled();
    const token = confirmationToken(sink.messages[0]!);
    await service.confirm(token);
    expect(await service.confirmation(token)).toEqual({ outcome: "valid", email: "reader@example.com", active: true });
  });

  it("refuses the link of a subscriber who is no longer stored", async () => {
    const clock = manualClock("2025-03-01T09:00:00Z");
    const service = subscriberService(clock);
    await service.signUp("reader@example.com", "203.0.113.7");
    await service.settled();
    const token = confirmationToken(sink.messages[0]!);
    await database.db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, "reader@example.com"));

    expect(await service.confirmation(token)).toEqual({ outcome: "invalid" });
    expect(await service.confirm(token)).toEqual({ outcome: "invalid" });
    expect(await storedSubscribers()).toEqual([]);
  });

  it("lets a link issued at the very moment of an unsubscription bring the address back (only an earlier one cannot)", async () => {
    const clock = manualClock("2025-03-01T09:00:00Z");
    const service = subscriberService(clock);
    await service.subscribe("reader@example.com");
    clock.advance(MINUTE);
    await setStatusOf("reader@example.com", "unsubscribed", clock.now());
    await service.signUp("reader@example.com", "203.0.113.7");
    await service.settled();
    const token = confirmationToken(sink.messages[0]!);

    expect(await service.confirmation(token)).toEqual({ outcome: "valid", email: "reader@example.com", active: false });
    expect(await service.confirm(token)).toEqual({ outcome: "valid", email: "reader@example.com", active: true });
    expect(await statusOf("reader@example.com")).toBe("active");
  });
});
