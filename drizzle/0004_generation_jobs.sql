CREATE TYPE "public"."generation_job_status" AS ENUM('queued', 'running', 'succeeded', 'partial', 'failed', 'interrupted');--> statement-breakpoint
CREATE TYPE "public"."generation_step" AS ENUM('fetching-news', 'writing', 'checking', 'saving', 'waiting');--> statement-breakpoint
CREATE TABLE "generation_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "generation_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"requested_by" integer,
	"category" "article_category" NOT NULL,
	"topic" text,
	"model" text NOT NULL,
	"count" integer NOT NULL,
	"uses_form_key" boolean DEFAULT false NOT NULL,
	"status" "generation_job_status" DEFAULT 'queued' NOT NULL,
	"current" integer DEFAULT 0 NOT NULL,
	"step" "generation_step",
	"article_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"outcome" jsonb,
	"runner" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"dismissed_at" timestamp with time zone,
	CONSTRAINT "generation_jobs_count_check" CHECK ("generation_jobs"."count" between 1 and 10)
);
--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD CONSTRAINT "generation_jobs_requested_by_admins_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "generation_jobs_created_at_idx" ON "generation_jobs" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "generation_jobs_unfinished_idx" ON "generation_jobs" USING btree ("status") WHERE "generation_jobs"."status" in ('queued', 'running');