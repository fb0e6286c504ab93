DROP INDEX "articles_search_idx";--> statement-breakpoint
DROP INDEX "articles_search_words_idx";--> statement-breakpoint
CREATE INDEX "articles_search_idx" ON "articles" USING gin ("search","search_week") WHERE "articles"."status" = 'published';--> statement-breakpoint
CREATE INDEX "articles_search_words_idx" ON "articles" USING gin ("search_words","search_week") WHERE "articles"."status" = 'published';