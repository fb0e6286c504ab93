/** Names that always reach the site: the machine itself, where a proxy or a health check calls from. */
const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

/**
 * Whether the `Host` a request names is one this site is served under: SITE_URL's host, a name in
 * ALLOWED_HOSTS, or loopback. Refusing others stops DNS rebinding from reaching an intranet install.
 */
export function createHostCheck(siteUrl: string, allowedHosts: readonly string[]): (host: string | undefined) => boolean {
  const allowed = new Set([new URL(siteUrl).hostname, ...allowedHosts, ...LOOPBACK_HOSTS].map((name) => name.toLowerCase()));
  return (host) => {
    if (!host || !URL.canParse(`http://${host}`)) return false;
    return allowed.has(new URL(`http://${host}`).hostname);
  };
}
