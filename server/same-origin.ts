import type { RequestHandler } from "express";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface OriginEvidence {
  origin: string | undefined;
  fetchSite: string | undefined;
  referer: string | undefined;
}

/**
 * Whether a state-changing request provably comes from one of `ownOrigins`: by its `Origin`
 * header; without one, by `Sec-Fetch-Site: same-origin`; without that, by the `Referer`'s origin.
 * A request that proves nothing is refused: every browser a forged form could run in sends
 * at least one of them.
 */
export function comesFromOwnOrigin({ origin, fetchSite, referer }: OriginEvidence, ownOrigins: readonly string[]): boolean {
  if (origin !== undefined && origin !== "null") return ownOrigins.includes(origin);
  if (fetchSite !== undefined) return fetchSite === "same-origin";
  if (referer !== undefined && URL.canParse(referer)) return ownOrigins.includes(new URL(referer).origin);
  return false;
}

/**
 * The trust function Express compiles from `trust proxy` (`app.get("trust proxy fn")`): whether the peer at `hop`
 * (0 is the one connected) is a proxy whose forwarded headers are believed.
 */
export type TrustProxy = (address: string, hop: number) => boolean;

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The origin a request was sent to: its scheme (the first value of `X-Forwarded-Proto` when the connected peer is a
 * trusted proxy, as Express's `req.protocol` reads it) and its `Host`.
 */
export function requestOrigin(req: IncomingMessage, trust: TrustProxy): string {
  let protocol = (req.socket as Partial<TLSSocket>).encrypted ? "https" : "http";
  const forwarded = trust(req.socket.remoteAddress ?? "", 0) ? header(req, "x-forwarded-proto") : undefined;
  if (forwarded) protocol = forwarded.split(",", 1)[0]?.trim() ?? protocol;
  return `${protocol}://${header(req, "host") ?? ""}`;
}

/**
 * Whether a request provably comes from SITE_URL's origin or the address it was sent to (the latter worked out only
 * when the evidence does not name SITE_URL's).
 */
export function sentFromOwnOrigin(req: IncomingMessage, siteOrigin: string, trust: TrustProxy): boolean {
  const evidence = {
    origin: header(req, "origin"),
    fetchSite: header(req, "sec-fetch-site"),
    referer: header(req, "referer") ?? header(req, "referrer"),
  };
  return comesFromOwnOrigin(evidence, [siteOrigin]) || comesFromOwnOrigin(evidence, [requestOrigin(req, trust)]);
}

const CROSS_ORIGIN = "This form was sent from another website, so it was refused. Please use the form on this site.";

/** The 403 a state-changing request from another site gets. */
export function refuseCrossOrigin(res: ServerResponse): void {
  res
    .writeHead(403, {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Length": Buffer.byteLength(CROSS_ORIGIN),
    })
    .end(CROSS_ORIGIN);
}

/**
 * CSRF protection for every POST, PUT, PATCH and DELETE, the admin's and the public newsletter
 * form's alike: it must come from the site's own origin (SITE_URL's, or the address the request
 * was sent to), otherwise 403. One-click unsubscribe is answered before this check (server/app.ts), and the view
 * beacon checks the same itself (server/view-beacon.ts).
 */
export function requireSameOrigin(siteUrl: string): RequestHandler {
  const siteOrigin = new URL(siteUrl).origin;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || sentFromOwnOrigin(req, siteOrigin, req.app.get("trust proxy fn") as TrustProxy)) {
      return next();
    }
    refuseCrossOrigin(res);
  };
}
