ALTER TABLE "users" ADD COLUMN "requested_username" text;--> statement-breakpoint
-- Issue 28: an unverified signup holds no username; its name becomes the wish it claims at verification.
UPDATE "users" SET "requested_username" = "username", "username" = NULL, "username_key" = NULL
WHERE "email_verified" = false AND "google_sub" IS NULL AND "username" IS NOT NULL;
