import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../db/client.server";
import type { Logger } from "./logger.server";
import { createPoller } from "./poller.server";

/** How often a round runs: autovacuum's default pause between rounds. */
export const UPKEEP_INTERVAL_MS = 60_000;

/**
 * PostgreSQL's autovacuum defaults: a table is vacuumed once its dead rows pass 50 + 20% of its rows, or the rows
 * inserted since its last vacuum pass 1,000 + 20%, and analysed once the rows changed since its last analysis
 * pass 50 + 10%.
 */
const UPKEEP_THRESHOLDS = {
  dead: { base: 50, share: 0.2 },
  inserted: { base: 1_000, share: 0.2 },
  changed: { base: 50, share: 0.1 },
} as const;

/** A table's figures as the database's statistics give them. */
export interface TableActivity {
  table: string;
  /** The planner's estimate of its rows; -1 for a table never vacuumed or analysed. */
  rows: number;
  dead: number;
  insertedSinceVacuum: number;
  changedSinceAnalyze: number;
}

export type UpkeepWork = "vacuum analyze" | "analyze";

/** What a table needs by autovacuum's rules, or null. A vacuum here always analyses too. */
export function upkeepDue(activity: TableActivity): UpkeepWork | null {
  const rows = Math.max(activity.rows, 0);
  const passes = (count: number, { base, share }: { base: number; share: number }) => count > base + share * rows;
  if (passes(activity.dead, UPKEEP_THRESHOLDS.dead) || passes(activity.insertedSinceVacuum, UPKEEP_THRESHOLDS.inserted)) {
    return "vacuum analyze";
  }
  return passes(activity.changedSinceAnalyze, UPKEEP_THRESHOLDS.changed) ? "analyze" : null;
}

/**
 * Keeps both databases' search as fast as the benchmark measures it (decision 035).
 *
 * Every round, on either database, empties the pending lists of the full-text and trigram indexes (GIN). New and
 * edited articles' words wait there, up to 4 MB per index, until a vacuum or an insert that overflows the list
 * merges them, and every search reads the whole list: 240 edited articles tripled the ranked p95 at 100,000. A
 * vacuum triggered by autovacuum's thresholds comes far too late for that.
 *
 * On the embedded database it also does what autovacuum does on PostgreSQL, which PGlite lacks (one backend, no
 * background workers): it vacuums or analyses the tables autovacuum's thresholds name, so the planner's row
 * estimates follow the archive (search's plans and its walk rule read them, decision 012).
 */
export function createDatabaseUpkeep({ database, logger }: { database: Pick<DatabaseHandle, "db" | "driver">; logger?: Logger }) {
  const { db } = database;

  /** Merges each GIN index's pending list into the index; the pages each held, for those that held any. */
  async function emptyPendingLists(): Promise<Record<string, number>> {
    // Only an index's owner may do this, as with VACUUM; the server owns what its migrations created.
    const { rows } = await db.execute<{ index: string; pages: string }>(sql`
      select c.relname as "index", gin_clean_pending_list(c.oid) as "pages"
      from pg_class c
      join pg_am a on a.oid = c.relam
      join pg_namespace n on n.oid = c.relnamespace
      where a.amname = 'gin' and n.nspname = 'public' and pg_has_role(current_user, c.relowner, 'USAGE')
      order by c.relname`);
    return Object.fromEntries(rows.filter((row) => Number(row.pages) > 0).map((row) => [row.index, Number(row.pages)]));
  }

  async function tableActivity(): Promise<TableActivity[]> {
    // The backend sends its counts to the statistics at most once a second; the next statement sees them all.
    await db.execute(sql`select pg_stat_force_next_flush()`);
    const { rows } = await db.execute<{
      table: string;
      rows: number;
      dead: string;
      inserted: string;
      changed: string;
    }>(sql`
      select s.relname as "table", c.reltuples as "rows", s.n_dead_tup as "dead",
             s.n_ins_since_vacuum as "inserted", s.n_mod_since_analyze as "changed"
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.schemaname = 'public'
      order by s.relname`);
    return rows.map((row) => ({
      table: row.table,
      rows: Number(row.rows),
      dead: Number(row.dead),
      insertedSinceVacuum: Number(row.inserted),
      changedSinceAnalyze: Number(row.changed),
    }));
  }

  /** The embedded database's tables that needed a vacuum or an analysis, each with what was done and how long it took. */
  async function vacuumAndAnalyse(): Promise<{ table: string; work: UpkeepWork; ms: number }[]> {
    const done = [];
    for (const activity of await tableActivity()) {
      const work = upkeepDue(activity);
      if (!work) continue;
      const startedAt = performance.now();
      await db.execute(sql`${sql.raw(work)} ${sql.identifier(activity.table)}`);
      done.push({ table: activity.table, work, ms: Math.round(performance.now() - startedAt) });
    }
    if (done.length > 0) logger?.info({ tables: done }, "vacuumed and analysed the embedded database");
    return done;
  }

  /** One round: the pending pages merged per index, and on the embedded database the tables vacuumed or analysed. */
  async function round() {
    const pendingPages = await emptyPendingLists();
    if (Object.keys(pendingPages).length > 0) logger?.debug({ pendingPages }, "merged the search indexes' pending lists");
    const tables = database.driver === "pglite" ? await vacuumAndAnalyse() : [];
    return { pendingPages, tables };
  }

  const poller = createPoller({
    work: round,
    intervalMs: UPKEEP_INTERVAL_MS,
    logger,
    failure: "could not tidy the database's search indexes and statistics; will try again",
  });

  return {
    round,
    /** A round every UPKEEP_INTERVAL_MS; the first waits an interval, so it never competes with a starting server's first pages. */
    start: () => poller.start({ firstRoundNow: false }),
    stop: poller.stop,
  };
}
