import { servicesContext } from "~/context";
import { SITEMAP_CONTENT_TYPE } from "~/services/syndication/syndication.server";
import { PUBLIC_REVALIDATE } from "~/utils/http";
import type { Route } from "./+types/news-sitemap";
import { cachedResourceHandle } from "~/route-handle";

export const handle = cachedResourceHandle;

/** `/news-sitemap.xml`: the Google News sitemap, articles published in the last two days. */
export async function loader({ context }: Route.LoaderArgs) {
  const { syndication } = context.get(servicesContext);
  return new Response(await syndication.newsSitemap(), {
    headers: { "Content-Type": SITEMAP_CONTENT_TYPE, "Cache-Control": PUBLIC_REVALIDATE },
  });
}
