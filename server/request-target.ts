import type { ServerBuild } from "react-router";
import { routeRules, type RouteHandle, type RouteRules } from "~/route-handle";

/**
 * The request target as every later decision reads it: the path exactly as sent (React Router decodes it
 * once more itself) and the query string. Parsed once, in front of everything (server/app.ts).
 */
export interface RequestTarget {
  pathname: string;
  search: string;
}

/** Visible ASCII only: clients percent-encode everything else, so anything else is a hand-made target. */
const VISIBLE_ASCII = /^[\x21-\x7e]*$/;
/** Escapes that would give one path two spellings (an encoded slash or backslash) or hide a control character. */
const AMBIGUOUS_ESCAPE = /%(?:2f|5c|[01][0-9a-f]|7f)/i;

/**
 * Parses a request target, or null when it is one no browser sends and that could be read two ways:
 * not a path (`http://…`, `*`), a backslash, malformed or ambiguous percent-encoding, or dot segments (also
 * encoded, `%2e`). Such a request is answered 400 before any routing, so the router, the page cache and the
 * no-store decision all read the same path. Empty segments (`//article/1`, `/article//1`, `/article/1/`) are
 * read here, and answered with a redirect to the path's one spelling (see canonicalPath).
 */
export function parseRequestTarget(raw: string): RequestTarget | null {
  if (!raw.startsWith("/") || !VISIBLE_ASCII.test(raw) || raw.includes("\\") || raw.includes("#")) {
    return null;
  }
  const queryAt = raw.indexOf("?");
  const pathname = queryAt === -1 ? raw : raw.slice(0, queryAt);
  const search = queryAt === -1 ? "" : raw.slice(queryAt);
  if (AMBIGUOUS_ESCAPE.test(pathname)) return null;
  for (const segment of pathname.split("/")) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return null;
    }
    if (decoded === "." || decoded === "..") return null;
  }
  return { pathname, search };
}

/** A path without doubled slashes or a trailing slash (but `/`): the spelling routes are matched and cached under. */
export function tidyPath(pathname: string): string {
  const single = pathname.replace(/\/{2,}/g, "/");
  return single.length > 1 && single.endsWith("/") ? single.slice(0, -1) : single;
}

/** Path parameters that are lower case in every address the site makes: article ids and category slugs. */
const LOWERCASE_PARAMS = new Set(["id", "slug"]);

/**
 * Whether a matched route is spelled in lower case whole: a page or resource route whose parameters are ids
 * or slugs. Not the catch-all (static files, uploads and assets keep their names' case), not a route with a
 * token in its path (`/unsubscribe/:token`, `/auth/invite/:token`), not a single-fetch data request.
 */
function isLowercaseRoute(match: MatchedRoute | null): boolean {
  if (!match || match.data || match.pattern.includes("*")) return false;
  return Object.keys(match.params).every((name) => LOWERCASE_PARAMS.has(name));
}

/**
 * The one spelling of a path: no doubled slashes, no trailing slash (but `/`), and lower case where its route
 * is (isLowercaseRoute). `match` is the route matched for the tidy path. A request for another spelling is
 * answered 308 to this one, in front of everything (server/front-door.ts).
 */
export function canonicalPath(pathname: string, match: MatchedRoute | null): string {
  const tidy = tidyPath(pathname);
  return isLowercaseRoute(match) ? tidy.toLowerCase() : tidy;
}

/** What a request target matched in the route table. */
export interface MatchedRoute {
  /** Every matched route's id, the root first and the leaf last. */
  routeIds: string[];
  /** The leaf route's id, such as `routes/reader/article`. */
  leafId: string;
  /** Its full pattern, such as `/article/:id`. */
  pattern: string;
  /** The path parameters, decoded as the router gives them to loaders. */
  params: Record<string, string | undefined>;
  /** A single-fetch data request (`/article/3.data`, `/_.data`) rather than a document. */
  data: boolean;
  /** The methods the leaf route answers, as a 405's `Allow` names them: POST only where it has an action (or its handle's `allow`). */
  allow: string;
  /** What the matched routes' handles say about the request: private or not, the page cache, the body budget. */
  rules: RouteRules;
}

