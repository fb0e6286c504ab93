import type { Clock } from "../../app/services/index.server";

export interface ManualClock extends Clock {
  /** Jumps to a moment. */
  set(time: string): void;
  /** Moves forward by some milliseconds. */
  advance(ms: number): void;
}

/** A clock the test moves by hand: no sleeping, no fake timers. */
export function manualClock(start: string): ManualClock {
  let current = new Date(start);
  return {
    now: () => current,
    set(time) {
      current = new Date(time);
    },
    advance(ms) {
      current = new Date(current.getTime() + ms);
    },
  };
}
