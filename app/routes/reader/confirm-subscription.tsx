import { data } from "react-router";
import { ConfirmationNotice } from "~/components/confirmation-notice";
import { servicesContext } from "~/context";
import type { ConfirmationState } from "~/services/newsletter/subscribers.server";
import { pageTitle } from "~/utils/seo";
import { siteFromMatches } from "~/components/layout/use-site";
import type { RouteHandle } from "~/route-handle";
import type { Route } from "./+types/confirm-subscription";

export const handle = { hydrate: false, access: "personal", cache: false } satisfies RouteHandle;

const NO_STORE = { "Cache-Control": "no-store" };

/** 410 for a link that was ours but is too old, 404 for one that never was. */
function statusOf(state: ConfirmationState): number {
  return state.outcome === "valid" ? 200 : state.outcome === "expired" ? 410 : 404;
}

/** The link in the confirmation message: shows where it stands and the Confirm button, changing nothing. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { subscribers, site } = context.get(servicesContext);
  const state = await subscribers.confirmation(params.token);
  return data({ siteName: site.name, state }, { status: statusOf(state), headers: NO_STORE });
}

/** The Confirm button: the address becomes active (double opt-in, decision 013), and the page says so. */
export async function action({ params, context }: Route.ActionArgs) {
  const { subscribers, site } = context.get(servicesContext);
  const state = await subscribers.confirm(params.token);
  return data({ siteName: site.name, state }, { status: statusOf(state), headers: NO_STORE });
}

export function headers() {
  return NO_STORE;
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: pageTitle(siteFromMatches(matches), "Confirm your subscription") },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

export default function ConfirmSubscriptionPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ConfirmationNotice {...(actionData ?? loaderData)} />;
}
