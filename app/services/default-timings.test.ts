import { describe, expect, it } from "vitest";
import { SCHEDULER_POLL_MS } from "./articles/scheduler.server";
import { JOB_STALE_AFTER_MS } from "./generation/generation-job-worker.server";
import { FEED_CACHE_TTL_MS } from "./generation/news-feeds/feed-reader.server";
import { DEFAULT_RETRY_DELAY_MS, DEFAULT_STALE_CLAIM_MS, retryDelay } from "./newsletter/newsletter-sender.server";

const MINUTE = 60_000;

// The README's default timings. The services' behaviour with these values is tested beside each service
// (with short timings passed in); this file holds the defaults to what the README promises.
describe("the README's default timings", () => {
  it("tries a temporarily refused newsletter message again after 1 and then 4 minutes", () => {
    expect(DEFAULT_RETRY_DELAY_MS).toBe(1 * MINUTE);
    expect(retryDelay(1)).toBe(1 * MINUTE);
    expect(retryDelay(2)).toBe(4 * MINUTE);
    expect(retryDelay(2, 1_000)).toBe(4_000);
  });

  it("gives a newsletter claim nobody refreshed for 2 minutes to another sender", () => {
    expect(DEFAULT_STALE_CLAIM_MS).toBe(2 * MINUTE);
  });

  it("keeps fetched news feeds for 10 minutes", () => {
    expect(FEED_CACHE_TTL_MS).toBe(10 * MINUTE);
  });

  it("looks for scheduled articles every 15 seconds, so one is published within a minute of its time", () => {
    expect(SCHEDULER_POLL_MS).toBe(15_000);
  });

  it("marks a generation job interrupted once its heartbeat has stopped for a minute", () => {
    expect(JOB_STALE_AFTER_MS).toBe(1 * MINUTE);
  });
});
