import compression from "compression";
import express, { type RequestHandler } from "express";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { constants as zlib } from "node:zlib";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { requestContext, servicesContext } from "~/context";
import { findSignedInAdmin } from "~/services/auth/session-cookie.server";
import type { Services } from "~/services/index.server";
import { UPLOADS_URL_PREFIX } from "~/services/uploads/uploads.server";
import { MEDIA_URL_PREFIX } from "~/utils/responsive-images";
import { serveMedia } from "./media";
import { cleanUserAgent, rateLimitAddress } from "~/services/rate-limits/client-address.server";
import { refuseOtherMethods } from "./allowed-methods";
import { createFrontDoor } from "./front-door";
import { clientErrorStatus, RANGE_NOT_SATISFIABLE, refuse, SOMETHING_WENT_WRONG } from "./plain-answers";
import { keepBody, limitBodies, readBody } from "./request-body";
import type { PageCache } from "./page-cache";
import { createPageHandler } from "./page-handler";
import { planOf } from "./request-plan";
import { requireSameOrigin, type TrustProxy } from "./same-origin";
import { assignNonce, securityHeaders } from "./security-headers";
import { viewBeacon } from "./view-beacon";

const DYNAMIC_BROTLI_QUALITY = 3;

export interface AppOptions {
  services: Services;
  /** The React Router server build, or a function that loads it (development reloads it per request). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** build/client in production; undefined in development, where Vite serves the assets. */
  clientDir: string | undefined;
  /** Vite's middlewares in development. */
  devMiddleware?: RequestHandler;
  /** Rendered reader pages kept between requests; undefined renders every request. */
  pageCache?: PageCache;
  /** The peers whose X-Forwarded-For is believed (TRUST_PROXY), or false for none. */
  trustProxy: string[] | false;
  /** Host names besides SITE_URL's and loopback that requests may name (ALLOWED_HOSTS). */
  allowedHosts: readonly string[];
}

/**
 * The request handler, the same in production and development. In front of everything, the front door
 * (server/front-door.ts) refuses unknown hosts and request targets that could be read two ways, and plans the request
 * from the routes it matches. Then the view beacon (decision 034), then a page the cache holds, already sent once
 * through the whole app, answered at once with the headers the app gave it (server/page-cache.ts); every other request
 * goes through the app. In development the build is Vite's, loaded again for each request so that an edit shows at
 * once: the request waits for it, then takes the same path.
 */
export function createRequestListener(options: AppOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const { build, pageCache, services } = options;
  const { logger } = services;
  const frontDoor = createFrontDoor({
    siteUrl: services.site.url,
    allowedHosts: options.allowedHosts,
    checkHost: !options.devMiddleware,
  });
  const { app, answerViewReport } = createApp(options);
  const answer = (req: IncomingMessage, res: ServerResponse, current: ServerBuild, started: bigint) => {
    if (!frontDoor.admit(req, res, current)) {
      if (logger.isLevelEnabled("info")) logRequest(logger, req, res, started);
      return;
    }
    if (answerViewReport(req, res)) {
      if (logger.isLevelEnabled("info")) res.once("finish", () => logRequest(logger, req, res, started));
      return;
    }
    if (!pageCache?.serveFast(req, res)) return void app(req, res);
    if (logger.isLevelEnabled("info")) logRequest(logger, req, res, started);
  };
  if (typeof build !== "function") return (req, res) => answer(req, res, build, process.hrtime.bigint());
  return (req, res) => {
    const started = process.hrtime.bigint();
    build().then(
      (current) => answer(req, res, current, started),
      (error: unknown) => {
        logger.error({ err: error, path: pathOf(req) }, "could not load the development build");
        refuse(res, 500, SOMETHING_WENT_WRONG);
      },
    );
  };
}

/**
 * The Express application: request logs, body budgets, security headers, compression, static files, then the
 * same-origin check for state-changing requests, then React Router. With it, the view beacon's handler (decision
 * 034), which the request listener calls in front of the application.
 */
