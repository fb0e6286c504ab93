import { data, redirect } from "react-router";
import { AdminShell } from "~/components/admin/admin-shell";
import { LoginScreen, type LoginActionData } from "~/components/admin/login-screen";
import { requestContext, servicesContext } from "~/context";
import { readForm, retryAfterHeader } from "~/utils/http";
import { LOGIN_MESSAGES, LoginForm } from "~/validation/admin";
import { SECOND_STEP_PATH } from "~/validation/second-step";
import { startPendingSignInCookie } from "~/services/auth/pending-sign-in-cookie.server";
import { sessionCookies, sessionOrigin } from "./start-session.server";
import { adminMeta } from "~/utils/seo";
import type { Route } from "./+types/login";
import type { RouteHandle } from "~/route-handle";

export const handle = { access: "staff", cache: false } satisfies RouteHandle;

/** Without this, React Router keeps only Set-Cookie from the action and drops its Retry-After. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta: Route.MetaFunction = () => adminMeta("Admin Access");

/**
 * The form normally lives at /admin and posts here. This page shows it again with the answer after
 * a post without JavaScript (so its loader must not redirect), or empty on a direct visit.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { admins } = context.get(servicesContext);
  return { noAdminYet: (await admins.countAdmins()) === 0 };
}

/**
 * Sign-in. Success sets the session cookie and goes back to the admin page the form was on.
 * Anything else answers the form: 400 for empty fields, 401 for a wrong pair, 429 when locked
 * or limited (with Retry-After), 500 with the spec's "Authentication failed".
 */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const { login, site, clock, logger } = context.get(servicesContext);
  const { clientAddress } = context.get(requestContext);
  const form = await readForm(request);
  const parsed = LoginForm.safeParse({ username: form.get("username") ?? "", password: form.get("password") ?? "" });
  if (!parsed.success) {
    return data<LoginActionData>({ error: parsed.error.issues[0]?.message ?? LOGIN_MESSAGES.invalid }, 400);
  }
  const { username } = parsed.data;
  try {
    const returnTo = adminReturnPath(form.get("returnTo"));
    const { userAgent, browserId } = await sessionOrigin(args, "password");
    const result = await login.signIn({ ...parsed.data, clientAddress, userAgent, browserId, returnTo });
    switch (result.outcome) {
      case "signed-in":
        return redirect(returnTo, {
          status: 303,
          headers: await sessionCookies(site.url, result),
        });
      case "second-step":
        // No session yet: the second screen, with its own short-lived cookie.
        return redirect(SECOND_STEP_PATH, {
          status: 303,
          headers: { "Set-Cookie": await startPendingSignInCookie(site.url, result.pendingToken, result.expiresAt) },
        });
      case "invalid":
        return data<LoginActionData>({ error: LOGIN_MESSAGES.invalid, username }, 401);
      case "suspended":
        return data<LoginActionData>({ error: LOGIN_MESSAGES.suspended, username }, 403);
      case "locked":
      case "limited": {
        const message = result.outcome === "locked" ? LOGIN_MESSAGES.locked : LOGIN_MESSAGES.limited;
        const now = clock.now();
        const until = new Date(now.getTime() + result.retryAfterMs).toISOString();
        return data<LoginActionData>(
          { error: message, username, lock: { message, until, serverNow: now.toISOString() } },
          { status: 429, headers: retryAfterHeader(result.retryAfterMs) },
        );
      }
    }
  } catch (error) {
    logger.error({ err: error }, "sign-in failed");
    return data<LoginActionData>({ error: LOGIN_MESSAGES.failed, username }, 500);
  }
}

/** Only an admin page on this site: "/admin" or "/admin/...", never another host. */
function adminReturnPath(value: FormDataEntryValue | null): string {
  if (typeof value !== "string" || !/^\/admin(?:[/?#]|$)/.test(value) || value.includes("\\")) return "/admin";
  return value;
}

/** Shown after a sign-in posted without JavaScript that did not succeed. */
export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminShell>
      <LoginScreen noAdminYet={loaderData.noAdminYet} result={actionData} />
    </AdminShell>
  );
}
