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

/**
 * A desktop Chrome's own user agent, for readers whose views must count: headless Chromium says "HeadlessChrome",
 * which isbot rightly calls a bot, and the view counter leaves out requests without a user agent.
 */
export const DESKTOP_CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
