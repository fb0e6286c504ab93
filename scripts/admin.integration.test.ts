import { systemClock } from "~/services/clock.server";
import { rmSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../app/db/client.server";
import { createAdminService } from "../app/services/auth/admins.server";
import { verifyPassword } from "../app/services/auth/passwords.server";
import { createSessionService } from "../app/services/auth/sessions.server";
import { runScript, type CommandResult } from "../tests/support/run-script";
import { newMigratedDataDir, scriptBundles } from "../tests/setup/test-database";
import { freshTestDir } from "../tests/support/test-dirs";

const PASSWORD = "first secret passphrase";
const NEW_PASSWORD = "second secret passphrase";

// The CLI opens the database itself, so one run is enough: PGlite, under a fresh DATA_DIR for each test,
// so every test passes alone and in any order.
describe.skipIf(process.env.TEST_DB_DRIVER === "postgres")("npm run admin", { timeout: 180_000 }, () => {
  const dataDirs: string[] = [];
  const bundles = scriptBundles();

  /**
   * A fresh newsroom folder for one test: empty, or with a migrated database in it (copied from the run's template,
   * so the command does not spend seconds migrating where the test is about something else).
   */
  function freshDataDir({ migrated = false } = {}): string {
    const dataDir = freshTestDir("admin-cli");
    if (migrated) newMigratedDataDir(dataDir);
    dataDirs.push(dataDir);
    return dataDir;
  }

  /**
   * Runs `npm run admin -- ...args` on `dataDir` (on the run's bundle, tests/support/run-script.ts), with `stdin` piped in.
   * Whatever it prints, it never prints a password.
   */
  async function admin(dataDir: string, args: string[], stdin = ""): Promise<CommandResult> {
    const result = await runScript("admin", args, { DATA_DIR: dataDir, SEED_CONTENT: "none" }, { stdin, bundles });
    for (const secret of [PASSWORD, NEW_PASSWORD, "too short"]) {
      expect(result.stdout, `npm run admin -- ${args.join(" ")}`).not.toContain(secret);
      expect(result.stderr, `npm run admin -- ${args.join(" ")}`).not.toContain(secret);
    }
    return result;
  }

  /** A newsroom with the admin "Editor" (password PASSWORD), made by the CLI itself. */
  async function newsroomWithEditor(): Promise<string> {
    const dataDir = freshDataDir({ migrated: true });
    expect((await admin(dataDir, ["create", "Editor", "--password-stdin"], `${PASSWORD}\n`)).code).toBe(0);
    return dataDir;
  }

  /** Opens the embedded database the CLI wrote, for a look, and closes it again so the CLI can open it next. */
  async function withDatabase<T>(dataDir: string, work: (database: DatabaseHandle) => Promise<T>): Promise<T> {
    const database = await openDatabase({ driver: "pglite", dataDir: path.join(dataDir, "db") });
    try {
      return await work(database);
    } finally {
      await database.close();
    }
  }

  afterAll(() => {
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  });

  it("creates an admin from a piped password", async () => {
    const dataDir = freshDataDir();
    const result = await admin(dataDir, ["create", "Editor", "--password-stdin"], `${PASSWORD}\n`);

    expect(result).toEqual({
      code: 0,
      stdout: 'Created the admin "Editor" with an author profile. Sign in at http://localhost:3000/admin\n',
      stderr: "",
    });
    await withDatabase(dataDir, async ({ db }) => {
      const editor = await createAdminService({ db, clock: systemClock }).findByUsername("editor");
      expect(editor?.username).toBe("Editor");
      expect(await verifyPassword(PASSWORD, editor!.passwordHash)).toBe(true);
    });
  });

  it("refuses a name that is taken in another letter case", async () => {
    const dataDir = await newsroomWithEditor();
    const result = await admin(dataDir, ["create", "EDITOR", "--password-stdin"], `${NEW_PASSWORD}\n`);

    expect(result).toEqual({ code: 1, stdout: "", stderr: 'An account named "EDITOR" already exists.\n' });
  });

  it("refuses a short password, a bad name, and a password it cannot ask for", async () => {
    const dataDir = await newsroomWithEditor();
    const [short, badName, noTerminal] = await Promise.all([
      admin(dataDir, ["create", "Reporter", "--password-stdin"], "too short\n"),
      admin(dataDir, ["create", "bad name!", "--password-stdin"], `${NEW_PASSWORD}\n`),
      admin(dataDir, ["create", "Reporter"]),
    ]);

    expect(short).toEqual({ code: 1, stdout: "", stderr: "The password must be at least 12 characters.\n" });
    expect(badName).toEqual({ code: 1, stdout: "", stderr: "The username may use only letters, digits and . _ @ -.\n" });
    expect(noTerminal).toEqual({
      code: 1,
      stdout: "",
      stderr: "There is no terminal to ask for the password: pipe it in with --password-stdin.\n",
    });
    await withDatabase(dataDir, async ({ db }) => {
      expect((await createAdminService({ db, clock: systemClock }).list()).map((row) => row.username)).toEqual(["Editor"]);
    });
  });

  it("lists the admins with their author and active sessions", async () => {
    const dataDir = await newsroomWithEditor();
    await withDatabase(dataDir, async ({ db }) => {
      const editor = await createAdminService({ db, clock: systemClock }).findByUsername("editor");
      await createSessionService({ db, clock: { now: () => new Date() } }).create(editor!.id);
    });

    const result = await admin(dataDir, ["list"]);

    expect(result.code).toBe(0);
    expect(result.stderr).toBe("");
    expect(result.stdout).toMatch(/^Editor\tadministrator\tauthor "Editor"\tcreated \d{4}-\d{2}-\d{2}\t1 active session\n$/);
  });

  it("sets a new password from stdin and ends the admin's sessions", async () => {
    const dataDir = await newsroomWithEditor();
    await withDatabase(dataDir, async ({ db }) => {
      const editor = await createAdminService({ db, clock: systemClock }).findByUsername("editor");
      await createSessionService({ db, clock: { now: () => new Date() } }).create(editor!.id);
    });

    const result = await admin(dataDir, ["password", "editor", "--password-stdin"], `${NEW_PASSWORD}\n`);

    expect(result).toEqual({ code: 0, stdout: 'Changed the password of "Editor" and ended 1 session.\n', stderr: "" });
    await withDatabase(dataDir, async ({ db }) => {
      const editor = await createAdminService({ db, clock: systemClock }).findByUsername("editor");
      expect(await verifyPassword(NEW_PASSWORD, editor!.passwordHash)).toBe(true);
      expect(await verifyPassword(PASSWORD, editor!.passwordHash)).toBe(false);
      expect(await createSessionService({ db, clock: { now: () => new Date() } }).countActive()).toEqual(new Map());
    });
  });

  it("answers a usage error with the usage text and exit status 2", async () => {
    const dataDir = freshDataDir();
    const results = await Promise.all([
      admin(dataDir, []),
      admin(dataDir, ["create"]),
      admin(dataDir, ["list", "extra"]),
      admin(dataDir, ["password", "Editor", "--force"]),
      admin(dataDir, ["create", "--role", "editor"]),
      admin(dataDir, ["password", "--password-stdin"]),
    ]);

    for (const result of results) {
      expect(result.code).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr).toMatch(/^Usage:\n {2}npm run admin -- create NAME/);
    }
  });

  it("shows the usage on --help wherever it stands, creating nothing", async () => {
    const dataDir = freshDataDir();
    const results = await Promise.all([
      admin(dataDir, ["--help"]),
      admin(dataDir, ["create", "--help"]),
      admin(dataDir, ["password", "Editor", "-h"]),
    ]);

    for (const result of results) {
      expect(result.code).toBe(0);
      expect(result.stderr).toBe("");
      expect(result.stdout).toMatch(/^Usage:\n {2}npm run admin -- create NAME/);
    }
    const listed = await admin(dataDir, ["list"]);
    expect(listed.stdout).toBe("There are no admins yet. Create one with: npm run admin -- create NAME\n");
  });

  it("creates an account with another role with --role, and refuses a role that does not exist", async () => {
    const dataDir = freshDataDir({ migrated: true });
    const created = await admin(dataDir, ["create", "Freelancer", "--role", "contributor", "--password-stdin"], `${PASSWORD}\n`);
    const refused = await admin(dataDir, ["create", "Someone", "--role", "owner", "--password-stdin"], `${PASSWORD}\n`);

    expect(created).toEqual({
      code: 0,
      stdout: 'Created the contributor "Freelancer" with an author profile. Sign in at http://localhost:3000/admin\n',
      stderr: "",
    });
    expect(refused).toEqual({
      code: 1,
      stdout: "",
      stderr: "The role must be one of administrator, editor, author, contributor.\n",
    });
    await withDatabase(dataDir, async ({ db }) => {
      const accounts = createAdminService({ db, clock: systemClock });
      expect((await accounts.findByUsername("freelancer"))?.role).toBe("contributor");
      expect(await accounts.findByUsername("someone")).toBeUndefined();
    });
  });
});
