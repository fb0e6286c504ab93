import type { IncomingMessage } from "node:http";
import { SESSION_COOKIE_NAME } from "~/services/auth/session-cookie.server";
import { escapeRegExp } from "~/utils/regexp";
import { isNewsletterOutcome } from "~/validation/newsletter";
import { parsePageParam } from "~/validation/paging";
import { PAGE_ADDRESS_PATTERN } from "~/validation/page";
import { SEARCH_QUERY_MAX_LENGTH } from "~/validation/search";
import { canonicalPath, isPrivateRoute, type MatchedRoute, type RequestTarget } from "./request-target";

/** Body budgets: public forms and sign-in are a few fields; admin forms carry an article; uploads a 5 MB image. */
export const PUBLIC_BODY_LIMIT = 64 * 1024;
export const ADMIN_BODY_LIMIT = 1024 * 1024;
/**
 * The upload route refuses a file over 5 MB itself while streaming, with its own message for the editor; this
 * only stops absurd bodies before it, well above any photo picked by mistake.
 */
export const UPLOAD_BODY_LIMIT = 16 * 1024 * 1024;

/**
 * The reader routes the page cache may keep, each with the query parameters its page reads. Every other
 * parameter is left out of the cache key and of the URL the page is rendered from, so `?x=<random>` hits the
 * same copy. Their path parameters are case-insensitive (category and author slugs, numeric ids), so they are lower-cased.
 */
const CACHEABLE_ROUTES: Readonly<Record<string, readonly string[]>> = {
  "routes/reader/home": [],
  "routes/reader/category": ["page"],
  "routes/reader/article": [],
  "routes/reader/author": ["page"],
  "routes/reader/tag": ["page"],
  "routes/reader/search": ["query", "page"],
  "routes/reader/corrections": ["page"],
  // About, the policies and the pages editors add (decision 039); a change announces itself and drops them.
  "routes/reader/page": [],
  "rss-site": [],
  "rss-category": [],
  "routes/resources/corrections-rss": [],
  "rss-author": [],
  "routes/resources/sitemap": [],
  "sitemap-pages": [],
  "sitemap-articles": [],
  "json-feed-site": [],
  "json-feed-category": [],
  "json-feed-author": [],
  "rss-tag": [],
  "json-feed-tag": [],
  "routes/resources/corrections-json-feed": [],
  "routes/resources/news-sitemap": [],
  "routes/resources/robots": [],
};

/** Reader pages show the sign-up block, which reads its outcome from the URL after a post without JavaScript. */
const HTML_ROUTE = /^routes\/reader\//;

/** Any spelling of the admin session cookie's name: a signed-in editor's pages are rendered for them. */
const SESSION_COOKIE = new RegExp(escapeRegExp(SESSION_COOKIE_NAME), "i");

/** What the server decided about one request, once, before any of it is answered. */
export interface RequestPlan {
  target: RequestTarget;
  match: MatchedRoute | null;
  /** The admin area and sign-in: `Cache-Control: no-store`, never in the page cache. */
  private: boolean;
  /** The canonical URL the page cache keeps this answer under and renders it from; null when it may not be kept. */
  cacheKey: string | null;
  /** The request carries a session cookie: what it is answered may be made for that browser alone. */
  withSession: boolean;
  /** The most bytes of body this request may send. */
  bodyLimit: number;
}

const plans = new WeakMap<IncomingMessage, RequestPlan>();

export function setPlan(req: IncomingMessage, plan: RequestPlan): void {
  plans.set(req, plan);
}

/** The plan made for this request in front of the app (server/app.ts). */
export function planOf(req: IncomingMessage): RequestPlan | undefined {
  return plans.get(req);
}

/**
 * What the request target alone decides: the same for every request to that target, so it may be remembered.
 * `match` is the route matched for the target's tidy path (request-target.ts).
 */
export interface TargetPlan {
  target: RequestTarget;
  match: MatchedRoute | null;
  private: boolean;
  /** The canonical URL, for a route the page cache keeps. */
  canonical: string | null;
  bodyLimit: number;
  /** Where another spelling of the path is sent (308), the query string kept; null for the path's one spelling. */
  redirect: string | null;
  /**
   * Where a read of an address asked with a trailing slash that only the catch-all or the pages' route answers is sent
   * by their loader (an old address in one hop, else the one spelling); anything but a read is sent there at once.
   */
  slashRedirect: string | null;
}

