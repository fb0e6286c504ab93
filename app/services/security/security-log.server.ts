import { and, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { securityEvents, type SecurityEventRow } from "../../db/schema";
import { SECURITY_LOG_RETENTION_DAYS, type SecurityEventKind } from "../../domain/security-events";
import type { Clock } from "../clock.server";

/** A person an event names, by id and by the username they had at the time. */
export interface EventPerson {
  id: number;
  name: string;
}

/** The browser a request came from: the client address (as rate limits see it) and its User-Agent. */
export interface EventClient {
  clientAddress: string;
  userAgent: string;
}

/** Who asked for a change and from which browser: what a service records with the event it causes. */
export interface EventSource {
  actor?: EventPerson | null;
  client?: EventClient | null;
}

export interface SecurityEventInput {
  kind: SecurityEventKind;
  /** Who did it; null or absent for someone not signed in or the server's shell. */
  actor?: EventPerson | null;
  /** Whose account it concerns. */
  subject?: EventPerson | null;
  client?: EventClient | null;
  /** What else it says (a role before and after, a passkey's name, the settings changed); never a secret. */
  detail?: Record<string, string | number | boolean | null>;
}

/** What the administrators' log can be narrowed to: a person (as actor or subject), a kind, a period. */
export interface SecurityLogFilter {
  personId?: number;
  kind?: SecurityEventKind;
  /** Events at or after this instant. */
  from?: Date;
  /** Events before this instant. */
  until?: Date;
}

/** Rows a page of the log shows. */
export const SECURITY_LOG_PAGE_SIZE = 50;

/** The longest text kept of a User-Agent. */
const USER_AGENT_LIMIT = 400;

/**
 * The security log (issue 50): one append-only table of security events, each with its time, actor, subject, client
 * address and browser. `record` is the one way in; nothing here changes a row (a trigger refuses every UPDATE), and
 * only `pruneOld` removes rows, those older than a year, from the database upkeep.
 */
export function createSecurityLog({ db, clock }: { db: Database; clock: Clock }) {
  function where({ personId, kind, from, until }: SecurityLogFilter): SQL | undefined {
    const conditions: SQL[] = [];
    if (personId !== undefined) {
      conditions.push(sql`(${securityEvents.actorId} = ${personId} or ${securityEvents.subjectId} = ${personId})`);
    }
    if (kind) conditions.push(eq(securityEvents.kind, kind));
    if (from) conditions.push(gte(securityEvents.occurredAt, from));
    if (until) conditions.push(lt(securityEvents.occurredAt, until));
    return conditions.length > 0 ? and(...conditions) : undefined;
  }

  return {
    /** Appends one event, in the caller's transaction when it passes one. */
    async record(event: SecurityEventInput, executor: Database = db): Promise<void> {
      await executor.insert(securityEvents).values({
        occurredAt: clock.now(),
        kind: event.kind,
        actorId: event.actor?.id ?? null,
        actorName: event.actor?.name ?? "",
        subjectId: event.subject?.id ?? null,
        subjectName: event.subject?.name ?? "",
        clientAddress: event.client?.clientAddress ?? "",
        userAgent: (event.client?.userAgent ?? "").slice(0, USER_AGENT_LIMIT),
        detail: event.detail ?? {},
      });
    },

    /** A page of the log, newest first: the events before the row `beforeId` (the last row of the page before). */
    async list(
      filter: SecurityLogFilter,
      { beforeId, limit = SECURITY_LOG_PAGE_SIZE }: { beforeId?: number; limit?: number } = {},
    ): Promise<{ events: SecurityEventRow[]; more: boolean }> {
      const rows = await db
        .select()
        .from(securityEvents)
        .where(and(where(filter), beforeId === undefined ? undefined : lt(securityEvents.id, beforeId)))
        .orderBy(desc(securityEvents.id))
        .limit(limit + 1);
      return { events: rows.slice(0, limit), more: rows.length > limit };
    },

    /** Every event the filter matches, newest first, a thousand rows at a time (the CSV download). */
    async *each(filter: SecurityLogFilter): AsyncGenerator<SecurityEventRow> {
      let beforeId: number | undefined;
      for (;;) {
        const { events, more } = await this.list(filter, { beforeId, limit: 1_000 });
        yield* events;
        if (!more) return;
        beforeId = events.at(-1)?.id;
      }
    },

    /** Removes the rows older than the retention period; returns how many. */
    async pruneOld(): Promise<number> {
      const cutoff = new Date(clock.now().getTime() - SECURITY_LOG_RETENTION_DAYS * 86_400_000);
      const removed = await db
        .delete(securityEvents)
        .where(sql`${securityEvents.occurredAt} < ${cutoff.toISOString()}::timestamptz`)
        .returning({ id: securityEvents.id });
      return removed.length;
    },
  };
}

export type SecurityLog = ReturnType<typeof createSecurityLog>;
