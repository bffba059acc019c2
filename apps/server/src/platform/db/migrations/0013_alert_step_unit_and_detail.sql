ALTER TABLE "alert_history" ADD COLUMN "detail" jsonb;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD COLUMN "unit" text DEFAULT 'dollar' NOT NULL;