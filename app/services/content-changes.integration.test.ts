import { afterEach, describe, expect, it, vi } from "vitest";
import { openSecondHandle, testDriver, withTestDatabase } from "../../tests/setup/test-database";
import { createTestLogger } from "../../tests/setup/test-logger";
import type { DatabaseHandle } from "../db/client.server";
import { sql } from "drizzle-orm";
import { CONTENT_CHANGE_HEARD, CONTENT_CHANNEL, createContentChanges, type ContentChanges } from "./content-changes.server";

const database = withTestDatabase();
const started: ContentChanges[] = [];
const opened: DatabaseHandle[] = [];

afterEach(async () => {
  await Promise.all(started.splice(0).map((changes) => changes.stop()));
  await Promise.all(opened.splice(0).map((handle) => handle.close()));
});

async function instance(
  handle: DatabaseHandle,
): Promise<{ changes: ContentChanges; heard: () => number; logged: () => Record<string, unknown>[] }> {
  const { logger, entries } = createTestLogger();
  const changes = createContentChanges({ database: handle, logger });
  let count = 0;
  changes.onChange(() => (count += 1));
  await changes.start();
  started.push(changes);
  return { changes, heard: () => count, logged: () => entries.filter((entry) => entry.msg === CONTENT_CHANGE_HEARD) };
}

/** A message on the channel that no instance sent: each listener hears it after everything sent before it. */
async function marker(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(sql`select pg_notify(${CONTENT_CHANNEL}, 'marker')`);
}

describe("content changes", () => {
  it("reach the announcing instance at once and another instance through the database, once each", async () => {
    const second = testDriver() === "postgres" ? await openSecondHandle(database.handle) : database.handle;
    if (second !== database.handle) opened.push(second);
    const one = await instance(database.handle);
    const two = await instance(second);

    expect(await one.changes.announce(), "its own message came back").toBe(true);
    expect(one.heard(), "the announcing instance, at once").toBe(1);
    await vi.waitFor(() => expect(two.heard()).toBe(1), { timeout: 5_000 });

    expect(await two.changes.announce(), "its own message came back").toBe(true);
    await vi.waitFor(() => expect(one.heard()).toBe(2), { timeout: 5_000 });
    // The queue is delivered in order: once both have heard a later marker, any stray echo of their own
    // announcements has arrived too. An instance does not hear itself twice.
    await marker(second);
    await vi.waitFor(() => expect([one.heard(), two.heard()].every((count) => count >= 3)).toBe(true), { timeout: 5_000 });
    expect([one.heard(), two.heard()]).toEqual([3, 3]);
    // Each logs (at debug level) what it heard from elsewhere, never its own echo: the line a test of two
    // servers waits for.
    expect(one.logged().map((entry) => entry.payload)).toEqual([expect.stringMatching(/^[0-9a-f-]{36}:1$/), "marker"]);
    expect(two.logged().map((entry) => entry.payload)).toEqual([expect.stringMatching(/^[0-9a-f-]{36}:1$/), "marker"]);
    expect(one.logged()[0]!.payload).not.toBe(two.logged()[0]!.payload);
  });

  it("returns from an announcement once its own message came back, not after waiting it out", async () => {
    const one = await instance(database.handle);
    expect(await one.changes.announce(), "heard back, not given up after ECHO_WAIT_MS").toBe(true);
    expect(one.heard(), "its own message is not a second change").toBe(1);
  });

  it("does not wait for an echo when it is not listening", async () => {
    const changes = createContentChanges({ database: database.handle, logger: createTestLogger().logger });
    let heard = 0;
    changes.onChange(() => (heard += 1));
    expect(await changes.announce()).toBe(false);
    expect(heard, "this instance is told at once all the same").toBe(1);
  });

  it("stops hearing after stop", async () => {
    const one = await instance(database.handle);
    const two = await instance(database.handle);
    const three = await instance(database.handle);
    await two.changes.stop();
    await marker(database.handle);
    // The marker reached the instances still listening; two, stopped, hears nothing.
    await vi.waitFor(() => expect([one.heard(), three.heard()]).toEqual([1, 1]), { timeout: 5_000 });
    expect(two.heard()).toBe(0);
  });
});
