import { requestContext, servicesContext } from "~/context";
import { PUBLIC_REVALIDATE, retryAfterHeader } from "~/utils/http";
import { parseSearchQuery } from "~/validation/search";
import type { Route } from "./+types/search";
import { uncachedResourceHandle } from "~/route-handle";

export const handle = uncachedResourceHandle;

/** Instant results for the header's search box: at most 5, matched by word prefixes as the reader types. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { search, sections, logger } = context.get(servicesContext);
  const { clientAddress } = context.get(requestContext);
  const parsed = parseSearchQuery(request.url);
  if (!parsed.ok) {
    return Response.json(
      { query: "", results: [], error: parsed.error },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  const { query } = parsed;
  const limit = await search.allowInstantSearch(clientAddress);
  if (!limit.allowed) {
    return Response.json(
      { query, results: [], error: "Too many searches in a short time. Please wait a moment and try again." },
      { status: 429, headers: { ...retryAfterHeader(limit.retryAfterMs), "Cache-Control": "no-store" } },
    );
  }
  const headers = { "Cache-Control": PUBLIC_REVALIDATE };
  try {
    const found = await search.instantSearch(query);
    // The badge's colours are its section's, by id (decision 042).
    const results = found.map((result) => ({ ...result, sectionId: sections.byName(result.category)?.id }));
    return Response.json({ query, results }, { headers });
  } catch (error) {
    // The spec: an instant search failure shows empty results.
    logger.error({ err: error }, "instant search failed");
    return Response.json({ query, results: [] }, { status: 500, headers: { "Cache-Control": "no-store" } });
  }
}