function createApp({ services, build, clientDir, devMiddleware, pageCache, trustProxy }: AppOptions): {
  app: express.Express;
  answerViewReport: ReturnType<typeof viewBeacon>;
} {
  const { logger, site } = services;
  const app = express();
  app.disable("x-powered-by");
  // Only these peers may say who the client is (X-Forwarded-For); anyone else is the client.
  app.set("trust proxy", trustProxy === false ? false : trustProxy);

  app.use(requestLog(services));
  // The admin area and sign-in are decided by the route that answers, whatever the path's spelling.
  app.use((req, res, next) => {
    if (planOf(req)?.private) res.set("Cache-Control", "no-store");
    next();
  });
  const answerViewReport = viewBeacon(services, app.get("trust proxy fn") as TrustProxy);
  app.use(limitBodies);
  app.use(assignNonce);
  app.use(
    securityHeaders({
      https: site.url.startsWith("https:"),
      siteOrigin: new URL(site.url).origin,
      adsEnabled: () => Boolean(site.adsenseClient),
      development: Boolean(devMiddleware),
    }),
  );
  // Answers made per request are compressed at brotli quality 3: nearly quality 4's size at a fraction of
  // its time (cached pages are compressed once, at 11, by the page cache).
  app.use(compression({ brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } } }));

  // Covers appear in newsletters, which webmail shows from its own origin: images may be embedded anywhere.
  app.use(["/images", UPLOADS_URL_PREFIX, MEDIA_URL_PREFIX], (_req, res, next) => {
    res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
    next();
  });
  if (devMiddleware) {
    app.use(devMiddleware);
  } else if (clientDir) {
    // Hashed assets never change under the same name; everything else may.
    app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
    // Pages have no file extension: only what looks like a file is looked for on disk.
    const clientFiles = express.static(clientDir, { maxAge: "1h", index: false });
    app.use((req, res, next) => (/\.\w+$/.test(req.path) ? clientFiles(req, res, next) : next()));
  }

  // Editors' uploaded covers: random names that never change, so they are immutable like the assets.
  // Only the four image types are ever stored, and helmet's nosniff keeps browsers to the stated type.
  app.use(
    UPLOADS_URL_PREFIX,
    express.static(services.uploads.directory, { immutable: true, maxAge: "1y", index: false, dotfiles: "ignore" }),
  );

  // Covers in several widths and formats, social cards and JSON-LD crops, made on first request and kept on disk
  // (decision 025). Only the names the pipeline offers exist; any other address under /media/ is a 404.
  app.get(`${MEDIA_URL_PREFIX}{*variant}`, serveMedia(services));

  app.use(refuseOtherMethods);
  // RFC 8058 one-click unsubscribe comes from the mail provider's origin without cookies, so it is answered
  // here, before the same-origin check (and React Router's own); the signed token is the proof. Any other
  // POST there is the page's own Unsubscribe button, a form like any other.
  app.post("/unsubscribe/:token", oneClickUnsubscribe(services));
  app.use(requireSameOrigin(site.url));
  // Staff read the database every time, not the reader memo: their own change shows on their next request to any
  // instance, before that instance has heard of it (decision 028). The admin area refuses anyone else in its
  // loaders; a reader page asked for with a session cookie reads afresh only when the session is an admin's.
  const staffServices: Services = { ...services, ...services.afresh };
  const madeForStaff = async (req: express.Request): Promise<boolean> => {
    const plan = planOf(req);
    if (plan?.private) return true;
    if (plan?.withSession !== true) return false;
    // A database that does not answer fails the page's own reads, which say so as they always have.
    const admin = await findSignedInAdmin(req.headers.cookie, services).catch(() => null);
    return admin !== null;
  };
  app.all(
    "/{*splat}",
    createPageHandler({
      build,
      mode: devMiddleware ? "development" : "production",
      cache: pageCache,
      async getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(servicesContext, (await madeForStaff(req)) ? staffServices : services);
        context.set(requestContext, {
          nonce: String(res.locals.nonce),
          clientAddress: rateLimitAddress(req.ip),
          userAgent: cleanUserAgent(req.headers["user-agent"]),
        });
        return context;
      },
    }),
  );

  app.use(((error, req, res, _next) => {
    // A URL the router could not decode, or a 4xx a middleware passes on (such as a static file's range past its end),
    // is the client's mistake, not a fault.
    const status = error instanceof URIError ? 400 : clientErrorStatus(error);
    if (status !== undefined && !res.headersSent) {
      return void res
        .status(status)
        .type("text/plain")
        .set("Cache-Control", "no-store")
        .send(status === 416 ? RANGE_NOT_SATISFIABLE : "This address is not valid.");
    }
    logger.error({ err: error, method: req.method, path: pathOf(req) }, "unhandled request error");
    if (res.headersSent) return res.end();
    res.status(500).type("text/plain").send(SOMETHING_WENT_WRONG);
  }) satisfies express.ErrorRequestHandler);

  return { app, answerViewReport };
}

