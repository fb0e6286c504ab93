ALTER TYPE "public"."subscriber_status" ADD VALUE 'pending' BEFORE 'unsubscribed';--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmation_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmation_window_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmations_in_window" integer DEFAULT 0 NOT NULL;