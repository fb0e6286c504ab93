import { ShieldAlert } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { AuthCard, AuthLinkProblem, linkProblemText } from "~/components/admin/auth-card";
import { SubmitButton } from "~/components/ui/button";
import { requestContext, servicesContext } from "~/context";
import type { RouteHandle } from "~/route-handle";
import { formatDateTime } from "~/utils/dates";
import { adminMeta } from "~/utils/seo";
import { describeUserAgent } from "~/utils/user-agent";
import { SESSION_TEXTS } from "~/validation/account-security";
import type { Route } from "./+types/end-session";

export const handle = { access: "staff", cache: false } satisfies RouteHandle;

export const meta: Route.MetaFunction = () => adminMeta("End that session");

/**
 * The link in "New sign-in to {publication}" opens this page: which session it is, and one button that ends it.
 * Opening it changes nothing, so a mail filter that fetches every link cannot sign anyone out.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { signInAlerts, site } = context.get(servicesContext);
  const checked = await signInAlerts.check(params.token);
  if (checked.outcome === "invalid") throw data(SESSION_TEXTS.linkInvalid, 404);
  if (checked.outcome === "ended") return { ended: true as const };
  const { session } = checked;
  return {
    ended: false as const,
    username: checked.username,
    browser: describeUserAgent(session.userAgent),
    address: session.clientAddress || "an unknown address",
    started: formatDateTime(session.createdAt, site.timeZone),
    signedInWith: session.signedInWith,
  };
}

/** The button: the session ends and the log records it. */
export async function action({ params, context }: Route.ActionArgs) {
  const { signInAlerts } = context.get(servicesContext);
  const { clientAddress, userAgent } = context.get(requestContext);
  const outcome = await signInAlerts.end(params.token, { clientAddress, userAgent });
  if (outcome === "invalid") throw data(SESSION_TEXTS.linkInvalid, 404);
  return { done: outcome === "ended" ? SESSION_TEXTS.endedByLink : SESSION_TEXTS.linkEnded };
}

export default function EndSession({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const done = actionData?.done ?? (loaderData.ended ? SESSION_TEXTS.linkEnded : undefined);
  return (
    <AuthCard
      icon={ShieldAlert}
      title="End that session"
      intro={
        loaderData.ended
          ? undefined
          : `The session of ${loaderData.username} in ${loaderData.browser} from ${loaderData.address}, signed in with ${loaderData.signedInWith} on ${loaderData.started}.`
      }
    >
      <div role="status">
        {done ? (
          <p className="mb-4 rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100">
            {done}
          </p>
        ) : null}
      </div>
      {done ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          If it was not you, someone knows your password:{" "}
          <a href="/auth/forgot" className="font-medium text-blue-700 underline dark:text-blue-300">
            choose a new one
          </a>
          .
        </p>
      ) : (
        <Form method="post">
          <SubmitButton disabled={navigation.state === "submitting"}>End that session</SubmitButton>
        </Form>
      )}
    </AuthCard>
  );
}

/** A link that is not ours: say so. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = linkProblemText(error, SESSION_TEXTS.linkInvalid);
  return <AuthLinkProblem title="End that session" message={message} to="/admin" label="Go to sign-in" />;
}
