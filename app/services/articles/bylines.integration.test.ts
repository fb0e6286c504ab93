import { readFileSync } from "node:fs";
import { asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { resetDatabase, withTestDatabase } from "../../../tests/setup/test-database";
import { admins, authors } from "../../db/schema";
import { accountlessAuthorId } from "./bylines.server";

const database = withTestDatabase();

/** The reserved bylines' migration, statement by statement, as the migrator runs it. */
const MIGRATION = readFileSync(new URL("../../../drizzle/0026_reserved_bylines.sql", import.meta.url), "utf8")
  .split("--> statement-breakpoint")
  .map((statement) => statement.trim())
  .filter(Boolean);

async function runMigration() {
  for (const statement of MIGRATION) await database.db.execute(sql.raw(statement));
}

describe("the reserved bylines' migration", () => {
  // Read before any test empties the tables: the database as the migrations left it.
  let fresh: { id: number | null; role?: string | undefined };
  beforeAll(async () => {
    const id = await accountlessAuthorId(database.db, "Correspondent");
    const [row] = id === null ? [] : await database.db.select({ role: authors.role }).from(authors).where(eq(authors.id, id));
    fresh = { id, role: row?.role };
  });

  it("gives a fresh newsroom the automated author as a profile without an account", () => {
    expect(fresh.id).not.toBeNull();
    expect(fresh.role).toBe("AI Correspondent");
  });

  it("renames a staff profile that took a reserved name after its account, and makes the automated author", async () => {
    await resetDatabase(database.db);
    const [squatter, other] = await database.db
      .insert(authors)
      .values([{ name: "correspondent" }, { name: "Maya Okafor" }])
      .returning({ id: authors.id });
    await database.db.insert(admins).values([
      { username: "squatter", passwordHash: "x", authorId: squatter!.id },
      { username: "maya", passwordHash: "x", authorId: other!.id },
    ]);

    await runMigration();

    expect(await database.db.select({ name: authors.name }).from(authors).orderBy(asc(authors.id))).toEqual([
      { name: "correspondent (squatter)" },
      { name: "Maya Okafor" },
      { name: "Correspondent" },
    ]);
    expect(await accountlessAuthorId(database.db, "Correspondent")).not.toBeNull();
  });

  it("keeps an automated author that is already there, with its articles", async () => {
    await resetDatabase(database.db);
    const [automated] = await database.db.insert(authors).values({ name: "Correspondent" }).returning({ id: authors.id });

    await runMigration();

    expect(await database.db.select({ id: authors.id }).from(authors)).toEqual([{ id: automated!.id }]);
  });
});
