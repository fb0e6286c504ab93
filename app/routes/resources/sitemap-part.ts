import { data } from "react-router";
import { servicesContext } from "~/context";
import { SITEMAP_CONTENT_TYPE } from "~/services/syndication/syndication.server";
import { PUBLIC_REVALIDATE } from "~/utils/http";
import type { Route } from "./+types/sitemap-part";
import { cachedResourceHandle } from "~/route-handle";

export const handle = cachedResourceHandle;

/**
 * The parts a sitemap index points to once the site passes 50,000 URLs: `/sitemaps/pages.xml` (route
 * "sitemap-pages") and `/sitemaps/articles/{n}.xml` (route "sitemap-articles"); a part past the last is a 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { syndication } = context.get(servicesContext);
  let xml: string | null;
  if ("part" in params && params.part !== undefined) {
    const match = /^([1-9]\d{0,5})\.xml$/.exec(params.part);
    xml = match ? await syndication.sitemapArticlesPart(Number(match[1])) : null;
  } else {
    xml = await syndication.sitemapPages();
  }
  if (xml === null) throw data(null, { status: 404 });
  return new Response(xml, { headers: { "Content-Type": SITEMAP_CONTENT_TYPE, "Cache-Control": PUBLIC_REVALIDATE } });
}
