import ipaddr from "ipaddr.js";

/** The names Express's `trust proxy` setting understands besides addresses and CIDR ranges. */
const RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * Whether one TRUST_PROXY entry is something Express can trust: `loopback`, `linklocal`, `uniquelocal`,
 * an IPv4 or IPv6 address, or a CIDR range of either.
 */
export function isTrustProxyEntry(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  if (entry.includes("/")) {
    try {
      ipaddr.parseCIDR(entry);
      return true;
    } catch {
      return false;
    }
  }
  return ipaddr.isValid(entry);
}

const OCTET = "(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)";
/** An IPv4 address in dotted decimal without leading zeros: the one spelling ipaddr.js gives back. */
const CANONICAL_IPV4 = new RegExp(`^(?:${OCTET}\\.){3}${OCTET}$`);

/**
 * The address a client is counted under for rate limits: an IPv4 address as is (also when written as an
 * IPv4-mapped IPv6 address), an IPv6 address by its /64 network, because one subscriber line or server
 * usually holds a whole /64 and could otherwise take a fresh address for every request.
 */
export function rateLimitAddress(address: string | undefined): string {
  // Nearly every address: already as the parser would write it (the view beacon asks for one per article read).
  if (address !== undefined && CANONICAL_IPV4.test(address)) return address;
  if (!address || !ipaddr.isValid(address)) return "unknown";
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  const ipv6 = parsed as ipaddr.IPv6;
  if (ipv6.isIPv4MappedAddress()) return ipv6.toIPv4Address().toString();
  const network = ipv6.parts.slice(0, 4).map((part) => part.toString(16));
  return `${network.join(":")}::/64`;
}

/** The longest User-Agent kept for the security log and the list of sessions. */
const USER_AGENT_LIMIT = 400;

/** A request's User-Agent as the security log and the list of sessions keep it: control characters out, 400 at most. */
export function cleanUserAgent(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header.join(" ") : (header ?? "");
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f-\u009f]/g, "").slice(0, USER_AGENT_LIMIT);
}
