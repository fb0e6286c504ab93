import type { Logger } from "./logger.server";

/**
 * Work a server does every `intervalMs` on every instance (the scheduler, WebSub pings), where the database decides
 * who does what. Rounds never overlap on one instance, and a failed round is logged as `failure` and left to the
 * next one, so a poll never throws.
 */
export function createPoller({
  work,
  intervalMs,
  logger,
  failure,
}: {
  work: () => Promise<unknown>;
  intervalMs: number;
  logger?: Logger;
  /** The warning logged when a round fails, such as "could not send WebSub pings; will try again". */
  failure: string;
}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  /** Runs a round now, or joins the one under way. */
  function poll(): Promise<unknown> {
    running ??= work()
      .catch((error: unknown) => logger?.warn({ err: error }, failure))
      .finally(() => (running = undefined));
    return running;
  }

  return {
    poll,
    /** A round at once (unless `firstRoundNow` is false), then one every `intervalMs`. */
    start({ firstRoundNow = true }: { firstRoundNow?: boolean } = {}): void {
      if (firstRoundNow) void poll();
      timer = setInterval(() => void poll(), intervalMs);
      timer.unref();
    },
    /** Stops the rounds and waits for the one under way. */
    async stop(): Promise<void> {
      clearInterval(timer);
      await running;
    },
    /** Resolves when the round under way (if any) has finished. */
    async settled(): Promise<void> {
      await running;
    },
  };
}