export function planTarget(target: RequestTarget, match: MatchedRoute | null): TargetPlan {
  const bodyLimit =
    match?.leafId === "routes/admin/upload-image"
      ? UPLOAD_BODY_LIMIT
      : match?.routeIds.some((id) => id.startsWith("routes/admin/"))
        ? ADMIN_BODY_LIMIT
        : PUBLIC_BODY_LIMIT;
  const isPrivate = isPrivateRoute(match);
  // React Router's own addresses (`/__manifest?paths=…&version=…`) and anything else that cannot be a page's address
  // reach the pages' route as they reached the catch-all: as asked, in their own case, never through the page cache.
  const notAPage = match?.leafId === "routes/reader/page" && !PAGE_ADDRESS_PATTERN.test((match.params.slug ?? "").toLowerCase());
  const path = canonicalPath(target.pathname, notAPage ? null : match);
  // An address only the catch-all or the pages' route answers, asked with a trailing slash ("/my-post/", as every Ghost
  // link is), goes on as asked: their loader answers an old address's redirect in one hop, and the one spelling itself.
  const catchAllSlash =
    !!match &&
    (match.pattern.includes("*") || match.leafId === "routes/reader/page") &&
    !match.data &&
    `${path}/` === target.pathname;
  const redirect = path === target.pathname || catchAllSlash ? null : `${path}${target.search}`;
  // Such an address is never a page's one spelling: it is answered as asked, never from or into the page cache.
  const canonical = !isPrivate && match && !redirect && !catchAllSlash && !notAPage ? canonicalUrl(target, match) : null;
  const slashRedirect = catchAllSlash ? `${path}${target.search}` : null;
  return { target, match, private: isPrivate, canonical, bodyLimit, redirect, slashRedirect };
}

/** The plan for one request: its target's, and whether this request (an anonymous read) may use the page cache. */
export function planRequest(req: Pick<IncomingMessage, "method" | "headers">, targetPlan: TargetPlan): RequestPlan {
  const withSession = SESSION_COOKIE.test(String(req.headers.cookie ?? ""));
  const anonymousRead = (req.method === "GET" || req.method === "HEAD") && !withSession;
  const { target, match, bodyLimit, canonical } = targetPlan;
  return { target, match, private: targetPlan.private, bodyLimit, cacheKey: anonymousRead ? canonical : null, withSession };
}

/**
 * The one URL under which a cacheable answer is kept: the route's own path with its parameters lower-cased,
 * and only the query parameters the page reads, normalised as its loader reads them. Null for a route the
 * page cache does not keep.
 */
export function canonicalUrl(target: RequestTarget, match: MatchedRoute): string | null {
  const reads = CACHEABLE_ROUTES[match.leafId];
  if (!reads) return null;
  // "/?p=42" is a WordPress post's old address: the home loader redirects it when the post was imported.
  if (match.leafId === "routes/reader/home" && /(?:^\?|&)p=\d{1,12}(?:&|$)/.test(target.search)) return null;
  const path = match.pattern.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent((match.params[name] ?? "").toLowerCase()),
  );
  const given = new URLSearchParams(target.search);
  const kept = new URLSearchParams();
  for (const name of reads) {
    if (name === "page") {
      const page = parsePageParam(`http://local/?page=${encodeURIComponent(given.get("page") ?? "")}`);
      if (page > 1) kept.set("page", String(page));
    } else if (name === "query") {
      const query = (given.get("query") ?? "").trim().slice(0, SEARCH_QUERY_MAX_LENGTH);
      if (query) kept.set("query", query);
    }
  }
  const outcome = given.get("newsletter");
  if (HTML_ROUTE.test(match.leafId) && isNewsletterOutcome(outcome)) kept.set("newsletter", outcome);
  if (match.data) {
    // A client navigation asks for some of the matched routes' loaders; any other id changes nothing.
    const asked = (given.get("_routes") ?? "").split(",").filter((id) => match.routeIds.includes(id));
    const routes = [...new Set(asked)].sort();
    if (given.has("_routes") && routes.length < match.routeIds.length) kept.set("_routes", routes.join(","));
  }
  const query = kept.toString();
  const dataPath = path === "/" ? "/_.data" : `${path}.data`;
  return `${match.data ? dataPath : path}${query ? `?${query}` : ""}`;
}
