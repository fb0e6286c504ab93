/**
 * A page rendered to one string (app/entry.server.tsx) carries its bytes beside its body, so the page handler
 * (server/page-handler.ts) sends them without reading the body back through a web stream. The server build and
 * the server are bundled apart, hence a registered symbol rather than a shared WeakMap. A response that lost the
 * property on the way (one the router made anew) is read from its body as usual.
 */
const RENDERED_PAGE = Symbol.for("byline.renderedPage");

export function withRenderedPage(response: Response, bytes: Buffer): Response {
  Object.defineProperty(response, RENDERED_PAGE, { value: bytes });
  return response;
}

export function renderedPageOf(response: Response): Buffer | undefined {
  const bytes: unknown = (response as unknown as Record<symbol, unknown>)[RENDERED_PAGE];
  return Buffer.isBuffer(bytes) ? bytes : undefined;
}
