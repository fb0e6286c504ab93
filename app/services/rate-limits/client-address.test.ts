import { describe, expect, it } from "vitest";
import { isTrustProxyEntry, rateLimitAddress } from "./client-address.server";

describe("rateLimitAddress", () => {
  it("counts an IPv4 client under its own address", () => {
    expect(rateLimitAddress("203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts an IPv4 address written another way under the one spelling the parser gives", () => {
    expect(rateLimitAddress("010.0.0.1")).toBe("8.0.0.1");
    expect(rateLimitAddress("10.0.0.01")).toBe("10.0.0.1");
    expect(rateLimitAddress("0x7f.0.0.1")).toBe("127.0.0.1");
    for (const address of ["0.0.0.0", "9.99.199.249", "100.200.250.255"]) expect(rateLimitAddress(address)).toBe(address);
  });

  it("counts an IPv4-mapped IPv6 address as the IPv4 address it carries", () => {
    expect(rateLimitAddress("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts an IPv6 client under its /64 network, so a fresh address per request buys no new budget", () => {
    expect(rateLimitAddress("2001:db8:85a3:12:8a2e:370:7334:1")).toBe("2001:db8:85a3:12::/64");
    expect(rateLimitAddress("2001:db8:85a3:12:ffff:ffff:ffff:ffff")).toBe("2001:db8:85a3:12::/64");
    expect(rateLimitAddress("2001:db8:85a3:13::1")).toBe("2001:db8:85a3:13::/64");
    expect(rateLimitAddress("::1")).toBe("0:0:0:0::/64");
  });

  it("counts a missing or malformed address as unknown", () => {
    expect(rateLimitAddress(undefined)).toBe("unknown");
    expect(rateLimitAddress("")).toBe("unknown");
    expect(rateLimitAddress("not an address")).toBe("unknown");
    expect(rateLimitAddress("300.1.1.1")).toBe("unknown");
  });
});

describe("isTrustProxyEntry", () => {
  it("accepts the range names Express knows", () => {
    expect(["loopback", "linklocal", "uniquelocal"].map(isTrustProxyEntry)).toEqual([true, true, true]);
    expect(isTrustProxyEntry("uniquelocals")).toBe(false);
  });

  it("accepts IPv4 and IPv6 addresses and CIDR ranges of either", () => {
    expect(isTrustProxyEntry("10.0.0.1")).toBe(true);
    expect(isTrustProxyEntry("fd00::1")).toBe(true);
    expect(isTrustProxyEntry("10.0.0.0/8")).toBe(true);
    expect(isTrustProxyEntry("fd00::/8")).toBe(true);
  });

  it("refuses malformed addresses and ranges", () => {
    expect(isTrustProxyEntry("10.0.0.0/33")).toBe(false);
    expect(isTrustProxyEntry("10.0.0/8")).toBe(false);
    expect(isTrustProxyEntry("proxy.internal")).toBe(false);
    expect(isTrustProxyEntry("")).toBe(false);
  });
});
