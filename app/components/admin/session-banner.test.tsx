import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SessionBanner } from "./session-banner";

const serverNow = "2026-11-21T10:00:00.000Z";
const minutes = (count: number) => new Date(Date.parse(serverNow) + count * 60_000).toISOString();

function banner(expiresAt: string): string {
  return renderToStaticMarkup(<SessionBanner session={{ username: "editor", expiresAt }} serverNow={serverNow} />);
}

describe("the session banner", () => {
  it('says "Admin Session Active" with the user and the end time while more than an hour is left', () => {
    const html = banner(minutes(61));
    expect(html).toContain("Admin Session Active");
    expect(html).not.toContain("Security Warning");
    expect(html).toContain("Signed in as editor until");
    expect(html).toContain(`dateTime="${minutes(61)}"`);
  });

  it('turns into a "Security Warning" with the minutes left when less than an hour is left', () => {
    const html = banner(minutes(59));
    expect(html).toContain("Security Warning");
    expect(html).toContain("Your session ends in 59 minutes.");
    expect(html).not.toContain("Admin Session Active");
  });

  it("is announced to screen readers as a status", () => {
    expect(banner(minutes(600))).toMatch(/^<section role="status" aria-labelledby="session-banner-title"/);
  });
});
