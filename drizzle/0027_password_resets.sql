-- Password reset links (one hour, single use, only the hash of the secret stored), and when an account's address was
-- shown to reach its owner. Accounts with an address already have one that reached them: an invitation is accepted
-- from the mail it sent, and an operator types one at the shell.
CREATE TABLE "password_resets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "password_resets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"admin_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_resets_admin_id_created_at_idx" ON "password_resets" USING btree ("admin_id","created_at");--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
UPDATE "admins" SET "email_verified_at" = "created_at" WHERE "email" <> '';
