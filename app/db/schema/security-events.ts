import { bigint, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The security log: one row per security event (app/domain/security-events.ts lists the kinds), append-only (a
 * trigger refuses every UPDATE; rows go only when the database upkeep removes those older than a year). Actor and
 * subject are kept by id and by the name they had at the time, with no foreign key, so deleting an account keeps
 * the record of what it did and what was done to it.
 */
export const securityEvents = pgTable(
  "security_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    kind: text("kind").notNull(),
    /** Who did it: null for someone not signed in (a failed sign-in) or the server's shell. */
    actorId: integer("actor_id"),
    actorName: text("actor_name").notNull().default(""),
    /** Whose account it concerns: for a sign-in, the account named. */
    subjectId: integer("subject_id"),
    subjectName: text("subject_name").notNull().default(""),
    clientAddress: text("client_address").notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
    /** What else the event says (the old and new role, the settings changed, a passkey's name); never a secret. */
    detail: jsonb("detail").$type<Record<string, string | number | boolean | null>>().notNull().default({}),
  },
  (table) => [
    index("security_events_occurred_idx").on(table.occurredAt.desc(), table.id.desc()),
    index("security_events_subject_idx").on(table.subjectId, table.occurredAt.desc()),
    index("security_events_actor_idx").on(table.actorId, table.occurredAt.desc()),
    index("security_events_kind_idx").on(table.kind, table.occurredAt.desc()),
  ],
);

export type SecurityEventRow = typeof securityEvents.$inferSelect;

/**
 * The security notices mailed to an account's owner about a change to how they sign in (OWASP ASVS 2.2.3, 2.5.5,
 * 2.8.5), one row per event: claimed by one instance with an insert, so each event is mailed once across every
 * instance, and the security log itself is the outbox.
 */
export const securityNotices = pgTable("security_notices", {
  eventId: bigint("event_id", { mode: "number" }).primaryKey(),
  /** "sending" (claimed), "sent", "failed" (the mailer refused it), or "skipped" (no verified address to tell). */
  status: text("status").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});
