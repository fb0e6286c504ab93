import { requestContext, servicesContext } from "~/context";
import { findSignedInAdmin } from "~/routes/admin/guard.server";
import { parseViewReportBody, parseViewReportQuery, VIEW_REPORT_MAX_BYTES, type ViewReportSubject } from "~/validation/views";
import type { Route } from "./+types/views";

/** A transparent 1x1 GIF: what the no-JavaScript image gets back. */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const NOT_KEPT = { "Cache-Control": "no-store" };

type Args = Route.LoaderArgs | Route.ActionArgs;

/**
 * Counts a view when the counter is on (decision 032). Whatever the report says, the client gets the same
 * answer: the counter's outcome is not shown, and a fault here is logged, never answered as an error.
 */
async function report(args: Args, subject: ViewReportSubject | null): Promise<void> {
  const { views, logger } = args.context.get(servicesContext);
  if (subject === null) return;
  try {
    const visitor = {
      clientAddress: args.context.get(requestContext).clientAddress,
      userAgent: args.request.headers.get("User-Agent") ?? undefined,
      staff: (await findSignedInAdmin(args)) !== null,
    };
    if (subject.kind === "search") views.recordSearchGap({ ...visitor, query: subject.query });
    else views.record({ ...visitor, articleId: subject.articleId, newsletterIssueId: subject.newsletterIssueId });
  } catch (error) {
    logger.warn({ err: error }, "could not count an article view");
  }
}

/** The body as text, or null when it is longer than a view report can be (the rest is left unread). */
async function readReport(request: Request): Promise<string | null> {
  if (Number(request.headers.get("Content-Length") ?? 0) > VIEW_REPORT_MAX_BYTES) return null;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > VIEW_REPORT_MAX_BYTES) {
        await reader.cancel();
        return null;
      }
      chunks.push(value);
    }
  } catch {
    return null;
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * The no-JavaScript fallback: `<img src="/api/views?article=12">` inside the article page's `<noscript>` (the
 * newsletter the reader came from is in the page's address, sent as Referer), or `?search=...` on a search that
 * found nothing.
 */
export async function loader(args: Route.LoaderArgs) {
  if (!args.context.get(servicesContext).views.enabled) return new Response(null, { status: 404, headers: NOT_KEPT });
  // A HEAD (link checkers, prefetchers) loads no image: only a GET counts.
  if (args.request.method === "GET")
    await report(args, parseViewReportQuery(args.request.url, args.request.headers.get("Referer")));
  return new Response(new Uint8Array(PIXEL), {
    headers: { ...NOT_KEPT, "Content-Type": "image/gif", "Content-Length": String(PIXEL.length) },
  });
}

/**
 * The beacon: `navigator.sendBeacon("/api/views", '{"article":12}')` from the article page's islands script, with
 * `"ref":"newsletter-42"` when the page's address carries it; `{"search":"..."}` from a search that found nothing.
 */
export async function action(args: Route.ActionArgs) {
  if (!args.context.get(servicesContext).views.enabled) return new Response(null, { status: 404, headers: NOT_KEPT });
  if (args.request.method !== "POST") return new Response(null, { status: 405, headers: { ...NOT_KEPT, Allow: "GET, POST" } });
  const body = await readReport(args.request);
  await report(args, body === null ? null : parseViewReportBody(body));
  return new Response(null, { status: 204, headers: NOT_KEPT });
}
