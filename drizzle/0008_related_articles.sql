CREATE TABLE "related_articles" (
	"article_id" integer NOT NULL,
	"related_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "related_articles_article_id_related_id_pk" PRIMARY KEY("article_id","related_id"),
	CONSTRAINT "related_articles_not_self" CHECK ("related_articles"."article_id" <> "related_articles"."related_id")
);
--> statement-breakpoint
ALTER TABLE "related_articles" ADD CONSTRAINT "related_articles_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "related_articles" ADD CONSTRAINT "related_articles_related_id_articles_id_fk" FOREIGN KEY ("related_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "related_articles_related_id_idx" ON "related_articles" USING btree ("related_id");