import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

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
 * not a path (`//host/x`, `http://…`, `*`), a backslash, malformed or ambiguous percent-encoding, dot
 * segments (also encoded, `%2e`) or empty segments. Such a request is answered 400 before any routing,
 * so the router, the page cache and the no-store decision all read the same path.
 */
export function parseRequestTarget(raw: string): RequestTarget | null {
  if (!raw.startsWith("/") || raw.startsWith("//") || !VISIBLE_ASCII.test(raw) || raw.includes("\\") || raw.includes("#")) {
    return null;
  }
  const queryAt = raw.indexOf("?");
  const pathname = queryAt === -1 ? raw : raw.slice(0, queryAt);
  const search = queryAt === -1 ? "" : raw.slice(queryAt);
  if (AMBIGUOUS_ESCAPE.test(pathname)) return null;
  const segments = pathname.split("/").slice(1);
  for (const [index, segment] of segments.entries()) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return null;
    }
    if (decoded === "." || decoded === "..") return null;
    if (segment === "" && index !== segments.length - 1) return null;
  }
  return { pathname, search };
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
}

/** The path a single-fetch data request asks about (React Router's trailing-slash-aware rule). */
function documentPath(pathname: string): { path: string; data: boolean } {
  if (pathname.endsWith("/_.data")) return { path: pathname.slice(0, -"_.data".length), data: true };
  if (pathname.endsWith(".data")) return { path: pathname.slice(0, -".data".length), data: true };
  return { path: pathname, data: false };
}

type PatternRoute = RouteObject & { id: string; pattern: string };

/**
 * Matches paths against the build's route table with React Router's own matcher, so every decision the
 * server makes about a request (admin or not, cacheable or not, its body budget) rests on the route that
 * will answer it, whatever the spelling of the path.
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
  const build = (parentId: string | undefined, parentPattern: string): PatternRoute[] =>
    (byParent.get(parentId) ?? []).map((route) => {
      const pattern = route.path ? `${parentPattern}/${route.path}`.replace(/\/{2,}/g, "/") : parentPattern || "/";
      const children = build(route.id, pattern);
      const base = { id: route.id, pattern, path: route.path, caseSensitive: route.caseSensitive };
      return (route.index ? { ...base, index: true } : { ...base, children }) as PatternRoute;
    });
  const tree = build(undefined, "");

  return (pathname) => {
    const { path, data } = documentPath(pathname);
    const matches = matchRoutes(tree, path);
    const leaf = matches?.at(-1);
    if (!matches || !leaf) return null;
    const route = leaf.route as PatternRoute;
    return {
      routeIds: matches.map((match) => (match.route as PatternRoute).id),
      leafId: route.id,
      pattern: route.pattern,
      params: leaf.params,
      data,
    };
  };
}

/** Routes whose answers are personal or private: the admin area and sign-in. Never stored anywhere. */
export function isPrivateRoute(match: MatchedRoute | null): boolean {
  return match?.routeIds.some((id) => id.startsWith("routes/admin/") || id.startsWith("routes/auth/")) ?? false;
}
