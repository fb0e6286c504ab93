import type { Clock } from "./clock.server";

/** How long a remembered read may be kept when no change is announced: as long as a cached page (server/page-cache). */
export const READER_MEMO_TTL_MS = 60_000;
/** Reads kept at most; the least recently used goes first. Mostly articles with their bodies: tens of MB at most. */
export const READER_MEMO_MAX_ENTRIES = 1_000;

interface Entry {
  value: Promise<unknown>;
  storedAt: number;
}

/**
 * What readers' pages read from the database, remembered per content version (decision 028): the bell's
 * headlines, the home lists, a category's page, an article with its byline, related stories and corrections. Every
 * write that changes what readers see already announces it (content-changes.server.ts, heard by every instance), and
 * the server clears this memo then, as it clears the page cache; an entry also expires after READER_MEMO_TTL_MS,
 * which bounds what an unannounced change (a clock passing a publication time) can leave stale, as for cached pages.
 *
 * Unlike the page cache it keeps data, not HTML: every request is still routed, rendered by React and compressed,
 * with its own nonce, session and query parameters. A read is shared while it runs, so a burst of requests for one
 * page costs one query; a failed read is forgotten at once. Callers must not change what they get back.
 */
export function createReaderMemo({
  clock,
  ttlMs = READER_MEMO_TTL_MS,
  maxEntries = READER_MEMO_MAX_ENTRIES,
}: {
  clock: Clock;
  ttlMs?: number;
  maxEntries?: number;
}) {
  const entries = new Map<string, Entry>();

  return {
    /** The remembered result of `read` under `key`, or a fresh one. */
    read<T>(key: string, read: () => PromiseLike<T>): Promise<T> {
      const now = clock.now().getTime();
      const found = entries.get(key);
      entries.delete(key);
      if (found && now - found.storedAt < ttlMs && now >= found.storedAt) {
        entries.set(key, found);
        return found.value as Promise<T>;
      }
      // Settled once: a Drizzle query is a thenable that runs again each time it is awaited.
      const value = Promise.resolve(read());
      const entry = { value, storedAt: now };
      entries.set(key, entry);
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      return value;
    },

    /** Forgets everything: what readers see has changed. */
    clear(): void {
      entries.clear();
    },

    get size(): number {
      return entries.size;
    },
  };
}

export type ReaderMemo = ReturnType<typeof createReaderMemo>;

/** Reads straight from the database every time: services built without a memo (tests, scripts). */
export const noReaderMemo: Pick<ReaderMemo, "read"> = { read: async (_key, read) => read() };
