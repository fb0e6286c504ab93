import { describe, expect, it } from "vitest";
import { createTurnQueue } from "./turns";

describe("createTurnQueue", () => {
  it("lets renders go in the order they asked", async () => {
    const turns = createTurnQueue();
    const order: number[] = [];
    await Promise.all([1, 2, 3, 4, 5].map((n) => turns.next().then(() => order.push(n))));
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(turns.waiting).toBe(0);
  });

  it("lets the event loop turn between two renders", async () => {
    const turns = createTurnQueue();
    const order: string[] = [];
    const first = turns.next().then(() => order.push("first render"));
    const second = turns.next().then(() => order.push("second render"));
    // Queued after both: without a turn between the renders it would run after the second.
    setImmediate(() => order.push("other work"));
    await Promise.all([first, second]);
    expect(order).toEqual(["first render", "other work", "second render"]);
  });

  it("keeps serving in order when the queue never empties", async () => {
    const turns = createTurnQueue();
    const served: number[] = [];
    const all: Promise<unknown>[] = [];
    for (let n = 0; n < 2_500; n += 1) {
      all.push(turns.next().then(() => served.push(n)));
      // A request arrives while others still wait, turn after turn.
      if (n % 2 === 1) await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(all);
    expect(served).toEqual([...Array(2_500).keys()]);
    expect(turns.waiting).toBe(0);
  });
});
