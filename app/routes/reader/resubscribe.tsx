import { data, redirect } from "react-router";
import { SubscriptionNotice } from "~/components/subscription-notice";
import { servicesContext } from "~/context";
import { pageTitle } from "~/utils/seo";
import { siteFromMatches } from "~/components/layout/use-site";
import type { Route } from "./+types/resubscribe";
import type { RouteHandle } from "~/route-handle";

export const handle = { access: "personal", cache: false } satisfies RouteHandle;

const NO_STORE = { "Cache-Control": "no-store" };

/** Where the reader stands after pressing Resubscribe (read only). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { newsletter, site } = context.get(servicesContext);
  const subscription = await newsletter.subscription(params.token);
  return data(
    { siteName: site.name, token: params.token, subscription },
    { status: subscription ? 200 : 404, headers: NO_STORE },
  );
}

/** The confirmation page's Resubscribe button: active again, then the page that says so. */
export async function action({ params, context }: Route.ActionArgs) {
  const { newsletter } = context.get(servicesContext);
  await newsletter.resubscribe(params.token);
  return redirect(`/unsubscribe/${encodeURIComponent(params.token)}/resubscribe`, 303);
}

export function headers() {
  return NO_STORE;
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: pageTitle(siteFromMatches(matches), "Newsletter subscription") },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

export default function ResubscribePage({ loaderData }: Route.ComponentProps) {
  return <SubscriptionNotice {...loaderData} moment="resubscribed" />;
}
