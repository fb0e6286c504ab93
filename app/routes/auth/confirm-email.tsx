import { MailCheck } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { AuthAlert, AuthCard, AuthLinkProblem, linkProblemText } from "~/components/admin/auth-card";
import { SubmitButton } from "~/components/ui/button";
import { requestContext, servicesContext } from "~/context";
import type { RouteHandle } from "~/route-handle";
import { adminMeta } from "~/utils/seo";
import { EMAIL_CHANGE_TEXTS } from "~/validation/account-security";
import type { Route } from "./+types/confirm-email";

export const handle = { access: "staff", cache: false } satisfies RouteHandle;

export const meta: Route.MetaFunction = () => adminMeta("Confirm your e-mail address");

const LINK_STATUS = { expired: 410, used: 410, invalid: 404 } as const;

/**
 * The confirmation link mailed to a new address opens this page, which names the address and has one button:
 * opening it changes nothing, so a mail filter that fetches every link cannot confirm anything.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const checked = await context.get(servicesContext).emailChanges.check(params.token);
  if (checked.outcome === "invalid") throw data(EMAIL_CHANGE_TEXTS.invalid, 404);
  // A used link is answered on the page rather than thrown: the page after its own button (without JavaScript, the
  // action's answer is rendered with this loader) says what the button did.
  if (checked.outcome !== "valid") return data({ problem: EMAIL_CHANGE_TEXTS[checked.outcome] }, LINK_STATUS[checked.outcome]);
  return { problem: null, username: checked.username, email: checked.email };
}

/** After the button, the loader has nothing new to say (the link is used): keep the page and its answer. */
export function shouldRevalidate() {
  return false;
}

/** The button: the address becomes the account's, verified; the old address is told. */
export async function action({ params, context }: Route.ActionArgs) {
  const { emailChanges, logger } = context.get(servicesContext);
  const { clientAddress, userAgent } = context.get(requestContext);
  try {
    const result = await emailChanges.confirm(params.token, { clientAddress, userAgent });
    switch (result.outcome) {
      case "changed":
        return { done: EMAIL_CHANGE_TEXTS.changed.replace("{email}", result.email) };
      case "taken":
        return data({ error: EMAIL_CHANGE_TEXTS.taken }, 409);
      default:
        return data({ error: EMAIL_CHANGE_TEXTS[result.outcome] }, LINK_STATUS[result.outcome]);
    }
  } catch (error) {
    logger.error({ err: error }, "confirming an e-mail address failed");
    return data({ error: EMAIL_CHANGE_TEXTS.failed }, 500);
  }
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const done = actionData && "done" in actionData ? actionData.done : undefined;
  if (loaderData.problem !== null && !done) {
    return (
      <AuthLinkProblem title="E-mail confirmation" message={loaderData.problem} to="/admin/profile" label="Go to your profile" />
    );
  }
  return (
    <AuthCard
      icon={MailCheck}
      title="Confirm your e-mail address"
      intro={loaderData.problem === null ? `Use ${loaderData.email} for the account ${loaderData.username}?` : undefined}
    >
      <div role="status">
        {done ? (
          <p className="mb-4 rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100">
            {done}
          </p>
        ) : null}
      </div>
      {done ? (
        <a href="/admin/profile" className="block text-center font-medium text-blue-700 underline dark:text-blue-300">
          Go to your profile
        </a>
      ) : (
        <>
          <AuthAlert text={actionData && "error" in actionData ? actionData.error : undefined} />
          <Form method="post">
            <SubmitButton disabled={navigation.state === "submitting"}>Use this address</SubmitButton>
          </Form>
        </>
      )}
    </AuthCard>
  );
}

/** A link that does not work: why, and where to ask for a new one. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = linkProblemText(error, EMAIL_CHANGE_TEXTS.invalid);
  return <AuthLinkProblem title="E-mail confirmation" message={message} to="/admin/profile" label="Go to your profile" />;
}
