/**
 * Renders take turns, one per turn of the event loop, in the order they arrived (decision 030).
 *
 * Node 20's libuv accepts one new connection per turn of the event loop. When every open connection has a
 * request waiting, one turn runs all of their renders, so a visitor whose connection is still in the listen queue
 * waits for that many renders again at every turn: under load, some first requests waited seconds while the
 * rest were answered in a few hundred milliseconds. Here each render waits for its turn (`setImmediate`, queued
 * from the previous render's own immediate, so it runs after the next poll); between two renders the loop
 * accepts a connection, reads the sockets and sends what compression has finished. Requests are then served
 * first come, first served, and a new connection waits for one render, not for a round of all of them.
 */
export interface TurnQueue {
  /** Resolves when the caller may render: at the next check phase when nobody waits, else after the renders queued before it. */
  next(): Promise<void>;
  /** Renders waiting for their turn (for tests and diagnostics). */
  readonly waiting: number;
}

export function createTurnQueue(): TurnQueue {
  // At most one waiting render per open connection, so shift() on a short array is all the queue needs.
  const queue: Array<() => void> = [];
  let scheduled = false;

  function release(): void {
    // The render continues in the microtasks that follow this callback, before the next immediate.
    queue.shift()?.();
    if (queue.length > 0) setImmediate(release);
    else scheduled = false;
  }

  return {
    next() {
      return new Promise<void>((resolve) => {
        queue.push(resolve);
        if (!scheduled) {
          scheduled = true;
          setImmediate(release);
        }
      });
    },
    get waiting() {
      return queue.length;
    },
  };
}
