import { beforeEach, describe, expect, it } from "vitest";
import { resetDatabase, testDriver, withTestDatabase } from "../../../tests/setup/test-database";
import { systemClock } from "../clock.server";
import { addressMoves } from "../../db/schema";
import { createOldAddressService, recordAddressMove } from "./old-addresses.server";

const database = withTestDatabase();
const at = new Date("2026-11-29T10:00:00Z");
const service = () => createOldAddressService({ db: database.db, clock: systemClock });
const move = (from: string, to: string) => database.db.transaction((tx) => recordAddressMove(tx, from, to, at));

describe(`moved addresses on ${testDriver()}`, () => {
  beforeEach(() => resetDatabase(database.db));

  it("sends the old address, its feeds and its query to the new one", async () => {
    await move("/category/ai", "/category/machine-learning");
    const addresses = service();
    expect(await addresses.movedTo("/category/ai")).toBe("/category/machine-learning");
    expect(await addresses.movedTo("/category/ai/")).toBe("/category/machine-learning");
    expect(await addresses.movedTo("/category/ai?page=2")).toBe("/category/machine-learning?page=2");
    expect(await addresses.movedTo("/category/ai/rss.xml")).toBe("/category/machine-learning/rss.xml");
    expect(await addresses.movedTo("/category/ai/feed.json")).toBe("/category/machine-learning/feed.json");
    expect(await addresses.movedTo("/category/cloud")).toBeNull();
    expect(await addresses.movedTo("/category/machine-learning")).toBeNull();
  });

  it("collapses a chain of renames into one hop, and a move back makes the first address live again", async () => {
    await move("/tag/a", "/tag/b");
    await move("/tag/b", "/tag/c");
    await move("/tag/c", "/tag/d");
    const addresses = service();
    for (const old of ["/tag/a", "/tag/b", "/tag/c"]) expect(await addresses.movedTo(old), old).toBe("/tag/d");

    await move("/tag/d", "/tag/a");
    expect(await addresses.movedTo("/tag/a")).toBeNull();
    for (const old of ["/tag/b", "/tag/c", "/tag/d"]) expect(await addresses.movedTo(old), old).toBe("/tag/a");
    const rows = await database.db.select().from(addressMoves);
    expect(rows.every((row) => row.fromPath !== row.toPath)).toBe(true);
  });

  it("records nothing when the address does not change, and nothing of a move whose transaction failed", async () => {
    await move("/ethics", "/ethics");
    await expect(
      database.db.transaction(async (tx) => {
        await recordAddressMove(tx, "/ethics", "/standards", at);
        throw new Error("the rename failed");
      }),
    ).rejects.toThrow("the rename failed");
    expect(await database.db.select().from(addressMoves)).toEqual([]);
  });
});
