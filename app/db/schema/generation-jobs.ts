import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { GENERATION_JOB_STATUSES, GENERATION_STEPS } from "../../domain/generation-jobs";
import type { GenerationArticleError, GenerationNotice } from "../../domain/generation-jobs";
import { admins } from "./admins";
import { sectionName } from "./articles";

export const generationJobStatus = pgEnum("generation_job_status", GENERATION_JOB_STATUSES);
export const generationStep = pgEnum("generation_step", GENERATION_STEPS);

/**
 * One request to generate articles (1 or 3), run by a worker in a server process. Queued, then running
 * (claimed by one process, which beats `heartbeat_at`), then succeeded, partial, failed or interrupted.
 * The provider key is never stored: a job started with a key typed into the form can only run in the
 * process that received it (`uses_form_key`).
 */
export const generationJobs = pgTable(
  "generation_jobs",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    requestedBy: integer("requested_by").references(() => admins.id, { onDelete: "set null" }),
    category: sectionName("category").notNull(),
    topic: text("topic"),
    model: text("model").notNull(),
    count: integer("count").notNull(),
    usesFormKey: boolean("uses_form_key").notNull().default(false),
    status: generationJobStatus("status").notNull().default("queued"),
    current: integer("current").notNull().default(0),
    step: generationStep("step"),
    articleIds: integer("article_ids")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    errors: jsonb("errors").$type<GenerationArticleError[]>().notNull().default([]),
    outcome: jsonb("outcome").$type<GenerationNotice>(),
    runner: text("runner"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    dismissedAt: timestamp("dismissed_at", { withTimezone: true }),
  },
  (table) => [
    check("generation_jobs_count_check", sql`${table.count} between 1 and 10`),
    index("generation_jobs_category_idx").on(table.category),
    index("generation_jobs_created_at_idx").on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index("generation_jobs_unfinished_idx")
      .on(table.status)
      .where(sql`${table.status} in ('queued', 'running')`),
  ],
);
