/** `Retry-After` in whole seconds, never 0, for a 429 answer. */
export function retryAfterHeader(retryAfterMs: number): { "Retry-After": string } {
  return { "Retry-After": String(Math.max(1, Math.ceil(retryAfterMs / 1000))) };
}

/**
 * For public answers that change when an editor acts (feeds, the sitemap, search): caches may keep a
 * copy but must ask the server before each reuse, so a publish, unpublish or delete shows on the next request.
 */
export const PUBLIC_REVALIDATE = "public, no-cache";

/** The answer to a post whose body is not a form: JSON, plain text, broken multipart, or no body type at all. */
export const UNREADABLE_FORM_MESSAGE = "The form could not be read. Please reload the page and send it again.";

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * The fields of a posted form, read the one way every action reads them. A body of another type, or one
 * that does not parse (a multipart body cut short, a wrong boundary), throws a 400 Response with a plain
 * sentence, so that malformed input never becomes a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_TYPES.has(type)) throw unreadableForm();
  try {
    return await request.formData();
  } catch {
    throw unreadableForm();
  }
}

function unreadableForm(): Response {
  return new Response(UNREADABLE_FORM_MESSAGE, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
