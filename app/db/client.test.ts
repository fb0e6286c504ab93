import { rmSync, writeFileSync, existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { DatabaseInUseError, openDatabase } from "./client.server";
import { freshTestDir } from "../../tests/support/test-dirs";

const dirs: string[] = [];
function freshDataDir(): string {
  const dir = freshTestDir("client");
  dirs.push(dir);
  return path.join(dir, "db");
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the embedded database", () => {
  it("bounds its write-ahead log from the first start", async () => {
    const dataDir = freshDataDir();
    const database = await openDatabase({ driver: "pglite", dataDir });
    try {
      const { rows } = await database.db.execute<{ max_wal_size: string }>(sql`show max_wal_size`);
      expect(rows[0]?.max_wal_size).toBe("64MB");
    } finally {
      await database.close();
    }
  }, 30_000);

  it("refuses a second process while the first holds it, and releases it on close", async () => {
    const dataDir = freshDataDir();
    const database = await openDatabase({ driver: "pglite", dataDir });
    const lockFile = `${dataDir}.lock`;
    expect(readFileSync(lockFile, "utf8")).toBe(String(process.pid));
    // A lock held by another live process (our parent stands in for it).
    writeFileSync(lockFile, String(process.ppid));
    await expect(openDatabase({ driver: "pglite", dataDir })).rejects.toThrow(DatabaseInUseError);
    await expect(openDatabase({ driver: "pglite", dataDir })).rejects.toThrow(
      `The embedded database in ${dataDir} is in use by another Byline process (pid ${process.ppid}).`,
    );
    writeFileSync(lockFile, String(process.pid));
    await database.close();
    expect(existsSync(lockFile)).toBe(false);
  }, 30_000);

  it("takes over a lock left by a process that no longer runs", async () => {
    const dataDir = freshDataDir();
    writeFileSync(`${dataDir}.lock`, "999999999");
    const database = await openDatabase({ driver: "pglite", dataDir });
    expect(readFileSync(`${dataDir}.lock`, "utf8"), "the lock is ours now").toBe(String(process.pid));
    await expect(database.ping()).resolves.toBeUndefined();
    await database.close();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  }, 30_000);
});

describe("the migrations' journal", () => {
  // drizzle's migrator applies only the migrations whose `when` is later than the last one the database has
  // applied: a migration dated earlier would be skipped on every database made by an earlier release, and only a
  // fresh database would have it.
  it("dates every migration after the one before it, in the order of their numbers", () => {
    const journal = JSON.parse(readFileSync(path.join(import.meta.dirname, "../../drizzle/meta/_journal.json"), "utf8")) as {
      entries: { idx: number; when: number; tag: string }[];
    };
    journal.entries.forEach((entry, index) => {
      expect(entry.idx).toBe(index);
      expect(entry.tag.startsWith(String(index).padStart(4, "0"))).toBe(true);
      if (index > 0) expect(entry.when).toBeGreaterThan(journal.entries[index - 1]!.when);
    });
  });
});
