import { z } from "zod";
import { DATABASE_INT_MAX } from "../utils/database-limits";
import { SEARCH_QUERY_MAX_LENGTH } from "./search";
import { allowedText, cutText } from "./text";

/** Where article pages report a view: the beacon POSTs here; the no-JavaScript image GETs it. */
export const VIEW_ENDPOINT = "/api/views";
/** A view report is a few bytes of JSON (a search, up to its 200 characters escaped); anything longer is not one. */
export const VIEW_REPORT_MAX_BYTES = 1_536;
/** The query parameter a newsletter's article links carry (decision 033): `?ref=newsletter-42`. */
export const NEWSLETTER_REF_PARAM = "ref";
const NEWSLETTER_REF = /^newsletter-(\d{1,10})$/;

/** An article id as the URL carries it: a positive 32-bit integer. */
const ArticleId = z.number().int().positive().max(DATABASE_INT_MAX);

/** The `ref` a newsletter link carries for an issue. */
export function newsletterRef(issueId: number): string {
  return `newsletter-${issueId}`;
}

/** The newsletter issue a `ref` value names, or null for anything else. */
export function parseNewsletterRef(value: string | null | undefined): number | null {
  const match = NEWSLETTER_REF.exec(value ?? "");
  if (!match) return null;
  const parsed = ArticleId.safeParse(Number(match[1]));
  return parsed.success ? parsed.data : null;
}

/**
 * A search as search gaps keep it (decision 033): lower case, trimmed, runs of white space as one space, at most
 * SEARCH_QUERY_MAX_LENGTH characters; control characters are refused (the search page refuses them too).
 */
export const SearchGapQuery = z
  .string()
  .max(1_000)
  .transform((value) => cutText(value.toLowerCase().replace(/\s+/g, " ").trim(), SEARCH_QUERY_MAX_LENGTH).trim())
  .pipe(z.string().min(1).check(allowedText("The search")));

/** The normalised search, or null when there is none to keep. */
export function normalizeSearchGap(value: string): string | null {
  const parsed = SearchGapQuery.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * The beacon's body: `{"article":12}`, with the newsletter it came from, `{"article":12,"ref":"newsletter-42"}`;
 * or a search that found nothing, `{"search":"quantum routers"}`.
 */
export const ViewReportBody = z.union([
  z
    .object({
      article: ArticleId,
      ref: z
        .string()
        .regex(/^[\w-]{0,40}$/)
        .optional(),
    })
    .strict(),
  z
    .object({
      // White space is allowed here (SearchGapQuery collapses it); any other control character is refused.
      search: z
        .string()
        .max(1_000)
        .check(allowedText("The search", { lines: "multi-line" })),
    })
    .strict(),
]);

/** What a view report names. */
export type ViewReportSubject =
  { kind: "article"; articleId: number; newsletterIssueId: number | null } | { kind: "search"; query: string };

/** The image's query: `?article=12`, digits only. */
export const ViewReportQuery = z.object({
  article: z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .pipe(ArticleId),
});

/** What a view report names, or null for anything else (malformed JSON, extra fields, a bad id, an empty search). */
export function parseViewReportBody(text: string): ViewReportSubject | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = ViewReportBody.safeParse(value);
  if (!parsed.success) return null;
  if ("search" in parsed.data) {
    const query = normalizeSearchGap(parsed.data.search);
    return query === null ? null : { kind: "search", query };
  }
  return { kind: "article", articleId: parsed.data.article, newsletterIssueId: parseNewsletterRef(parsed.data.ref) };
}

/**
 * What the image's address names: `?article=12` (the newsletter it came from is read from the page's address,
 * which the browser sends as Referer), or `?search=...`; null for anything else.
 */
export function parseViewReportQuery(url: string, referer: string | null = null): ViewReportSubject | null {
  const params = new URL(url).searchParams;
  const search = params.get("search");
  if (search !== null) {
    const query = normalizeSearchGap(search);
    return query === null ? null : { kind: "search", query };
  }
  const parsed = ViewReportQuery.safeParse({ article: params.get("article") ?? undefined });
  if (!parsed.success) return null;
  let ref: string | null;
  try {
    ref = referer ? new URL(referer).searchParams.get(NEWSLETTER_REF_PARAM) : null;
  } catch {
    ref = null;
  }
  return { kind: "article", articleId: parsed.data.article, newsletterIssueId: parseNewsletterRef(ref) };
}
