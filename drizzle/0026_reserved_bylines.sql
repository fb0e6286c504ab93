-- Reserved bylines: "Staff" (the import's author when a row names none) and "Correspondent" (the automated author of
-- AI drafts) are never a staff member's display name. A staff profile that took one of them, in any letter case, is
-- renamed after its account ("Correspondent (maya)"), and the automated author is made here as a profile without an
-- account, so that the name is already taken when staff first open their profile.
UPDATE "authors" SET "name" = "authors"."name" || ' (' || "admins"."username" || ')'
FROM "admins"
WHERE "admins"."author_id" = "authors"."id" AND lower("authors"."name") IN ('staff', 'correspondent');--> statement-breakpoint
INSERT INTO "authors" ("name", "role", "avatar") VALUES ('Correspondent', 'AI Correspondent', '/images/avatars/correspondent.svg')
ON CONFLICT ("name") DO NOTHING;
