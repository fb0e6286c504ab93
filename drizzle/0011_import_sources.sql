CREATE TYPE "public"."import_system" AS ENUM('ghost', 'wordpress');--> statement-breakpoint
CREATE TABLE "article_sources" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "article_sources_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"article_id" integer NOT NULL,
	"system" "import_system" NOT NULL,
	"source_id" text NOT NULL,
	"old_path" text NOT NULL,
	CONSTRAINT "article_sources_path_unique" UNIQUE("system","source_id","old_path")
);
--> statement-breakpoint
ALTER TABLE "article_sources" ADD CONSTRAINT "article_sources_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_sources_old_path_idx" ON "article_sources" USING btree ("old_path");--> statement-breakpoint
CREATE INDEX "article_sources_article_idx" ON "article_sources" USING btree ("article_id");