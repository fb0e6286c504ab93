import { data } from "react-router";
import { SubscriptionNotice } from "~/components/subscription-notice";
import { servicesContext } from "~/context";
import { pageTitle, siteFromMatches } from "~/utils/seo";
import type { Route } from "./+types/unsubscribe";

const NO_STORE = { "Cache-Control": "no-store" };

/** Following the personal link in a newsletter unsubscribes at once; no login, the signed token is the proof. */
async function unsubscribe({ params, context }: Route.LoaderArgs | Route.ActionArgs) {
  const { newsletter, site } = context.get(servicesContext);
  const subscription = await newsletter.unsubscribe(params.token);
  return data(
    { siteName: site.name, token: params.token, subscription },
    { status: subscription ? 200 : 404, headers: NO_STORE },
  );
}

export const loader = unsubscribe;

/**
 * RFC 8058 one-click unsubscribe: a mail provider POSTs `List-Unsubscribe=One-Click` to the link from the
 * List-Unsubscribe header, without cookies and from its own origin (server/same-origin.ts lets it through).
 */
export const action = unsubscribe;

export function headers() {
  return NO_STORE;
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(siteFromMatches(matches), "Unsubscribe") }, { name: "robots", content: "noindex, nofollow" }];
}

export default function UnsubscribePage({ loaderData }: Route.ComponentProps) {
  return <SubscriptionNotice {...loaderData} moment="unsubscribed" />;
}
