/**
 * What a route tells the document shell (root.tsx) through its `handle` export. A reader page is rendered on
 * the server and not hydrated: the document loads the islands script (app/islands/) instead of React and the
 * router, which reader pages do not need (decision 016). Routes without a handle are hydrated.
 */
export interface RouteHandle {
  hydrate?: boolean;
  /**
   * The methods the route answers, for a 405's `Allow`, where its module says otherwise: an endpoint that only takes
   * posts has a loader only to guard it (`postOnly`). Without it: GET and HEAD, and POST with an action.
   */
  allow?: string;
}

/** The handle of every reader page. */
export const readerPageHandle = { hydrate: false } satisfies RouteHandle;

/** The handle of an admin endpoint that only takes posts. */
export const postOnlyHandle = { allow: "POST" } satisfies RouteHandle;

/** False when any matched route asks not to be hydrated. */
export function shouldHydrate(handles: unknown[]): boolean {
  return !handles.some((handle) => (handle as RouteHandle | undefined)?.hydrate === false);
}
