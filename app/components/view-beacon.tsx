import { VIEW_ENDPOINT } from "~/validation/views";

/**
 * Where an article page reports its view (decision 032), rendered only when ANALYTICS is on. With JavaScript the
 * islands script finds this element and sends a beacon (app/islands/view-beacon.ts); without it, the browser
 * loads the image inside, a transparent pixel from the same endpoint. Browsers running scripts never load it,
 * so a reader counts once either way. Nothing here differs from reader to reader: the page cache keeps one copy.
 */
export function ViewBeacon({ articleId }: { articleId: number }) {
  return (
    <noscript data-view-beacon={VIEW_ENDPOINT} data-article={articleId}>
      <img src={`${VIEW_ENDPOINT}?article=${articleId}`} alt="" width={1} height={1} className="absolute size-px" />
    </noscript>
  );
}

/**
 * Where a search that found nothing reports itself (a search gap, decision 033), rendered only when ANALYTICS is on:
 * the same element and endpoint as an article's view, so bots and staff are told apart the same way and the
 * cached page stays one copy per query.
 */
export function SearchGapBeacon({ query }: { query: string }) {
  return (
    <noscript data-view-beacon={VIEW_ENDPOINT} data-search={query}>
      <img
        src={`${VIEW_ENDPOINT}?${new URLSearchParams({ search: query }).toString()}`}
        alt=""
        width={1}
        height={1}
        className="absolute size-px"
      />
    </noscript>
  );
}
