import { and, asc, eq, inArray, lte } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { articles } from "../../db/schema";
import type { Clock } from "../clock.server";
import type { Logger } from "../logger.server";
import { createPoller } from "../poller.server";

/** How often every instance looks for scheduled articles whose time has come; well inside the promised 60 s. */
export const SCHEDULER_POLL_MS = 15_000;
/** Articles published per claim; a larger backlog (after downtime) is worked through claim after claim. */
export const SCHEDULER_BATCH = 100;

export interface PublishedArticle {
  id: number;
  title: string;
  publishedAt: Date;
}

/**
 * Scheduled publishing (decision 021). The database is the source of truth: a scheduled article is a
 * row with status `scheduled` and its time in `published_at`. Every instance polls; a poll claims due rows with
 * `FOR UPDATE SKIP LOCKED` and flips them to `published` in one statement that still names the `scheduled`
 * state, so however many instances race, each article is published by exactly one of them, and only that one
 * runs the follow-ups (clearing every instance's page cache, later feed pings). An article whose time passed
 * while every instance was down is published by the first poll after a start.
 */
export function createScheduler({
  db,
  clock,
  logger,
  onPublished = async () => {},
  pollMs = SCHEDULER_POLL_MS,
}: {
  db: Database;
  clock: Clock;
  logger?: Logger;
  /** The follow-ups of a publication, run once by the instance that published: page caches, pings. */
  onPublished?: (published: PublishedArticle[]) => Promise<unknown>;
  pollMs?: number;
}) {
  /** One claim: publishes up to SCHEDULER_BATCH due articles and returns them. */
  async function claimDue(): Promise<PublishedArticle[]> {
    const now = clock.now();
    const due = db
      .select({ id: articles.id })
      .from(articles)
      .where(and(eq(articles.status, "scheduled"), lte(articles.publishedAt, now)))
      .orderBy(asc(articles.publishedAt), asc(articles.id))
      .limit(SCHEDULER_BATCH)
      .for("update", { skipLocked: true });
    const published = await db
      .update(articles)
      .set({ status: "published" })
      .where(and(inArray(articles.id, due), eq(articles.status, "scheduled")))
      .returning({ id: articles.id, title: articles.title, publishedAt: articles.publishedAt });
    return published.flatMap(({ publishedAt, ...row }) => (publishedAt ? [{ ...row, publishedAt }] : []));
  }

  /** Publishes every scheduled article whose time has come, then runs the follow-ups once for them. */
  async function publishDue(): Promise<PublishedArticle[]> {
    const all: PublishedArticle[] = [];
    for (;;) {
      const batch = await claimDue();
      all.push(...batch);
      if (batch.length < SCHEDULER_BATCH) break;
    }
    if (all.length > 0) {
      logger?.info({ articleIds: all.map((article) => article.id) }, "published scheduled articles");
      await onPublished(all);
    }
    return all;
  }

  // A failed poll (the database away, say) is logged and the next one tries again.
  const poller = createPoller({
    work: publishDue,
    intervalMs: pollMs,
    logger,
    failure: "could not publish scheduled articles; will try again",
  });

  return {
    publishDue,
    /** Publishes what came due while no instance ran, then keeps polling. */
    start: poller.start,
    /** Stops polling and waits for a poll under way. */
    stop: poller.stop,
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
