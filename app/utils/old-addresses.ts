/** The path of an old address, the way it is stored and looked up: no trailing slash (but "/" stays), query kept. */
export function normaliseOldPath(path: string): string {
  const [pathname = "", query] = path.split("?", 2);
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return query ? `${trimmed || "/"}?${query}` : trimmed || "/";
}
