import { data, redirect } from "react-router";
import { servicesContext } from "~/context";
import { JSON_FEED_CONTENT_TYPE, RSS_CONTENT_TYPE } from "~/services/syndication/syndication.server";
import { PUBLIC_REVALIDATE } from "~/utils/http";
import type { Route } from "./+types/tag-feed";
import { cachedResourceHandle } from "~/route-handle";

export const handle = cachedResourceHandle;

/**
 * `/tag/{slug}/rss.xml` (route "rss-tag") and `/tag/{slug}/feed.json` (route "json-feed-tag"): a tag's articles as
 * RSS 2.0 and JSON Feed 1.1. The feed of a tag that moved answers 301 to its new feed; an unknown tag 404.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { syndication, oldAddresses } = context.get(servicesContext);
  const url = new URL(request.url);
  const json = url.pathname.endsWith("/feed.json");
  const body = json ? await syndication.tagJsonFeed(params.slug) : await syndication.tagRss(params.slug);
  if (body === null) {
    const movedTo = await oldAddresses.movedTo(`${url.pathname}${url.search}`);
    if (movedTo !== null) throw redirect(movedTo, 301);
    throw data(null, { status: 404 });
  }
  return new Response(body, {
    headers: { "Content-Type": json ? JSON_FEED_CONTENT_TYPE : RSS_CONTENT_TYPE, "Cache-Control": PUBLIC_REVALIDATE },
  });
}
