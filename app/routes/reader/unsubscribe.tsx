import { data } from "react-router";
import { SubscriptionNotice } from "~/components/subscription-notice";
import { servicesContext } from "~/context";
import { pageTitle, siteFromMatches } from "~/utils/seo";
import type { Route } from "./+types/unsubscribe";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * Following the personal link in a newsletter unsubscribes at once; no login, the signed token is the proof.
 * The one-click POST to the same address (RFC 8058) is answered by the Express app (server/app.ts).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { newsletter, site } = context.get(servicesContext);
  const subscription = await newsletter.unsubscribe(params.token);
  return data(
    { siteName: site.name, token: params.token, subscription },
    { status: subscription ? 200 : 404, headers: NO_STORE },
  );
}

export function headers() {
  return NO_STORE;
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(siteFromMatches(matches), "Unsubscribe") }, { name: "robots", content: "noindex, nofollow" }];
}

export default function UnsubscribePage({ loaderData }: Route.ComponentProps) {
  return <SubscriptionNotice {...loaderData} moment="unsubscribed" />;
}
