CREATE TABLE "address_moves" (
	"from_path" text PRIMARY KEY NOT NULL,
	"to_path" text NOT NULL,
	"moved_at" timestamp with time zone NOT NULL
);
