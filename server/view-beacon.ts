import type { Request, RequestHandler, Response } from "express";
import { findSignedInAdmin } from "~/routes/admin/guard.server";
import { rateLimitAddress } from "~/services/rate-limits/client-address.server";
import type { Services } from "~/services/index.server";
import {
  parseViewReportBody,
  parseViewReportQuery,
  VIEW_ENDPOINT,
  VIEW_REPORT_MAX_BYTES,
  type ViewReportSubject,
} from "~/validation/views";
import { readBody } from "./front-door";
import { planOf } from "./request-plan";
import { refuseCrossOrigin, sentFromOwnOrigin } from "./same-origin";

/** A transparent 1x1 GIF: what the no-JavaScript image gets back. */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
/** Every answer here: never kept, and an image only ever read as one, by this site's own pages. */
const ANSWER_HEADERS = {
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
  "Cross-Origin-Resource-Policy": "same-origin",
};

/**
 * `GET` and `POST /api/views` (decision 032), answered here, in front of the security headers, compression and
 * React Router (decision 034): one request follows every article a reader opens, so it costs what a cached page
 * costs, not what a render does. Only the path's one spelling is the endpoint; any other goes on to the router.
 * Whatever a report says, the client gets the same answer: 204 to the beacon, the GIF to the image, both `no-store`,
 * and 404 with `ANALYTICS=off`; the counter's outcome is not shown, and a fault while counting is logged, never
 * answered as an error.
 */
export function viewBeacon(services: Services): RequestHandler {
  const { views, logger, site } = services;
  const siteOrigin = new URL(site.url).origin;

  async function report(req: Request, subject: ViewReportSubject | null): Promise<void> {
    if (subject === null) return;
    try {
      const visitor = {
        clientAddress: rateLimitAddress(req.ip),
        userAgent: req.headers["user-agent"],
        staff: (await findSignedInAdmin(req.headers.cookie, services)) !== null,
      };
      if (subject.kind === "search") views.recordSearchGap({ ...visitor, query: subject.query });
      else views.record({ ...visitor, articleId: subject.articleId, newsletterIssueId: subject.newsletterIssueId });
    } catch (error) {
      logger.warn({ err: error }, "could not count an article view");
    }
  }

  /**
   * The no-JavaScript fallback: `<img src="/api/views?article=12">` inside the article page's `<noscript>` (the
   * newsletter the reader came from is in the page's address, sent as Referer), or `?search=...` on a search that
   * found nothing. A HEAD (link checkers, prefetchers) loads no image: only a GET counts.
   */
  async function answerImage(req: Request, res: Response): Promise<void> {
    if (req.method === "GET") await report(req, parseViewReportQuery(`http://site${req.url}`, req.get("referer") ?? null));
    res.writeHead(200, { ...ANSWER_HEADERS, "Content-Type": "image/gif", "Content-Length": PIXEL.length }).end(PIXEL);
  }

  /**
   * The beacon: `navigator.sendBeacon("/api/views", '{"article":12}')` from the article page's islands script, with
   * `"ref":"newsletter-42"` when the page's address carries it; `{"search":"..."}` from a search that found nothing.
   * A body longer than a report can be is not read.
   */
  async function answerBeacon(req: Request, res: Response): Promise<void> {
    if (!sentFromOwnOrigin(req, siteOrigin)) return refuseCrossOrigin(res);
    const declared = Number(req.headers["content-length"] ?? 0);
    const body = declared > VIEW_REPORT_MAX_BYTES ? null : await readBody(req, res).catch(() => null);
    const text = body && body.length <= VIEW_REPORT_MAX_BYTES ? body.toString("utf8") : null;
    await report(req, text === null ? null : parseViewReportBody(text));
    res.writeHead(204, ANSWER_HEADERS).end();
  }

  return (req, res, next) => {
    if (planOf(req)?.target.pathname !== VIEW_ENDPOINT) return next();
    if (!views.enabled) return void res.writeHead(404, { "Cache-Control": "no-store", "Content-Length": 0 }).end();
    if (req.method === "GET" || req.method === "HEAD") return void answerImage(req, res).catch(next);
    if (req.method === "POST") return void answerBeacon(req, res).catch(next);
    res.writeHead(405, { ...ANSWER_HEADERS, Allow: "GET, POST", "Content-Length": 0 }).end();
  };
}
