import { useSyncExternalStore } from "react";

/**
 * The current time in milliseconds, refreshed every `intervalMs` in the browser. On the server
 * and during hydration it is `serverNow`, so the first render matches the server's HTML.
 */
export function useNow(intervalMs: number, serverNow: number): number {
  return useSyncExternalStore(
    (notify) => {
      const timer = setInterval(notify, intervalMs);
      return () => clearInterval(timer);
    },
    // Rounded up, so a countdown computed from it never shows one unit more than the server said.
    () => Math.ceil(Date.now() / intervalMs) * intervalMs,
    () => serverNow,
  );
}
