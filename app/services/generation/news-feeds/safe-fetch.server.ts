import { lookup as dnsLookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import type { NewsFeed } from "./outlets.server";

/*
 * Feeds are fetched only from public addresses, following at most MAX_FEED_REDIRECTS redirects, and their answers are
 * read up to MAX_FEED_BYTES; `"allowPrivateAddresses": true` in the feeds file lets a feed reach loopback, link-local
 * and private networks too, for a feed on the intranet (and for the tests' fake feed server).
 */

/** A feed answer larger than this is refused. */
export const MAX_FEED_BYTES = 5 * 1024 * 1024;
/** How many redirects a feed request follows at most. */
export const MAX_FEED_REDIRECTS = 3;

/**
 * Addresses a feed request must not reach unless the feeds file allows it: this host and its neighbours
 * (loopback, private, link-local, carrier-grade NAT, unique-local), and what is never a web server
 * (unspecified, multicast, reserved, documentation). Otherwise a feed, or a redirect from one, could make
 * the server read its own admin pages, a cloud metadata service (169.254.169.254) or an intranet.
 */
const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 96], // unspecified, loopback and the old IPv4-compatible form
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, "ipv6");
}

/** An IPv6 address that carries an IPv4 one (::ffff:a.b.c.d, written either way): that IPv4 address. */
function embeddedIpv4(address: string): string | undefined {
  const match = /^::ffff:(?:([\d.]+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!match) return undefined;
  if (match[1]) return match[1];
  const high = Number.parseInt(match[2] ?? "0", 16);
  const low = Number.parseInt(match[3] ?? "0", 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** True for an address a feed may not reach without the feeds file's `allowPrivateAddresses`. */
export function isNonPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return NON_PUBLIC.check(address, "ipv4");
  if (version !== 6) return true;
  const ipv4 = embeddedIpv4(address);
  return ipv4 ? isNonPublicAddress(ipv4) : NON_PUBLIC.check(address, "ipv6");
}

/** Every address a host name resolves to, by the system's resolver. */
export async function systemLookup(hostname: string): Promise<string[]> {
  return (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);
}

/**
 * Refuses a URL whose host is, or resolves to, a non-public address. The check resolves the name and the
 * request resolves it again, so a name that changes its answer in between (DNS rebinding) is not stopped
 * here; the redirects, literal addresses and ordinary names that point inside are.
 */
async function assertPublicHost(url: URL, lookup: (hostname: string) => Promise<string[]>): Promise<void> {
  const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  const addresses = isIP(host) ? [host] : await lookup(host);
  const inside = addresses.find(isNonPublicAddress);
  if (inside !== undefined) {
    throw new Error(
      `${url.host} is ${inside === host ? "" : `${inside}, `}not a public address; ` +
        `"allowPrivateAddresses": true in the feeds file allows it`,
    );
  }
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * The feed's answer, following at most MAX_FEED_REDIRECTS redirects to http(s) addresses and, unless the
 * feed allows private addresses, checking every address on the way (the first one included).
 */
export async function fetchFollowingSafeRedirects(
  feed: NewsFeed,
  init: { headers: Record<string, string>; signal: AbortSignal },
  { fetch, lookup }: { fetch: typeof globalThis.fetch; lookup: (hostname: string) => Promise<string[]> },
): Promise<Response> {
  let target = new URL(feed.url);
  for (let redirects = 0; ; redirects++) {
    if (!feed.allowPrivateAddresses) await assertPublicHost(target, lookup);
    const response = await fetch(target.href, { ...init, redirect: "manual" });
    if (!REDIRECT_STATUSES.has(response.status)) return response;
    await response.body?.cancel();
    const location = response.headers.get("location");
    if (!location) throw new Error(`HTTP ${response.status} without a Location header`);
    if (redirects >= MAX_FEED_REDIRECTS) throw new Error(`more than ${MAX_FEED_REDIRECTS} redirects`);
    const next = URL.canParse(location, target) ? new URL(location, target) : undefined;
    if (!next || !/^https?:$/.test(next.protocol)) throw new Error("a redirect to an address that is not http(s)");
    target = next;
  }
}

/** The answer's body, refused once it is (or says it is) larger than MAX_FEED_BYTES. */
export async function readCappedBody(response: Response): Promise<Uint8Array> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > MAX_FEED_BYTES) {
    await response.body?.cancel();
    throw new Error(`the answer is larger than ${MAX_FEED_BYTES} bytes`);
  }
  if (!response.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_FEED_BYTES) {
      await reader.cancel();
      throw new Error(`the answer is larger than ${MAX_FEED_BYTES} bytes`);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** Decodes with the charset of the Content-Type header or the XML declaration; UTF-8 otherwise. */
export function decodeBody(body: Uint8Array, contentType: string | null): string {
  const declared =
    /charset="?([\w.:-]+)/i.exec(contentType ?? "")?.[1] ??
    /^<\?xml[^>]*encoding=["']([\w.:-]+)["']/i.exec(new TextDecoder("latin1").decode(body.subarray(0, 200)))?.[1];
  try {
    return new TextDecoder(declared ?? "utf-8").decode(body);
  } catch {
    return new TextDecoder("utf-8").decode(body);
  }
}
