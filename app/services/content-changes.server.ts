import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../db/client.server";
import type { Logger } from "./logger.server";

/** The NOTIFY channel on which instances tell each other that readers' content changed. */
export const CONTENT_CHANNEL = "byline_content_changed";

/**
 * "What readers see has changed": announced after an article is published, unpublished, edited or deleted,
 * heard by every instance (this one at once, the others through PostgreSQL's NOTIFY), so each drops the
 * pages it keeps. A listener that lost its connection hears a change when it is back, since messages sent
 * meanwhile are lost.
 */
export function createContentChanges({ database, logger }: { database: DatabaseHandle; logger: Logger }) {
  const instanceId = randomUUID();
  const listeners = new Set<() => void>();
  let subscription: { close(): Promise<void> } | undefined;

  function emit(): void {
    for (const listener of listeners) listener();
  }

  return {
    /** Tells this instance at once and every other one through the database. Never throws. */
    async announce(): Promise<void> {
      emit();
      try {
        await database.db.execute(sql`select pg_notify(${CONTENT_CHANNEL}, ${instanceId})`);
      } catch (error) {
        logger.warn({ err: error }, "could not tell other instances that content changed; their pages expire by themselves");
      }
    },

    /** Calls `listener` on every change; returns the function that stops it. */
    onChange(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Starts hearing the other instances' announcements. */
    async start(): Promise<void> {
      subscription ??= await database.listen(
        CONTENT_CHANNEL,
        (payload) => {
          if (payload !== instanceId) emit();
        },
        () => {
          logger.info("listening for content changes again");
          emit();
        },
      );
    },

    async stop(): Promise<void> {
      await subscription?.close();
      subscription = undefined;
    },
  };
}

export type ContentChanges = ReturnType<typeof createContentChanges>;
