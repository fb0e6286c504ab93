/**
 * The first segments of the site's own addresses, which no page may take (decision 039): every static segment of the
 * route table (app/routes.ts), the folders Express serves before the router (server/app.ts: the built client's
 * assets, public/, uploads and media variants, the view beacon), and a few names kept for what is coming or what a
 * reader would take for the site's own (a login, the feeds). `services/pages/reserved-addresses.test.ts` checks this list against the
 * route table and the static folders, so a route added later without its name here fails that test.
 *
 * The seven pages the specification ships (about, careers, contact, advertise, terms, privacy, cookie-policy) are
 * pages like any other and are not here.
 */
export const RESERVED_ADDRESSES: readonly string[] = [
  // The route table.
  "admin",
  "api",
  "article",
  "auth",
  "author",
  "category",
  "corrections",
  "favicon.ico",
  "feed.json",
  "healthz",
  "news-sitemap.xml",
  "newsletter",
  "robots.txt",
  "rss.xml",
  "search",
  "site.webmanifest",
  "sitemap.xml",
  "sitemaps",
  "unsubscribe",
  // Served before the router: the built client, public/, uploads, media variants.
  "assets",
  "images",
  "media",
  "uploads",
  "favicon.svg",
  // Kept for the site's own use: sections and tags, sign-in words, feeds and well-known files.
  "section",
  "sections",
  "tag",
  "tags",
  "page",
  "pages",
  "login",
  "logout",
  "feed",
  "feeds",
  "rss",
  "sitemap",
  "well-known",
  "static",
  "public",
  "build",
];

const reserved = new Set(RESERVED_ADDRESSES);

/** True when a page may not take this address (its one segment, without the slash). */
export function isReservedAddress(address: string): boolean {
  return reserved.has(address.toLowerCase());
}
