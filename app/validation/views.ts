import { z } from "zod";

/** Where article pages report a view: the beacon POSTs here; the no-JavaScript image GETs it. */
export const VIEW_ENDPOINT = "/api/views";
/** A view report is a few bytes of JSON; anything longer is not one. */
export const VIEW_REPORT_MAX_BYTES = 256;

/** An article id as the URL carries it: a positive 32-bit integer. */
const ArticleId = z.number().int().positive().max(2_147_483_647);

/** The beacon's body: `{"article":12}`. */
export const ViewReportBody = z.object({ article: ArticleId }).strict();

/** The image's query: `?article=12`, digits only. */
export const ViewReportQuery = z.object({
  article: z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .pipe(ArticleId),
});

/** The article a view report names, or null for anything else (malformed JSON, extra fields, a bad id). */
export function parseViewReportBody(text: string): number | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = ViewReportBody.safeParse(value);
  return parsed.success ? parsed.data.article : null;
}

/** The article the image's address names, or null. */
export function parseViewReportQuery(url: string): number | null {
  const parsed = ViewReportQuery.safeParse({ article: new URL(url).searchParams.get("article") ?? undefined });
  return parsed.success ? parsed.data.article : null;
}
