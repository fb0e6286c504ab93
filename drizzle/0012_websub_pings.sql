CREATE TABLE "websub_pings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "websub_pings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hub" text NOT NULL,
	"topic" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "websub_pings_due_idx" ON "websub_pings" USING btree ("next_attempt_at","id") WHERE "websub_pings"."status" = 'pending';