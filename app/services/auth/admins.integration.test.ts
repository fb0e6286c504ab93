import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDatabase, withTestDatabase } from "../../../tests/setup/test-database";
import { admins, authors } from "../../db/schema";
import { createAdminService } from "./admins.server";
import { verifyPassword } from "./passwords.server";

const database = withTestDatabase();

describe("ensureInitialAdmin", () => {
  beforeEach(() => resetDatabase(database.db));

  it("creates the first admin with a hashed password and an author profile", async () => {
    const service = createAdminService({ db: database.db });
    expect(await service.ensureInitialAdmin({ username: "Editor", password: "correct horse battery" })).toBe(true);

    const [admin] = await database.db.select().from(admins);
    expect(admin?.username).toBe("Editor");
    expect(admin?.passwordHash).not.toContain("correct horse battery");
    expect(await verifyPassword("correct horse battery", admin!.passwordHash)).toBe(true);
    const [author] = await database.db.select().from(authors).where(eq(authors.id, admin!.authorId));
    expect(author?.name).toBe("Editor");
    expect((await service.findByUsername("EDITOR"))?.id).toBe(admin?.id);
  });

  it("never overwrites an existing admin, and does nothing without variables", async () => {
    const service = createAdminService({ db: database.db });
    await service.ensureInitialAdmin({ username: "editor", password: "first password here" });
    expect(await service.ensureInitialAdmin({ username: "editor", password: "second password here" })).toBe(false);
    expect(await service.ensureInitialAdmin({ username: "other", password: "third password here" })).toBe(false);
    expect(await service.ensureInitialAdmin(undefined)).toBe(false);

    const rows = await database.db.select().from(admins);
    expect(rows).toHaveLength(1);
    expect(await verifyPassword("first password here", rows[0]!.passwordHash)).toBe(true);
  });
});
