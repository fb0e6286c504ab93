-- Reserved bylines: "Staff" (the import's author when a row names none) and "Correspondent" (the automated author of
-- AI drafts) are never a staff member's display name. A staff profile that took one of them, in any letter case, is
-- renamed after its account ("Correspondent (maya)"), and the automated author is made here as a profile without an
-- account, so that the name is already taken when staff first open their profile. It is dated the same in every
-- newsroom, so that an export and its import into another newsroom describe it alike.
UPDATE "authors" SET "name" = "authors"."name" || ' (' || "admins"."username" || ')'
FROM "admins"
WHERE "admins"."author_id" = "authors"."id" AND lower("authors"."name") IN ('staff', 'correspondent');--> statement-breakpoint
INSERT INTO "authors" ("name", "role", "avatar", "created_at") VALUES ('Correspondent', 'AI Correspondent', '/images/avatars/correspondent.svg', '2026-01-01T00:00:00Z')
ON CONFLICT ("name") DO NOTHING;
