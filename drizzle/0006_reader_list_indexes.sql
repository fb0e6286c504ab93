DROP INDEX "articles_published_at_idx";--> statement-breakpoint
DROP INDEX "articles_category_published_at_idx";--> statement-breakpoint
CREATE INDEX "articles_published_idx" ON "articles" USING btree ("published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "articles"."published_at" is not null;--> statement-breakpoint
CREATE INDEX "articles_category_published_idx" ON "articles" USING btree ("category","published_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "articles"."published_at" is not null;