import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDatabase, testDriver, withTestDatabase } from "../../../tests/setup/test-database";
import { manualClock } from "../../../tests/support/manual-clock";
import { securityEvents } from "../../db/schema";
import { createSecurityLog } from "./security-log.server";

const database = withTestDatabase();
const DAY = 86_400_000;
const ada = { id: 1, name: "ada" };
const ben = { id: 2, name: "ben" };
const browser = { clientAddress: "203.0.113.9", userAgent: "Mozilla/5.0 Firefox/133.0" };

describe(`the security log on ${testDriver()}`, () => {
  beforeEach(() => resetDatabase(database.db));

  it("keeps each event with its time, actor, subject, client address, browser and detail", async () => {
    const clock = manualClock("2026-05-01T08:00:00.000Z");
    const log = createSecurityLog({ db: database.db, clock });

    await log.record({
      kind: "role-changed",
      actor: ada,
      subject: ben,
      client: browser,
      detail: { from: "author", to: "editor" },
    });

    const { events, more } = await log.list({});
    expect(more).toBe(false);
    expect(events).toEqual([
      {
        id: 1,
        occurredAt: new Date("2026-05-01T08:00:00.000Z"),
        kind: "role-changed",
        actorId: 1,
        actorName: "ada",
        subjectId: 2,
        subjectName: "ben",
        clientAddress: "203.0.113.9",
        userAgent: "Mozilla/5.0 Firefox/133.0",
        detail: { from: "author", to: "editor" },
      },
    ]);
  });

  it("refuses to change a row: the table is append-only", async () => {
    const log = createSecurityLog({ db: database.db, clock: manualClock("2026-05-01T08:00:00.000Z") });
    await log.record({ kind: "sign-in-failed", subject: ben, client: browser });

    await expect(database.db.update(securityEvents).set({ kind: "sign-in" })).rejects.toThrow();
    const [row] = await database.db.select({ kind: securityEvents.kind }).from(securityEvents);
    expect(row?.kind).toBe("sign-in-failed");
  });

  it("narrows to a person (as actor or subject), a kind and a period, newest first, a page at a time", async () => {
    const clock = manualClock("2026-05-01T08:00:00.000Z");
    const log = createSecurityLog({ db: database.db, clock });
    await log.record({ kind: "sign-in", actor: ada, subject: ada });
    clock.advance(DAY);
    await log.record({ kind: "role-changed", actor: ada, subject: ben });
    clock.advance(DAY);
    await log.record({ kind: "sign-in", actor: ben, subject: ben });

    const kinds = async (filter: Parameters<typeof log.list>[0]) => (await log.list(filter)).events.map((e) => e.kind);
    expect(await kinds({ personId: ben.id })).toEqual(["sign-in", "role-changed"]);
    expect(await kinds({ personId: ada.id })).toEqual(["role-changed", "sign-in"]);
    expect(await kinds({ kind: "sign-in" })).toEqual(["sign-in", "sign-in"]);
    expect(await kinds({ from: new Date("2026-05-02T00:00:00.000Z"), until: new Date("2026-05-03T00:00:00.000Z") })).toEqual([
      "role-changed",
    ]);

    const first = await log.list({}, { limit: 2 });
    expect(first.more).toBe(true);
    const second = await log.list({}, { limit: 2, beforeId: first.events.at(-1)!.id });
    expect([...first.events, ...second.events].map((e) => e.id)).toEqual([3, 2, 1]);
    expect(second.more).toBe(false);

    const everything = [];
    for await (const event of log.each({})) everything.push(event.id);
    expect(everything).toEqual([3, 2, 1]);
  });

  it("forgets only the rows older than a year", async () => {
    const clock = manualClock("2025-01-01T00:00:00.000Z");
    const log = createSecurityLog({ db: database.db, clock });
    await log.record({ kind: "sign-in", subject: ada });
    clock.advance(2 * DAY);
    await log.record({ kind: "sign-out", subject: ada });
    clock.set("2026-01-02T12:00:00.000Z");

    expect(await log.pruneOld()).toBe(1);
    const rows = await database.db.execute<{ kind: string }>(sql`select kind from security_events`);
    expect(rows.rows.map((row) => row.kind)).toEqual(["sign-out"]);
  });
});
