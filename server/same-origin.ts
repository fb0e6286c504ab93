import type { Request, RequestHandler, Response } from "express";

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

/** Whether an Express request provably comes from SITE_URL's origin or the address it was sent to. */
export function sentFromOwnOrigin(req: Request, siteOrigin: string): boolean {
  const requestOrigin = `${req.protocol}://${req.get("host") ?? ""}`;
  const evidence = { origin: req.get("origin"), fetchSite: req.get("sec-fetch-site"), referer: req.get("referer") };
  return comesFromOwnOrigin(evidence, [siteOrigin, requestOrigin]);
}

/** The 403 a state-changing request from another site gets. */
export function refuseCrossOrigin(res: Response): void {
  res
    .status(403)
    .type("text/plain")
    .set("Cache-Control", "no-store")
    .send("This form was sent from another website, so it was refused. Please use the form on this site.");
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
    if (SAFE_METHODS.has(req.method) || sentFromOwnOrigin(req, siteOrigin)) return next();
    refuseCrossOrigin(res);
  };
}
