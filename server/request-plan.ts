import type { IncomingMessage } from "node:http";
import { PUBLIC_BODY_LIMIT } from "~/route-handle";
import { SESSION_COOKIE_NAME } from "~/services/auth/session-cookie.server";
import { escapeRegExp } from "~/utils/regexp";
import { isNewsletterOutcome } from "~/validation/newsletter";
import { parsePageParam } from "~/validation/paging";
import { SEARCH_QUERY_MAX_LENGTH } from "~/validation/search";
import { canonicalPath, type MatchedRoute, type RequestTarget } from "./request-target";

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

/**
 * The plan for a request target: each rule read from the handles of the routes it matched (app/route-handle.ts). A
 * target no route matched is public, never cached, with the public body budget.
 */
export function planTarget(target: RequestTarget, match: MatchedRoute | null): TargetPlan {
  const bodyLimit = match?.rules.bodyLimit ?? PUBLIC_BODY_LIMIT;
  const isPrivate = match?.rules.private ?? false;
  // An address whose parameters have not the form its route's pages have (React Router's own `/__manifest?paths=…`
  // reaching the pages' route, say) is answered as asked: in its own case, never through the page cache.
  const notAPage =
    !!match && Object.entries(match.rules.params).some(([name, form]) => !form.test((match.params[name] ?? "").toLowerCase()));
  const path = canonicalPath(target.pathname, notAPage ? null : match);
  // An address a route that answers old addresses matched, asked with a trailing slash ("/my-post/", as every Ghost
  // link is), goes on as asked: its loader answers an old address's redirect in one hop, and the one spelling itself.
  const catchAllSlash = !!match && match.rules.answersOldAddresses && !match.data && `${path}/` === target.pathname;
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
 * and only the query parameters the page reads (its handle's `cache.query`), normalised as its loader reads them.
 * Null for a route the page cache does not keep.
 */
export function canonicalUrl(target: RequestTarget, match: MatchedRoute): string | null {
  const { cache } = match.rules;
  if (!cache || cache.unless?.test(target.search)) return null;
  const path = match.pattern.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent((match.params[name] ?? "").toLowerCase()),
  );
  const given = new URLSearchParams(target.search);
  const kept = new URLSearchParams();
  for (const name of cache.query) {
    if (name === "page") {
      const page = parsePageParam(`http://local/?page=${encodeURIComponent(given.get("page") ?? "")}`);
      if (page > 1) kept.set("page", String(page));
    } else if (name === "query") {
      const query = (given.get("query") ?? "").trim().slice(0, SEARCH_QUERY_MAX_LENGTH);
      if (query) kept.set("query", query);
    } else {
      const outcome = given.get("newsletter");
      if (isNewsletterOutcome(outcome)) kept.set("newsletter", outcome);
    }
  }
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
