/**
 * The article page's view report (decision 032): one small POST, `{"article":12}`, sent with sendBeacon so it
 * never holds the page up, to the address in the page's `noscript[data-view-beacon]` (components/view-beacon.tsx).
 * No cookie is set and nothing is read from the browser; a page prerendered for a link the reader may follow
 * reports only once it is shown. Nothing happens on pages without the element (ANALYTICS=off, other pages).
 */
export function sendViewBeacon(document: Document): void {
  const marker = document.querySelector<HTMLElement>("noscript[data-view-beacon]");
  const endpoint = marker?.dataset.viewBeacon;
  const search = marker?.dataset.search;
  const article = Number(marker?.dataset.article);
  if (!endpoint || (search === undefined && (!Number.isInteger(article) || article <= 0))) return;
  // The newsletter a link came from (`?ref=newsletter-42`, decision 033); the server checks what it says.
  const ref = new URLSearchParams(document.location.search).get("ref");
  const send = () => {
    const body = JSON.stringify(search !== undefined ? { search } : ref ? { article, ref } : { article });
    if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(endpoint, body)) return;
    void fetch(endpoint, { method: "POST", body, keepalive: true, credentials: "same-origin" }).catch(() => undefined);
  };
  const prerendering = (document as Document & { prerendering?: boolean }).prerendering === true;
  if (prerendering) document.addEventListener("prerenderingchange", send, { once: true });
  else send();
}
