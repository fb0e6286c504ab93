import { NewPasswordFields } from "~/components/admin/new-password-fields";
import { UserPlus } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import { AuthAlert, AuthCard, AuthLinkProblem, linkProblemText } from "~/components/admin/auth-card";
import { requestContext, servicesContext } from "~/context";
import { AdminAccountError } from "~/services/auth/admins.server";
import { roleWithArticle } from "~/services/auth/invitations.server";
import { readForm } from "~/utils/http";
import { adminMeta } from "~/utils/seo";
import { AcceptInvitationForm, firstProblem } from "~/validation/staff";
import { startSession } from "./start-session.server";
import type { Route } from "./+types/invite";
import type { RouteHandle } from "~/route-handle";
import { INPUT_CLASS } from "~/components/ui/text-input";

export const handle = { access: "staff", cache: false } satisfies RouteHandle;

export const meta: Route.MetaFunction = () => adminMeta("Join the newsroom");

/** Why a link does not work, in plain words. */
const LINK_PROBLEMS = {
  expired: "This invitation has expired. Ask an administrator to invite you again.",
  used: "This invitation has already been used. Sign in at /admin with the username you chose.",
  invalid: "This invitation link is not valid. Check that you copied all of it, or ask for a new one.",
} as const;

/** The invitation behind the link: who it is for and as what, or why it does not work (404, 410). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { invitations, site } = context.get(servicesContext);
  const checked = await invitations.check(params.token);
  if (checked.outcome !== "valid") {
    throw data(LINK_PROBLEMS[checked.outcome], checked.outcome === "invalid" ? 404 : 410);
  }
  return { name: checked.name, role: roleWithArticle(checked.role), siteName: site.name };
}

/** Choose a username and password: the account is made, the link is used up, and the person is signed in. */
export async function action(args: Route.ActionArgs) {
  const { request, params, context } = args;
  const { invitations, admins, logger } = context.get(servicesContext);
  const { clientAddress, userAgent } = context.get(requestContext);
  const client = { clientAddress, userAgent };
  const form = Object.fromEntries(await readForm(request));
  const parsed = AcceptInvitationForm.safeParse(form);
  const username = typeof form.username === "string" ? form.username : "";
  if (!parsed.success) return data({ error: firstProblem(parsed.error), username }, 400);
  try {
    const accepted = await invitations.accept(params.token, parsed.data, { client });
    if (accepted.outcome !== "accepted") return data({ error: LINK_PROBLEMS[accepted.outcome], username }, 410);
    const headers = await startSession(args, accepted.adminId, "invitation");
    await admins.recordSignIn(accepted.adminId);
    return redirect("/admin", { status: 303, headers });
  } catch (error) {
    if (error instanceof AdminAccountError) return data({ error: error.message, username }, 409);
    logger.error({ err: error }, "accepting an invitation failed");
    return data({ error: "Your account could not be created. Please try again.", username }, 500);
  }
}

export default function AcceptInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <AuthCard
      icon={UserPlus}
      title={`Join ${loaderData.siteName}`}
      intro={`Welcome, ${loaderData.name}. You are invited as ${loaderData.role}. Choose how you will sign in.`}
    >
      <AuthAlert text={actionData?.error} />
      <Form method="post" className="space-y-4">
        <div>
          <label htmlFor="invite-username" className="mb-1 block text-sm font-medium">
            Username
          </label>
          <input
            id="invite-username"
            name="username"
            required
            minLength={2}
            maxLength={50}
            autoComplete="username"
            defaultValue={actionData?.username ?? ""}
            aria-describedby="invite-username-hint"
            className={INPUT_CLASS}
          />
          <p id="invite-username-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            2 to 50 letters, digits and . _ @ -
          </p>
        </div>
        <NewPasswordFields idPrefix="invite" label="Password" />
        <button
          type="submit"
          disabled={navigation.state === "submitting"}
          className="w-full rounded-lg bg-blue-700 px-4 py-2.5 font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
        >
          Create my account
        </button>
      </Form>
    </AuthCard>
  );
}

/** A link that does not work: the reason, in the admin frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = linkProblemText(error, LINK_PROBLEMS.invalid);
  return <AuthLinkProblem title="Invitation" message={message} to="/admin" label="Go to sign-in" />;
}
