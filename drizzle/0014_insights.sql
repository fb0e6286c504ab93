CREATE TABLE "newsletter_daily_reads" (
	"issue_id" integer NOT NULL,
	"day" date NOT NULL,
	"reads" integer NOT NULL,
	CONSTRAINT "newsletter_daily_reads_issue_id_day_pk" PRIMARY KEY("issue_id","day")
);
--> statement-breakpoint
CREATE TABLE "search_gaps_daily" (
	"day" date NOT NULL,
	"query" text NOT NULL,
	"searches" integer NOT NULL,
	CONSTRAINT "search_gaps_daily_day_query_pk" PRIMARY KEY("day","query")
);
--> statement-breakpoint
CREATE TABLE "subscriber_daily_counts" (
	"day" date PRIMARY KEY NOT NULL,
	"sign_ups" integer DEFAULT 0 NOT NULL,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"unsubscribes" integer DEFAULT 0 NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"unsubscribed" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "newsletter_daily_reads" ADD CONSTRAINT "newsletter_daily_reads_issue_id_newsletter_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."newsletter_issues"("id") ON DELETE cascade ON UPDATE no action;