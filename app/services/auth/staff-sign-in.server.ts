import type { Database } from "../../db/client.server";
import type { StaffRole } from "../../domain/permissions";
import type { Clock } from "../clock.server";
import type { RateLimiter } from "../rate-limits/rate-limiter.server";
import type { SecurityLog } from "../security/security-log.server";
import type { AdminService } from "./admins.server";
import { createAuthenticatorApp } from "./authenticator-app.server";
import { createLoginAttempts } from "./login-attempts.server";
import { createLoginService } from "./login.server";
import type { verifyPassword } from "./passwords.server";
import { createRecoveryCodes } from "./recovery-codes.server";
import { createSecondStep } from "./second-step.server";
import { createSecondStepSignIn } from "./second-step-sign-in.server";
import type { SessionService } from "./sessions.server";

/**
 * Staff sign-in as the server wires it: the password form (login.server.ts) and the second step behind it (an
 * authenticator app, recovery codes, passkeys; required per role). One place, used by the composition root and tests.
 */
export function createStaffSignIn({
  db,
  clock,
  admins,
  sessions,
  rateLimiter,
  securityLog,
  requiredRoles = () => [],
  delayMs,
  checkPassword,
}: {
  db: Database;
  clock: Clock;
  admins: AdminService;
  sessions: SessionService;
  rateLimiter: RateLimiter;
  securityLog: SecurityLog;
  /** The roles that must use a second step (the settings in force); none when not given. */
  requiredRoles?: () => readonly StaffRole[];
  /** The spec's 500 ms by default; tests of the rules pass 0. */
  delayMs?: number;
  checkPassword?: typeof verifyPassword;
}) {
  const app = createAuthenticatorApp({ db, clock });
  const recoveryCodes = createRecoveryCodes({ db, clock });
  const signIn = createSecondStepSignIn({
    db,
    clock,
    sessions,
    attempts: createLoginAttempts({ db }),
    rateLimiter,
    securityLog,
    app,
    recoveryCodes,
    ...(delayMs === undefined ? {} : { delayMs }),
  });
  const secondStep = createSecondStep({ db, app, recoveryCodes, sessions, securityLog, requiredRoles, signIn });
  const login = createLoginService({
    db,
    clock,
    admins,
    sessions,
    rateLimiter,
    securityLog,
    secondStep,
    ...(delayMs === undefined ? {} : { delayMs }),
    ...(checkPassword ? { checkPassword } : {}),
  });
  return { login, secondStep };
}
