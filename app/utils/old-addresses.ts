/**
 * The path of an old address, the way it is stored and looked up: percent-encoding decoded (WordPress keeps
 * "caf%c3%a9" in a slug, a browser asks for "/caf%C3%A9"), no trailing slash (but "/" stays), query kept.
 */
export function normaliseOldPath(path: string): string {
  const [pathname = "", query] = path.split("?", 2);
  let readable = pathname;
  try {
    readable = decodeURI(pathname);
  } catch {
    // A malformed escape stays as it was; it will simply match nothing.
  }
  const trimmed = readable.length > 1 ? readable.replace(/\/+$/, "") : readable;
  return query ? `${trimmed || "/"}?${query}` : trimmed || "/";
}
