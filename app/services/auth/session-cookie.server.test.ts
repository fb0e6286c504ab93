import { describe, expect, it } from "vitest";
import { endSessionCookie, startSessionCookie } from "./session-cookie.server";

const expiresAt = new Date("2026-11-22T08:00:00Z");

describe("the session cookie", () => {
  it("is httpOnly and SameSite=Lax for 24 hours, and not Secure on plain http", async () => {
    const cookie = await startSessionCookie("http://localhost:3000", "token-value", expiresAt);
    expect(cookie).toMatch(/^byline_session=/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("Max-Age=86400");
    expect(cookie).toContain("Expires=Sun, 22 Nov 2026 08:00:00 GMT");
    expect(cookie).not.toContain("Secure");
  });

  it("is Secure with the __Host- prefix when the site is served over https", async () => {
    const cookie = await startSessionCookie("https://news.example.com", "token-value", expiresAt);
    expect(cookie).toMatch(/^__Host-byline_session=/);
    expect(cookie).toContain("Secure");
    expect(cookie).not.toContain("Domain=");
  });

  it("is cleared at sign-out with an empty value that has already expired", async () => {
    const cookie = await endSessionCookie("http://localhost:3000");
    expect(cookie).toContain("Max-Age=0");
    expect(cookie).toContain("Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  });
});
