-- Security notices (issue 50): which security events were mailed to their account's owner, one row per event, so
-- each is mailed once whichever instance sees it first. No foreign key: a notice row outlives the year the log keeps
-- its event only until the same clean-up removes it.
CREATE TABLE "security_notices" (
	"event_id" bigint PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
