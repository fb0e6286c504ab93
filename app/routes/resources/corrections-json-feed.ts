import { servicesContext } from "~/context";
import { JSON_FEED_CONTENT_TYPE } from "~/services/syndication/syndication.server";
import { PUBLIC_REVALIDATE } from "~/utils/http";
import type { Route } from "./+types/corrections-json-feed";
import { cachedResourceHandle } from "~/route-handle";

export const handle = cachedResourceHandle;

/** `/corrections/feed.json`: the newest corrections and updates as JSON Feed 1.1. */
export async function loader({ context }: Route.LoaderArgs) {
  const { corrections } = context.get(servicesContext);
  return new Response(await corrections.jsonFeed(), {
    headers: { "Content-Type": JSON_FEED_CONTENT_TYPE, "Cache-Control": PUBLIC_REVALIDATE },
  });
}
