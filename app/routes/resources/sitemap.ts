import { servicesContext } from "~/context";
import { SITEMAP_CONTENT_TYPE } from "~/services/syndication/syndication.server";
import { PUBLIC_REVALIDATE } from "~/utils/http";
import type { Route } from "./+types/sitemap";
import { cachedResourceHandle } from "~/route-handle";

export const handle = cachedResourceHandle;

/** `/sitemap.xml`: home, categories, info pages and the published articles with their last change. */
export async function loader({ context }: Route.LoaderArgs) {
  const { syndication } = context.get(servicesContext);
  return new Response(await syndication.sitemap(), {
    headers: { "Content-Type": SITEMAP_CONTENT_TYPE, "Cache-Control": PUBLIC_REVALIDATE },
  });
}
