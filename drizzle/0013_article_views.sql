CREATE TABLE "article_daily_views" (
	"article_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "article_daily_views_article_id_day_pk" PRIMARY KEY("article_id","day")
);
--> statement-breakpoint
ALTER TABLE "article_daily_views" ADD CONSTRAINT "article_daily_views_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_daily_views_day_idx" ON "article_daily_views" USING btree ("day");