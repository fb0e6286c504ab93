DROP INDEX "articles_created_at_idx";--> statement-breakpoint
CREATE INDEX "articles_created_at_id_idx" ON "articles" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "articles_title_trgm_idx" ON "articles" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "articles_excerpt_trgm_idx" ON "articles" USING gin ("excerpt" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "articles_title_words_trgm_idx" ON "articles" USING gin (regexp_replace(lower("title"), '[^[:alnum:][:space:]]', '', 'g') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "articles_excerpt_words_trgm_idx" ON "articles" USING gin (regexp_replace(lower("excerpt"), '[^[:alnum:][:space:]]', '', 'g') gin_trgm_ops);