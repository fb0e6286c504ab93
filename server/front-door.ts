import type { RequestHandler } from "express";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ServerBuild } from "react-router";
import { PUBLIC_BODY_LIMIT } from "~/route-handle";
import { planOf, planRequest, planTarget, setPlan, type RequestPlan, type TargetPlan } from "./request-plan";
import { createRouteMatcher, parseRequestTarget, tidyPath, type MatchedRoute } from "./request-target";

/** Request targets whose plan is remembered: the pages readers actually ask for, over and over. */
const REMEMBERED_TARGETS = 2_000;

/** Names that always reach the site: the machine itself, where a proxy or a health check calls from. */
const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

/** What a client is told when answering its request failed on our side (the error itself goes to the log). */
export const SOMETHING_WENT_WRONG = "Something went wrong. Please try refreshing the page.";

/** A Range header past the end of a static file or an image (416; `send` has set the Content-Range). */
export const RANGE_NOT_SATISFIABLE = "The requested range is not in this file.";

/**
 * The 4xx an error from a middleware carries for the client's mistake (`http-errors`, as `send` makes for a range it
 * cannot satisfy), or undefined for a fault.
 */
export function clientErrorStatus(error: unknown): number | undefined {
  const status = typeof error === "object" && error !== null ? (error as { status?: unknown }).status : undefined;
  return typeof status === "number" && status >= 400 && status < 500 ? status : undefined;
}

/** A plain-text refusal that no cache keeps and that closes the connection (the client may still be sending). */
export function refuse(res: ServerResponse, status: number, message: string): void {
  if (res.headersSent) return void res.end();
  res.writeHead(status, {
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "no-store",
    "Content-Length": Buffer.byteLength(message),
    Connection: "close",
  });
  res.end(message);
}

/**
 * One address per page: another spelling of a path (a trailing or doubled slash, capitals where the route is
 * lower case) is sent to the path's one spelling with 308, which keeps the method and body of a form too.
 * The location is always a path on this site: it starts with exactly one slash.
 */
function redirectToCanonical(res: ServerResponse, location: string, isPrivate: boolean): void {
  const message = `This page's address is ${location}`;
  res.writeHead(308, {
    Location: location,
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": isPrivate ? "no-store" : "public, max-age=3600",
    "Content-Length": Buffer.byteLength(message),
  });
  res.end(message);
}

/**
 * Whether the `Host` a request names is one this site is served under: SITE_URL's host, a name in
 * ALLOWED_HOSTS, or loopback. Refusing others stops DNS rebinding from reaching an intranet install.
 */
export function createHostCheck(siteUrl: string, allowedHosts: readonly string[]): (host: string | undefined) => boolean {
  const allowed = new Set([new URL(siteUrl).hostname, ...allowedHosts, ...LOOPBACK_HOSTS].map((name) => name.toLowerCase()));
  return (host) => {
    if (!host || !URL.canParse(`http://${host}`)) return false;
    return allowed.has(new URL(`http://${host}`).hostname);
  };
}

export interface FrontDoorOptions {
  siteUrl: string;
  allowedHosts: readonly string[];
  /** Production refuses unknown hosts; development (Vite's own server) does not. */
  checkHost: boolean;
  /** The build's routes when they are fixed (production); undefined when the build is reloaded per request. */
  build: ServerBuild | undefined;
}

/**
 * The checks in front of everything, the page cache's fast path included: the host, then the request
 * target (one reading, see parseRequestTarget; one spelling, see canonicalPath), then the plan for the request
 * made from the route it matches. Returns the plan, or undefined after answering 400 or 308.
 */
export function createFrontDoor({ siteUrl, allowedHosts, checkHost, build }: FrontDoorOptions) {
  const hostAllowed = createHostCheck(siteUrl, allowedHosts);
  const matchers = new WeakMap<ServerBuild, (pathname: string) => MatchedRoute | null>();
  const matcherFor = (current: ServerBuild) => {
    let matcher = matchers.get(current);
    if (!matcher) matchers.set(current, (matcher = createRouteMatcher(current.routes)));
    return matcher;
  };
  // Planning a target costs a few microseconds; the fast path answers a cached page in about thirty.
  const remembered = new Map<string, TargetPlan>();
  const targetPlanFor = (raw: string, current: ServerBuild | undefined): TargetPlan | null => {
    const known = current === build ? remembered.get(raw) : undefined;
    if (known) return known;
    const target = parseRequestTarget(raw);
    if (!target) return null;
    const plan = planTarget(target, current ? matcherFor(current)(tidyPath(target.pathname)) : null);
    if (current === build && build) {
      const oldest = remembered.keys().next();
      if (remembered.size >= REMEMBERED_TARGETS && !oldest.done) remembered.delete(oldest.value);
      remembered.set(raw, plan);
    }
    return plan;
  };

  return {
    /** Answers 400 or 308 and returns undefined for a request that may go no further; otherwise its plan. */
    admit(req: IncomingMessage, res: ServerResponse, current: ServerBuild | undefined = build): RequestPlan | undefined {
      const targetPlan = targetPlanFor(req.url ?? "", current);
      if (checkHost && targetPlan?.target.pathname !== "/healthz" && !hostAllowed(req.headers.host)) {
        refuse(res, 400, "This site is not served under that host name. Set SITE_URL or ALLOWED_HOSTS to the names it uses.");
        return undefined;
      }
      if (!targetPlan) {
        refuse(res, 400, "This address is not valid. Please check the link and try again.");
        return undefined;
      }
      // A form or a beacon sent to "/x/" has no old address to find: it goes to the one spelling, its method kept.
      const slashRedirect = req.method === "GET" || req.method === "HEAD" ? null : targetPlan.slashRedirect;
      const redirect = targetPlan.redirect ?? slashRedirect;
      if (redirect) {
        redirectToCanonical(res, redirect, targetPlan.private);
        return undefined;
      }
      // A proxy names the scheme it was reached by; anything but http or https is none of ours, and the address of
      // the request (ours, Express's and React Router's, which refused every form over it) is made without it.
      const forwardedProto = req.headers["x-forwarded-proto"];
      if (forwardedProto !== undefined && !/^https?\s*(?:,|$)/i.test(String(forwardedProto)))
        delete req.headers["x-forwarded-proto"];
      const plan = planRequest(req, targetPlan);
      setPlan(req, plan);
      return plan;
    },
  };
}

