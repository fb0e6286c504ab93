import { servicesContext } from "~/context";
import { ROBOTS_CONTENT_TYPE } from "~/services/syndication/syndication.server";
import type { Route } from "./+types/robots";
import { cachedResourceHandle } from "~/route-handle";

export const handle = cachedResourceHandle;

/** `/robots.txt`: everything but the admin area may be crawled; the sitemap's address. */
export function loader({ context }: Route.LoaderArgs) {
  const { syndication } = context.get(servicesContext);
  return new Response(syndication.robots(), {
    headers: { "Content-Type": ROBOTS_CONTENT_TYPE, "Cache-Control": "public, max-age=3600" },
  });
}
