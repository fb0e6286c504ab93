/**
 * The system Chromium that the end-to-end tests and the bench's Lighthouse runs start: nothing downloads a browser.
 * No network of its own (updates, sync, QUIC), no GPU, no sandbox (containers).
 */
export const SYSTEM_CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
