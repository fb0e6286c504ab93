/**
 * What a route says about itself through its `handle` export: every rule the server applies to a request before
 * the route answers it (who it is for, whether the page cache keeps it and under which query parameters, how big
 * a body it takes), and whether the document shell hydrates it. The server reads the handles of the routes a
 * request matched (server/request-target.ts), so a route's rules live where its author is looking;
 * app/route-handle.test.ts fails for a route that does not say who it is for and whether it may be cached.
 */
export interface RouteHandle {
  /**
   * False for a reader page: it is rendered on the server and not hydrated, and the document loads the islands
   * script (app/islands/) instead of React and the router, which reader pages do not need (decision 016).
   * Routes that do not say are hydrated.
   */
  hydrate?: boolean;
  /**
   * The methods the route answers, for a 405's `Allow`, where its module says otherwise: an endpoint that only takes
   * posts has a loader only to guard it (`postOnly`). Without it: GET and HEAD, and POST with an action.
   */
  allow?: string;
  /**
   * Who the answer is for. "public": anyone, and anything may keep it. "staff": the admin area and sign-in; "personal":
   * a page reached by a personal link (unsubscribe, confirm). Both are private: `Cache-Control: no-store`, never in
   * the page cache, whatever a nested route says.
   */
  access?: RouteAccess;
  /**
   * Whether the page cache keeps an anonymous read of the route, and under which URL: the route's path with its
   * parameters lower-cased and only the query parameters its page reads (`query`), so `?x=<random>` hits the same
   * copy. False: never kept. A query string that `unless` matches is answered as asked, never from the cache.
   */
  cache?: false | { query: readonly CacheQueryParameter[]; unless?: RegExp };
  /** The most bytes of body a request may send; PUBLIC_BODY_LIMIT where no matched route says. */
  bodyLimit?: number;
  /**
   * The route's loader answers the addresses an import brought along (old-address redirects): an address it answers,
   * asked with a trailing slash ("/my-post/", as every Ghost link is), reaches it as asked rather than redirected first.
   */
  answersOldAddresses?: boolean;
  /**
   * The form each path parameter must have for the address to be this route's page. An address whose parameters do not
   * is answered as asked: in its own case, never through the page cache (React Router's `/__manifest`, say).
   */
  params?: Readonly<Record<string, RegExp>>;
}

export type RouteAccess = "public" | "staff" | "personal";

/**
 * The query parameters a cached page may read, each normalised as its loader reads it: `page` (a page number above 1),
 * `query` (a search, trimmed and cut to its longest), `newsletter` (the sign-up block's outcome after a post without
 * JavaScript).
 */
export type CacheQueryParameter = "page" | "query" | "newsletter";

/** Body budgets: public forms and sign-in are a few fields; admin forms carry an article; uploads a 5 MB image. */
export const PUBLIC_BODY_LIMIT = 64 * 1024;
export const ADMIN_BODY_LIMIT = 1024 * 1024;
/**
 * The upload route refuses a file over 5 MB itself while streaming, with its own message for the editor; this
 * only stops absurd bodies before it, well above any photo picked by mistake.
 */
export const UPLOAD_BODY_LIMIT = 16 * 1024 * 1024;

/** A reader page: public, rendered on the server and not hydrated. Each says what the page cache may keep of it. */
export const readerPageHandle = { hydrate: false, access: "public" } as const satisfies RouteHandle;

/** The admin area's routes: for signed-in staff only, never cached, with an article's room for a body. */
export const staffHandle = { access: "staff", cache: false, bodyLimit: ADMIN_BODY_LIMIT } as const satisfies RouteHandle;

/** An admin endpoint that only takes posts. */
export const postOnlyHandle = { ...staffHandle, allow: "POST" } as const satisfies RouteHandle;

/** A public resource (a feed, a sitemap) the page cache keeps whole, reading no query parameter. */
export const cachedResourceHandle = { access: "public", cache: { query: [] } } as const satisfies RouteHandle;

/** A public endpoint whose every answer is made for its request: search suggestions, the sign-up post, probes. */
export const uncachedResourceHandle = { access: "public", cache: false } as const satisfies RouteHandle;

/** What the matched routes' handles decide together, from the root to the leaf. */
export interface RouteRules {
  /** Some matched route is not public: the answer is never stored by a browser, a proxy or the page cache. */
  private: boolean;
  /** The deepest matched route's cache rule; false where none says. */
  cache: Exclude<RouteHandle["cache"], undefined>;
  bodyLimit: number;
  hydrate: boolean;
  answersOldAddresses: boolean;
  params: Readonly<Record<string, RegExp>>;
}

/**
 * The rules of one way down the route table: each rule from the deepest route that states it, except that a route
 * under a private one is private too, and one route not hydrated leaves the page unhydrated.
 */
export function routeRules(handles: readonly unknown[]): RouteRules {
  const stated = handles.filter(Boolean) as RouteHandle[];
  const deepest = <K extends keyof RouteHandle>(key: K): RouteHandle[K] =>
    stated.findLast((handle) => handle[key] !== undefined)?.[key];
  return {
    private: stated.some((handle) => handle.access !== undefined && handle.access !== "public"),
    cache: deepest("cache") ?? false,
    bodyLimit: deepest("bodyLimit") ?? PUBLIC_BODY_LIMIT,
    hydrate: !stated.some((handle) => handle.hydrate === false),
    answersOldAddresses: deepest("answersOldAddresses") ?? false,
    params: deepest("params") ?? {},
  };
}

/** False when any matched route asks not to be hydrated. */
export function shouldHydrate(handles: readonly unknown[]): boolean {
  return routeRules(handles).hydrate;
}

/** The rules a way down the route table leaves unsaid: every route must say who it is for and whether it may be cached. */
export function unstatedRules(handles: readonly unknown[]): ("access" | "cache")[] {
  const stated = handles.filter(Boolean) as RouteHandle[];
  return (["access", "cache"] as const).filter((key) => !stated.some((handle) => handle[key] !== undefined));
}
