/**
 * npm run admin -- create NAME [--role ROLE] [--password-stdin]
 * npm run admin -- password NAME [--password-stdin]
 * npm run admin -- list
 * npm run admin -- reset-2fa NAME
 *
 * Manages staff accounts (administrator, editor, author, contributor; create makes an administrator unless
 * --role names another). The password is asked for twice without echo, or read from standard
 * input with --password-stdin (for scripts). It is never printed or logged.
 * npm run admin -- --help
 *
 * Exit status: 0 done (or --help), 1 refused (bad input, name taken or unknown), 2 usage or database error.
 */
import { createSessionService } from "~/services/auth/sessions.server";
import { AdminAccountError, createAdminService, type AdminService } from "~/services/auth/admins.server";
import { createStaffSignIn } from "~/services/auth/staff-sign-in.server";
import { createRateLimiter } from "~/services/rate-limits/rate-limiter.server";
import { createSecurityLog } from "~/services/security/security-log.server";
import type { Database } from "~/db/client.server";
import { systemClock } from "~/services/clock.server";
import { failureReason } from "~/services/logger.server";
import { isStaffRole, STAFF_ROLES, type StaffRole } from "~/domain/permissions";
import { AdminPassword, AdminUsername } from "~/validation/admin";
import { openDatabaseForCommand, readConfigOrExit } from "../server/bootstrap";
import { readHiddenLine, readStandardInput } from "./terminal";

const USAGE = `Usage:
  npm run admin -- create NAME [--role ROLE] [--password-stdin]
                                 create an account (and its author profile); ROLE is one of
                                 ${STAFF_ROLES.join(", ")} (default administrator)
  npm run admin -- password NAME [--password-stdin]
                                 set a new password and sign them out everywhere
  npm run admin -- list          list the accounts
  npm run admin -- reset-2fa NAME
                                 remove their second step (app, recovery codes, passkeys)
                                 and sign them out everywhere, for someone who lost every factor
  npm run admin -- --help        show this text`;

class CommandError extends Error {}

/** The second step's service as the server wires it, for the shell. */
function secondStepFor(db: Database, admins: AdminService) {
  const clock = systemClock;
  return createStaffSignIn({
    db,
    clock,
    admins,
    sessions: createSessionService({ db, clock }),
    rateLimiter: createRateLimiter({ db, clock }),
    securityLog: createSecurityLog({ db, clock }),
  }).secondStep;
}

async function readPassword(fromStdin: boolean): Promise<string> {
  let password: string;
  if (fromStdin) {
    password = (await readStandardInput()).replace(/\r?\n$/, "");
  } else {
    if (!process.stdin.isTTY)
      throw new CommandError("There is no terminal to ask for the password: pipe it in with --password-stdin.");
    password = await readHiddenLine("Password: ");
    const again = await readHiddenLine("Repeat the password: ");
    if (again !== password) throw new CommandError("The two passwords differ; nothing was changed.");
  }
  const checked = AdminPassword.safeParse(password);
  if (!checked.success) throw new CommandError(`The password ${checked.error.issues[0]?.message ?? "is not valid"}.`);
  return checked.data;
}

function parseUsername(value: string | undefined): string {
  const checked = AdminUsername.safeParse(value ?? "");
  if (!checked.success) throw new CommandError(`The username ${checked.error.issues[0]?.message ?? "is not valid"}.`);
  return checked.data;
}

async function run(args: string[]): Promise<number> {
  if (args.some((arg) => arg === "--help" || arg === "-h")) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const [command, name, ...rest] = args;
  let role: StaffRole = "administrator";
  const roleAt = rest.indexOf("--role");
  if (roleAt >= 0 && command === "create") {
    const named = rest[roleAt + 1];
    if (!isStaffRole(named)) throw new CommandError(`The role must be one of ${STAFF_ROLES.join(", ")}.`);
    role = named;
    rest.splice(roleAt, 2);
  }
  const flags = new Set(rest);
  const fromStdin = flags.delete("--password-stdin");
  const known = ["create", "password", "list", "reset-2fa"];
  // A name is never an option: "create --role editor" has left the name out.
  const named = command === "list" ? name === undefined : name !== undefined && !name.startsWith("-");
  if (!command || !known.includes(command) || flags.size > 0 || !named) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }

  const config = readConfigOrExit();
  const username = command === "list" ? "" : parseUsername(name);
  const password = command === "list" || command === "reset-2fa" ? "" : await readPassword(fromStdin);
  const database = await openDatabaseForCommand(config);
  if (!database) return 2;
  try {
    const admins = createAdminService({ db: database.db, clock: systemClock });
    if (command === "create") {
      await admins.createAdmin(username, password, role);
      const what = role === "administrator" ? "the admin" : `the ${role}`;
      process.stdout.write(`Created ${what} "${username}" with an author profile. Sign in at ${config.siteUrl}/admin\n`);
    } else if (command === "reset-2fa") {
      const account = await admins.findByUsername(username);
      if (!account) throw new CommandError(`There is no account named "${username}".`);
      const reset = await secondStepFor(database.db, admins).reset(account.id, { actor: null });
      const ended = reset.endedSessions;
      process.stdout.write(
        `Reset the second step of "${reset.username}"${ended ? ` and ended ${ended} session${ended === 1 ? "" : "s"}` : ""}. They sign in with their password and set up a new one.\n`,
      );
    } else if (command === "password") {
      const changed = await admins.changePassword(username, password);
      const ended = changed.endedSessions;
      process.stdout.write(
        `Changed the password of "${changed.username}"${ended ? ` and ended ${ended} session${ended === 1 ? "" : "s"}` : ""}.\n`,
      );
    } else {
      const rows = await admins.list();
      const active = await createSessionService({ db: database.db, clock: systemClock }).countActive();
      if (rows.length === 0) process.stdout.write("There are no admins yet. Create one with: npm run admin -- create NAME\n");
      for (const row of rows) {
        const sessions = active.get(row.id) ?? 0;
        process.stdout.write(
          `${row.username}\t${row.role}${row.suspendedAt ? " (suspended)" : ""}\tauthor "${row.authorName}"\tcreated ${row.createdAt.toISOString().slice(0, 10)}\t${sessions} active session${sessions === 1 ? "" : "s"}\n`,
        );
      }
    }
    return 0;
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof CommandError || error instanceof AdminAccountError;
    process.stderr.write(`${known ? (error as Error).message : `Failed, nothing was changed: ${failureReason(error)}`}\n`);
    process.exit(known ? 1 : 2);
  },
);
