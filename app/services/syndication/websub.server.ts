import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { articles, sections, websubPings } from "../../db/schema";
import { authorPath } from "../../utils/articles";
import { absoluteUrl, feedPathsOf } from "../../utils/seo";
import { listArticleAuthors } from "../articles/articles.server";
import type { Clock } from "../clock.server";
import type { Logger } from "../logger.server";
import { createPoller } from "../poller.server";
import { listArticleTags } from "../tags/article-tags.server";
import { tagPath } from "../../utils/tags";

/** Posts to a hub before a ping is failed for good. */
export const WEBSUB_MAX_ATTEMPTS = 5;
/** The wait after the first failed post; each later one waits four times as long. */
export const WEBSUB_RETRY_MS = 30_000;
/** How long a claimed ping is held by the instance posting it; a ping whose instance stopped is due again after it. */
export const WEBSUB_LEASE_MS = 60_000;
/** How often an idle instance looks for pings to send. */
export const WEBSUB_POLL_MS = 5_000;
/** A hub that does not answer within this long counts as a failed attempt. */
export const WEBSUB_TIMEOUT_MS = 10_000;

/**
 * WebSub publishing (https://www.w3.org/TR/websub/, decision 024): with WEBSUB_HUB set, publishing an article (by an
 * editor or when its scheduled time comes) queues one ping per hub and per feed that lists it (the site's, its
 * category's, each author's and each tag's, as RSS and JSON Feed). The queue is a table, so a ping survives a restart and
 * any instance sends it; each is posted until a hub answers 2xx, with backoff, up to WEBSUB_MAX_ATTEMPTS.
 * Without hubs nothing is queued or sent.
 */
export function createWebSub({
  db,
  clock,
  logger,
  site,
  hubs,
  pollMs = WEBSUB_POLL_MS,
}: {
  db: Database;
  clock: Clock;
  logger?: Logger;
  site: { url: string; name: string };
  hubs: readonly string[];
  pollMs?: number;
}) {
  /** The feeds that list these articles, as absolute URLs: the topics hubs know them by. */
  async function topicsFor(articleIds: readonly number[]): Promise<string[]> {
    const rows = await db
      .select({ id: articles.id, section: sections.slug })
      .from(articles)
      .innerJoin(sections, eq(sections.name, articles.category))
      .where(inArray(articles.id, [...articleIds]));
    const bylines = await listArticleAuthors(
      db,
      rows.map((row) => row.id),
    );
    const tagsOf = await listArticleTags(
      db,
      rows.map((row) => row.id),
    );
    // The site's feeds, and those of each article's section, authors and tags.
    const pages = new Set<string>([""]);
    for (const row of rows) {
      pages.add(`/category/${row.section}`);
      for (const author of bylines.get(row.id) ?? []) pages.add(authorPath(author.slug));
      for (const tag of tagsOf.get(row.id) ?? []) pages.add(tagPath(tag.slug));
    }
    return [...pages].flatMap(feedPathsOf).map((path) => absoluteUrl(site, path));
  }

  /** Posts one ping; a 2xx answer is success, anything else (or no answer) a failure with its reason. */
  async function post(hub: string, topic: string): Promise<string | null> {
    try {
      const response = await fetch(hub, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ "hub.mode": "publish", "hub.url": topic }).toString(),
        signal: AbortSignal.timeout(WEBSUB_TIMEOUT_MS),
        redirect: "manual",
      });
      await response.body?.cancel();
      return response.status >= 200 && response.status < 300 ? null : `the hub answered ${response.status}`;
    } catch (error) {
      return (error as Error).name === "TimeoutError" ? "the hub did not answer in time" : "the hub could not be reached";
    }
  }

  /** Claims the due pings (held for WEBSUB_LEASE_MS), posts them, and records each outcome. */
  async function sendDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const now = clock.now();
      const due = db
        .select({ id: websubPings.id })
        .from(websubPings)
        .where(and(eq(websubPings.status, "pending"), lte(websubPings.nextAttemptAt, now)))
        .orderBy(asc(websubPings.nextAttemptAt), asc(websubPings.id))
        .limit(20)
        .for("update", { skipLocked: true });
      const claimed = await db
        .update(websubPings)
        .set({ nextAttemptAt: new Date(now.getTime() + WEBSUB_LEASE_MS) })
        .where(and(inArray(websubPings.id, due), eq(websubPings.status, "pending")))
        .returning({ id: websubPings.id, hub: websubPings.hub, topic: websubPings.topic, attempts: websubPings.attempts });
      if (claimed.length === 0) return sent;
      await Promise.all(
        claimed.map(async (ping) => {
          const problem = await post(ping.hub, ping.topic);
          const attempts = ping.attempts + 1;
          if (problem === null) {
            sent += 1;
            await db
              .update(websubPings)
              .set({ status: "sent", attempts, sentAt: clock.now(), lastError: null })
              .where(eq(websubPings.id, ping.id));
            return;
          }
          const gaveUp = attempts >= WEBSUB_MAX_ATTEMPTS;
          logger?.warn(
            { hub: ping.hub, topic: ping.topic, attempts, problem },
            gaveUp ? "WebSub ping failed for good" : "WebSub ping failed; will try again",
          );
          await db
            .update(websubPings)
            .set({
              status: gaveUp ? "failed" : "pending",
              attempts,
              lastError: problem,
              nextAttemptAt: new Date(clock.now().getTime() + WEBSUB_RETRY_MS * 4 ** (attempts - 1)),
            })
            .where(eq(websubPings.id, ping.id));
        }),
      );
    }
  }

  const poller = createPoller({
    work: sendDue,
    intervalMs: pollMs,
    logger,
    failure: "could not send WebSub pings; will try again",
  });

  return {
    topicsFor,
    sendDue,

    /** Queues the pings for newly published articles (nothing without hubs) and sends them at once. */
    async articlesPublished(articleIds: readonly number[]): Promise<void> {
      if (hubs.length === 0 || articleIds.length === 0) return;
      const topics = await topicsFor(articleIds);
      await db
        .insert(websubPings)
        .values(hubs.flatMap((hub) => topics.map((topic) => ({ hub, topic, nextAttemptAt: clock.now() }))));
      void poller.poll();
    },

    /** Tells the hubs about feeds at a new address (a section's or tag's, after its address changed). */
    async feedsMoved(paths: readonly string[]): Promise<void> {
      if (hubs.length === 0 || paths.length === 0) return;
      const topics = paths.map((path) => absoluteUrl(site, path));
      await db
        .insert(websubPings)
        .values(hubs.flatMap((hub) => topics.map((topic) => ({ hub, topic, nextAttemptAt: clock.now() }))));
      void poller.poll();
    },

    /** Sends what is due now and keeps looking; does nothing without hubs. */
    start(): void {
      if (hubs.length > 0) poller.start();
    },

    stop: poller.stop,

    /** Resolves when the send round under way (if any) has recorded its outcomes. */
    settled: poller.settled,

    /** How many pings are in each state (for tests and the operator). */
    async counts(): Promise<Record<string, number>> {
      const rows = await db
        .select({ status: websubPings.status, count: sql<number>`count(*)::int` })
        .from(websubPings)
        .groupBy(websubPings.status);
      return Object.fromEntries(rows.map((row) => [row.status, row.count]));
    },
  };
}

export type WebSub = ReturnType<typeof createWebSub>;
