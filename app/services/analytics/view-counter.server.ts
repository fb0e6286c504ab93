import { hash, randomBytes } from "node:crypto";
import { and, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { isbot } from "isbot";
import type { Database } from "../../db/client.server";
import { articleDailyViews, articles, newsletterDailyReads, newsletterIssues, searchGapsDaily } from "../../db/schema";
import { addDaysToDay, newsroomDay, zoneNow, type ZoneSource } from "../../utils/dates";
import { visibleToReaders } from "../articles/articles.server";
import type { Clock } from "../clock.server";
import type { Logger } from "../logger.server";

/** How often counted views are written to the database, in one statement. */
export const VIEW_FLUSH_INTERVAL_MS = 10_000;
/** Distinct article-days waiting in memory before a write is started early (a busy day, or junk article ids). */
export const VIEW_BUFFER_FLUSH_AT = 5_000;
/**
 * Visitor-article pairs remembered for one day in this process (about 60 bytes each). Past it, a view is not
 * counted until the day ends, so a flood of made-up visitors cannot grow memory without bound.
 */
export const MAX_VISITS_PER_DAY = 1_000_000;
/** View reports one client address may make per minute in this process; more are answered but not counted. */
export const VIEW_REPORTS_PER_MINUTE = 120;
/** Addresses tracked for that limit within one minute; past it, new addresses are not counted until the next minute. */
const MAX_ADDRESSES_PER_MINUTE = 100_000;
/** User agents whose bot check is remembered; when full, the list starts again (a few browsers make most visits). */
const REMEMBERED_USER_AGENTS = 1_000;

/** Search gaps are kept this many newsroom days, today included; older rows are deleted (decision 033). */
export const SEARCH_GAP_DAYS = 30;
/**
 * A search that found nothing is listed once this many client addresses reported it on one newsroom day
 * (decision 045): a query typed by one client alone, however it reports it, never reaches the editors' list.
 */
export const SEARCH_GAP_MIN_ADDRESSES = 3;
/** Distinct searches checked and written per batch; the rest wait for the next one. */
const SEARCH_GAPS_PER_BATCH = 200;

/** What happened to one view report. */
export type ViewOutcome = "counted" | "repeat" | "bot" | "staff" | "limited" | "full" | "off";

export interface ViewReport {
  articleId: number;
  /**
   * The client's address as rate limits count it (behind a trusted proxy, the forwarded one; IPv6 by its /64): the
   * visitor. Hashed, never kept.
   */
  clientAddress: string;
  /** Only to tell bots from browsers: a client that changes it is still the same visitor. */
  userAgent: string | undefined;
  /** A signed-in member of staff (a valid admin session): not counted. */
  staff: boolean;
  /** The newsletter issue whose link brought the reader (`?ref=newsletter-42`), if any. */
  newsletterIssueId?: number | null;
}

/** A search that found nothing, reported from the search page (decision 033). */
export interface SearchGapReport {
  /** Normalised (validation/views.ts: normalizeSearchGap). */
  query: string;
  clientAddress: string;
  userAgent: string | undefined;
  staff: boolean;
}

/** One newsroom day's memory, dropped whole when the day changes. */
interface Today {
  day: string;
  salt: string;
  seen: Set<string>;
  gapReporters: Map<string, number>;
}

export interface ViewCounterOptions {
  db: Database;
  clock: Clock;
  logger: Logger;
  /** The newsroom's time zone (TIME_ZONE): a day, for counting and for the salt, is a day on its calendar. */
  timeZone: ZoneSource;
  /** ANALYTICS=on. Off: nothing is counted, nothing is written. */
  enabled: boolean;
  flushIntervalMs?: number;
  /** The daily secret; random by default. Tests may give their own to check that it changes. */
  newSalt?: () => Buffer;
  /**
   * Whether a search finds nothing, asked again before a reported search gap is written, so nobody can put words
   * of their own in the editors' list. Without it no search gap is written.
   */
  searchFindsNothing?: (query: string) => Promise<boolean>;
}

/**
 * Article views counted without cookies or stored personal data (decision 032). A visitor is a SHA-256 hash of a random
 * salt made for the newsroom's day and kept only in this process's memory and the client address (decision 045: the
 * user agent is the client's to choose, so it does not make another visitor); the set of visitor-article pairs seen
 * today lives beside it, so an address counts once per article per day. When the day ends, salt and set are dropped
 * together, and nothing links a visitor of one day to the next. Bots (isbot) and signed-in staff are not counted. Counts wait in memory and are written in batches, as daily totals
 * per article, on an interval, when the buffer grows, and at shutdown (stop).
 */
export function createViewCounter({
  db,
  clock,
  logger,
  timeZone,
  enabled,
  flushIntervalMs = VIEW_FLUSH_INTERVAL_MS,
  newSalt = () => randomBytes(32),
  searchFindsNothing = async () => false,
}: ViewCounterOptions) {
  /**
   * Today's salt (as text, the prefix of every hash), the visitor-subject pairs seen today, and, by query hash, how
   * many addresses reported each search gap today: replaced together.
   */
  let today: Today | null = null;
  /** Whether a user agent is a bot's (isbot), by user agent: the same browser reports view after view. */
  const botVerdicts = new Map<string, boolean>();
  /** Views waiting to be written, by `day|articleId`. */
  const pending = new Map<string, number>();
  /** Reads from newsletters waiting to be written, by `day|issueId`. */
  const pendingReads = new Map<string, number>();
  /** Searches that found nothing, waiting, by `day|query`. */
  const pendingGaps = new Map<string, number>();
  /** The newsroom day whose old search gaps were last deleted. */
  let prunedOn = "";
  /** Reports per address hash in the current minute. */
  let minute = { start: 0, reports: new Map<string, number>() };
  let timer: ReturnType<typeof setInterval> | undefined;
  let writing: Promise<number> = Promise.resolve(0);

  /**
   * The newsroom day, read from the wall clock once a minute: every time zone's offset is whole minutes, so a day
   * starts on a minute, and the beacon (decision 034) does not pay for a date format per report.
   */
  let dayOfMinute = { minute: Number.NaN, day: "" };

  function currentDay(now: Date): Today {
    const minute = Math.floor(now.getTime() / 60_000);
    if (dayOfMinute.minute !== minute) dayOfMinute = { minute, day: newsroomDay(now, zoneNow(timeZone)) };
    const { day } = dayOfMinute;
    if (today?.day !== day) today = { day, salt: newSalt().toString("base64"), seen: new Set(), gapReporters: new Map() };
    return today;
  }

  function isBot(userAgent: string): boolean {
    let verdict = botVerdicts.get(userAgent);
    if (verdict === undefined) {
      if (botVerdicts.size >= REMEMBERED_USER_AGENTS) botVerdicts.clear();
      verdict = isbot(userAgent);
      botVerdicts.set(userAgent, verdict);
    }
    return verdict;
  }

  /** Whether this address may report another view this minute (counted in this process's memory only). */
  function withinRate(addressKey: string, now: Date): boolean {
    const start = Math.floor(now.getTime() / 60_000);
    if (minute.start !== start) minute = { start, reports: new Map() };
    const reports = minute.reports.get(addressKey) ?? 0;
    if (reports === 0 && minute.reports.size >= MAX_ADDRESSES_PER_MINUTE) return false;
    minute.reports.set(addressKey, reports + 1);
    return reports < VIEW_REPORTS_PER_MINUTE;
  }

  /**
   * Takes up to `limit` entries of a buffer and writes them; when the write fails, they go back into the buffer for
   * the next one (the database may be restarting).
   */
  async function drain<T>(
    buffer: Map<string, number>,
    writeBatch: (batch: Map<string, number>) => Promise<T>,
    limit = Infinity,
  ): Promise<T | 0> {
    if (buffer.size === 0) return 0;
    const batch = new Map([...buffer].slice(0, limit));
    for (const key of batch.keys()) buffer.delete(key);
    try {
      return await writeBatch(batch);
    } catch (error) {
      addTo(buffer, batch);
      throw error;
    }
  }

  function addTo(target: Map<string, number>, batch: Map<string, number>): void {
    for (const [key, count] of batch) target.set(key, (target.get(key) ?? 0) + count);
  }

  function splitKey(key: string): [string, string] {
    const bar = key.indexOf("|");
    return [key.slice(0, bar), key.slice(bar + 1)];
  }

  /** Writes the waiting views, one statement, only for articles readers may see; the rest is dropped. */
  async function writeViews(batch: Map<string, number>): Promise<number> {
    const rows = [...batch].map(([key, views]) => {
      const [day, id] = splitKey(key);
      return { day, articleId: Number(id), views };
    });
    const ids = [...new Set(rows.map((row) => row.articleId))];
    const visible = await db
      .select({ id: articles.id })
      .from(articles)
      .where(and(inArray(articles.id, ids), visibleToReaders(clock.now())));
    const known = new Set(visible.map((article) => article.id));
    const kept = rows.filter((row) => known.has(row.articleId));
    if (kept.length === 0) return 0;
    await db
      .insert(articleDailyViews)
      .values(kept)
      .onConflictDoUpdate({
        target: [articleDailyViews.articleId, articleDailyViews.day],
        set: { views: sql`${articleDailyViews.views} + excluded.views` },
      });
    return kept.reduce((sum, row) => sum + row.views, 0);
  }

  /** Writes reads from newsletters, only for issues that were sent; a made-up issue id is dropped. */
  async function writeNewsletterReads(batch: Map<string, number>): Promise<void> {
    const rows = [...batch].map(([key, reads]) => {
      const [day, id] = splitKey(key);
      return { day, issueId: Number(id), reads };
    });
    const ids = [...new Set(rows.map((row) => row.issueId))];
    const sent = await db
      .select({ id: newsletterIssues.id })
      .from(newsletterIssues)
      .where(and(inArray(newsletterIssues.id, ids), isNotNull(newsletterIssues.sendStartedAt)));
    const known = new Set(sent.map((issue) => issue.id));
    const kept = rows.filter((row) => known.has(row.issueId));
    if (kept.length === 0) return;
    await db
      .insert(newsletterDailyReads)
      .values(kept)
      .onConflictDoUpdate({
        target: [newsletterDailyReads.issueId, newsletterDailyReads.day],
        set: { reads: sql`${newsletterDailyReads.reads} + excluded.reads` },
      });
  }

  /** Writes searches that still find nothing (asked again here, off the reader's request); deletes gaps past 30 days. */
  async function writeSearchGaps(batch: Map<string, number>): Promise<void> {
    const rows = [...batch].map(([key, searches]) => {
      const [day, query] = splitKey(key);
      return { day, query, searches };
    });
    const kept: typeof rows = [];
    const verdicts = new Map<string, boolean>();
    for (const row of rows) {
      if (!verdicts.has(row.query)) verdicts.set(row.query, await searchFindsNothing(row.query));
      if (verdicts.get(row.query)) kept.push(row);
    }
    if (kept.length > 0) {
      await db
        .insert(searchGapsDaily)
        .values(kept)
        .onConflictDoUpdate({
          target: [searchGapsDaily.day, searchGapsDaily.query],
          set: { searches: sql`${searchGapsDaily.searches} + excluded.searches` },
        });
    }
  }

  /** Deletes search gaps older than SEARCH_GAP_DAYS, once per newsroom day. */
  async function pruneSearchGaps(): Promise<void> {
    const day = newsroomDay(clock.now(), zoneNow(timeZone));
    if (prunedOn === day) return;
    await db.delete(searchGapsDaily).where(lt(searchGapsDaily.day, addDaysToDay(day, -(SEARCH_GAP_DAYS - 1))));
    prunedOn = day;
  }

  /** Everything waiting, each buffer on its own; resolves with the number of article views written. */
  async function write(): Promise<number> {
    const views = await drain(pending, writeViews);
    await drain(pendingReads, writeNewsletterReads);
    await drain(pendingGaps, writeSearchGaps, SEARCH_GAPS_PER_BATCH);
    await pruneSearchGaps();
    return views;
  }

  /** One write at a time, each after the one before. */
  function flush(): Promise<number> {
    const next = writing.catch(() => 0).then(write);
    writing = next;
    return next;
  }

  /**
   * The rules every report passes: counting on, a browser that is not a bot, not staff, within the address's
   * limit, and the first report of this subject by this visitor today. Today's day, or why the report is not counted.
   */
  function admit(
    clientAddress: string,
    userAgent: string | undefined,
    staff: boolean,
    subject: string,
  ): Today | Exclude<ViewOutcome, "counted"> {
    if (!enabled) return "off";
    if (!userAgent || isBot(userAgent)) return "bot";
    if (staff) return "staff";
    const now = clock.now();
    const current = currentDay(now);
    // SHA-256 of the secret salt and the address, in one call (decision 034): the hash never leaves this memory. It
    // is the visitor, and the key of the per-minute limit.
    const visitor = hash("sha256", `${current.salt}\n${clientAddress}`, "base64url").slice(0, 16);
    if (!withinRate(visitor, now)) return "limited";
    const visit = `${visitor}:${subject}`;
    if (current.seen.has(visit)) return "repeat";
    if (current.seen.size >= MAX_VISITS_PER_DAY) return "full";
    current.seen.add(visit);
    return current;
  }

  function add(buffer: Map<string, number>, key: string): void {
    buffer.set(key, (buffer.get(key) ?? 0) + 1);
  }

  function pendingViews(): number {
    let sum = 0;
    for (const views of pending.values()) sum += views;
    return sum;
  }

  function flushInBackground(): void {
    flush().catch((error: unknown) => logger.warn({ err: error }, "could not write article views; will try again"));
  }

  return {
    enabled,

    /** Counts one view report by the rules above, and says what became of it. Never throws for what a client sent. */
    record({ articleId, clientAddress, userAgent, staff, newsletterIssueId }: ViewReport): ViewOutcome {
      const admitted = admit(clientAddress, userAgent, staff, String(articleId));
      if (typeof admitted === "string") return admitted;
      add(pending, `${admitted.day}|${articleId}`);
      if (newsletterIssueId) add(pendingReads, `${admitted.day}|${newsletterIssueId}`);
      if (pending.size + pendingReads.size >= VIEW_BUFFER_FLUSH_AT) flushInBackground();
      return "counted";
    },

    /**
     * Counts a search that found nothing (decision 033) by the same rules: once per address per query per day, no
     * bots, no staff. A query is written only once SEARCH_GAP_MIN_ADDRESSES addresses reported it that day (decision
     * 045), with all of them; until then only a hash of it is held, with the number of addresses. Only the normalised
     * query and a daily count are ever written.
     */
    recordSearchGap({ query, clientAddress, userAgent, staff }: SearchGapReport): ViewOutcome {
      const queryKey = hash("sha256", query, "base64url").slice(0, 16);
      const admitted = admit(clientAddress, userAgent, staff, `search:${queryKey}`);
      if (typeof admitted === "string") return admitted;
      const key = `${admitted.day}|${query}`;
      const reporters = (admitted.gapReporters.get(queryKey) ?? 0) + 1;
      admitted.gapReporters.set(queryKey, reporters);
      // The address that makes a query listed brings the ones before it; each one after adds itself.
      if (reporters === SEARCH_GAP_MIN_ADDRESSES) pendingGaps.set(key, (pendingGaps.get(key) ?? 0) + reporters);
      else if (reporters > SEARCH_GAP_MIN_ADDRESSES) add(pendingGaps, key);
      if (pendingGaps.size >= VIEW_BUFFER_FLUSH_AT) flushInBackground();
      return "counted";
    },

    /** Writes what is waiting now; resolves with the number of views written. */
    flush,

    /** Views counted but not yet written. */
    pendingViews,

    /** Starts the interval writes (the server does, on every instance). */
    start(): void {
      if (!enabled || timer) return;
      timer = setInterval(flushInBackground, flushIntervalMs);
      timer.unref();
    },

    /** Stops the interval and writes what is still waiting: at shutdown, before the database closes. */
    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      try {
        await flush();
      } catch (error) {
        logger.warn({ err: error, views: pendingViews() }, "could not write article views at shutdown; they are lost");
      }
    },
  };
}

export type ViewCounter = ReturnType<typeof createViewCounter>;
