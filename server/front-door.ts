import type { IncomingMessage, ServerResponse } from "node:http";
import type { ServerBuild } from "react-router";
import { createHostCheck } from "./host-check";
import { refuse } from "./plain-answers";
import { planRequest, planTarget, setPlan, type RequestPlan, type TargetPlan } from "./request-plan";
import { createRouteMatcher, parseRequestTarget, tidyPath, type MatchedRoute } from "./request-target";

/** Request targets whose plan is remembered: the pages readers actually ask for, over and over. */
const REMEMBERED_TARGETS = 2_000;

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

export interface FrontDoorOptions {
  siteUrl: string;
  allowedHosts: readonly string[];
  /** Production refuses unknown hosts; development (Vite's own server) does not. */
  checkHost: boolean;
}

/**
 * The checks in front of everything, the page cache's fast path included: the host, then the request
 * target (one reading, see parseRequestTarget; one spelling, see canonicalPath), then the plan for the request
 * made from the route it matches. Returns the plan, or undefined after answering 400 or 308.
 */
export function createFrontDoor({ siteUrl, allowedHosts, checkHost }: FrontDoorOptions) {
  const hostAllowed = createHostCheck(siteUrl, allowedHosts);
  const matchers = new WeakMap<ServerBuild, (pathname: string) => MatchedRoute | null>();
  const matcherFor = (current: ServerBuild) => {
    let matcher = matchers.get(current);
    if (!matcher) matchers.set(current, (matcher = createRouteMatcher(current.routes)));
    return matcher;
  };
  // Planning a target costs a few microseconds; the fast path answers a cached page in about thirty. The plans are
  // remembered for one build: development's changes with an edit, and then they are made afresh.
  let rememberedFor: ServerBuild | undefined;
  const remembered = new Map<string, TargetPlan>();
  const targetPlanFor = (raw: string, current: ServerBuild): TargetPlan | null => {
    if (current !== rememberedFor) {
      remembered.clear();
      rememberedFor = current;
    }
    const known = remembered.get(raw);
    if (known) return known;
    const target = parseRequestTarget(raw);
    if (!target) return null;
    const plan = planTarget(target, matcherFor(current)(tidyPath(target.pathname)));
    const oldest = remembered.keys().next();
    if (remembered.size >= REMEMBERED_TARGETS && !oldest.done) remembered.delete(oldest.value);
    remembered.set(raw, plan);
    return plan;
  };

  return {
    /** Answers 400 or 308 and returns undefined for a request that may go no further; otherwise its plan. */
    admit(req: IncomingMessage, res: ServerResponse, current: ServerBuild): RequestPlan | undefined {
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
