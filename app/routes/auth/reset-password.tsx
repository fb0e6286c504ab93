import { KeyRound } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import { AuthAlert, AuthCard, AuthLinkProblem, linkProblemText } from "~/components/admin/auth-card";
import { NewPasswordFields } from "~/components/admin/new-password-fields";
import { SubmitButton } from "~/components/ui/button";
import { servicesContext } from "~/context";
import type { RouteHandle } from "~/route-handle";
import { AdminAccountError } from "~/services/auth/admins.server";
import { startPendingSignInCookie } from "~/services/auth/pending-sign-in-cookie.server";
import { SECOND_STEP_PATH } from "~/validation/second-step";
import { sessionCookies, sessionOrigin } from "./start-session.server";
import { readForm } from "~/utils/http";
import { adminMeta } from "~/utils/seo";
import { RESET_TEXTS, ResetPasswordForm } from "~/validation/password-reset";
import { firstProblem } from "~/validation/staff";
import type { Route } from "./+types/reset-password";

export const handle = { access: "staff", cache: false } satisfies RouteHandle;

export const meta: Route.MetaFunction = () => adminMeta("Choose a new password");

/** The account a reset link is for, or why the link does not work (404, 410). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const checked = await context.get(servicesContext).passwordResets.check(params.token);
  if (checked.outcome !== "valid") throw data(RESET_TEXTS[checked.outcome], checked.outcome === "invalid" ? 404 : 410);
  return { username: checked.username };
}

/** The new password: every session of the account ends, and this browser is signed in. */
export async function action(args: Route.ActionArgs) {
  const { request, params, context } = args;
  const { passwordResets, admins, site, logger } = context.get(servicesContext);
  const parsed = ResetPasswordForm.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data({ error: firstProblem(parsed.error) }, 400);
  try {
    const { clientAddress, userAgent, browserId } = await sessionOrigin(args, "reset link");
    const result = await passwordResets.complete(params.token, parsed.data.password, {
      client: { clientAddress, userAgent },
      browserId,
    });
    if (result.outcome === "second-step") {
      // A link in the mail is one factor: the second screen, and no session until it is answered.
      return redirect(SECOND_STEP_PATH, {
        status: 303,
        headers: { "Set-Cookie": await startPendingSignInCookie(site.url, result.pendingToken, result.expiresAt) },
      });
    }
    if (result.outcome !== "reset") return data({ error: RESET_TEXTS[result.outcome] }, result.outcome === "invalid" ? 404 : 410);
    await admins.recordSignIn(result.adminId);
    return redirect("/admin", {
      status: 303,
      headers: await sessionCookies(site.url, result),
    });
  } catch (error) {
    if (error instanceof AdminAccountError) return data({ error: error.message }, 400);
    logger.error({ err: error }, "a password reset failed");
    return data({ error: RESET_TEXTS.failed }, 500);
  }
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <AuthCard
      icon={KeyRound}
      title="Choose a new password"
      intro={`For ${loaderData.username}. Every browser signed in to this account is signed out.`}
    >
      <AuthAlert text={actionData?.error} />
      <Form method="post" className="space-y-4">
        <input type="text" name="username" autoComplete="username" value={loaderData.username} readOnly hidden />
        <NewPasswordFields idPrefix="reset" label="New password" />
        <SubmitButton disabled={navigation.state === "submitting"}>Save and sign in</SubmitButton>
      </Form>
    </AuthCard>
  );
}

/** A link that does not work: why, and a way to ask for a new one. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = linkProblemText(error, RESET_TEXTS.invalid);
  return <AuthLinkProblem title="Password reset" message={message} to="/auth/forgot" label="Ask for a new link" />;
}
