import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../db/client.server";
import type { Logger } from "./logger.server";

/** The NOTIFY channel on which instances tell each other that readers' content changed. */
export const CONTENT_CHANNEL = "byline_content_changed";
/** The debug line an instance logs once it has dropped its pages for a change announced by another instance. */
export const CONTENT_CHANGE_HEARD = "heard that content changed on another instance; pages dropped";
/** How long an announcement waits to hear its own message back before it gives up waiting. */
export const ECHO_WAIT_MS = 1_000;

/**
 * "What readers see has changed": announced after an article is published, unpublished, edited or deleted,
 * heard by every instance (this one at once, the others through PostgreSQL's NOTIFY), so each drops the
 * pages it keeps. A listener that lost its connection hears a change when it is back, since messages sent
 * meanwhile are lost. An announcement returns once this instance's own listener heard it back: by then
 * PostgreSQL has delivered it to every listener, so the editor's next step finds the others told too
 * (a busy instance may still take a few milliseconds to act on it).
 */
export function createContentChanges({ database, logger }: { database: DatabaseHandle; logger: Logger }) {
  const instanceId = randomUUID();
  const listeners = new Set<() => void>();
  /** What must be read again before this instance drops its pages for another instance's change (the settings). */
  const refreshers = new Set<() => Promise<void>>();
  /** Our own announcements on their way round, by payload. */
  const echoes = new Map<string, () => void>();
  let sent = 0;
  let subscription: { close(): Promise<void> } | undefined;

  function emit(): void {
    for (const listener of listeners) listener();
  }

  /** Another instance's change: what is kept in memory is read again first, so no page is made from the old. */
  async function refreshThenEmit(): Promise<void> {
    await Promise.all([...refreshers].map((refresh) => refresh()));
    emit();
  }

  return {
    /**
     * Tells this instance at once and every other one through the database. Never throws. Resolves to true
     * when this instance's own message came back (so PostgreSQL has delivered it to every listener), false
     * when it was not heard back within ECHO_WAIT_MS, could not be sent, or this instance is not listening.
     */
    async announce(): Promise<boolean> {
      emit();
      sent += 1;
      const payload = `${instanceId}:${sent}`;
      const echoed = new Promise<boolean>((resolve) => {
        if (!subscription) return resolve(false);
        echoes.set(payload, () => resolve(true));
        setTimeout(() => resolve(false), ECHO_WAIT_MS).unref();
      });
      try {
        await database.db.execute(sql`select pg_notify(${CONTENT_CHANNEL}, ${payload})`);
        return await echoed;
      } catch (error) {
        logger.warn({ err: error }, "could not tell other instances that content changed; their pages expire by themselves");
        return false;
      } finally {
        echoes.delete(payload);
      }
    },

    /** Calls `listener` on every change; returns the function that stops it. */
    onChange(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /**
     * Runs `refresh` (which must not throw) when another instance announces a change, before this instance's
     * listeners drop what they keep; the announcing instance refreshes before it announces.
     */
    refreshFirst(refresh: () => Promise<void>): () => void {
      refreshers.add(refresh);
      return () => refreshers.delete(refresh);
    },

    /** Starts hearing the other instances' announcements. */
    async start(): Promise<void> {
      subscription ??= await database.listen(
        CONTENT_CHANNEL,
        (payload) => {
          if (payload.startsWith(`${instanceId}:`)) return echoes.get(payload)?.();
          void refreshThenEmit().then(() => {
            // After the pages are dropped: the event the two-instance tests wait for.
            logger.debug({ payload }, CONTENT_CHANGE_HEARD);
          });
        },
        () => {
          // Changes announced while the connection was down are lost: drop what this instance keeps, then say
          // so. A page asked for after this line is rendered from the database as it is now, and kept.
          void refreshThenEmit().then(() => logger.info("listening for content changes again"));
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
