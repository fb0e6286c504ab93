import { data, redirect } from "react-router";
import { SubscriptionNotice } from "~/components/subscription-notice";
import { servicesContext } from "~/context";
import { pageTitle } from "~/utils/seo";
import { siteFromMatches } from "~/components/layout/use-site";
import type { Route } from "./+types/unsubscribe";
import type { RouteHandle } from "~/route-handle";

export const handle = { access: "personal", cache: false } satisfies RouteHandle;

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * The personal link in a newsletter opens a page that names the address and has one Unsubscribe button; no login,
 * the signed token is the proof. Opening it changes nothing, so a mail filter that fetches every link in a message
 * cannot unsubscribe anyone (RFC 8058; docs/decisions/022-valid-html-and-unsubscribe.md). A mail provider's
 * one-click POST to the same address is answered by the Express app (server/app.ts).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { newsletter, site } = context.get(servicesContext);
  const subscription = await newsletter.subscription(params.token);
  return data(
    { siteName: site.name, token: params.token, subscription },
    { status: subscription ? 200 : 404, headers: NO_STORE },
  );
}

/** The page's Unsubscribe button (a form on this site, so the same-origin check applies): unsubscribed, then the page that says so. */
export async function action({ params, context }: Route.ActionArgs) {
  const { newsletter } = context.get(servicesContext);
  await newsletter.unsubscribe(params.token);
  return redirect(`/unsubscribe/${encodeURIComponent(params.token)}`, 303);
}

export function headers() {
  return NO_STORE;
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(siteFromMatches(matches), "Unsubscribe") }, { name: "robots", content: "noindex, nofollow" }];
}

export default function UnsubscribePage({ loaderData }: Route.ComponentProps) {
  return <SubscriptionNotice {...loaderData} moment="unsubscribe" />;
}