/** The path a single-fetch data request asks about (React Router's trailing-slash-aware rule). */
function documentPath(pathname: string): { path: string; data: boolean } {
  if (pathname.endsWith("/_.data")) return { path: pathname.slice(0, -"_.data".length), data: true };
  if (pathname.endsWith(".data")) return { path: pathname.slice(0, -".data".length), data: true };
  return { path: pathname, data: false };
}

/** One way down the route table: the routes from the root to a route that can answer, and its whole pattern. */
interface Branch {
  routeIds: string[];
  pattern: string;
  allow: string;
  rules: RouteRules;
  regex: RegExp;
  paramNames: string[];
  score: number;
  order: number;
}

/** React Router's ranking (`computeScore`): more and more static segments first, index routes before their layouts, splats last. */
function rankScore(pattern: string, index: boolean): number {
  const segments = pattern.split("/");
  let score = segments.length + (segments.includes("*") ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === "*") continue;
    score += /^:[\w-]+$/.test(segment) ? 3 : segment === "" ? 1 : 10;
  }
  return score;
}

function compile(pattern: string): { regex: RegExp; paramNames: string[] } {
  const paramNames: string[] = [];
  const source = pattern
    .replace(/\/*\*?$/, "")
    .replace(/[\\.*+^${}|()[\]]/g, "\\$&")
    .replace(/\/:([\w-]+)/g, (_, name: string) => {
      paramNames.push(name);
      return "/([^\\/]+)";
    });
  if (pattern.endsWith("*")) {
    paramNames.push("*");
    return { regex: new RegExp(`^${source}(?:\\/(.+)|\\/*)$`, "i"), paramNames };
  }
  return { regex: new RegExp(`^${source}\\/*$`, "i"), paramNames };
}

/**
 * Matches paths against the build's route table the way React Router does (the same ranking, case-insensitive,
 * a trailing slash allowed, segments decoded), so every decision the server makes about a request (admin or
 * not, cacheable or not, its body budget) rests on the route that will answer it, whatever the spelling of
 * the path. The table is flattened and compiled once: React Router's own `matchRoutes` does that on every call
 * (about 0.6 ms here), which the page cache's fast path cannot afford.
 */
export function createRouteMatcher(routes: ServerBuild["routes"]): (pathname: string) => MatchedRoute | null {
  type BuildRoute = NonNullable<ServerBuild["routes"][string]>;
  const byParent = new Map<string | undefined, BuildRoute[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(route);
    byParent.set(route.parentId, siblings);
  }
  const branches: Branch[] = [];
  const walk = (parentId: string | undefined, parentPattern: string, chain: string[], chainHandles: unknown[]) => {
    for (const route of byParent.get(parentId) ?? []) {
      const pattern = route.path ? `${parentPattern}/${route.path}`.replace(/\/{2,}/g, "/") : parentPattern;
      const routeIds = [...chain, route.id];
      const handles = [...chainHandles, route.module.handle];
      if (route.path || route.index) {
        const whole = pattern || "/";
        branches.push({
          routeIds,
          pattern: whole,
          allow:
            (route.module.handle as RouteHandle | undefined)?.allow ?? (route.module.action ? "GET, HEAD, POST" : "GET, HEAD"),
          rules: routeRules(handles),
          ...compile(whole),
          score: rankScore(whole, Boolean(route.index)),
          order: branches.length,
        });
      }
      walk(route.id, pattern, routeIds, handles);
    }
  };
  walk(undefined, "", [], []);
  branches.sort((a, b) => b.score - a.score || a.order - b.order);

  return (pathname) => {
    const { path, data } = documentPath(pathname);
    let decoded: string;
    try {
      decoded = path
        .split("/")
        .map((segment) => decodeURIComponent(segment).replaceAll("/", "%2F"))
        .join("/");
    } catch {
      return null;
    }
    for (const branch of branches) {
      const found = branch.regex.exec(decoded);
      if (!found) continue;
      const params: Record<string, string | undefined> = {};
      branch.paramNames.forEach((name, index) => (params[name] = found[index + 1] ?? ""));
      const { routeIds, pattern, allow, rules } = branch;
      return { routeIds, leafId: routeIds.at(-1) ?? "root", pattern, params, data, allow, rules };
    }
    return null;
  };
}
