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
    () => Math.floor(Date.now() / intervalMs) * intervalMs,
    () => serverNow,
  );
}
