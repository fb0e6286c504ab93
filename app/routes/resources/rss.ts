import { data } from "react-router";
import { servicesContext } from "~/context";
import { RSS_CONTENT_TYPE } from "~/services/syndication/syndication.server";
import { PUBLIC_REVALIDATE } from "~/utils/http";
import { feedSection } from "./feed-section.server";
import type { Route } from "./+types/rss";
import { cachedResourceHandle } from "~/route-handle";

export const handle = cachedResourceHandle;

/**
 * `/rss.xml` (route "rss-site"), `/category/{slug}/rss.xml` (route "rss-category") and `/author/{author}/rss.xml`
 * (route "rss-author", an unknown author is a 404): RSS 2.0.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { syndication } = services;
  if ("author" in params && params.author !== undefined) {
    const xml = await syndication.authorRss(params.author);
    if (xml === null) throw data(null, { status: 404 });
    return new Response(xml, { headers: { "Content-Type": RSS_CONTENT_TYPE, "Cache-Control": PUBLIC_REVALIDATE } });
  }
  const slug = "slug" in params ? params.slug : undefined;
  const category = await feedSection(slug, request, services);
  return new Response(await syndication.rss(category), {
    headers: { "Content-Type": RSS_CONTENT_TYPE, "Cache-Control": PUBLIC_REVALIDATE },
  });
}
