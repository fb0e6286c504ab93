/** `Retry-After` in whole seconds, never 0, for a 429 answer. */
export function retryAfterHeader(retryAfterMs: number): { "Retry-After": string } {
  return { "Retry-After": String(Math.max(1, Math.ceil(retryAfterMs / 1000))) };
}

/**
 * For public answers that change when an editor acts (feeds, the sitemap, search): caches may keep a
 * copy but must ask the server before each reuse, so a publish, unpublish or delete shows on the next request.
 */
export const PUBLIC_REVALIDATE = "public, no-cache";
