/** `Retry-After` in whole seconds, never 0, for a 429 answer. */
export function retryAfterHeader(retryAfterMs: number): { "Retry-After": string } {
  return { "Retry-After": String(Math.max(1, Math.ceil(retryAfterMs / 1000))) };
}
