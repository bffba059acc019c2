CREATE TABLE "login_addresses" (
	"user_id" uuid NOT NULL,
	"address_hash" text NOT NULL,
	"last_success_at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_addresses_user_id_address_hash_pk" PRIMARY KEY("user_id","address_hash")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "username_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email" text;--> statement-breakpoint
ALTER TABLE "login_addresses" ADD CONSTRAINT "login_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
-- Existing names get their key (close to core usernameKey); of names that now read alike, the
-- oldest account keeps it and the others choose again (the profile screen asks for a username).
UPDATE "users" SET "username" = NULL WHERE "username" IS NOT NULL AND btrim("username") = '';--> statement-breakpoint
UPDATE "users" u SET "username" = NULL WHERE u."username" IS NOT NULL AND EXISTS (SELECT 1 FROM "users" v WHERE v."username" IS NOT NULL AND lower(normalize(btrim(v."username"), NFKC)) = lower(normalize(btrim(u."username"), NFKC)) AND (v."created_at", v."id") < (u."created_at", u."id"));--> statement-breakpoint
UPDATE "users" SET "username_key" = lower(normalize(btrim("username"), NFKC)) WHERE "username" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_username_key_unique" UNIQUE("username_key");