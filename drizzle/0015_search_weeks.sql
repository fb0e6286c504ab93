DROP INDEX "articles_search_idx";--> statement-breakpoint
DROP INDEX "articles_search_words_idx";--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "search_week" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', 'w' || floor(extract(epoch from (coalesce("articles"."published_at", '1970-01-01 00:00:00+00') - '1970-01-01 00:00:00+00'::timestamptz)) / 604800)::int::text)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "articles_search_idx" ON "articles" USING gin ("search","search_week");--> statement-breakpoint
CREATE INDEX "articles_search_words_idx" ON "articles" USING gin ("search_words","search_week");