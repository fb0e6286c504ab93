import { describe, expect, it } from "vitest";
import { createReaderMemo, READER_MEMO_TTL_MS } from "./reader-memo.server";

function movableClock(start = Date.UTC(2026, 10, 26, 12)) {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

/** A read that counts how often it ran and answers with that count. */
function countingRead() {
  let runs = 0;
  return {
    read: async () => ++runs,
    get runs() {
      return runs;
    },
  };
}

describe("createReaderMemo", () => {
  it("reads once and answers later requests for the same key from memory", async () => {
    const memo = createReaderMemo({ clock: movableClock() });
    const source = countingRead();
    expect(await memo.read("home", source.read)).toBe(1);
    expect(await memo.read("home", source.read)).toBe(1);
    expect(source.runs).toBe(1);
    expect(await memo.read("category:AI:1:24", source.read)).toBe(2);
  });

  it("shares a read still under way, so a burst of requests costs one query", async () => {
    const memo = createReaderMemo({ clock: movableClock() });
    let release!: (value: string) => void;
    let runs = 0;
    const slow = () => {
      runs += 1;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const first = memo.read("article:7", slow);
    const second = memo.read("article:7", slow);
    release("the article");
    expect(await Promise.all([first, second])).toEqual(["the article", "the article"]);
    expect(runs).toBe(1);
  });

  it("runs a lazy query (a thenable that runs each time it is awaited) only once", async () => {
    const memo = createReaderMemo({ clock: movableClock() });
    let executions = 0;
    const lazyQuery: PromiseLike<string[]> = {
      then(onFulfilled, onRejected) {
        executions += 1;
        return Promise.resolve(["headline"]).then(onFulfilled, onRejected);
      },
    };
    await memo.read("headlines:5", () => lazyQuery);
    await memo.read("headlines:5", () => lazyQuery);
    expect(await memo.read("headlines:5", () => lazyQuery)).toEqual(["headline"]);
    expect(executions).toBe(1);
  });

  it("reads again after clear(): what readers see has changed", async () => {
    const memo = createReaderMemo({ clock: movableClock() });
    const source = countingRead();
    await memo.read("home", source.read);
    memo.clear();
    expect(await memo.read("home", source.read)).toBe(2);
    expect(memo.size).toBe(1);
  });

  it("keeps an entry for less than READER_MEMO_TTL_MS, and reads again once it has passed", async () => {
    const clock = movableClock();
    const memo = createReaderMemo({ clock });
    const source = countingRead();
    await memo.read("home", source.read);
    clock.advance(READER_MEMO_TTL_MS - 1);
    expect(await memo.read("home", source.read)).toBe(1);
    clock.advance(1);
    expect(await memo.read("home", source.read)).toBe(2);
  });

  it("does not trust an entry stored in the future of a clock moved back", async () => {
    const clock = movableClock();
    const memo = createReaderMemo({ clock });
    const source = countingRead();
    await memo.read("home", source.read);
    clock.advance(-1_000);
    expect(await memo.read("home", source.read)).toBe(2);
  });

  it("forgets a failed read at once, so the next request tries the database again", async () => {
    const memo = createReaderMemo({ clock: movableClock() });
    await expect(memo.read("home", () => Promise.reject(new Error("database unavailable")))).rejects.toThrow(
      "database unavailable",
    );
    expect(memo.size).toBe(0);
    expect(await memo.read("home", async () => "home page")).toBe("home page");
  });

  it("drops the least recently used entry when full", async () => {
    const memo = createReaderMemo({ clock: movableClock(), maxEntries: 2 });
    const source = countingRead();
    await memo.read("a", source.read); // 1
    await memo.read("b", source.read); // 2
    await memo.read("a", source.read); // still 1; "b" is now the least recently used
    await memo.read("c", source.read); // 3; "b" goes
    expect(memo.size).toBe(2);
    expect(await memo.read("a", source.read)).toBe(1);
    expect(await memo.read("b", source.read)).toBe(4);
  });
});
