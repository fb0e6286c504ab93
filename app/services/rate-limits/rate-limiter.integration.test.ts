import { createHash } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDatabase, withTestDatabase } from "../../../tests/setup/test-database";
import { rateLimits } from "../../db/schema";
import { NEWSLETTER_SIGNUP_LIMIT } from "../newsletter/subscribers.server";
import { createRateLimiter, type RateLimitPolicy } from "./rate-limiter.server";

const database = withTestDatabase();

const START = new Date("2025-03-01T12:00:00Z");
const policy: RateLimitPolicy = { bucket: "test-signup", limit: 3, windowMs: 60_000 };
const reader = "203.0.113.7";
const neighbour = "2001:db8::42";

/** A clock the test moves forward by hand: no sleeping, no fake timers. */
function fakeClock() {
  let current = START;
  return {
    now: () => current,
    advance(ms: number) {
      current = new Date(current.getTime() + ms);
    },
  };
}

function setUp() {
  const clock = fakeClock();
  return { clock, limiter: createRateLimiter({ db: database.db, clock }) };
}

async function hitTimes(limiter: ReturnType<typeof createRateLimiter>, times: number, address = reader, rules = policy) {
  const decisions = [];
  for (let i = 0; i < times; i++) decisions.push(await limiter.hit(rules, address));
  return decisions;
}

describe("rate limiter", () => {
  beforeEach(() => resetDatabase(database.db));

  it("allows up to the limit within a window, then refuses with the time left in the window", async () => {
    const { clock, limiter } = setUp();

    expect(await limiter.hit(policy, reader)).toEqual({ allowed: true, retryAfterMs: 0 });
    clock.advance(10_000);
    expect(await hitTimes(limiter, 2)).toEqual([
      { allowed: true, retryAfterMs: 0 },
      { allowed: true, retryAfterMs: 0 },
    ]);

    clock.advance(5_000);
    expect(await limiter.hit(policy, reader)).toEqual({ allowed: false, retryAfterMs: 45_000 });
    clock.advance(44_999);
    expect(await limiter.hit(policy, reader)).toEqual({ allowed: false, retryAfterMs: 1 });
  });

  it("starts a new window once windowMs has passed since the first hit", async () => {
    const { clock, limiter } = setUp();
    await hitTimes(limiter, 4);

    clock.advance(60_000);
    expect(await hitTimes(limiter, 3)).toEqual([
      { allowed: true, retryAfterMs: 0 },
      { allowed: true, retryAfterMs: 0 },
      { allowed: true, retryAfterMs: 0 },
    ]);
    clock.advance(20_000);
    expect(await limiter.hit(policy, reader)).toEqual({ allowed: false, retryAfterMs: 40_000 });
  });

  it("counts each address separately", async () => {
    const { limiter } = setUp();
    await hitTimes(limiter, 3, reader);

    expect(await limiter.hit(policy, reader)).toMatchObject({ allowed: false });
    expect(await limiter.hit(policy, neighbour)).toEqual({ allowed: true, retryAfterMs: 0 });
  });

  it("counts each bucket separately for the same address", async () => {
    const { limiter } = setUp();
    const other: RateLimitPolicy = { bucket: "test-contact", limit: 1, windowMs: 60_000 };
    await hitTimes(limiter, 3, reader, policy);

    expect(await limiter.hit(other, reader)).toEqual({ allowed: true, retryAfterMs: 0 });
    expect(await limiter.hit(other, reader)).toMatchObject({ allowed: false });
    expect(await limiter.hit(policy, reader)).toMatchObject({ allowed: false });
  });

  it("never stores the client's address", async () => {
    const { limiter } = setUp();
    await limiter.hit(policy, reader);
    await limiter.hit(policy, neighbour);

    const rows = await database.db.select().from(rateLimits);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.clientKey).not.toContain(reader);
      expect(row.clientKey).not.toContain(neighbour);
      expect(row.clientKey).not.toContain("203.0.113");
      expect(row.clientKey).not.toContain("2001:db8");
    }
    expect(new Set(rows.map((row) => row.clientKey)).size).toBe(2);
    // The key is the first 32 hex digits of the address's SHA-256.
    const expected = (address: string) => createHash("sha256").update(address).digest("hex").slice(0, 32);
    expect(rows.map((row) => row.clientKey).sort()).toEqual([expected(reader), expected(neighbour)].sort());
  });

  it("counts concurrent hits exactly, refusing all beyond the limit", async () => {
    const { limiter } = setUp();

    const decisions = await Promise.all(Array.from({ length: 8 }, () => limiter.hit(policy, reader)));

    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(3);
    expect(decisions.filter((decision) => !decision.allowed)).toHaveLength(5);
  });

  it("lets a reader sign up to the newsletter 10 times in 15 minutes, not 11", async () => {
    const { clock, limiter } = setUp();
    const decisions = await hitTimes(limiter, 10, reader, NEWSLETTER_SIGNUP_LIMIT);
    expect(decisions.every((decision) => decision.allowed)).toBe(true);

    clock.advance(5 * 60_000);
    expect(await limiter.hit(NEWSLETTER_SIGNUP_LIMIT, reader)).toEqual({ allowed: false, retryAfterMs: 10 * 60_000 });
  });

  describe("prune", () => {
    it("removes windows that started before the given time and keeps newer ones counting", async () => {
      const { clock, limiter } = setUp();
      await hitTimes(limiter, 4, reader);
      clock.advance(30 * 60_000);
      await hitTimes(limiter, 4, neighbour);

      const removed = await limiter.prune(new Date(START.getTime() + 10 * 60_000));

      expect(removed).toBe(1);
      expect(await database.db.select().from(rateLimits)).toHaveLength(1);
      expect(await limiter.hit(policy, neighbour)).toMatchObject({ allowed: false });
      expect(await limiter.hit(policy, reader)).toEqual({ allowed: true, retryAfterMs: 0 });
    });

    it("removes nothing when every window is newer", async () => {
      const { limiter } = setUp();
      await limiter.hit(policy, reader);

      expect(await limiter.prune(START)).toBe(0);
      expect(await database.db.select().from(rateLimits)).toHaveLength(1);
    });
  });
});
