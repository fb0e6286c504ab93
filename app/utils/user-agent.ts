import Bowser from "bowser";

/**
 * A User-Agent in words a person recognises: "Firefox 133 on Windows", "Safari on iOS", or "Unknown browser".
 * The Profile's list of sessions, the "New sign-in" mail and the security log show it.
 */
export function describeUserAgent(userAgent: string): string {
  if (userAgent.trim() === "") return "Unknown browser";
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name
    ? [parsed.browser.name, parsed.browser.version?.split(".")[0]].filter(Boolean).join(" ")
    : "Unknown browser";
  const system = parsed.os.name;
  return system ? `${browser} on ${system}` : browser;
}
