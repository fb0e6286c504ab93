CREATE TYPE "public"."correction_kind" AS ENUM('correction', 'update');--> statement-breakpoint
CREATE TYPE "public"."revision_kind" AS ENUM('ai_original', 'created', 'edited', 'restored', 'imported');--> statement-breakpoint
ALTER TYPE "public"."article_status" ADD VALUE 'scheduled' BEFORE 'published';--> statement-breakpoint
CREATE TABLE "article_coauthors" (
	"article_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "article_coauthors_article_id_author_id_pk" PRIMARY KEY("article_id","author_id"),
	CONSTRAINT "article_coauthors_position_unique" UNIQUE("article_id","position"),
	CONSTRAINT "article_coauthors_position_positive" CHECK ("article_coauthors"."position" >= 1)
);
--> statement-breakpoint
CREATE TABLE "article_corrections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "article_corrections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"article_id" integer NOT NULL,
	"kind" "correction_kind" NOT NULL,
	"note" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "article_revisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "article_revisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"article_id" integer NOT NULL,
	"kind" "revision_kind" NOT NULL,
	"editor_id" integer,
	"restored_from" integer,
	"title" text NOT NULL,
	"excerpt" text NOT NULL,
	"content" text NOT NULL,
	"category" "article_category" NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"sources" text DEFAULT '' NOT NULL,
	"source_links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "articles" DROP CONSTRAINT "articles_status_published";--> statement-breakpoint
ALTER TABLE "authors" ADD COLUMN "slug" text;--> statement-breakpoint
CREATE FUNCTION "author_slug_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  base text;
BEGIN
  IF NEW.slug IS NULL OR NEW.slug = '' THEN
    base := trim(both '-' from regexp_replace(lower(NEW.name), '[^a-z0-9]+', '-', 'g'));
    IF base = '' THEN
      base := 'author';
    END IF;
    IF EXISTS (SELECT 1 FROM "authors" WHERE "slug" = base AND "id" <> NEW.id) THEN
      base := base || '-' || NEW.id;
    END IF;
    NEW.slug := base;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "authors_slug_fill" BEFORE INSERT OR UPDATE OF "slug" ON "authors" FOR EACH ROW EXECUTE FUNCTION "author_slug_fill"();--> statement-breakpoint
UPDATE "authors" SET "slug" = NULL;--> statement-breakpoint
ALTER TABLE "authors" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "authors" ALTER COLUMN "slug" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "newsletter_issues" ADD COLUMN "correction_id" integer;--> statement-breakpoint
ALTER TABLE "article_coauthors" ADD CONSTRAINT "article_coauthors_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_coauthors" ADD CONSTRAINT "article_coauthors_author_id_authors_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."authors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_corrections" ADD CONSTRAINT "article_corrections_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_corrections" ADD CONSTRAINT "article_corrections_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_revisions" ADD CONSTRAINT "article_revisions_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_revisions" ADD CONSTRAINT "article_revisions_editor_id_admins_id_fk" FOREIGN KEY ("editor_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_coauthors_author_idx" ON "article_coauthors" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "article_corrections_article_idx" ON "article_corrections" USING btree ("article_id","created_at");--> statement-breakpoint
CREATE INDEX "article_corrections_created_idx" ON "article_corrections" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "article_revisions_article_idx" ON "article_revisions" USING btree ("article_id","id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "newsletter_issues" ADD CONSTRAINT "newsletter_issues_correction_id_article_corrections_id_fk" FOREIGN KEY ("correction_id") REFERENCES "public"."article_corrections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "authors_slug_unique" ON "authors" USING btree ("slug");--> statement-breakpoint
INSERT INTO "article_revisions" ("article_id", "kind", "title", "excerpt", "content", "category", "image", "sources", "source_links", "created_at", "updated_at")
  SELECT "id", 'ai_original', "ai_original"->>'title', "ai_original"->>'excerpt', "ai_original"->>'content', "category", "image", "sources", "source_links", "created_at", "created_at"
  FROM "articles" WHERE "ai_original" IS NOT NULL ORDER BY "id";--> statement-breakpoint
INSERT INTO "article_revisions" ("article_id", "kind", "title", "excerpt", "content", "category", "image", "sources", "source_links", "created_at", "updated_at")
  SELECT "id", 'edited', "title", "excerpt", "content", "category", "image", "sources", "source_links", "updated_at", "updated_at"
  FROM "articles" ORDER BY "id";--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_status_published" CHECK (("articles"."status"::text in ('published', 'scheduled')) = ("articles"."published_at" is not null));