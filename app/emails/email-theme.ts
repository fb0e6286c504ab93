import { createContext } from "react";
/** The colours, type and page frame every e-mail shares (the digest and the confirmation message). */
export const FONT_FAMILY = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
export const INK = "#18181b";
export const MUTED = "#52525b";
export const ACCENT = "#1d4ed8";

/**
 * The newsroom's accent in a message (its light-theme tone: messages are drawn on white), or the default blue. Set by
 * the message's frame, read by its buttons and links (decision 038).
 */
export const EmailAccent = createContext<string>(ACCENT);
export const BORDER = "#e4e4e7";

export const frameStyles = {
  body: { margin: "0", padding: "24px 0", backgroundColor: "#f4f4f5", fontFamily: FONT_FAMILY, color: INK },
  container: { maxWidth: "600px", width: "100%", margin: "0 auto" },
  divider: { borderColor: BORDER, margin: "24px 0" },
  footerText: { fontSize: "13px", lineHeight: "20px", color: MUTED, margin: "0 0 8px" },
  footerLink: { color: MUTED, textDecoration: "underline" },
  button: {
    backgroundColor: ACCENT,
    color: "#ffffff",
    borderRadius: "6px",
    fontSize: "16px",
    fontWeight: 600,
    lineHeight: "24px",
    padding: "12px 24px",
    textDecoration: "none",
  },
} as const;
