import type { IncomingMessage, ServerResponse } from "node:http";
import { refuse } from "./plain-answers";
import { planOf } from "./request-plan";

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
