import { data } from "react-router";
import { servicesContext } from "~/context";
import { JSON_FEED_CONTENT_TYPE } from "~/services/syndication/syndication.server";
import { PUBLIC_REVALIDATE } from "~/utils/http";
import { feedSection } from "./feed-section.server";
import type { Route } from "./+types/json-feed";
import { cachedResourceHandle } from "~/route-handle";

export const handle = cachedResourceHandle;

/**
 * `/feed.json` (route "json-feed-site"), `/category/{slug}/feed.json` ("json-feed-category") and
 * `/author/{author}/feed.json` ("json-feed-author", an unknown author is a 404): the RSS feeds' items as JSON Feed 1.1.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { syndication } = services;
  const headers = { "Content-Type": JSON_FEED_CONTENT_TYPE, "Cache-Control": PUBLIC_REVALIDATE };
  if ("author" in params && params.author !== undefined) {
    const json = await syndication.authorJsonFeed(params.author);
    if (json === null) throw data(null, { status: 404 });
    return new Response(json, { headers });
  }
  const slug = "slug" in params ? params.slug : undefined;
  const category = await feedSection(slug, request, services);
  return new Response(await syndication.jsonFeed(category), { headers });
}
