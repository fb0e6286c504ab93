import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { PassThrough } from "node:stream";
import islandsSrc from "virtual:byline/islands";
import { renderToPipeableStream, renderToString, type RenderToPipeableStreamOptions } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { FragmentContext } from "./components/fragments";
import { NonceProvider } from "./components/nonce";
import { createFragmentRenderer } from "./fragments.server";
import { withRenderedPage } from "./rendered-page";
import { requestContext, servicesContext } from "./context";
import { shouldHydrate } from "./route-handle";

export const streamTimeout = 5_000;

/** The shared parts of reader pages, rendered once per content version (decision 030). */
const renderFragment = createFragmentRenderer();

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext.get(requestContext);
  const logger = loadContext.get(servicesContext).logger;
  const documentOf = (context: EntryContext) => (
    <NonceProvider nonce={nonce} islandsSrc={islandsSrc}>
      <ServerRouter context={context} url={request.url} nonce={nonce} />
    </NonceProvider>
  );

  // A reader page is not hydrated (decision 016): nothing on it waits for data or streams, so it is rendered
  // to one string, without the stream machinery a hydrated page needs (uncached rendering).
  const { matches } = routerContext.staticHandlerContext;
  if (!shouldHydrate(matches.map((match) => routerContext.routeModules[match.route.id]?.handle))) {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    const page = (
      <FragmentContext.Provider value={renderFragment}>
        {documentOf(withMatchedRoutesOnly(routerContext))}
      </FragmentContext.Provider>
    );
    const bytes = Buffer.from(`<!DOCTYPE html>${renderToString(page)}`);
    return withRenderedPage(new Response(bytes, { headers: responseHeaders, status: responseStatusCode }), bytes);
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(documentOf(routerContext), {
      nonce,
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) logger.error({ err: error, path: new URL(request.url).pathname }, "error while streaming a page");
      },
    });
  });
}

/**
 * The router context with only the routes this request matched. The server router builds a route object for
 * every route in the manifest at each render, which only the browser's router (hydration, links discovered
 * later) ever needs; a page that is not hydrated renders its matches and nothing else.
 */
function withMatchedRoutesOnly(context: EntryContext): EntryContext {
  const routes: EntryContext["manifest"]["routes"] = {};
  for (const match of context.staticHandlerContext.matches) routes[match.route.id] = context.manifest.routes[match.route.id];
  return { ...context, manifest: { ...context.manifest, routes } };
}

/** Logs unexpected loader, action and render errors with their cause; aborted requests are not errors. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // Aborted requests, and answers such as 405 for a method a route does not take, are not faults.
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  const provider = context as RouterContextProvider;
  provider
    .get(servicesContext)
    .logger.error({ err: error, method: request.method, path: new URL(request.url).pathname }, "unexpected error");
};
