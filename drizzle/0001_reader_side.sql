CREATE TABLE "rate_limits" (
	"bucket" text NOT NULL,
	"client_key" text NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "rate_limits_bucket_client_key_pk" PRIMARY KEY("bucket","client_key")
);
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "search_words" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce("articles"."title", '')), 'A') || setweight(to_tsvector('simple', coalesce("articles"."excerpt", '')), 'B')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "rate_limits_window_idx" ON "rate_limits" USING btree ("window_started_at");--> statement-breakpoint
CREATE INDEX "articles_search_words_idx" ON "articles" USING gin ("search_words");