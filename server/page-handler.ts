import { createReadableStreamFromReadable } from "@react-router/node";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { compressOnce, isCacheableResponse, PUBLIC_PAGE_CACHE_CONTROL, type PageCache, type RenderedPage } from "./page-cache";
import { renderedPageOf } from "~/rendered-page";
import { allowedMethods } from "./allowed-methods";
import { bodyAlreadyRead } from "./request-body";
import { planOf } from "./request-plan";
import { createTurnQueue } from "./turns";

export interface PageHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "development" | "production";
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => Promise<RouterContextProvider>;
  /** Undefined renders every request (PAGE_CACHE=off). */
  cache: PageCache | undefined;
}

/**
 * The Fetch request React Router handles, from Express's (the same conversion as @react-router/express). A page
 * the cache may keep is rendered from its canonical URL (server/request-plan.ts), so every spelling that shares
 * the cached copy gets exactly what that copy says.
 */
function toFetchRequest(req: ExpressRequest, res: ExpressResponse, target: string): Request {
  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(name, value);
  }
  const url = new URL(target, `${req.protocol}://${req.get("host") ?? "localhost"}`);
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    // A chunked body was read up to its budget already (server/request-body.ts); others stream.
    const read = bodyAlreadyRead(req);
    init.body = read ? new Uint8Array(read) : createReadableStreamFromReadable(req);
    if (!read) init.duplex = "half";
  }
  return new Request(url, init);
}

function writeHead(res: ExpressResponse, status: number, headers: Headers): void {
  res.status(status);
  for (const [name, value] of headers.entries()) {
    if (name === "set-cookie") res.append(name, value);
    else res.setHeader(name, value);
  }
  // React Router's 405, to a POST where the route has no action, names no methods; HTTP says it must.
  if (status === 405 && !headers.has("Allow")) res.setHeader("Allow", allowedMethods(res.req));
  const plan = planOf(res.req);
  // The admin area and sign-in stay out of every cache, whatever a route said.
  if (plan?.private) res.setHeader("Cache-Control", "no-store");
  // A reader page asked for with a session may show what only staff see: never kept by a proxy or a CDN.
  else if (plan?.withSession && !/\bno-store\b/.test(String(res.getHeader("Cache-Control") ?? "")))
    res.setHeader("Cache-Control", "private, no-cache");
}

/** A whole response's bytes: those a page rendered to one string carries, or its body read to the end. */
async function bodyOf(response: Response): Promise<Buffer> {
  // The body of a rendered page is left unread: it holds nothing but the same bytes.
  return renderedPageOf(response) ?? Buffer.from(await response.arrayBuffer());
}

/** Streams a response as React Router made it. */
async function sendStreamed(res: ExpressResponse, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  writeHead(res, response.status, response.headers);
  if (!response.body) return void res.end();
  try {
    // pipeline, not @react-router/node's writer: that one adds a drain listener at every wait, which the
    // compression middleware hands to its compressor and never takes back (MaxListenersExceededWarning).
    await pipeline(Readable.fromWeb(response.body as WebReadableStream), res);
  } catch (error) {
    if (!(res.destroyed || res.writableEnded)) throw error;
  }
}

/**
 * React Router behind Express, with the page cache in front of it: an anonymous GET for a reader page, feed or
 * sitemap is answered from the cache or rendered once and kept (server/page-cache.ts); everything else is
 * rendered and streamed as usual. Public answers carry a Cache-Control a CDN may follow, cache or not.
 */
export function createPageHandler({ build, mode, getLoadContext, cache }: PageHandlerOptions): RequestHandler {
  const handleNow = createRequestHandler(build, mode);
  // One render per turn of the event loop, first come first served (server/turns.ts).
  const turns = createTurnQueue();
  const handle = async (request: Request, context: RouterContextProvider): Promise<Response> => {
    await turns.next();
    return handleNow(request, context);
  };
  return async (req, res, next) => {
    try {
      const cacheKey = planOf(req)?.cacheKey ?? null;
      if (cache && cacheKey && (await cache.serveCached(cacheKey, req, res))) return;
      const context = await getLoadContext(req, res);
      const target = cacheKey ?? req.originalUrl;
      if (cache && cacheKey && req.method === "GET") {
        const render = async (): Promise<RenderedPage> => {
          const response = await handle(toFetchRequest(req, res, target), context);
          return { status: response.status, headers: response.headers, body: await bodyOf(response) };
        };
        const sendRendered = async (page: RenderedPage) => {
          writeHead(res, page.status, page.headers);
          res.end(page.body);
        };
        await cache.renderAndServe(cacheKey, req, res, String(res.locals.nonce), render, sendRendered);
        return;
      }
      const response = await handle(toFetchRequest(req, res, target), context);
      if (cacheKey && isCacheableResponse(response.status, response.headers)) {
        // A whole public page in one write, compressed in one piece rather than in React's many small chunks.
        response.headers.set("Cache-Control", PUBLIC_PAGE_CACHE_CONTROL);
        const page = await compressOnce(await bodyOf(response), req.headers["accept-encoding"]);
        writeHead(res, response.status, response.headers);
        res.vary("Accept-Encoding");
        if (page.encoding !== "identity") res.setHeader("Content-Encoding", page.encoding);
        res.setHeader("Content-Length", page.body.length);
        return void res.end(page.body);
      }
      await sendStreamed(res, response);
    } catch (error) {
      next(error);
    }
  };
}
