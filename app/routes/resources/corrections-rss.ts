import { servicesContext } from "~/context";
import { RSS_CONTENT_TYPE } from "~/services/syndication/syndication.server";
import { PUBLIC_REVALIDATE } from "~/utils/http";
import type { Route } from "./+types/corrections-rss";
import { cachedResourceHandle } from "~/route-handle";

export const handle = cachedResourceHandle;

/** `/corrections/rss.xml`: the newest corrections and updates as RSS 2.0. */
export async function loader({ context }: Route.LoaderArgs) {
  const { corrections } = context.get(servicesContext);
  return new Response(await corrections.rss(), {
    headers: { "Content-Type": RSS_CONTENT_TYPE, "Cache-Control": PUBLIC_REVALIDATE },
  });
}