/** The path only: query strings may carry tokens or addresses that do not belong in logs, nor do unsubscribe and confirmation tokens. */
function pathOf(req: IncomingMessage & { originalUrl?: string }): string {
  return ((req.originalUrl ?? req.url ?? "/").split("?")[0] ?? "/")
    .replace(/^\/unsubscribe\/[^/]+/i, "/unsubscribe/[token]")
    .replace(/^\/newsletter\/confirm\/[^/]+/i, "/newsletter/confirm/[token]")
    .replace(/^\/auth\/invite\/[^/]+/i, "/auth/invite/[token]")
    .replace(/^\/auth\/reset\/[^/]+/i, "/auth/reset/[token]")
    .replace(/^\/auth\/email\/[^/]+/i, "/auth/email/[token]")
    .replace(/^\/auth\/sessions\/end\/[^/]+/i, "/auth/sessions/end/[token]");
}

/**
 * The mail provider's one-click POST (a body of `List-Unsubscribe=One-Click`, urlencoded or multipart, RFC 8058):
 * unsubscribes the token's subscriber; 404 for a token that is not ours. Any other body goes on, read, to the
 * same-origin check and the unsubscribe page's action.
 */
function oneClickUnsubscribe({ newsletter, logger }: Services): RequestHandler {
  return (req, res, next) => {
    const token = req.params.token;
    if (typeof token !== "string") return next();
    readBody(req)
      .then(async (body) => {
        if (!(await isOneClickBody(body, req.get("content-type")))) {
          keepBody(req, body);
          return next();
        }
        const subscription = await newsletter.unsubscribe(token);
        res.set("Cache-Control", "no-store").type("text/plain");
        if (!subscription) return void res.status(404).send("This unsubscribe link is not valid.");
        logger.info("one-click unsubscribe");
        res.status(200).send("You have been unsubscribed.");
      })
      .catch(next);
  };
}

/** Whether a body is RFC 8058's one-click request; a body that is not a form at all is not. */
async function isOneClickBody(body: Buffer, contentType: string | undefined): Promise<boolean> {
  try {
    const form = await new Response(new Uint8Array(body), {
      headers: { "Content-Type": contentType ?? "application/x-www-form-urlencoded" },
    }).formData();
    return form.get("List-Unsubscribe") === "One-Click";
  } catch {
    return false;
  }
}

function requestLog({ logger }: Services): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => logRequest(logger, req, res, started));
    next();
  };
}

/** One line per answer: errors as errors, assets and health checks at debug, the rest at info. */
function logRequest(logger: Services["logger"], req: IncomingMessage, res: ServerResponse, started: bigint): void {
  const path = pathOf(req);
  const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
  const entry = { method: req.method, path, status: res.statusCode, durationMs: Math.round(durationMs * 10) / 10 };
  if (res.statusCode >= 500) logger.error(entry, "request");
  else if (path.startsWith("/assets/") || path === "/healthz") logger.debug(entry, "request");
  else logger.info(entry, "request");
}
