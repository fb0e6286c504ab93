import { redirect } from "react-router";
import { servicesContext } from "~/context";
import type { Route } from "./+types/favicon";
import { uncachedResourceHandle } from "~/route-handle";

export const handle = uncachedResourceHandle;

/**
 * Browsers ask for /favicon.ico on pages that name no icon (plain-text answers, feeds): the newsroom's icon made from
 * its upload, else the stock SVG. Kept an hour, not for good: the icon is a setting (decision 038).
 */
export function loader({ context }: Route.LoaderArgs) {
  const { site } = context.get(servicesContext);
  return redirect(site.icons?.ico ?? "/favicon.svg", { status: 302, headers: { "Cache-Control": "public, max-age=3600" } });
}
