/** The spec's 3 seconds before the share button returns to idle. */
export const SHARE_STATUS_MS = 3_000;

export type ShareState = "idle" | "shared" | "copied" | "error";

export const SHARE_LABELS: Record<ShareState, string> = {
  idle: "Share",
  shared: "Shared!",
  copied: "Copied!",
  error: "Couldn't share",
};
