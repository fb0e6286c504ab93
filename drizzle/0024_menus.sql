CREATE TABLE "site_menus" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"menus" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" integer,
	CONSTRAINT "site_menus_one_row" CHECK ("site_menus"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "site_menu_saves" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "site_menu_saves_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"admin_id" integer,
	"admin_name" text NOT NULL,
	"version" integer NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	"menus" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_menus" ADD CONSTRAINT "site_menus_updated_by_admins_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_menu_saves" ADD CONSTRAINT "site_menu_saves_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_menu_saves_saved_idx" ON "site_menu_saves" USING btree ("saved_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "site_menu_saves_version_unique" ON "site_menu_saves" USING btree ("version");
