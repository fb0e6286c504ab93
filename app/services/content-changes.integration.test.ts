import { afterEach, describe, expect, it, vi } from "vitest";
import { openSecondHandle, testDriver, withTestDatabase } from "../../tests/setup/test-database";
import { createTestLogger } from "../../tests/setup/test-logger";
import type { DatabaseHandle } from "../db/client.server";
import { createContentChanges, ECHO_WAIT_MS, type ContentChanges } from "./content-changes.server";

const database = withTestDatabase();
const started: ContentChanges[] = [];
const opened: DatabaseHandle[] = [];

afterEach(async () => {
  await Promise.all(started.splice(0).map((changes) => changes.stop()));
  await Promise.all(opened.splice(0).map((handle) => handle.close()));
});

async function instance(handle: DatabaseHandle): Promise<{ changes: ContentChanges; heard: () => number }> {
  const changes = createContentChanges({ database: handle, logger: createTestLogger().logger });
  let count = 0;
  changes.onChange(() => (count += 1));
  await changes.start();
  started.push(changes);
  return { changes, heard: () => count };
}

describe("content changes", () => {
  it("reach the announcing instance at once and another instance through the database, once each", async () => {
    const second = testDriver() === "postgres" ? await openSecondHandle(database.handle) : database.handle;
    if (second !== database.handle) opened.push(second);
    const one = await instance(database.handle);
    const two = await instance(second);

    await one.changes.announce();
    expect(one.heard(), "the announcing instance, at once").toBe(1);
    await vi.waitFor(() => expect(two.heard()).toBe(1), { timeout: 5_000 });

    await two.changes.announce();
    await vi.waitFor(() => expect(one.heard()).toBe(2), { timeout: 5_000 });
    // Give a stray echo of its own message time to arrive: an instance does not hear itself twice.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([one.heard(), two.heard()]).toEqual([2, 2]);
  });

  it("returns from an announcement once its own message came back, not after waiting it out", async () => {
    const one = await instance(database.handle);
    const startedAt = performance.now();
    await one.changes.announce();
    expect(performance.now() - startedAt).toBeLessThan(ECHO_WAIT_MS);
    expect(one.heard(), "its own message is not a second change").toBe(1);
  });

  it("stops hearing after stop", async () => {
    const one = await instance(database.handle);
    const two = await instance(database.handle);
    await two.changes.stop();
    await one.changes.announce();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(two.heard()).toBe(0);
  });
});