/** The methods our routes are written for: a page or feed is read with GET or HEAD, and a form is sent with POST. */
const ROUTED_METHODS = new Set(["GET", "HEAD", "POST"]);

/**
 * Any other method is refused with 405 and the methods the matched route answers, whoever sends it, before the
 * same-origin check and React Router: the router would run a route's action for a PUT or a DELETE as for a POST,
 * and its Fetch `Request` cannot carry a TRACE (Node lets TRACE through; TRACK it answers 400 itself, and a
 * CONNECT it closes, as we have no listener for one). Static files and media, in front of it, pass on all but GET and HEAD.
 */
export function refuseOtherMethods(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  if (ROUTED_METHODS.has(req.method ?? "")) return next();
  res.setHeader("Allow", allowedMethods(req));
  refuse(res, 405, "This method is not supported here.");
}

/** The `Allow` of a 405: the methods the route the request matched answers. */
export function allowedMethods(req: IncomingMessage): string {
  return planOf(req)?.match?.allow ?? "GET, HEAD";
}

/** In development the build is reloaded per request, so the plan is made here, once the build is loaded. */
export function planWithBuild(frontDoor: ReturnType<typeof createFrontDoor>, load: () => Promise<ServerBuild>): RequestHandler {
  return (req, res, next) => {
    if (planOf(req)?.match) return next();
    load().then((current) => {
      if (frontDoor.admit(req, res, current)) next();
    }, next);
  };
}

const TOO_LARGE = "This request is too large. Please shorten what you sent and try again.";
/**
 * After refusing a chunked body, the rest is read and thrown away for this long, so the client can read the
 * answer (cutting the connection at once would reset it and lose the answer); then the connection is cut.
 */
const DISCARD_MS = 5_000;

/** Bodies read whole before their handler: a chunked one (limitBodies), the one-click unsubscribe's (server/app.ts). */
const bodiesRead = new WeakMap<IncomingMessage, Buffer>();

/** Keeps a request's body, read whole, for whatever handles the request next (`readBody`, the page handler). */
export function keepBody(req: IncomingMessage, body: Buffer): void {
  bodiesRead.set(req, body);
}

/** The body kept with `keepBody`, if it was read before its handler. */
export function bodyAlreadyRead(req: IncomingMessage): Buffer | undefined {
  return bodiesRead.get(req);
}

/**
 * Body budgets, before anything reads a body: a declared length over the route's budget is refused at once
 * without reading it (and without "100 Continue", so a client that waits for it never sends the body); a
 * chunked body, which no browser sends for a form, is read into memory up to 64 KB at most (whatever the route's
 * budget) and handed on as bytes (`keepBody`), or refused past it. Bodies with a declared length within budget
 * stream on, and the HTTP parser stops them at that length. Express's middleware, and the view beacon's in front
 * of Express (server/view-beacon.ts).
 */
export function limitBodies(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  const limit = planOf(req)?.bodyLimit ?? PUBLIC_BODY_LIMIT;
  const declared = req.headers["content-length"];
  if (declared !== undefined && Number(declared) > limit) return refuse(res, 413, TOO_LARGE);
  if (/100-continue/i.test(req.headers.expect ?? "")) res.writeContinue();
  if (declared !== undefined || req.headers["transfer-encoding"] === undefined) return next();
  // Browsers always declare a form's length; a chunked body is read into memory, so never more than a public form's.
  const chunkedLimit = Math.min(limit, PUBLIC_BODY_LIMIT);
  const chunks: Buffer[] = [];
  let received = 0;
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    if (received <= chunkedLimit) return void chunks.push(chunk);
    req.off("data", onData).off("end", onEnd);
    chunks.length = 0;
    res.writeHead(413, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" }).end(TOO_LARGE);
    req.resume();
    const cut = setTimeout(() => req.socket.destroy(), DISCARD_MS);
    cut.unref();
    req.once("end", () => clearTimeout(cut)).once("close", () => clearTimeout(cut));
  };
  const onEnd = () => {
    keepBody(req, Buffer.concat(chunks));
    next();
  };
  // A client that goes away half-way is no fault of ours: nothing more to answer.
  req
    .on("data", onData)
    .once("end", onEnd)
    .once("error", () => req.off("end", onEnd));
}

/**
 * The body, already read when it came chunked (limitBodies); otherwise within its declared, budgeted length (read
 * with the stream's events: the view beacon reads one per article a reader opens). Rejects when the client goes
 * away before the end.
 */
export function readBody(req: IncomingMessage): Promise<Buffer> {
  const read = bodiesRead.get(req);
  if (read) return Promise.resolve(read);
  if (req.readableEnded) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req
      .on("data", (chunk: Buffer) => chunks.push(chunk))
      .once("end", () => resolve(Buffer.concat(chunks)))
      .once("error", reject)
      .once("close", () => {
        if (!req.readableEnded) reject(new Error("The client went away before the end of its request."));
      });
  });
}
