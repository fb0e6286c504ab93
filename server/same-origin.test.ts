import { describe, expect, it } from "vitest";
import type { IncomingMessage } from "node:http";
import proxyaddr from "proxy-addr";
import { comesFromOwnOrigin, requestOrigin, sentFromOwnOrigin, type OriginEvidence } from "./same-origin";

const OWN = ["https://news.example.com", "http://127.0.0.1:3000"];

/** Only the headers the test names; the rest are absent, as when a browser leaves them out. */
function check(evidence: Partial<OriginEvidence>): boolean {
  return comesFromOwnOrigin({ origin: undefined, fetchSite: undefined, referer: undefined, ...evidence }, OWN);
}

describe("comesFromOwnOrigin", () => {
  it("accepts an Origin that is one of the site's own", () => {
    expect(check({ origin: "https://news.example.com" })).toBe(true);
    expect(check({ origin: "http://127.0.0.1:3000" })).toBe(true);
  });

  it.each([
    "https://evil.example.net",
    "http://news.example.com",
    "https://news.example.com:8443",
    "https://sub.news.example.com",
    "https://news.example.com.evil.net",
  ])("refuses the foreign Origin %s, whatever the other headers say", (origin) => {
    expect(check({ origin })).toBe(false);
    expect(check({ origin, fetchSite: "same-origin", referer: "https://news.example.com/admin" })).toBe(false);
  });

  it('falls back to Sec-Fetch-Site when the Origin is "null"', () => {
    expect(check({ origin: "null", fetchSite: "same-origin" })).toBe(true);
    expect(check({ origin: "null", fetchSite: "cross-site" })).toBe(false);
    expect(check({ origin: "null" })).toBe(false);
  });

  it.each([
    ["same-origin", true],
    ["same-site", false],
    ["cross-site", false],
    ["none", false],
  ] as const)("without an Origin, accepts Sec-Fetch-Site %s: %s", (fetchSite, accepted) => {
    expect(check({ fetchSite })).toBe(accepted);
  });

  it("trusts Sec-Fetch-Site over the Referer when both are there", () => {
    expect(check({ fetchSite: "cross-site", referer: "https://news.example.com/admin" })).toBe(false);
    expect(check({ fetchSite: "same-origin", referer: "https://evil.example.net/" })).toBe(true);
  });

  it("falls back to the Referer's origin when neither Origin nor Sec-Fetch-Site is sent", () => {
    expect(check({ referer: "https://news.example.com/admin/articles?page=2" })).toBe(true);
    expect(check({ referer: "http://127.0.0.1:3000/" })).toBe(true);
    expect(check({ referer: "https://evil.example.net/news.example.com" })).toBe(false);
    expect(check({ referer: "https://news.example.com.evil.net/admin" })).toBe(false);
  });

  it.each(["not a url", "", "/admin", "news.example.com/admin"])("refuses the unparseable Referer %j", (referer) => {
    expect(check({ referer })).toBe(false);
  });

  it("refuses a request that proves nothing", () => {
    expect(check({})).toBe(false);
  });
});

/** A request as Node's server hands it over, from `peer`, with these headers. */
function request(headers: Record<string, string>, { peer = "127.0.0.1", encrypted = false } = {}): IncomingMessage {
  return { headers, socket: { remoteAddress: peer, encrypted: encrypted || undefined } } as unknown as IncomingMessage;
}

const trustLoopback = proxyaddr.compile(["loopback"]);
const trustNobody = proxyaddr.compile([]);

describe("requestOrigin", () => {
  it("is the scheme of the connection and the Host the client named", () => {
    expect(requestOrigin(request({ host: "127.0.0.1:3000" }), trustNobody)).toBe("http://127.0.0.1:3000");
    expect(requestOrigin(request({ host: "news.example.com" }, { encrypted: true }), trustNobody)).toBe(
      "https://news.example.com",
    );
  });

  it("takes the first X-Forwarded-Proto from a trusted proxy, and ignores it from anyone else", () => {
    const forwarded = { host: "news.example.com", "x-forwarded-proto": "https, http" };
    expect(requestOrigin(request(forwarded), trustLoopback)).toBe("https://news.example.com");
    expect(requestOrigin(request(forwarded, { peer: "198.51.100.7" }), trustLoopback)).toBe("http://news.example.com");
    expect(requestOrigin(request(forwarded), trustNobody)).toBe("http://news.example.com");
    expect(requestOrigin(request({ host: "news.example.com", "x-forwarded-proto": "" }), trustLoopback)).toBe(
      "http://news.example.com",
    );
  });
});

describe("sentFromOwnOrigin", () => {
  const site = "https://news.example.com";

  it("accepts the site's origin, or the origin the request was sent to", () => {
    expect(sentFromOwnOrigin(request({ host: "localhost:3000", origin: site }), site, trustNobody)).toBe(true);
    expect(sentFromOwnOrigin(request({ host: "localhost:3000", origin: "http://localhost:3000" }), site, trustNobody)).toBe(true);
    expect(
      sentFromOwnOrigin(request({ host: "localhost:3000", referer: "http://localhost:3000/article/1" }), site, trustNobody),
    ).toBe(true);
  });

  it("refuses any other origin, and a scheme that is not the one the request came by", () => {
    expect(sentFromOwnOrigin(request({ host: "localhost:3000", origin: "https://evil.example.net" }), site, trustNobody)).toBe(
      false,
    );
    expect(sentFromOwnOrigin(request({ host: "localhost:3000", origin: "https://localhost:3000" }), site, trustNobody)).toBe(
      false,
    );
    expect(sentFromOwnOrigin(request({ host: "localhost:3000" }), site, trustNobody)).toBe(false);
  });
});
