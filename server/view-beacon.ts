import type { IncomingMessage, ServerResponse } from "node:http";
import proxyaddr from "proxy-addr";
import { findSignedInAdmin } from "~/services/auth/session-cookie.server";
import { rateLimitAddress } from "~/services/rate-limits/client-address.server";
import type { Services } from "~/services/index.server";
import {
  parseViewReportBody,
  parseViewReportQuery,
  VIEW_ENDPOINT,
  VIEW_REPORT_MAX_BYTES,
  type ViewReportSubject,
} from "~/validation/views";
import { refuse, SOMETHING_WENT_WRONG } from "./plain-answers";
import { limitBodies, readBody } from "./request-body";
import { planOf } from "./request-plan";
import { refuseCrossOrigin, sentFromOwnOrigin, type TrustProxy } from "./same-origin";

/** A transparent 1x1 GIF: what the no-JavaScript image gets back. */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
/** Every answer here: never kept, and an image only ever read as one, by this site's own pages. */
const ANSWER_HEADERS = {
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
  "Cross-Origin-Resource-Policy": "same-origin",
};

/**
 * `GET` and `POST /api/views` (decision 032), answered in front of Express, like a cached page (decision 034): one
 * request follows every article a reader opens, so it costs what a cached page costs, not what a render does. Only
 * the path's one spelling is the endpoint (the front door's plan); any other goes on. Whatever a report says, the
 * client gets the same answer: 204 to the beacon, the GIF to the image, both `no-store`, and 404 with
 * `ANALYTICS=off`; the counter's outcome is not shown, and a fault while counting is logged, never answered as an
 * error. The client's address and the request's origin are read as Express reads them, with its trust function
 * (`trust`, from TRUST_PROXY), and the body within the same budgets (`limitBodies`).
 *
 * Returns the handler: true when it answered the request (or is answering it), false when the request is not for
 * the endpoint.
 */
export function viewBeacon(services: Services, trust: TrustProxy): (req: IncomingMessage, res: ServerResponse) => boolean {
  const { views, logger, site } = services;
  const siteOrigin = new URL(site.url).origin;

  async function report(req: IncomingMessage, subject: ViewReportSubject | null): Promise<void> {
    if (subject === null) return;
    try {
      const { cookie } = req.headers;
      const visitor = {
        clientAddress: rateLimitAddress(proxyaddr(req, trust)),
        userAgent: req.headers["user-agent"],
        // Only a request with cookies can be staff's: no session lookup, and no wait, for the others.
        staff: cookie !== undefined && (await findSignedInAdmin(cookie, services)) !== null,
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
   * found nothing. A HEAD (link checkers, prefetchers) loads no image: only a GET counts, and only one that shows it
   * was loaded by this site's own page (`Sec-Fetch-Site: same-origin`, or else our Referer), so another site that
   * embeds the image counts nothing (decision 045).
   */
  async function answerImage(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method === "GET" && sentFromOwnOrigin(req, siteOrigin, trust)) {
      await report(req, parseViewReportQuery(`http://site${req.url}`, req.headers.referer ?? null));
    }
    res.writeHead(200, { ...ANSWER_HEADERS, "Content-Type": "image/gif", "Content-Length": PIXEL.length }).end(PIXEL);
  }

  /**
   * The beacon: `navigator.sendBeacon("/api/views", '{"article":12}')` from the article page's islands script, with
   * `"ref":"newsletter-42"` when the page's address carries it; `{"search":"..."}` from a search that found nothing.
   * A body longer than a report can be is not read.
   */
  async function answerBeacon(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!sentFromOwnOrigin(req, siteOrigin, trust)) return refuseCrossOrigin(res);
    const declared = Number(req.headers["content-length"] ?? 0);
    const body = declared > VIEW_REPORT_MAX_BYTES ? null : await readBody(req).catch(() => null);
    const text = body && body.length <= VIEW_REPORT_MAX_BYTES ? body.toString("utf8") : null;
    await report(req, text === null ? null : parseViewReportBody(text));
    res.writeHead(204, ANSWER_HEADERS).end();
  }

  function failed(res: ServerResponse, error: unknown): void {
    logger.error({ err: error }, "could not answer a view report");
    refuse(res, 500, SOMETHING_WENT_WRONG);
  }

  return (req, res) => {
    if (planOf(req)?.target.pathname !== VIEW_ENDPOINT) return false;
    if (!views.enabled) res.writeHead(404, { "Cache-Control": "no-store", "Content-Length": 0 }).end();
    else if (req.method === "GET" || req.method === "HEAD") answerImage(req, res).catch((error) => failed(res, error));
    else if (req.method === "POST") {
      limitBodies(req, res, () => void answerBeacon(req, res).catch((error) => failed(res, error)));
    } else res.writeHead(405, { ...ANSWER_HEADERS, Allow: "GET, HEAD, POST", "Content-Length": 0 }).end();
    return true;
  };
}
