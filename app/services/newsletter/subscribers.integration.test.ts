import { manualClock } from "../../../tests/support/manual-clock";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDatabase, withTestDatabase } from "../../../tests/setup/test-database";
import { newsletterSubscribers } from "../../db/schema";
import type { Clock } from "../index.server";
import { createRateLimiter } from "../rate-limits/rate-limiter.server";
import { createSubscriberService } from "./subscribers.server";

const database = withTestDatabase();

function subscriberService(clock: Clock) {
  return createSubscriberService({ db: database.db, clock, rateLimiter: createRateLimiter({ db: database.db, clock }) });
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

describe("subscribe", () => {
  beforeEach(() => resetDatabase(database.db));

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

  it("makes an unsubscribed address active again, keeping when it first signed up", async () => {
    const clock = manualClock("2025-03-01T09:00:00Z");
    const service = subscriberService(clock);
    await service.subscribe("reader@example.com");
    await database.db
      .update(newsletterSubscribers)
      .set({ status: "unsubscribed" })
      .where(eq(newsletterSubscribers.email, "reader@example.com"));

    clock.set("2025-04-15T18:30:00Z");
    await service.subscribe("READER@example.com");

    expect(await storedSubscribers()).toEqual([
      {
        email: "reader@example.com",
        status: "active",
        createdAt: new Date("2025-03-01T09:00:00Z"),
        updatedAt: new Date("2025-04-15T18:30:00Z"),
      },
    ]);
  });

  it("keeps different addresses apart and leaves other subscribers untouched", async () => {
    const clock = manualClock("2025-03-01T09:00:00Z");
    const service = subscriberService(clock);
    await service.subscribe("ada@example.com");
    clock.set("2025-03-03T09:00:00Z");
    await service.subscribe("grace@example.org");
    await service.subscribe("Ada@Example.com");

    expect(await storedSubscribers()).toEqual([
      {
        email: "ada@example.com",
        status: "active",
        createdAt: new Date("2025-03-01T09:00:00Z"),
        updatedAt: new Date("2025-03-03T09:00:00Z"),
      },
      {
        email: "grace@example.org",
        status: "active",
        createdAt: new Date("2025-03-03T09:00:00Z"),
        updatedAt: new Date("2025-03-03T09:00:00Z"),
      },
    ]);
  });

  it("handles the same address signing up twice at once without an error", async () => {
    const service = subscriberService(manualClock("2025-03-01T09:00:00Z"));

    await Promise.all([service.subscribe("Reader@Example.com"), service.subscribe("reader@example.com")]);

    expect((await storedSubscribers()).map((row) => row.email)).toEqual(["reader@example.com"]);
  });
});

describe("signUp", () => {
  beforeEach(() => resetDatabase(database.db));

  it("subscribes until the client address has used its budget, then refuses without storing the address", async () => {
    const clock = manualClock("2025-03-01T09:00:00Z");
    const service = subscriberService(clock);

    for (let i = 1; i <= 10; i++)
      expect(await service.signUp(`reader${i}@example.com`, "203.0.113.7")).toEqual({ outcome: "subscribed" });
    expect(await service.signUp("one-too-many@example.com", "203.0.113.7")).toEqual({
      outcome: "limited",
      retryAfterMs: 15 * 60_000,
    });
    expect(await service.signUp("neighbour@example.com", "203.0.113.8")).toEqual({ outcome: "subscribed" });

    const emails = (await storedSubscribers()).map((row) => row.email);
    expect(emails).toHaveLength(11);
    expect(emails).not.toContain("one-too-many@example.com");

    clock.set("2025-03-01T09:15:00Z");
    expect(await service.signUp("one-too-many@example.com", "203.0.113.7")).toEqual({ outcome: "subscribed" });
  });
});

describe("the Newsletter Management tab's lists", () => {
  beforeEach(() => resetDatabase(database.db));

  async function subscribeAt(
    service: ReturnType<typeof subscriberService>,
    clock: ReturnType<typeof manualClock>,
    emails: string[],
  ) {
    for (const email of emails) {
      await service.subscribe(email);
      clock.advance(60_000);
    }
  }

  it("counts total, active and unsubscribed; an empty list counts zeros", async () => {
    const clock = manualClock("2025-03-01T09:00:00Z");
    const service = subscriberService(clock);
    expect(await service.stats()).toEqual({ total: 0, active: 0, unsubscribed: 0 });
    await subscribeAt(service, clock, ["a@example.com", "b@example.com", "c@example.com"]);
    await database.db
      .update(newsletterSubscribers)
      .set({ status: "unsubscribed" })
      .where(eq(newsletterSubscribers.email, "b@example.com"));
    expect(await service.stats()).toEqual({ total: 3, active: 2, unsubscribed: 1 });
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
